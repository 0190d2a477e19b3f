// A block an opt-out keyword set (a customer wrote STOP) is told apart from one a person set: `opted_out_on` is the
// channel the keyword came on, NULL for a block set by hand (or none), so an opt-in keyword (START) lifts only the former.
import type { Migration } from '../kernel/migrate.store.ts';

export const contactOptOutsMigration: Migration = {
  id: 33,
  name: 'contact-opt-outs',
  sql: `
ALTER TABLE contacts ADD COLUMN opted_out_on TEXT;
`,
};
