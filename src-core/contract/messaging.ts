// Messages and conversations shared by every channel, and the simulator's inbound and handset shapes.
import { z } from 'zod';
import { isoDateTimeSchema, personPhone, timestampSchema } from './common.ts';
import { igsidProblem } from './instagram.ts';

export const CHANNELS = ['whatsapp', 'sms', 'rcs', 'email', 'instagram'] as const;
export const channelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;
/** A channel's name as users know it, in the middle of a sentence (an opt-out's reason, a refund's line). */
export const CHANNEL_NAMES: Record<Channel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', rcs: 'RCS', email: 'email', instagram: 'Instagram' };

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Log `source` values of seed 000. */
export const MESSAGE_SOURCES = ['MANUAL', 'BOT', 'AUTOMATION', 'CAMPAIGN', 'API', 'INBOUND', 'SYSTEM'] as const;
export type MessageSource = (typeof MESSAGE_SOURCES)[number];

export const messageSchema = z.object({
  id: z.string(),
  channel: channelSchema,
  direction: z.enum(['inbound', 'outbound']),
  status: z.enum(MESSAGE_STATUSES),
  contactId: z.string().nullable(),
  conversationId: z.string().nullable(),
  address: z.string(),
  sender: z.string().nullable(),
  externalId: z.string().nullable(),
  type: z.string(),
  text: z.string().nullable(),
  content: z.record(z.string(), z.unknown()),
  templateName: z.string().nullable(),
  templateId: z.string().nullable(),
  source: z.enum(MESSAGE_SOURCES),
  billingAmountPaise: z.number().int(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  deliveredAt: timestampSchema.nullable(),
  readAt: timestampSchema.nullable(),
  failedAt: timestampSchema.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * What a conversation search matched in the conversation's messages (`searchMatch` of `GET /dashboard/conversations?search=`):
 * the most recent message whose text holds the term, as a snippet around it.
 */
export const searchMatchSchema = z.object({
  messageId: z.string(),
  createdAt: timestampSchema,
  /** The message's text around the term, "…" where it was cut. */
  snippet: z.string(),
  /** Where the term stands in `snippet` (UTF-16 offsets, as JavaScript counts), accents and case aside as the search matches. */
  highlight: z.object({ start: z.number().int().min(0), length: z.number().int().min(1) }),
});
export type SearchMatch = z.infer<typeof searchMatchSchema>;

/**
 * A conversation waits for the team (`open`), is out of the way until a time (`snoozed`: open again then, or when the
 * customer writes in first), or is done with (`resolved`) until the customer writes in again.
 */
export const CONVERSATION_STATES = ['open', 'snoozed', 'resolved'] as const;
export const conversationStateSchema = z.enum(CONVERSATION_STATES);
export type ConversationState = z.infer<typeof conversationStateSchema>;
/** Which conversations a console list reads (`state` of `GET /dashboard/conversations`): one state, or both. */
export const conversationStateFilterSchema = z.enum([...CONVERSATION_STATES, 'all']);
export type ConversationStateFilter = z.infer<typeof conversationStateFilterSchema>;
/** How far ahead a conversation can be snoozed: a year on the virtual clock. */
export const SNOOZE_MAX_DAYS = 365;
/**
 * `POST /dashboard/conversations/{id}/snooze`: out of Open until `until` (after now on the virtual clock, at most
 * SNOOZE_MAX_DAYS later), stored as UTC.
 */
export const snoozeConversationSchema = z.object({ until: isoDateTimeSchema });
/**
 * A state change's precondition (`expected` of resolve, reopen and snooze): the conversation's state as the console last
 * saw it. The change is made only if the conversation is still so (the same state, resolve time and snooze time), in the
 * transaction that makes it; otherwise 409 `CONFLICT`, nothing changed. The console's Undo sends it, so a customer writing
 * in (or another window's change) just before is never undone.
 */
export const conversationExpectedSchema = z.object({
  state: z.enum(CONVERSATION_STATES), resolvedAt: isoDateTimeSchema.nullable(), snoozedUntil: isoDateTimeSchema.nullable(),
});
export type ConversationExpected = z.infer<typeof conversationExpectedSchema>;
/** Who resolved a conversation: the console is the only one that can today. */
/**
 * Who resolved a conversation: the team in the `console`, or `system` for one started by a message sent from outside the
 * inbox (API, campaign, automation, OTP): it waits out of Open until the customer writes in.
 */
export const conversationResolverSchema = z.enum(['console', 'system']);
export type ConversationResolver = z.infer<typeof conversationResolverSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  channel: channelSchema,
  contactId: z.string().nullable(),
  address: z.string(),
  customerName: z.string().nullable(),
  /**
   * The contact's username (console; the contact's own field): on Instagram the customer's handle, or their IGSID while
   * no handle is known (then equal to `address`); null without a contact or one.
   */
  customerUsername: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: timestampSchema.nullable(),
  unreadCount: z.number().int(),
  /** The conversation's last message is a reply that failed (the list marks it, as the thread does). */
  lastMessageFailed: z.boolean(),
  /** The conversation's contact is blocked (every reply would be refused); false without a contact. */
  contactBlocked: z.boolean(),
  /**
   * Open, snoozed, or resolved (with when and by whom; both null unless resolved): the console's inbox lists one state at
   * a time.
   */
  state: conversationStateSchema,
  resolvedAt: timestampSchema.nullable(),
  resolvedBy: conversationResolverSchema.nullable(),
  /** When a snoozed conversation opens again by itself (on the virtual clock); null unless snoozed. */
  snoozedUntil: timestampSchema.nullable(),
  /**
   * Only in a search's answer: the message the search matched when message text alone found the conversation; null
   * when its contact (name, handle, email, phone) or address matched, even if a message holds the term too.
   */
  searchMatch: searchMatchSchema.nullable().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** A message id as the platform makes them: `msg_` and base62 (a thread's `before` cursor is one). */
export const messageIdSchema = z.string().max(100).regex(/^msg_[0-9A-Za-z]+$/, 'must be a message id (msg_…)');

/**
 * `GET /dashboard/conversations/{id}/messages`: a page of the thread, oldest first (the newest messages, or those just
 * before `before`); `meta.hasOlder` says whether messages older than the page's first exist.
 */
export const threadPageSchema = z.object({ data: z.array(messageSchema), meta: z.object({ hasOlder: z.boolean() }) });
export type ThreadPage = z.infer<typeof threadPageSchema>;

const unread = z.number().int().min(0);
/** `GET /dashboard/conversations/unread-counts`: conversations with unread messages, per channel and in all. */
export const unreadCountsSchema = z.object({ whatsapp: unread, sms: unread, rcs: unread, email: unread, instagram: unread, total: unread });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** `POST /sim/inbound`: a customer writes in, as a provider would deliver it. */
/** The channels customers write in on (the simulated world's `POST /sim/inbound`); RCS and email only send. */
export const INBOUND_CHANNELS = ['whatsapp', 'sms', 'instagram'] as const satisfies readonly Channel[];

export const simInboundBodySchema = z.object({
  organizationId: z.string().optional(),
  channel: z.enum(INBOUND_CHANNELS),
  from: z.string().trim().min(1).max(320),
  text: z.string().min(1).max(4096),
  /**
   * The name the customer's profile carries (as a WhatsApp or Instagram message names its sender): a new contact gets
   * it, and so does a known one without a name; a named contact keeps theirs.
   */
  name: z.string().trim().min(1).max(100).optional(),
}).superRefine((body, ctx) => {
  const problem = body.channel === 'instagram' ? igsidProblem(body.from)
    : personPhone(body.from) ? null : 'must be a phone number in international format: the country code, then the number (7 to 15 digits)';
  if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
});

export const handsetMessageSchema = z.object({
  id: z.string(),
  channel: channelSchema,
  from: z.string(),
  text: z.string(),
  at: timestampSchema,
  messageId: z.string(),
  /** The provider's id for the message: what the send answered (`wamid_…`, `sms_…`, `eml_…`, …). */
  externalId: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type HandsetMessage = z.infer<typeof handsetMessageSchema>;

/**
 * `GET /sim/handsets/{address}/sent`: what the customer at a simulated phone or Instagram user wrote in (through
 * `POST /sim/inbound`, or a simulated reply), oldest first: the handset's own side of its threads.
 */
export const handsetSentMessageSchema = z.object({
  messageId: z.string(),
  channel: channelSchema,
  text: z.string(),
  at: timestampSchema,
});
export type HandsetSentMessage = z.infer<typeof handsetSentMessageSchema>;
