// Change notices for the console's stream (`automations:changed`, `otp:changed`, `channels:changed`, `campaigns:changed`):
// a domain notes which of its records changed; after the change commits, the ids are gathered per organization over one
// turn of the event loop and published once (a transient bus event, not an outbox one), so a burst of changes (an
// import's thousands of runs, a load of OTP sends, a campaign's receipts) is a few events, not thousands. A rolled-back
// change says nothing.
import type { Bus } from './bus.ts';
import type { Db } from './db.ts';

/** Notes that record `id` of `orgId` changed in the current transaction (or now, outside one). */
export type ChangeNotice = (orgId: string, id: string) => void;

export function changeNotices(deps: { db: Db; bus: Pick<Bus, 'publishTransient'> }, type: string, field: string): ChangeNotice {
  const pending = new Map<string, Set<string>>();
  let scheduled = false;
  const publish = (): void => {
    scheduled = false;
    const changes = [...pending];
    pending.clear();
    for (const [orgId, ids] of changes) deps.bus.publishTransient(orgId, type, { [field]: [...ids] });
  };
  return (orgId, id) => deps.db.afterCommit(() => {
    const ids = pending.get(orgId) ?? new Set<string>();
    ids.add(id);
    pending.set(orgId, ids);
    if (scheduled) return;
    scheduled = true;
    setImmediate(publish);
  });
}
