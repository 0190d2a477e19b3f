// Automations (a trigger and a linear list of steps, as JSON) and their executions: one per trigger occurrence
// (an event delivered at least once makes one, by the unique event index), or per rerun.
import type { Migration } from '../kernel/migrate.store.ts';

export const automationsMigration: Migration = {
  id: 36,
  name: 'automations',
  sql: `
CREATE TABLE automations (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL REFERENCES organizations(id), name TEXT NOT NULL, description TEXT,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')), trigger_type TEXT NOT NULL, trigger_config TEXT NOT NULL,
  steps TEXT NOT NULL, activated_at TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX automations_org ON automations(org_id, created_at);
CREATE INDEX automations_active ON automations(org_id, trigger_type) WHERE status = 'active';
CREATE TABLE automation_executions (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, automation_id TEXT NOT NULL REFERENCES automations(id) ON DELETE CASCADE,
  status TEXT NOT NULL, trigger_event_id TEXT, trigger TEXT NOT NULL, steps TEXT NOT NULL, outcomes TEXT NOT NULL DEFAULT '[]',
  next_step INTEGER NOT NULL DEFAULT 0, waiting_until TEXT, error TEXT, rerun_of TEXT, started_at TEXT NOT NULL, finished_at TEXT
);
CREATE UNIQUE INDEX automation_executions_event ON automation_executions(automation_id, trigger_event_id)
  WHERE trigger_event_id IS NOT NULL AND rerun_of IS NULL;
CREATE INDEX automation_executions_list ON automation_executions(automation_id, started_at DESC);
CREATE INDEX automation_executions_open ON automation_executions(automation_id, status) WHERE status IN ('running', 'waiting');
`,
};
