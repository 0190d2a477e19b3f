// A failed request's bodies in the request log: what was sent and what was answered, for a non-2xx answer only
// (a successful request writes nothing more), with secrets redacted and each capped (kernel/request-log-bodies.ts).
// Older entries, and every successful one, keep NULL in both.
import type { Migration } from '../kernel/migrate.store.ts';

export const requestLogBodiesMigration: Migration = {
  id: 34,
  name: 'request-log-bodies',
  sql: `
ALTER TABLE request_log ADD COLUMN request_body TEXT;
ALTER TABLE request_log ADD COLUMN response_body TEXT;
`,
};
