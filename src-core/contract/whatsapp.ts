// WhatsApp: templates, template sends, logs, conversations and media (seed 000, "WhatsApp").
import { z } from 'zod';
import { named } from './answers.ts';
import { HTTP_LINK_MAX, httpLinkSchema, nullAsAbsent, phoneSchema, timestampSchema } from './common.ts';
import { sendFailureFields } from './send-failure.ts';

export const WA_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const WA_TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;

/**
 * The messaging platform's limits on a template's parts, in characters once trimmed (a button's URL as typed), and
 * on its buttons: the schemas below check them, and the console's template form counts against them.
 */
export const WA_TEMPLATE_LIMITS = { headerText: 60, body: 1024, footer: 60, buttonText: 25, buttonUrl: HTTP_LINK_MAX, buttons: 10 } as const;

const placeholderText = (max: number) => z.string().trim().min(1).max(max);

/** A button that has no URL takes `url` only as null (what a template answers for it), so an answer posts back. */
const noUrl = z.null().optional();
/** Where a URL button's one placeholder may stand: at the very end, after the host (the platform fills a suffix only). */
function suffixOnly(url: string): boolean {
  const found = url.match(/\{\{[^}]*\}\}/g) ?? [];
  if (found.length === 0) return true;
  if (found.length > 1 || !url.endsWith('{{1}}')) return false;
  try {
    // What comes before it must be a link on its own, its host whole: `https://shop.example.com{{1}}` would let the value move the host.
    const before = url.slice(0, -'{{1}}'.length);
    return before.length > new URL(before).origin.length;
  } catch {
    return false;
  }
}
/** A URL button's link: `httpLinkSchema` (http(s), at most WA_TEMPLATE_LIMITS.buttonUrl characters), and at most one placeholder, `{{1}}`, as its suffix. */
const buttonUrl = httpLinkSchema
  .refine(suffixOnly, 'may hold one placeholder, {{1}}, only at its end, after the host and a "/", "?" or "#": the messaging platform fills a suffix of the link');
/** A PHONE_NUMBER button's number is what any phone field takes (`phoneSchema`: international, the country code first, e.g. +14155550101). */
export const waButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: placeholderText(WA_TEMPLATE_LIMITS.buttonText), url: noUrl }),
  z.object({ type: z.literal('URL'), text: placeholderText(WA_TEMPLATE_LIMITS.buttonText), url: buttonUrl }),
  z.object({ type: z.literal('PHONE_NUMBER'), text: placeholderText(WA_TEMPLATE_LIMITS.buttonText), url: noUrl, phone_number: phoneSchema() }),
]);
export type WaButton = z.infer<typeof waButtonSchema>;

const headerComponent = z.object({ type: z.literal('HEADER'), format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']), text: placeholderText(WA_TEMPLATE_LIMITS.headerText).optional() });
/**
 * A header as a new template takes it, by the messaging platform's rules: a TEXT header has its text, with one variable
 * at most; a media header (IMAGE, VIDEO, DOCUMENT) has none, its file comes with each send. A template as answered
 * keeps `headerComponent` (one stored before these rules still answers).
 */
const newHeaderComponent = headerComponent.superRefine((header, ctx) => {
  if (header.format === 'TEXT') {
    if (header.text === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: `is required in a TEXT header (at most ${WA_TEMPLATE_LIMITS.headerText} characters)` });
    else if (placeholdersOf(header.text).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'may hold one placeholder, {{1}}, at most: the messaging platform allows one variable in a header' });
    }
  } else if (header.text !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['text'], message: `must be absent in ${header.format === 'IMAGE' ? 'an' : 'a'} ${header.format} header: a media header has no text, its file is sent with each message` });
  }
});
const bodyComponent = z.object({ type: z.literal('BODY'), text: placeholderText(WA_TEMPLATE_LIMITS.body) });
const footerComponent = z.object({ type: z.literal('FOOTER'), text: placeholderText(WA_TEMPLATE_LIMITS.footer) });
export const waComponentSchema = z.discriminatedUnion('type', [
  newHeaderComponent, bodyComponent, footerComponent, z.object({ type: z.literal('BUTTONS'), buttons: z.array(waButtonSchema).min(1).max(WA_TEMPLATE_LIMITS.buttons) }),
]);
export type WaTemplateComponent = z.infer<typeof waComponentSchema>;

/** A button as a template answers it: the seed's `{ type, text, url }`, `url` null on a button without one; `phone_number` is additive. */
export const waTemplateButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: z.string(), url: z.null() }),
  z.object({ type: z.literal('URL'), text: z.string(), url: z.string() }),
  z.object({ type: z.literal('PHONE_NUMBER'), text: z.string(), url: z.null(), phone_number: z.string() }),
]);
export type WaTemplateButton = z.infer<typeof waTemplateButtonSchema>;
const waTemplateComponentSchema = z.discriminatedUnion('type', [
  headerComponent, bodyComponent, footerComponent, z.object({ type: z.literal('BUTTONS'), buttons: z.array(waTemplateButtonSchema) }),
]);

/**
 * A template message's `content` as the core writes it at send (the parts the customer's phone shows): the body and
 * header filled in, the footer, and the buttons with a dynamic URL filled in. Loose: messages keep more (the
 * template's name, the send's components). A message from before the footer was kept has none; a button from
 * before buttons were answered in the seed's shape may lack `url`.
 */
export const waTemplateContentSchema = z.looseObject({
  body: z.string(),
  header: z.union([
    z.object({ format: z.literal('TEXT'), text: z.string() }),
    z.object({ format: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']), link: z.string() }),
  ]).nullable(),
  footer: z.string().nullable().optional(),
  buttons: z.array(z.object({ type: z.enum(['QUICK_REPLY', 'URL', 'PHONE_NUMBER']), text: z.string(), url: z.string().nullish(), phone_number: z.string().optional() })),
});
export type WaTemplateContent = z.infer<typeof waTemplateContentSchema>;

export const createWaTemplateBodySchema = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'name must be lowercase letters, digits and underscores'),
  category: z.enum(WA_CATEGORIES),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'language must be a language or language_REGION code, e.g. en or en_US'),
  components: z.array(waComponentSchema).min(1),
});
export type CreateWaTemplateInput = z.infer<typeof createWaTemplateBodySchema>;

export const waTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(WA_CATEGORIES),
  language: z.string(),
  status: z.enum(WA_TEMPLATE_STATUSES),
  components: z.array(waTemplateComponentSchema),
  rejectedReason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type WaTemplate = z.infer<typeof waTemplateSchema>;

/** Send components in the messaging platform's cloud API format. */
export const waSendComponentSchema = z.object({
  type: z.enum(['header', 'body', 'button']),
  sub_type: z.string().optional(),
  index: z.union([z.string(), z.number()]).optional(),
  parameters: z.array(z.looseObject({ type: z.string() })).default([]),
});
export type WaSendComponent = z.infer<typeof waSendComponentSchema>;

export const waPhoneSchema = phoneSchema('must be a phone number in international format: the country code, then the number, digits only (e.g. 14155550101)');

export const sendTemplateBodySchema = z.object({
  to: waPhoneSchema,
  templateName: z.string().min(1).max(512),
  languageCode: z.string().min(2).max(10),
  components: nullAsAbsent(z.array(waSendComponentSchema).max(20)),
});
export type SendTemplateInput = z.infer<typeof sendTemplateBodySchema>;

/** The seed's whatsapp send result; a message its provider failed (`status` `failed`) adds why (`errorCode`, `error`), null otherwise. */
export const waSendResultSchema = z.object({ wamid: z.string(), conversationId: z.string(), status: z.string(), ...sendFailureFields });
export type WaSendResult = z.infer<typeof waSendResultSchema>;

/** What a WhatsApp message is in both of its answers: the log's entry and the conversation by phone's message. */
const waMessageFields = {
  id: z.string(),
  wamid: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  type: z.string(),
  status: z.string(),
  content: z.record(z.string(), z.unknown()),
  templateName: z.string().nullable(),
};

export const waLogEntrySchema = z.object({
  ...waMessageFields,
  templateCategory: z.string().nullable(),
  isTemplate: z.boolean(),
  isBillable: z.boolean(),
  billingAmountPaise: z.number().int(),
  source: z.string(),
  sourceName: z.string().nullable(),
  timestamp: timestampSchema,
  conversation: z.object({ id: z.string().nullable(), customerWaId: z.string(), customerName: z.string().nullable() }),
  /** Additive: why a failed message failed (null otherwise), as the conversation by phone shows it. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type WaLogEntry = z.infer<typeof waLogEntrySchema>;

export const waMediaResultSchema = z.object({ mediaId: z.string(), url: z.string(), mimeType: z.string() });

/** `GET /v1/whatsapp/conversations/by-phone`: the conversation and its most recent messages, oldest first (seed 000). */
export const waConversationSchema = z.object({
  conversationId: z.string(),
  customerWaId: z.string(),
  customerName: z.string().nullable(),
  data: z.array(z.object({
    ...waMessageFields,
    mediaUrl: z.string().nullable(),
    mediaMimeType: z.string().nullable(),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    timestamp: timestampSchema,
    createdAt: timestampSchema,
  })),
});
/** The answers' names for the document's components. */
export const waLogEntryAnswer = named('WhatsAppLogEntry', waLogEntrySchema);
export const waTemplateAnswer = named('WhatsAppTemplate', waTemplateSchema);

/** A template's numbered placeholders (`{{1}}`, `{{2}}`...), distinct and in order. */
export function placeholdersOf(text: string | undefined): number[] {
  return [...new Set([...(text ?? '').matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

/** A media header's link as the messaging platform fetches it: an http(s) address with a host. */
export const isWebLink = (link: string): boolean => {
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    return new URL(link).hostname.length > 0;
  } catch {
    return false;
  }
};
