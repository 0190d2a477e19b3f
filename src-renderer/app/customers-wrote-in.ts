// What the console says when customers write in, on whichever page is shown: the sidebar's unread count changes
// silently otherwise, for a screen reader and for an agent working on another page alike. In the Inbox, the open
// conversation's own messages are its thread's to say (features/inbox/thread-announcements.ts) and the list shows the
// others; on any other page every conversation's are said, and also shown in a notice (app/wrote-in-notices.tsx). A
// blocked contact's are not said (nobody is waiting to answer them), nor a message the Simulator's own form wrote in
// while the Simulator is shown (its confirmation there names it, with its own way to the Inbox); the presenter who left
// the Simulator meanwhile, or whose scenario wrote in, sees it arrive as an agent would. A burst is said once: the first
// message opens a short gathering time, and everything that came in it is one sentence ("3 new messages: Alice Johnson,
// Ben Ortiz and 1 more."); one sentence follows another only after a quiet time, so a steady stream is a sentence every
// few seconds at most, never one per message.
import { CHANNEL_NAMES, type Channel, type Message } from '../../src-core/contract/index.ts';
import { displayAddress } from '../components/email-address.ts';
import type { Named } from '../features/inbox/inbox-name-of.ts';

export type { Named };

/** How long the first message of a burst waits for the others: a scenario's messages land within a second of each other. */
export const GATHER_MS = 1500;
/** The least time between two sentences: a steady stream is said a few messages at a time. */
export const QUIET_MS = 5000;
/** The conversations looked up to name one sentence's customers: past them, a flood's others are counted, not named. */
const LOOKUPS = 10;

/** A customer who wrote in, as said: how the inbox names them, and on which channel. */
export type WroteIn = { who: string; channel: Channel };

/**
 * "New message from Alice Johnson on WhatsApp."; several: "3 new messages: Alice Johnson, Ben Ortiz and 1 more." (two
 * names at most, the rest counted as people), "on WhatsApp" when all came on one channel, "from Alice Johnson" when all
 * are hers.
 */
export function customersWroteInSaying(arrivals: readonly WroteIn[]): string {
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

/** The page shown: the Inbox with its open conversation (null: none), the Simulator, or another page. */
export type Shown = { page: 'inbox'; conversationId: string | null } | { page: 'simulator' } | { page: 'other' };

/** A conversation a sentence is about, for the notice's way to it. */
export type WroteInto = { conversationId: string; channel: Channel };

/** One sentence, the page it was said on, and the conversations it is about (each once, in the order they wrote). */
export type Saying = { text: string; shown: Shown; conversations: WroteInto[] };

export type CustomersWroteInOptions = {
  shown(): Shown;
  /** How the inbox names a conversation's customer; null when that cannot be read (the message is counted, unnamed). */
  nameOf(message: Pick<Message, 'conversationId' | 'address'>): Promise<Named | null>;
  /** Whether the Simulator's form wrote this message in (its own confirmation says it while the Simulator is shown). */
  writtenHere?(messageId: string): boolean;
  say(saying: Saying): void;
  now?: () => number;
};

type Gathered = { messageId: string; conversationId: string; address: string; channel: Channel; named: Promise<Named | null> | null };

/** Whether a message gathered is left unsaid on the page shown at the sentence's time (see the file's head). */
function leftOut(g: Gathered, named: Named | null | undefined, shown: Shown, writtenHere: (id: string) => boolean): boolean {
  if (named?.blocked) return true;
  if (shown.page === 'inbox') return g.conversationId === shown.conversationId;
  return shown.page === 'simulator' && writtenHere(g.messageId);
}

/** Follows customers' messages (`note`, each `message:new`) and says them as the file's opening says. */
export function announceCustomersWritingIn(options: CustomersWroteInOptions): { note(message: Message): void; stop(): void } {
  const now = options.now ?? (() => Date.now());
  const writtenHere = options.writtenHere ?? (() => false);
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
    if (stopped) return;
    // The page shown now: a conversation opened meanwhile shows its message. Unread by lookup (a flood past LOOKUPS): counted under its address.
    const shown = options.shown();
    const kept = batch.flatMap((g, i) => (leftOut(g, names[i], shown, writtenHere) ? [] : [{ g, who: names[i]?.who ?? displayAddress(g.address) }]));
    if (kept.length === 0) return;
    const conversations = new Map<string, WroteInto>();
    for (const { g } of kept) conversations.set(g.conversationId, { conversationId: g.conversationId, channel: g.channel });
    options.say({ text: customersWroteInSaying(kept.map(({ g, who }) => ({ who, channel: g.channel }))), shown, conversations: [...conversations.values()] });
  };

  const note = (message: Message) => {
    if (stopped || message.direction !== 'inbound' || !message.conversationId) return;
    const shown = options.shown();
    if (shown.page === 'inbox' && message.conversationId === shown.conversationId) return;
    // One lookup per conversation a sentence names, LOOKUPS at most.
    const same = gathered.find((g) => g.conversationId === message.conversationId);
    const lookups = new Set(gathered.map((g) => g.conversationId)).size;
    const named = same ? same.named : lookups < LOOKUPS ? options.nameOf(message).catch(() => null) : null;
    gathered.push({ messageId: message.id, conversationId: message.conversationId, address: message.address, channel: message.channel, named });
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

/** Where a notice's Open goes: its one conversation, or for several the Inbox, on their channel if they share one (else as it was). */
export function openTarget(conversations: readonly WroteInto[]): { conversation: WroteInto } | { channel: Channel | null } {
  const [first] = conversations;
  if (first && conversations.every((c) => c.conversationId === first.conversationId)) return { conversation: first };
  const channels = new Set(conversations.map((c) => c.channel));
  return { channel: first && channels.size === 1 ? first.channel : null };
}
