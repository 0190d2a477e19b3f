// Open, snoozed and resolved conversations: the console resolves one, snoozes it until a time or reopens it; a
// customer's message reopens a resolved or snoozed one in the transaction that stores the message, and a snoozed one
// opens again by itself when its time comes (a `conversation.wake` job on the virtual clock). Each change is an outbox
// event (`conversation.resolved`, `conversation.snoozed`, `conversation.reopened`) that the console's stream carries as
// `conversation:updated`; not a webhook (the contract has no such event, and the catalogue leaves it out).
import {
  INBOUND_CHANNELS, SNOOZE_MAX_DAYS, type Channel, type ConversationExpected, type ConversationResolver, type ConversationState, type MessageSource,
} from '../../contract/messaging.ts';
import type { ConversationChange } from '../../contract/stream.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { conflict, invalidField, notFound } from '../../kernel/errors.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import type { ConversationRow, MessagingStore, StoredChange } from './messaging.store.ts';

/** Who resolves a conversation: the console; `system` only starts one resolved (see `startingState`). */
export type Resolver = ConversationResolver;
/** The job that opens a snoozed conversation at `until`, unless it was snoozed again (another time) or changed meanwhile. */
export const WAKE_JOB = 'conversation.wake';
export type Wake = { conversationId: string; until: string };
/** A change as stored, resolved by whom the contract knows. */
type Next = StoredChange & { resolvedBy: Resolver | null };

const SNOOZE_MAX_MS = SNOOZE_MAX_DAYS * 86_400_000;
const EVENTS: Record<ConversationState, string> = {
  open: 'conversation.reopened', snoozed: 'conversation.snoozed', resolved: 'conversation.resolved',
};

/**
 * How a new conversation starts. Open when the customer wrote first (`INBOUND`) or the team did (`MANUAL`, the console):
 * someone is waiting. Started on a channel customers write in on by a message sent from outside the inbox (an API send,
 * a campaign, an automation, a bot, the platform's own OTP), nobody is waiting yet: it starts resolved by `system`, out of
 * the Open queue, and the customer's first message reopens it like any resolved one (a broadcast to 2,000 customers
 * filled Open with 2,000 conversations). RCS and email, which customers do not write in on here, start open: their
 * inbox is where what was sent is seen and followed up, and no answer would ever bring one back.
 */
export function startingState(source: MessageSource, channel: Channel, at: string): Pick<ConversationRow, 'state' | 'resolved_at' | 'resolved_by'> {
  const waiting = source === 'INBOUND' || source === 'MANUAL' || !(INBOUND_CHANNELS as readonly Channel[]).includes(channel);
  if (waiting) return { state: 'open', resolved_at: null, resolved_by: null };
  const by: Resolver = 'system';
  return { state: 'resolved', resolved_at: at, resolved_by: by };
}

/** The time a state carries, as a 409 names it: " (resolved at …)", " (until …)", or nothing (open). */
const stateDetail = (resolvedAt: string | null, snoozedUntil: string | null): string =>
  (snoozedUntil ? ` (until ${snoozedUntil})` : resolvedAt ? ` (resolved at ${resolvedAt})` : '');

export function conversationStates(deps: { store: MessagingStore; db: Db; bus: Bus; clock: Clock; jobs: JobRunner }) {
  const { store, db, bus, clock, jobs } = deps;

  /** Stores `next` on `row` and emits the change, unless it is so already. Inside a transaction; true when it changed. */
  function change(row: ConversationRow, next: Next): boolean {
    if (!store.setConversationState(row.org_id, row.id, next)) return false;
    const state: ConversationState = next.snoozedUntil ? 'snoozed' : next.state;
    const { resolvedAt, resolvedBy, snoozedUntil } = next;
    const data: ConversationChange = {
      conversationId: row.id, channel: row.channel as ConversationChange['channel'], state, resolvedAt, resolvedBy, snoozedUntil,
    };
    bus.emit(row.org_id, EVENTS[state], data);
    return true;
  }
  const opened: Next = { state: 'open', resolvedAt: null, resolvedBy: null, snoozedUntil: null };

  /**
   * One of the organization's conversations (404 for any other id), read in the transaction that changes it; with
   * `expected`, 409 unless it is still in that state (same resolve and snooze times), so the change cannot undo one
   * made since (a customer who wrote in, another window).
   */
  function rowOf(orgId: string, id: string, expected?: ConversationExpected): ConversationRow {
    const row = store.conversationById(orgId, id);
    if (!row) throw notFound(`Conversation ${id}`);
    if (expected) {
      const state: ConversationState = row.snoozed_until ? 'snoozed' : row.state;
      if (state !== expected.state || row.resolved_at !== expected.resolvedAt || row.snoozed_until !== expected.snoozedUntil) {
        const now = `${state}${stateDetail(row.resolved_at, row.snoozed_until)}`;
        throw conflict(`Conversation ${id} changed since: it is ${now}, not ${expected.state}${stateDetail(expected.resolvedAt, expected.snoozedUntil)}; nothing was changed`);
      }
    }
    return row;
  }

  /** The time asked for, in ms: after now on the clock and at most SNOOZE_MAX_DAYS later (400 naming `until` otherwise). */
  function snoozeTime(until: string): number {
    const at = Date.parse(until);
    if (at <= clock.now()) throw invalidField(`Invalid body: until: must be in the future (it is now ${clock.nowIso()})`);
    if (at > clock.now() + SNOOZE_MAX_MS) {
      throw invalidField(`Invalid body: until: must be at most ${SNOOZE_MAX_DAYS} days ahead (no later than ${new Date(clock.now() + SNOOZE_MAX_MS).toISOString()})`);
    }
    return at;
  }

  return {
    /**
     * Resolves or reopens one of the organization's conversations (404 for any other id); either clears a snooze. One
     * already in that state is left as it is, its `resolvedAt` kept and no event: asking twice is no error. With
     * `expected`, only if it is still as expected (409 otherwise: see `rowOf`).
     */
    setConversationState(orgId: string, id: string, state: 'open' | 'resolved', by: 'console', expected?: ConversationExpected): void {
      db.tx(() => {
        const resolved = state === 'resolved';
        change(rowOf(orgId, id, expected), resolved ? { state, resolvedAt: clock.nowIso(), resolvedBy: by, snoozedUntil: null } : opened);
      });
    },
    /**
     * Snoozes one of the organization's conversations (404 for any other id) until `until` (ISO, UTC): out of Open, and
     * open again then by a job on the clock. Snoozing a snoozed one again moves its time (the old job finds it changed
     * and does nothing); the same time again changes nothing and emits nothing. With `expected`, only if it is still as
     * expected (409 otherwise: see `rowOf`).
     */
    snooze(orgId: string, id: string, until: string, expected?: ConversationExpected): void {
      const dueAt = snoozeTime(until);
      db.tx(() => {
        const row = rowOf(orgId, id, expected);
        if (!change(row, { state: 'resolved', resolvedAt: null, resolvedBy: null, snoozedUntil: until })) return;
        jobs.schedule({ type: WAKE_JOB, orgId, payload: { conversationId: id, until } satisfies Wake, dueAt, dedupeKey: `${WAKE_JOB}:${id}:${until}` });
      });
    },
    /** A snooze's time came: the conversation opens, if it is still snoozed until that time (else nothing: it changed since). */
    wake(orgId: string, wake: Wake): void {
      const row = store.conversationById(orgId, wake.conversationId);
      if (row?.snoozed_until === wake.until) change(row, opened);
    },
    /** A customer's message reopens its resolved or snoozed conversation: called in the transaction that stores the message, before its event. */
    reopenOnInbound(row: ConversationRow): void {
      if (row.state === 'resolved') change(row, opened);
    },
  };
}
