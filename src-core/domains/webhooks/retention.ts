// How long webhook deliveries are kept: a finished one (SUCCEEDED, EXHAUSTED) for 30 days of the virtual clock after
// its last change, one still waiting (PENDING, FAILED, HELD) however old. Older finished ones are listed nowhere,
// answer 404, and are removed with their attempts by the delivery job, a chunk at a time, at most once an hour.
import { DELIVERY_KEEP_DAYS } from '../../contract/webhooks.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import { AppError, messageOf } from '../../kernel/errors.ts';
import { createPruner } from '../../kernel/prune.ts';
import type { DeliveryRow, WebhooksStore } from './webhooks.store.ts';

export const DELIVERY_KEEP_MS = DELIVERY_KEEP_DAYS * 86_400_000;
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
 * Removes finished deliveries past their kept days, oldest first, at most PRUNE_CHUNK at a time and at most once an
 * hour of the clock (a full chunk looks again at the next call), so a backlog drains without holding the event loop.
 */
export function createDeliveryPruner(deps: { store: WebhooksStore; clock: Clock; log: (msg: string) => void }): () => void {
  return createPruner(deps.clock, {
    everyMs: PRUNE_EVERY_MS, chunk: PRUNE_CHUNK, remove: (now, limit) => deps.store.removeFinished(toIso(now - DELIVERY_KEEP_MS), limit),
    onError: (error) => deps.log(`webhooks: old deliveries not removed: ${messageOf(error)}`),
  });
}
