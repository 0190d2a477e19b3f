// The request log says what was asked and what went wrong: the query string as sent (capped), and for an
// error answer the code and message the server sent. Older entries keep NULL in all three.
import type { Migration } from '../kernel/migrate.store.ts';

export const requestLogDetailMigration: Migration = {
  id: 21,
  name: 'request-log-detail',
  sql: `
ALTER TABLE request_log ADD COLUMN query TEXT;
ALTER TABLE request_log ADD COLUMN error_code TEXT;
ALTER TABLE request_log ADD COLUMN error_message TEXT;
`,
};
