// The console's inbox: conversations per channel, open, snoozed or resolved, with unread counts (and their totals), threads paged
// back, mark-read, resolve, snooze and reopen, and replies (sent as MANUAL through each channel's own send path; a WhatsApp template once
// the window has closed; an RCS template through the RCS send, the only reply RCS has).
import { organizationField, templateValuesSchema } from '../contract/common.ts';
import { z } from 'zod';
import {
  channelSchema, conversationExpectedSchema, conversationStateFilterSchema, messageIdSchema, snoozeConversationSchema, type Channel, type Conversation, type ThreadPage,
} from '../contract/messaging.ts';
import { waSendComponentSchema } from '../contract/whatsapp.ts';
import type { EmailService } from '../domains/email/index.ts';
import type { InstagramService } from '../domains/instagram/index.ts';
import type { MessagingService } from '../domains/messaging/index.ts';
import type { RcsService } from '../domains/rcs/index.ts';
import type { SmsService } from '../domains/sms/index.ts';
import type { WhatsappService } from '../domains/whatsapp/index.ts';
import { invalidField } from '../kernel/errors.ts';
import { pageEnvelope, paginationQuery, queryInt, toPageRequest } from '../kernel/pagination.ts';
import { defineRoute } from '../kernel/route.ts';

const org = organizationField;
const idParams = z.object({ id: z.string().min(1).max(100) });
const MANUAL = { source: 'MANUAL' as const, sourceName: 'Console' };

type Deps = { messaging: MessagingService; whatsapp: WhatsappService; instagram: InstagramService; sms: SmsService; email: EmailService; rcs: RcsService };
/** A template reply: WhatsApp's with its send `components`, or RCS's with its `variables` (as `/rcs/send`'s `rcsVariables`). */
const templateReplySchema = z.object({
  templateId: z.string().min(1), components: z.array(waSendComponentSchema).max(20).optional(), variables: templateValuesSchema().optional(),
});
type TemplateReply = z.infer<typeof templateReplySchema>;

/**
 * A template reply through the channel's own send: WhatsApp's send-template, or RCS's send (its checks, billing and
 * logs; no SMS fallback, so a handset without RCS gets a failed message, as `/rcs/send` without one).
 */
async function sendTemplate(deps: Deps, orgId: string, conversation: Conversation, template: TemplateReply) {
  const to = conversation.address;
  const { templateId, components, variables } = template;
  if (conversation.channel === 'whatsapp') {
    if (variables) throw invalidField('template.variables is for RCS templates; a WhatsApp template takes template.components');
    return deps.whatsapp.sendTemplateById(orgId, { to, templateId, ...(components ? { components } : {}) }, MANUAL);
  }
  if (conversation.channel === 'rcs') {
    if (components) throw invalidField('template.components is for WhatsApp templates; an RCS template takes template.variables');
    return (await deps.rcs.send(orgId, { to, templateId, ...(variables ? { rcsVariables: variables } : {}) }, MANUAL, 'template.variables')).message;
  }
  throw invalidField('Template replies are for WhatsApp and RCS conversations');
}

export function inboxRoutes(deps: Deps) {
  const { messaging } = deps;
  return [
    defineRoute({
      method: 'GET', path: '/dashboard/conversations', scope: 'dashboard',
      // `contactId`: that contact's conversations (on `channel`, or on every channel without it); otherwise `channel` is required.
      // `state`: open, snoozed or resolved ones only; `all` (the default: a contact's panel lists them all) every one.
      query: z.object({
        ...org, channel: channelSchema.optional(), contactId: z.string().min(1).max(100).optional(), search: z.string().max(200).optional(),
        state: conversationStateFilterSchema.default('all'),
      })
        .extend(paginationQuery({ defaultLimit: 30, maxLimit: 100 }).shape)
        .refine((q) => q.channel || q.contactId, { path: ['channel'], message: 'is required unless contactId is given' })
        .refine((q) => !(q.contactId && q.search), { path: ['search'], message: 'cannot be combined with contactId' }),
      handler: ({ orgId, query }) => {
        const page = toPageRequest(query);
        const state = query.state === 'all' ? null : query.state;
        const { rows, total } = query.contactId
          ? messaging.contactConversations(orgId, query.contactId, query.channel ?? null, page.limit, page.offset, state)
          : messaging.listConversations(orgId, query.channel as Channel, page.limit, page.offset, query.search, state);
        return pageEnvelope(rows, total, page);
      },
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/conversations/unread-counts', scope: 'dashboard', query: z.object(org),
      handler: ({ orgId }) => messaging.unreadCounts(orgId),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/conversations/:id', scope: 'dashboard', params: idParams, query: z.object(org),
      handler: ({ orgId, params }) => {
        const conversation = messaging.getConversation(orgId, params.id);
        return { ...conversation, careWindow: messaging.careWindow(conversation.id) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/conversations/:id/messages', scope: 'dashboard', params: idParams,
      // `before`: a message of this conversation; the page is the `limit` messages just older than it (see threadPageSchema).
      query: z.object({ ...org, limit: queryInt('limit', { max: 200 }).default(100), before: messageIdSchema.optional() }),
      handler: ({ orgId, params, query }): ThreadPage => {
        const { messages, hasOlder } = messaging.threadPage(messaging.getConversation(orgId, params.id).id, query.before, query.limit);
        return { data: messages, meta: { hasOlder } };
      },
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/conversations/:id/read', scope: 'dashboard', params: idParams, body: z.object(org).optional(),
      handler: ({ orgId, params }) => {
        messaging.markConversationRead(orgId, messaging.getConversation(orgId, params.id).id);
        return messaging.getConversation(orgId, params.id);
      },
    }),
    // Resolved by the console, or open again (either clears a snooze): idempotent (one already so answers 200 as it is). A customer's
    // message reopens it too. `expected` (these and snooze): only if the conversation is still so, else 409 (Undo's precondition).
    ...(['resolve', 'reopen'] as const).map((action) => defineRoute({
      method: 'POST', path: `/dashboard/conversations/:id/${action}`, scope: 'dashboard', params: idParams,
      body: z.object({ ...org, expected: conversationExpectedSchema.optional() }).optional(),
      handler: ({ orgId, params, body }) => {
        messaging.setConversationState(orgId, params.id, action === 'resolve' ? 'resolved' : 'open', 'console', body?.expected);
        return messaging.getConversation(orgId, params.id);
      },
    })),
    // Out of Open until `until` on the virtual clock (after now, at most a year ahead), then open again by itself; again moves the time.
    defineRoute({
      method: 'POST', path: '/dashboard/conversations/:id/snooze', scope: 'dashboard', params: idParams,
      body: z.object({ ...org, ...snoozeConversationSchema.shape, expected: conversationExpectedSchema.optional() }),
      handler: ({ orgId, params, body }) => {
        messaging.snoozeConversation(orgId, params.id, body.until, body.expected);
        return messaging.getConversation(orgId, params.id);
      },
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/conversations/:id/reply', scope: 'dashboard', params: idParams, status: 201,
      body: z.object({
        ...org,
        text: z.string().trim().min(1, 'text must not be empty').max(4096).optional(),
        template: templateReplySchema.optional(),
      }).refine((b) => Boolean(b.text) !== Boolean(b.template), 'send either text or a template'),
      handler: async ({ orgId, params, body }) => {
        const conversation = messaging.getConversation(orgId, params.id);
        const to = conversation.address;
        if (body.template) return sendTemplate(deps, orgId, conversation, body.template);
        const text = body.text as string;
        switch (conversation.channel) {
          case 'whatsapp': return deps.whatsapp.sendText(orgId, { to, text }, MANUAL);
          case 'instagram': return (await deps.instagram.sendMessage(orgId, { recipientIgsid: to, message: text }, MANUAL)).message;
          case 'sms': return deps.sms.reply(orgId, to, text, MANUAL);
          case 'email': return deps.email.reply(orgId, { to, conversationId: conversation.id, text }, MANUAL);
          case 'rcs': throw invalidField('An RCS reply is an approved RCS template: send {template: {templateId, variables}}');
          default: throw invalidField(`Replies on ${conversation.channel} from the console are not available`);
        }
      },
    }),
  ];
}
