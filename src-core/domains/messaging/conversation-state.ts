// Open and resolved conversations: the console resolves one and reopens it, and a customer's message reopens a resolved
// one in the transaction that stores the message. Each change is an outbox event (`conversation.resolved`,
// `conversation.reopened`) that the console's stream carries as `conversation:updated`; not a webhook (the contract has
// no such event, and the catalogue leaves it out).
import type { ConversationState } from '../../contract/messaging.ts';
import type { ConversationChange } from '../../contract/stream.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { notFound } from '../../kernel/errors.ts';
import type { ConversationRow, MessagingStore } from './messaging.store.ts';

/** Who resolves a conversation: the console is the only one that can today. */
export type Resolver = 'console';

export function conversationStates(deps: { store: MessagingStore; db: Db; bus: Bus; clock: Clock }) {
  const { store, db, bus, clock } = deps;

  /** Puts `row` in `state` and emits the change, unless it is in that state already. Inside a transaction. */
  function change(row: ConversationRow, state: ConversationState, by: Resolver | null): void {
    const resolved = state === 'resolved';
    const next = { state, resolvedAt: resolved ? clock.nowIso() : null, resolvedBy: resolved ? by : null };
    if (!store.setConversationState(row.org_id, row.id, next)) return;
    const data: ConversationChange = { conversationId: row.id, channel: row.channel as ConversationChange['channel'], ...next };
    bus.emit(row.org_id, resolved ? 'conversation.resolved' : 'conversation.reopened', data);
  }

  return {
    /**
     * Resolves or reopens one of the organization's conversations (404 for any other id). One already in that state is
     * left as it is, its `resolvedAt` kept and no event: asking twice is no error.
     */
    setConversationState(orgId: string, id: string, state: ConversationState, by: Resolver): void {
      db.tx(() => {
        const row = store.conversationById(orgId, id);
        if (!row) throw notFound(`Conversation ${id}`);
        change(row, state, by);
      });
    },
    /** A customer's message reopens its resolved conversation: called in the transaction that stores the message, before its event. */
    reopenOnInbound(row: ConversationRow): void {
      if (row.state === 'resolved') change(row, 'open', null);
    },
  };
}
