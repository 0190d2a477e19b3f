// Which "endpoint removed by a 410" notices the inspector shows: those the live stream brought, and those the
// core noted while no console was open, once each, less those dismissed (kept per organization in the
// browser's storage, so a dismissal survives a reload).
import type { WebhookEndpointGone } from '../../../src-core/contract/index.ts';
import type { EndpointGone } from './webhooks-store.ts';

/** Dismissals remembered per organization: enough for every entry the core lists (20) many times over. */
const KEPT = 200;
export const dismissedKey = (orgId: string): string => `switchboard.webhooks.goneDismissed.${orgId}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** The endpoint ids whose notice was dismissed in this organization (none if the stored value is unreadable). */
export function readDismissed(storage: Storage, orgId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(dismissedKey(orgId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberDismissed(storage: Storage, orgId: string, endpointId: string): void {
  const kept = readDismissed(storage, orgId).filter((id) => id !== endpointId);
  storage.setItem(dismissedKey(orgId), JSON.stringify([...kept, endpointId].slice(-KEPT)));
}

/** The live notices first (as they came), then the core's (newest first) that the live ones do not name; none dismissed. */
export function goneNotices(live: EndpointGone[], stored: WebhookEndpointGone[], dismissed: ReadonlyArray<string>): EndpointGone[] {
  const fromCore = stored
    .filter((s) => !live.some((l) => l.endpointId === s.endpointId))
    .map(({ endpointId, url, eventType, deliveryId }) => ({ endpointId, url, eventType, deliveryId }));
  return [...live, ...fromCore].filter((g) => !dismissed.includes(g.endpointId));
}
