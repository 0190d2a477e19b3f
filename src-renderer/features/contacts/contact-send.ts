// A message to a contact from its panel (Send a message), through each channel's own console send, the same checks,
// billing and logs as the contract's send (the /v1 route's console twin, recorded as MANUAL from the Console): WhatsApp's
// send-template (a free text only through the conversation's reply, within its 24-hour window), SMS's send (an approved
// sender, the text matching an approved DLT template), RCS's send (an approved template, sent by its bot), email's send
// (a template, a verified sender), Instagram's message (to the IGSID the user wrote from). The answer names the
// conversation the message went to, which exists from then on.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, Conversation, ListEnvelope, WaSendResult, WaTemplate } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { ApiError } from '../../api/http.ts';
import { useDrafts } from '../../stores/drafts.ts';
import type { ReplyBody } from '../inbox/mutations.ts';
import { conversationAt } from './send-channels.ts';

/** An email from the composer: a template, its merge values, and a sender on a verified domain. */
export type EmailSend = { email: { templateId: string; variables: Record<string, string>; fromName: string; fromEmail: string } };
export type ContactSendBody = ReplyBody | EmailSend;

/** What a send to the contact needs besides the message: where, and what its channel's send asks for that a composer does not. */
export type ContactSendTarget = {
  contactId: string;
  channel: Channel;
  address: string;
  /** The contact's conversation at `address` on `channel`, if any (a WhatsApp free text is a reply in it). */
  conversationId: string | null;
  /** The composer's draft (stores/drafts.ts), taken while the message goes and given back if it fails. */
  draftId: string;
  /** WhatsApp: the approved templates (the send names a template by name and language). */
  waTemplates: WaTemplate[];
  /** SMS: the approved sender id chosen, and the approved DLT template the text matches (its id and route). */
  sms: { senderId: string; templateId: string | null; route: 'transactional' | 'promotional' | null } | null;
};

/** The core's request for `body` on the target's channel: its path and JSON body. */
export function requestOf(target: ContactSendTarget, body: ContactSendBody): { path: string; body: object } {
  const { channel, address: to } = target;
  if (typeof body === 'object' && 'email' in body) {
    const { templateId, variables, fromName, fromEmail } = body.email;
    return { path: '/dashboard/email/send', body: { templateId, recipient: { to }, variables, fromName, fromEmail } };
  }
  if (typeof body === 'string') {
    if (channel === 'sms') {
      if (!target.sms) throw new Error('Choose an approved sender id first');
      const { senderId, templateId, route } = target.sms;
      return { path: '/dashboard/sms/send', body: { senderId, to: [to], message: body, ...(templateId ? { templateId } : {}), ...(route ? { route } : {}) } };
    }
    if (channel === 'instagram') return { path: '/dashboard/instagram/messages', body: { recipientIgsid: to, message: body } };
    if (channel === 'whatsapp' && target.conversationId) return { path: `/dashboard/conversations/${target.conversationId}/reply`, body: { text: body } };
    throw new Error(`A text alone cannot be sent on ${channel} here`);
  }
  const { template } = body;
  if (channel === 'rcs' && 'variables' in template) return { path: '/dashboard/rcs/send', body: { to, templateId: template.templateId, rcsVariables: template.variables } };
  if (channel === 'whatsapp' && 'components' in template) {
    const chosen = target.waTemplates.find((t) => t.id === template.templateId);
    if (!chosen) throw new Error('That template is no longer approved: choose another');
    return {
      path: '/dashboard/whatsapp/send-template',
      body: { to: to.replace(/^\+/, ''), templateName: chosen.name, languageCode: chosen.language, components: template.components },
    };
  }
  throw new Error(`A template cannot be sent on ${channel}`);
}

/**
 * Sends the composer's message; answers the conversation it went to (found among the contact's once sent; null in the
 * rare case it is not listed yet). A refusal is the core's, in its words (a blocked contact's 409 with its reason, an
 * empty wallet, a template or sender not approved); a blocked contact is read again so its panel says so.
 */
export function useContactSend(target: ContactSendTarget) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContactSendBody): Promise<{ conversationId: string | null }> => {
      const request = requestOf(target, body);
      const answer = await api.post<Partial<WaSendResult> & { conversationId?: string }>(request.path, request.body);
      if (answer.conversationId) return { conversationId: answer.conversationId };
      const listed = await api.get<ListEnvelope<Conversation>>(
        `/dashboard/conversations?contactId=${encodeURIComponent(target.contactId)}&channel=${target.channel}&limit=100`);
      return { conversationId: conversationAt(listed.data, target.channel, target.address)?.id ?? listed.data[0]?.id ?? null };
    },
    // As the inbox's reply: the draft is taken while the message goes, and given back if it does not.
    onMutate: (body) => ({
      taken: typeof body === 'object' && 'email' in body ? undefined
        : useDrafts.getState().takeSending(target.draftId, typeof body === 'string' ? { text: body } : 'template'),
    }),
    onSuccess: () => Promise.all([['contact-conversations', target.contactId], ['conversations', target.channel], ['unread-counts'], ['wallet']]
      .map((queryKey) => client.invalidateQueries({ queryKey }))),
    onError: (error, _body, context) => {
      if (context?.taken) useDrafts.getState().giveBack(target.draftId, context.taken);
      if (error instanceof ApiError && error.code === 'CONTACT_BLOCKED') void client.invalidateQueries({ queryKey: ['contact', target.contactId] });
    },
  });
}
