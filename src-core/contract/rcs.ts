// RCS: bots, templates, sends with SMS fallback, logs and stats (seed 000, "RCS"; most shapes decided).
import { z } from 'zod';
import { httpLinkSchema, ID_MAX, idSchema, nullAsAbsent, personPhoneSchema, templateValuesSchema, timestampSchema } from './common.ts';
import { sendFailureFields } from './send-failure.ts';
import { sendSmsBodySchema, smsRouteSchema } from './sms.ts';

export const rcsBotSchema = z.object({ id: z.string(), name: z.string(), status: z.enum(['ACTIVE', 'INACTIVE']), createdAt: timestampSchema });
export type RcsBot = z.infer<typeof rcsBotSchema>;

export const rcsSuggestionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reply'), text: z.string().min(1).max(25) }),
  z.object({ type: z.literal('url'), text: z.string().min(1).max(25), url: z.url() }),
  z.object({ type: z.literal('dial'), text: z.string().min(1).max(25), phone: z.string().regex(/^\+?\d{6,15}$/) }),
]);
/**
 * A link a template hands to phones (a card's image, a suggestion's destination): `httpLinkSchema` (http or https, at
 * most 2,000 characters), as WhatsApp's URL buttons. Checked where a template is made; answers keep the looser `z.url()`
 * above, so a template an earlier build stored with another scheme still lists.
 */
const cardLink = httpLinkSchema;
const rcsSuggestionInputSchema = z.discriminatedUnion('type', [
  rcsSuggestionSchema.options[0], rcsSuggestionSchema.options[1].extend({ url: cardLink }), rcsSuggestionSchema.options[2],
]);

/** An RCS message's `content` as the core writes it at send: the card's title and text filled in, its image and suggestions. */
export const rcsMessageContentSchema = z.looseObject({
  title: z.string().nullable(), text: z.string(), imageUrl: z.string().nullable(), suggestions: z.array(rcsSuggestionSchema),
});
export type RcsMessageContent = z.infer<typeof rcsMessageContentSchema>;

export const createRcsTemplateBodySchema = z.object({
  botId: z.string().min(1),
  name: z.string().trim().min(1).max(100),
  type: z.enum(['text', 'rich_card']).default('text'),
  title: nullAsAbsent(z.string().max(200)),
  text: z.string().min(1).max(2500),
  imageUrl: nullAsAbsent(cardLink),
  suggestions: z.array(rcsSuggestionInputSchema).max(11).default([]),
});
export type CreateRcsTemplateInput = z.infer<typeof createRcsTemplateBodySchema>;

export const rcsTemplateSchema = z.object({
  id: z.string(), botId: z.string(), name: z.string(), type: z.enum(['text', 'rich_card']), title: z.string().nullable(), text: z.string(),
  imageUrl: z.string().nullable(), suggestions: z.array(rcsSuggestionSchema), variables: z.array(z.string()),
  status: z.enum(['APPROVED', 'PENDING', 'REJECTED']), createdAt: timestampSchema,
});
export type RcsTemplate = z.infer<typeof rcsTemplateSchema>;

/** How long the network keeps trying: `"3600s"` (the seed's form) or `3600`, 1 to 9,999,999 seconds; kept as `"<n>s"`. */
export const rcsTtlSchema = z.union([
  z.string().regex(/^0*[1-9]\d{0,6}s$/).transform((v) => `${Number(v.slice(0, -1))}s`),
  z.number().int().min(1).max(9_999_999).transform((n) => `${n}s`),
], { error: 'ttl is a number of seconds from 1 to 9999999, e.g. "3600s" or 3600' });

export const sendRcsBodySchema = z.object({
  to: personPhoneSchema(),
  templateId: idSchema(),
  rcsVariables: nullAsAbsent(templateValuesSchema()),
  smsFallback: nullAsAbsent(z.object({
    // As `/sms/send` takes them (its senderId, message and templateId), and checked as it checks them, used or not.
    sender: sendSmsBodySchema.shape.senderId, message: sendSmsBodySchema.shape.message, templateId: nullAsAbsent(z.string().max(ID_MAX)),
    route: nullAsAbsent(smsRouteSchema.default('transactional')),
  })),
  ttl: nullAsAbsent(rcsTtlSchema),
});
export type SendRcsInput = z.infer<typeof sendRcsBodySchema>;

export const rcsSendResultSchema = z.object({
  messageId: z.string(), status: z.string(), channelUsed: z.enum(['rcs', 'sms']), fallbackReason: z.string().nullable(),
  // Why the answered message (the RCS one, or the SMS fallback's) failed, as its channel's log keeps it.
  ...sendFailureFields,
});
export type RcsSendResult = z.infer<typeof rcsSendResultSchema>;

/** `GET /v1/rcs/logs`: an RCS message (the seed shows none of its fields: the SMS log's, with the template and the bot). */
export const rcsLogSchema = z.object({
  id: z.string(), externalId: z.string().nullable(), direction: z.enum(['inbound', 'outbound']), status: z.string(), templateId: z.string().nullable(),
  templateName: z.string().nullable(), text: z.string().nullable(), phone: z.string(), botName: z.string().nullable(), source: z.string(),
  sentAt: timestampSchema.nullable(), deliveredAt: timestampSchema.nullable(), readAt: timestampSchema.nullable(), failedAt: timestampSchema.nullable(),
  errorCode: z.string().nullable(), errorMessage: z.string().nullable(), createdAt: timestampSchema,
});
