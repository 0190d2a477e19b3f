// How long webhook deliveries are kept: a finished one (SUCCEEDED, EXHAUSTED) for 30 days of the virtual clock after
// its last change, one still waiting (PENDING, FAILED, HELD) however old. Older finished ones are listed nowhere,
// answer 404, and are removed with their attempts by the delivery job, a chunk at a time, at most once an hour; so are
// the notes of endpoints a 410 removed (the console's GET /dashboard/webhooks/gone) once past that list's window.
import { DELIVERY_KEEP_DAYS, GONE_WINDOW_DAYS } from '../../contract/webhooks.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import { AppError, messageOf } from '../../kernel/errors.ts';
import { createPruner } from '../../kernel/prune.ts';
import type { DeliveryRow, WebhooksStore } from './webhooks.store.ts';

export const DELIVERY_KEEP_MS = DELIVERY_KEEP_DAYS * 86_400_000;
export const GONE_KEEP_MS = GONE_WINDOW_DAYS * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_CHUNK = 1_000;
const WAITING = new Set(['PENDING', 'FAILED', 'HELD']);

/** The earliest last change a finished delivery may have and still be kept, now. */
export const keptSince = (clock: Clock): string => toIso(clock.now() - DELIVERY_KEEP_MS);
/** Whether a delivery is kept as of `since` (the store's lists ask the same in SQL). */
export const isKept = (row: DeliveryRow, since: string): boolean => WAITING.has(row.status) || row.updated_at >= since;
/** An unknown delivery, or one past its kept days: the same 404, saying how long deliveries are kept (as the request log's). */
export const deliveryNotFound = (id: string): AppError =>
  new AppError('NOT_FOUND', `Delivery ${id} not found (deliveries are kept for ${DELIVERY_KEEP_DAYS} days after they finish)`);

/**
 * Removes finished deliveries past their kept days, oldest first, and the 410 notes past the gone list's window (never
 * read again: the list shows only its window), each at most PRUNE_CHUNK at a time and at most once an hour of the clock
 * (a full chunk of either looks again at the next call), so a backlog drains without holding the event loop.
 */
export function createDeliveryPruner(deps: { store: WebhooksStore; clock: Clock; log: (msg: string) => void }): () => void {
  const remove = (now: number, limit: number): number =>
    Math.max(deps.store.removeFinished(toIso(now - DELIVERY_KEEP_MS), limit), deps.store.removeGone(toIso(now - GONE_KEEP_MS), limit));
  return createPruner(deps.clock, {
    everyMs: PRUNE_EVERY_MS, chunk: PRUNE_CHUNK, remove,
    onError: (error) => deps.log(`webhooks: old deliveries and 410 notes not removed: ${messageOf(error)}`),
  });
}
