// How many customer messages came in below while the agent reads the thread's history: what the thread's
// "↓ 2 new messages" button counts. The customer's only: the agent's own replies, and what the API or an
// automation sent, are the business speaking, not something waiting to be read (as with the unread count).
import { useState } from 'react';
import type { Message } from '../../../src-core/contract/index.ts';

/**
 * The customer's messages after `seenId` in a thread listed oldest first. `seenId`: the newest message when the
 * agent was last at the end; null if there was none. One no longer listed (the thread was shown afresh from its newest
 * pages, more having come in than a reload catches up on: thread-pages.ts) is older than all that are: they all count.
 */
export function inboundAfter(messages: readonly Pick<Message, 'id' | 'direction'>[], seenId: string | null): number {
  const seenAt = seenId === null ? -1 : messages.findIndex((m) => m.id === seenId);
  return messages.slice(seenAt + 1).filter((m) => m.direction === 'inbound').length;
}

/** The button's words (and accessible name). */
export const newMessages = (count: number): string => `${count.toLocaleString()} new message${count === 1 ? '' : 's'}`;

/**
 * The customer's messages the agent has not been at the end for: 0 while the list keeps to its end (`pinned`).
 * `messages`: the thread as last read (undefined while loading).
 */
export function useNewBelow(messages: readonly Message[] | undefined, pinned: boolean): number {
  const newest = messages?.at(-1)?.id ?? null;
  const [seenId, setSeenId] = useState(newest);
  // Kept from render to render the way React documents it (an update while rendering): at the end, all is seen.
  if (pinned && seenId !== newest) setSeenId(newest);
  return pinned || !messages ? 0 : inboundAfter(messages, seenId);
}
