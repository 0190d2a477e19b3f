// Tells the console's stream which automations changed (`automations:changed`): after the change commits, gathered per
// organization over one turn of the event loop, so a burst of runs (an import's thousands of new contacts) is one event.
import type { Bus } from '../../kernel/bus.ts';
import type { Db } from '../../kernel/db.ts';

/** Notes that automation `automationId` of `orgId`, or one of its runs, changed in the current transaction. */
export type AutomationChanged = (orgId: string, automationId: string) => void;

export function automationChanges(deps: { db: Db; bus: Pick<Bus, 'publishTransient'> }): AutomationChanged {
  const pending = new Map<string, Set<string>>();
  let scheduled = false;
  const publish = (): void => {
    scheduled = false;
    const changes = [...pending];
    pending.clear();
    for (const [orgId, ids] of changes) deps.bus.publishTransient(orgId, 'automations.changed', { automationIds: [...ids] });
  };
  return (orgId, automationId) => deps.db.afterCommit(() => {
    const ids = pending.get(orgId) ?? new Set<string>();
    ids.add(automationId);
    pending.set(orgId, ids);
    if (scheduled) return;
    scheduled = true;
    setImmediate(publish);
  });
}
