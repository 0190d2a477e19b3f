// Inbox actions: reply (sent as MANUAL through the channel's own path), mark read, resolve, snooze and reopen, and undo
// a resolve or snooze.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationExpected, Message, WaSendComponent } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { ApiError } from '../../api/http.ts';
import { useDrafts } from '../../stores/drafts.ts';
import { showConversationRead, showConversationState } from './conversation-refresh.ts';
import { undoWith, type Undoable, type UndoOutcome } from './undo.ts';

/** A WhatsApp template reply: the template and its send components (header, body, button parameters). */
export type TemplateReply = { templateId: string; components: WaSendComponent[] };
/** An RCS reply: an approved RCS template and a value for each of its {{variables}}. */
export type RcsTemplateReply = { templateId: string; variables: Record<string, string> };
/** What a composer sends: text, or an approved template with its values. */
export type ReplyBody = string | { template: TemplateReply | RcsTemplateReply };
/**
 * What a composer asks of its send: the inbox's reply (`useReply`), or a contact's first message from the Contacts page
 * (contacts/contact-send.ts), which goes through the channel's own send instead.
 */
export type ReplySender = { mutate(reply: ReplyBody): void; reset(): void; isPending: boolean };

export function useReply(conversationId: string, contactId: string | null) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    /** Text, or an approved template with its values: WhatsApp's once the window has closed, RCS's always. */
    mutationFn: (reply: ReplyBody) =>
      api.post<Message>(`/dashboard/conversations/${conversationId}/reply`, typeof reply === 'string' ? { text: reply } : reply),
    // The reply is no draft from the moment it is sent, in the tab's storage too: a reload (or the agent moving on)
    // before the answer must not bring it back to be sent twice. Taken here, not in the composer, which may be gone by
    // the answer; a draft typed on since is new. A send that fails gives it back (`onError`), its error shown.
    onMutate: (reply) => ({ taken: useDrafts.getState().takeSending(conversationId, typeof reply === 'string' ? { text: reply } : 'template') }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['thread', conversationId] }),
    // Refused or failed: the reply is the draft again. Blocked elsewhere while the composer was open (the live event not
    // yet here): refresh the contact so the notice shows.
    onError: (error, _reply, context) => {
      if (context?.taken) useDrafts.getState().giveBack(conversationId, context.taken);
      if (error instanceof ApiError && error.code === 'CONTACT_BLOCKED' && contactId) void client.invalidateQueries({ queryKey: ['contact', contactId] });
    },
  });
}

export function useMarkRead(conversationId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Conversation>(`/dashboard/conversations/${conversationId}/read`, {}),
    onSuccess: (conversation) => Promise.all([
      // Put in place where it is listed, and the first page read: not every loaded page again.
      showConversationRead(client, api, conversation),
      client.invalidateQueries({ queryKey: ['thread', conversationId] }),
      client.invalidateQueries({ queryKey: ['unread-counts'] }),
    ]),
  });
}

/** What the thread's header asks of a conversation: resolve it, reopen it (or unsnooze it), or snooze it until a time (ISO). */
export type StateChange = 'resolved' | 'open' | { snoozeUntil: string };
/** A change made only if the conversation is still as `expected` (the core answers 409 otherwise): Undo's. */
export type ConditionalChange = { change: StateChange; expected: ConversationExpected };
function requestOf(asked: StateChange | ConditionalChange): { action: string; body: object } {
  const [change, precondition] = typeof asked === 'object' && 'change' in asked ? [asked.change, { expected: asked.expected }] : [asked, {}];
  return typeof change === 'object' ? { action: 'snooze', body: { until: change.snoozeUntil, ...precondition } }
    : { action: change === 'resolved' ? 'resolve' : 'reopen', body: precondition };
}

/**
 * Resolves the conversation, reopens it, or snoozes it (`StateChange`): it leaves its list at once (`showConversationState`),
 * then its channel's lists, the unread counts (open conversations only) and the contact panels' lists are read again,
 * without holding the mutation (the inbox moves on to the next conversation as soon as the core answers).
 */
export function useConversationState(conversationId: string) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: StateChange | ConditionalChange) => {
      const { action, body } = requestOf(change);
      return api.post<Conversation>(`/dashboard/conversations/${conversationId}/${action}`, body);
    },
    onSuccess: (conversation) => {
      showConversationState(client, conversation);
      for (const queryKey of [['conversations', conversation.channel], ['unread-counts'], ['contact-conversations']]) void client.invalidateQueries({ queryKey });
    },
  });
}

/**
 * Undo of a Resolve or Snooze made in this window (undo.ts's `undoWith`): the core's clock is read (is the snooze time it
 * had still ahead?), then one request puts the conversation back, made by the core only if it is still as the change left
 * it (`useConversationState` with its precondition). Refused (409: it changed since), the conversation is read to say why.
 */
export function useUndoStateChange(done: Undoable) {
  const api = useApi();
  const change = useConversationState(done.after.id);
  return useMutation({
    mutationFn: (): Promise<UndoOutcome> => undoWith(done, {
      now: async () => (await api.get<{ now: string }>('/sim/clock')).now,
      change: (asked, expected) => change.mutateAsync({ change: asked, expected }),
      current: () => api.get<Conversation>(`/dashboard/conversations/${done.after.id}`),
    }),
  });
}
