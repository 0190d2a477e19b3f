// Forms' spam trap and submission pages: each form counts the posts its trap caught (`spam_count`, kept nowhere else),
// and its submissions are read a page at a time newest first, ties by id, from one index.
import type { Migration } from '../kernel/migrate.store.ts';

export const formSpamMigration: Migration = {
  id: 54,
  name: 'form-spam',
  sql: `
ALTER TABLE forms ADD COLUMN spam_count INTEGER NOT NULL DEFAULT 0;
DROP INDEX form_submissions_form;
CREATE INDEX form_submissions_page ON form_submissions(form_id, submitted_at, id);
`,
};
