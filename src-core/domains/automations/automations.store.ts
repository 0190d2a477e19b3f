// The only SQL of automations: the automations of each organization and their executions.
import type { Sql } from '../../kernel/db.ts';
import { statementCache } from '../../kernel/statements.store.ts';

export type AutomationRow = {
  id: string; org_id: string; name: string; description: string | null; status: 'active' | 'paused'; trigger_type: string;
  trigger_config: string; steps: string; activated_at: string | null; created_at: string; updated_at: string;
};
/** A row with what the list shows of its executions. */
export type AutomationWithCounts = AutomationRow & { execution_count: number; last_executed_at: string | null };

export type ExecutionRow = {
  id: string; org_id: string; automation_id: string; status: string; trigger_event_id: string | null; trigger: string; steps: string;
  outcomes: string; next_step: number; waiting_until: string | null; error: string | null; rerun_of: string | null;
  started_at: string; finished_at: string | null;
};
export type NewExecution = Omit<ExecutionRow, 'outcomes' | 'next_step' | 'waiting_until' | 'error' | 'finished_at'>;

const WITH_COUNTS = `SELECT a.*, (SELECT COUNT(*) FROM automation_executions e WHERE e.automation_id = a.id) AS execution_count,
  (SELECT MAX(e.started_at) FROM automation_executions e WHERE e.automation_id = a.id) AS last_executed_at FROM automations a`;

export function createAutomationsStore(sql: Sql) {
  const prepare = statementCache(sql);
  const insert = sql.prepare(`INSERT INTO automations (id, org_id, name, description, status, trigger_type, trigger_config, steps, activated_at, created_at, updated_at)
    VALUES (@id, @org_id, @name, @description, @status, @trigger_type, @trigger_config, @steps, @activated_at, @created_at, @updated_at)`);
  const byId = sql.prepare(`${WITH_COUNTS} WHERE a.id = ? AND a.org_id = ?`);
  const update = sql.prepare(`UPDATE automations SET name = @name, description = @description, trigger_type = @trigger_type,
    trigger_config = @trigger_config, steps = @steps, updated_at = @updated_at WHERE id = @id`);
  const setStatus = sql.prepare(`UPDATE automations SET status = ?, activated_at = ?, updated_at = ? WHERE id = ?`);
  const remove = sql.prepare(`DELETE FROM automations WHERE id = ?`);
  const byTriggerReference = sql.prepare(`SELECT id, name FROM automations WHERE org_id = ? AND trigger_type = ? AND status IN ('active', 'paused')
    AND json_extract(trigger_config, '$.' || ?) = ? ORDER BY created_at, rowid`);
  const activeByTrigger = sql.prepare(`SELECT * FROM automations WHERE org_id = ? AND trigger_type = ? AND status = 'active' ORDER BY created_at, rowid`);
  const insertExecution = sql.prepare(`INSERT OR IGNORE INTO automation_executions (id, org_id, automation_id, status, trigger_event_id, trigger, steps, rerun_of, started_at)
    VALUES (@id, @org_id, @automation_id, @status, @trigger_event_id, @trigger, @steps, @rerun_of, @started_at)`);
  const execution = sql.prepare(`SELECT * FROM automation_executions WHERE id = ?`);
  const saveProgress = sql.prepare(`UPDATE automation_executions SET status = @status, outcomes = @outcomes, next_step = @next_step,
    waiting_until = @waiting_until, error = @error, finished_at = @finished_at WHERE id = @id`);
  const stopOpen = sql.prepare(`UPDATE automation_executions SET status = 'stopped', waiting_until = NULL, error = ?, finished_at = ?
    WHERE automation_id = ? AND status IN ('running', 'waiting')`);
  // `statuses`: a JSON list, any of which matches.
  const anyStatus = ' AND status IN (SELECT value FROM json_each(?))';
  const countExecutions = (withStatus: boolean) => prepare(`SELECT COUNT(*) FROM automation_executions WHERE automation_id = ?${withStatus ? anyStatus : ''}`).pluck();
  const listExecutions = (withStatus: boolean) => prepare(`SELECT * FROM automation_executions WHERE automation_id = ?${withStatus ? anyStatus : ''}
    ORDER BY started_at DESC, rowid DESC LIMIT ? OFFSET ?`);
  const countAutomations = (withStatus: boolean) => prepare(`SELECT COUNT(*) FROM automations WHERE org_id = ?${withStatus ? ' AND status = ?' : ''}`).pluck();
  const listAutomations = (withStatus: boolean) => prepare(`${WITH_COUNTS} WHERE a.org_id = ?${withStatus ? ' AND a.status = ?' : ''}
    ORDER BY a.created_at DESC, a.rowid DESC LIMIT ? OFFSET ?`);

  return {
    insert: (row: AutomationRow) => void insert.run(row),
    byId: (orgId: string, id: string) => byId.get(id, orgId) as AutomationWithCounts | undefined,
    update: (row: Pick<AutomationRow, 'id' | 'name' | 'description' | 'trigger_type' | 'trigger_config' | 'steps' | 'updated_at'>) => void update.run(row),
    setStatus: (id: string, status: 'active' | 'paused', activatedAt: string | null, at: string) => void setStatus.run(status, activatedAt, at, id),
    /** Deletes the automation and, with it, its executions. */
    remove: (id: string) => void remove.run(id),
    list(orgId: string, status: string | undefined, limit: number, offset: number): { rows: AutomationWithCounts[]; total: number } {
      const filter = status === undefined ? [] : [status];
      return {
        rows: listAutomations(status !== undefined).all(orgId, ...filter, limit, offset) as AutomationWithCounts[],
        total: countAutomations(status !== undefined).get(orgId, ...filter) as number,
      };
    },
    /** The automations (active or paused, oldest first) of `triggerType` whose trigger's `key` is `id`. */
    byTriggerReference: (orgId: string, triggerType: string, key: string, id: string) => byTriggerReference.all(orgId, triggerType, key, id) as Array<{ id: string; name: string }>,
    activeByTrigger: (orgId: string, triggerType: string) => activeByTrigger.all(orgId, triggerType) as AutomationRow[],
    /** False when the execution exists already (the same event delivered again). */
    insertExecution: (row: NewExecution): boolean => insertExecution.run(row).changes === 1,
    execution: (id: string) => execution.get(id) as ExecutionRow | undefined,
    saveProgress: (row: Pick<ExecutionRow, 'id' | 'status' | 'outcomes' | 'next_step' | 'waiting_until' | 'error' | 'finished_at'>) => void saveProgress.run(row),
    /** Stops the automation's running and waiting executions; answers how many. */
    stopOpen: (automationId: string, error: string, at: string): number => stopOpen.run(error, at, automationId).changes,
    /** A page of the automation's executions, newest first; `statuses`: any of them. */
    executions(automationId: string, statuses: readonly string[] | undefined, limit: number, offset: number): { rows: ExecutionRow[]; total: number } {
      const filter = statuses === undefined ? [] : [JSON.stringify(statuses)];
      return {
        rows: listExecutions(statuses !== undefined).all(automationId, ...filter, limit, offset) as ExecutionRow[],
        total: countExecutions(statuses !== undefined).get(automationId, ...filter) as number,
      };
    },
  };
}
export type AutomationsStore = ReturnType<typeof createAutomationsStore>;
