// What the open thread says in the live region as it changes: a customer's new message, and a reply sent
// from the console that failed (at once or when its receipt came). Not the history it opened with, nor older
// messages loaded above it (older-messages.tsx says how many), and not receipts that went well: the ticks show those.
import { useEffect, useRef } from 'react';
import type { Message, MessageStatus } from '../../../src-core/contract/index.ts';
import { announce } from '../../stores/announcer.ts';

/** A message as said aloud: its text, cut at a length a listener can follow. */
const spoken = (text: string | null): string => {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
};

/** `who`: the customer as the thread names them; `messages`: the thread as last read (undefined while loading). */
export function useThreadAnnouncements(messages: Message[] | undefined, who: string | undefined): void {
  const seen = useRef<Map<string, MessageStatus> | null>(null);
  useEffect(() => {
    if (!messages || who === undefined) return;
    const before = seen.current;
    seen.current = new Map(messages.map((m) => [m.id, m.status]));
    if (!before) return;
    // Older messages loaded at the top are history, not news: only what follows the first message already shown is.
    const known = messages.findIndex((m) => before.has(m.id));
    for (const message of known < 0 ? messages : messages.slice(known)) {
      const was = before.get(message.id);
      if (message.direction === 'inbound' && was === undefined) announce(`New message from ${who}: ${spoken(message.text)}`);
      if (message.direction === 'outbound' && message.source === 'MANUAL' && message.status === 'failed' && was !== 'failed') {
        announce(`Reply to ${who} failed: ${(message.errorMessage ?? 'no reason given').replace(/\.$/, '')}.`);
      }
    }
  }, [messages, who]);
}
