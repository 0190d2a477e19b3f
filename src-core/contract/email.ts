// Email: templates with merge tags, sending domains, the SMTP connection, contacts and sends (seed 000, "Email").
import { z } from 'zod';
import { asciiDomain, emailAddressSchema, idSchema, mergeValuesSchema, nullAsAbsent, refusedField, timestampSchema } from './common.ts';
import { sendFailureFields } from './send-failure.ts';

/**
 * A merge tag in an email's subject, HTML or text: `{{name}}` (letters, digits, `_`, `.` or `-`; spaces
 * allowed inside the braces), or `{{name|fallback}}` with the text used when the tag has no value.
 * `first_name` and `last_name` are filled from each recipient; other tags from the send's (or
 * campaign's) `variables`; a tag without a value renders its fallback, or nothing.
 */
/** The tags filled from each recipient (their contact's name); a campaign-wide value fills in for recipients without one. */
export const RECIPIENT_MERGE_TAGS = ['first_name', 'last_name'] as const;

export const MERGE_TAG = /\{\{\s*([A-Za-z0-9_.-]+)\s*(?:\|([^{}]*))?\}\}/g;

/**
 * The tags of these texts (subject, HTML, plain text) that would come out empty without a campaign-wide
 * value (for `first_name`/`last_name`, for recipients without a name: "Hi , …"): used at least once
 * without a `|fallback` (an explicit one, even `{{tag|}}`, is the author's choice). In order of first use.
 */
export function tagsNeedingValue(...texts: Array<string | null | undefined>): string[] {
  const tags = new Set<string>();
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(MERGE_TAG)) if (match[2] === undefined) tags.add(match[1] as string);
  }
  return [...tags];
}

/**
 * The first `{{` that does not open a well-formed merge tag (an unclosed `{{first_name}`, or a block such
 * as `{{#each}}` that this merge does not support), with a little context; null when all do. A stray `}}`
 * is fine: minified CSS in email HTML is full of them.
 */
export function malformedMergeTag(text: string): string | null {
  const rest = text.replace(MERGE_TAG, (tag) => ' '.repeat(tag.length));
  const at = rest.indexOf('{{');
  return at < 0 ? null : text.slice(at, at + 24).split('\n')[0] ?? null;
}
/** Text that becomes an email header (a subject, a sender's name): one line, so it cannot add headers. */
/**
 * Whether `fromEmail` may send: it is on a verified sending domain, or it is the connected SMTP server's own
 * address (case aside). The core refuses any other (400); the console's builder blocks it first.
 */
export function senderAllowed(fromEmail: string, isVerifiedDomain: (domain: string) => boolean, smtpFrom: string | null | undefined): boolean {
  const domain = fromEmail.split('@')[1]?.toLowerCase() ?? '';
  return isVerifiedDomain(domain) || (!!smtpFrom && smtpFrom.toLowerCase() === fromEmail.toLowerCase());
}

export const headerText = (max: number) => z.string().max(max).regex(/^[^\r\n]*$/, 'must be a single line (no line breaks)');

/** A string field whose merge tags must all be well formed. */
export const withMergeTags = <T extends z.ZodType<string | null | undefined>>(schema: T) => schema.superRefine((value, ctx) => {
  const bad = typeof value === 'string' ? malformedMergeTag(value) : null;
  if (bad) ctx.addIssue({ code: 'custom', message: `malformed merge tag at "${bad}": merge tags are {{name}} or {{name|fallback}} (a name of letters, digits, _, . or -)` });
});

export const emailTemplateItemSchema = z.object({ id: z.string(), name: z.string(), subject: z.string(), createdAt: timestampSchema, updatedAt: timestampSchema });
export const emailTemplateSchema = emailTemplateItemSchema.extend({ html: z.string().nullable(), text: z.string().nullable() });
export type EmailTemplateItem = z.infer<typeof emailTemplateItemSchema>;
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const saveEmailTemplateBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  subject: withMergeTags(headerText(998).trim().min(1)),
  html: withMergeTags(z.string().max(512 * 1024).nullable().optional()),
  text: withMergeTags(z.string().max(512 * 1024).nullable().optional()),
});
export type SaveEmailTemplateInput = z.infer<typeof saveEmailTemplateBodySchema>;

/** The fields an email send takes wherever it is made (`/email/send` and the unified send's `email`). */
export const emailSendFields = {
  subject: withMergeTags(headerText(998).min(1)),
  fromName: headerText(200).trim().min(1),
  recipientName: z.string().max(100),
};

export const sendEmailBodySchema = z.object({
  templateId: idSchema(),
  recipient: z.object({ to: emailAddressSchema(), firstName: nullAsAbsent(emailSendFields.recipientName), lastName: nullAsAbsent(emailSendFields.recipientName) }),
  variables: nullAsAbsent(mergeValuesSchema()),
  subject: nullAsAbsent(emailSendFields.subject),
  fromName: emailSendFields.fromName,
  fromEmail: emailAddressSchema(),
  replyTo: nullAsAbsent(emailAddressSchema()),
  html: refusedField(nullAsAbsent(z.undefined({ error: 'Raw HTML is not accepted: create a template (POST /email/templates) and send its templateId' }))),
});
export type SendEmailInput = z.infer<typeof sendEmailBodySchema>;

/** An email as the core sends it: its message `content`, and what the simulated mailbox received (the handset's `payload`, with `links`). */
export const sentEmailSchema = z.looseObject({
  subject: z.string(), html: z.string(), text: z.string().nullable().optional(), fromName: z.string().nullable().optional(), fromEmail: z.string(),
  replyTo: z.string().nullable().optional(), links: z.array(z.string()).optional(),
});
export type SentEmail = z.infer<typeof sentEmailSchema>;

/**
 * The seed's email send result; why an email its mail server refused (`status` `failed`) failed, as the message has it:
 * `errorCode` and `error` as every dedicated send answers them (null when it did not fail), and `errorMessage`, the same
 * words as `error`, only then (answered so before `error` was): email has no log route, and no event for an email never accepted.
 */
export const emailSendResultSchema = z.object({
  messageId: z.string(), status: z.string(), to: z.string(), templateId: z.string(), templateName: z.string(),
  ...sendFailureFields, errorMessage: z.string().optional(),
});
export type EmailSendResult = z.infer<typeof emailSendResultSchema>;

export const emailContactSchema = z.object({
  id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), subscribed: z.boolean(), createdAt: timestampSchema,
});
export type EmailContact = z.infer<typeof emailContactSchema>;
/** An email contact's name: trimmed; empty or blank is no name (stored as null, like an absent one). */
const contactName = nullAsAbsent(z.string().trim().max(100).transform((name) => name || undefined));
export const createEmailContactBodySchema = z.object({ email: emailAddressSchema(), firstName: contactName, lastName: contactName });

/** An address on the organization's suppression list (console only): every email to it is refused (400). */
export const emailSuppressionSchema = z.object({ email: z.string(), reason: z.enum(['bounced', 'complained']), suppressedAt: timestampSchema });
export type EmailSuppressionEntry = z.infer<typeof emailSuppressionSchema>;

export const sendingDomainSchema = z.object({ id: z.string(), domain: z.string(), status: z.enum(['PENDING', 'VERIFIED']), createdAt: timestampSchema, verifiedAt: timestampSchema.nullable() });
export type SendingDomain = z.infer<typeof sendingDomainSchema>;
/** A sending domain, an internationalized one (`bücher.de`) taken in A-labels (`xn--bcher-kva.de`), the form its addresses are stored in. */
export const addDomainBodySchema = z.object({
  domain: z.string().trim().toLowerCase().transform(asciiDomain)
    .pipe(z.string().regex(/^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/, 'domain must be a domain name, e.g. example.com')),
});

const SMTP_HOST = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
export const smtpConnectionBodySchema = z.object({
  host: z.string().trim().refine((h) => SMTP_HOST.test(h) || z.ipv6().safeParse(h).success, 'host must be a host name or an IP address, e.g. smtp.example.com'), port: z.number().int().min(1).max(65535), secure: z.boolean().default(false),
  user: z.string().max(320).optional(), password: z.string().max(1000).optional(), fromEmail: emailAddressSchema(),
});
export type SmtpConnectionInput = z.infer<typeof smtpConnectionBodySchema>;

