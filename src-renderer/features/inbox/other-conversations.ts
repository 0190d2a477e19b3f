// What the live region says when customers write into conversations other than the one open, while the Inbox is shown:
// the list changes silently for a screen reader otherwise. The open conversation's own messages are its thread's to say
// (thread-announcements.ts); a blocked contact's are not said (nobody is waiting to answer them). A burst is said once:
// the first message opens a short gathering time, and everything that came in it is one sentence ("3 new messages:
// Alice Johnson, Ben Ortiz and 1 more."); one sentence follows another only after a quiet time, so a steady stream is a
// sentence every few seconds at most, never one per message.
import type { QueryClient } from '@tanstack/react-query';
import { CHANNEL_NAMES, type Channel, type Conversation, type Message } from '../../../src-core/contract/index.ts';
import type { Api } from '../../api/http.ts';
import { displayAddress } from '../../components/email-address.ts';
import { customerLabel } from '../../components/format.ts';
import type { ConversationPages } from './conversation-refresh.ts';

/** How long the first message of a burst waits for the others: a scenario's messages land within a second of each other. */
export const GATHER_MS = 1500;
/** The least time between two sentences: a steady stream is said a few messages at a time. */
export const QUIET_MS = 5000;
/** The conversations looked up to name one sentence's customers: past them, a flood's others are counted, not named. */
const LOOKUPS = 10;

/** A customer who wrote in, as said: how the inbox names them, and on which channel. */
export type WroteIn = { who: string; channel: Channel };
/** How a conversation's customer is named, and whether their contact is blocked (then nothing is said). */
export type Named = { who: string; blocked: boolean };

/**
 * "New message from Alice Johnson on WhatsApp."; several: "3 new messages: Alice Johnson, Ben Ortiz and 1 more." (two
 * names at most, the rest counted as people), "on WhatsApp" when all came on one channel, "from Alice Johnson" when all
 * are hers.
 */
export function otherConversationsSaying(arrivals: readonly WroteIn[]): string {
  const [first] = arrivals;
  if (!first) return '';
  const channels = [...new Set(arrivals.map((a) => a.channel))];
  const on = channels.length === 1 ? ` on ${CHANNEL_NAMES[first.channel]}` : '';
  if (arrivals.length === 1) return `New message from ${first.who}${on}.`;
  const people = [...new Set(arrivals.map((a) => a.who))];
  if (people.length === 1) return `${arrivals.length} new messages from ${first.who}${on}.`;
  const more = people.length - 2;
  const named = more > 0 ? `${people.slice(0, 2).join(', ')} and ${more} more` : people.join(' and ');
  return `${arrivals.length} new messages${on}: ${named}.`;
}

export type OtherConversationsOptions = {
  /** The conversation open in the Inbox (null: none), or null itself while another page is shown: nothing is said then. */
  shown(): { conversationId: string | null } | null;
  /** How the inbox names a conversation's customer; null when that cannot be read (the message is counted, unnamed). */
  nameOf(message: Pick<Message, 'conversationId' | 'address'>): Promise<Named | null>;
  say(text: string): void;
  now?: () => number;
};

type Gathered = { conversationId: string; address: string; channel: Channel; named: Promise<Named | null> | null };

/** Follows customers' messages (`note`, each `message:new`) and says them as the file's opening says. */
export function announceOtherConversations(options: OtherConversationsOptions): { note(message: Message): void; stop(): void } {
  const now = options.now ?? (() => Date.now());
  let gathered: Gathered[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSaidAt = -Infinity;
  let stopped = false;

  const flush = async () => {
    timer = null;
    const batch = gathered;
    gathered = [];
    lastSaidAt = now();
    const names = await Promise.all(batch.map((g) => g.named));
    const shown = options.shown();
    if (stopped || !shown) return;
    // Opened meanwhile: its thread shows the message. Unread by lookup (a flood past LOOKUPS): counted under its address.
    const said = batch.flatMap((g, i): WroteIn[] => {
      const named = names[i];
      if (g.conversationId === shown.conversationId || named?.blocked) return [];
      return [{ who: named?.who ?? displayAddress(g.address), channel: g.channel }];
    });
    if (said.length > 0) options.say(otherConversationsSaying(said));
  };

  const note = (message: Message) => {
    const shown = options.shown();
    if (stopped || message.direction !== 'inbound' || !message.conversationId || !shown || message.conversationId === shown.conversationId) return;
    // One lookup per conversation a sentence names, LOOKUPS at most.
    const same = gathered.find((g) => g.conversationId === message.conversationId);
    const lookups = new Set(gathered.map((g) => g.conversationId)).size;
    const named = same ? same.named : lookups < LOOKUPS ? options.nameOf(message).catch(() => null) : null;
    gathered.push({ conversationId: message.conversationId, address: message.address, channel: message.channel, named });
    if (timer === null) timer = setTimeout(() => void flush(), Math.max(GATHER_MS, lastSaidAt + QUIET_MS - now()));
  };

  return {
    note,
    stop: () => {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}

/** The conversation `id` as a list of the inbox, or an open thread, last read it: no request for one already shown. */
function cachedConversation(client: QueryClient, id: string): Conversation | undefined {
  for (const query of client.getQueryCache().findAll({ queryKey: ['conversations'] })) {
    const found = (query.state.data as ConversationPages | undefined)?.pages.flatMap((page) => page.data).find((c) => c.id === id);
    if (found) return found;
  }
  return client.getQueryData<Conversation>(['thread', id, 'detail']);
}

/** How the inbox names a message's customer (its row's name, else its address), from what is shown, else read. */
export async function inboxNameOf(client: QueryClient, api: Api, message: Pick<Message, 'conversationId' | 'address'>): Promise<Named | null> {
  if (!message.conversationId) return null;
  const conversation = cachedConversation(client, message.conversationId)
    ?? await api.get<Conversation>(`/dashboard/conversations/${encodeURIComponent(message.conversationId)}`);
  return { who: customerLabel(conversation), blocked: conversation.contactBlocked };
}
