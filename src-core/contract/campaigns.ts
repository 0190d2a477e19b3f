// Campaigns of seed 000: WhatsApp (create, launch, cancel, analytics), SMS (audiences) and RCS (create and
// dispatch in one call). Every channel runs on the same engine; these are its request and answer shapes.
import { z } from 'zod';
import type { AudienceSample } from './campaign-values.ts';
import { emailAddressSchema, idSchema, isCalendarDay, mergeValuesSchema, nullAsAbsent, templateValuesSchema, timestampSchema } from './common.ts';
import { contactTagsSchema } from './contacts.ts';
import { headerText, withMergeTags } from './email.ts';
import { rcsTtlSchema } from './rcs.ts';
import { smsRouteSchema, smsSenderIdSchema } from './sms.ts';
import { waSendComponentSchema } from './whatsapp.ts';

export const CAMPAIGN_STATUSES = ['DRAFT', 'SCHEDULED', 'RUNNING', 'COMPLETED', 'CANCELLED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_CHANNELS = ['whatsapp', 'sms', 'rcs', 'email'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export const MAX_CAMPAIGN_RECIPIENTS = 10_000;

/** An IANA time zone name, checked against the runtime's zone database. */
export const timeZoneSchema = z.string().min(1).max(64).refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone name, e.g. Asia/Kolkata');

/**
 * A date-time with an offset, or a local one ("2026-02-01T10:00:00") read in `scheduleTimezone`. Seconds
 * may have a fraction of any precision (`.123456`, as many languages print them); it is kept to the
 * millisecond, cut rather than rounded, like every timestamp the core parses.
 */
export const scheduleSchema = z.string().trim().refine((v) => /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.test(v)
  && isCalendarDay(v.slice(0, 10)) && !Number.isNaN(Date.parse(v.length <= 19 ? `${v}Z` : v)),
  'must be an ISO 8601 date-time, e.g. 2026-02-01T10:00:00+05:30 (or without an offset, read in scheduleTimezone)')
  .describe('an ISO 8601 date-time, e.g. 2026-02-01T10:00:00+05:30 (or without an offset, read in scheduleTimezone)');

const bulkPhones = (field: string, min: number) => z.array(z.string().max(32)).min(min, `${field} needs at least ${min} number`).max(MAX_CAMPAIGN_RECIPIENTS, `${field} holds at most ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en-US')} numbers`);

/**
 * A template variable's value per recipient: a contact field, with an optional fallback when the contact has none.
 * `first_name` is the first word of the contact's name (the whole of a one-word name), as email's `{{first_name}}`.
 */
export const CONTACT_FIELDS = ['name', 'first_name', 'phone', 'email', 'username'] as const;
/** Whether a template variable is named like a contact field, so each recipient's contact can fill it. */
export const isContactField = (name: string): boolean => (CONTACT_FIELDS as readonly string[]).includes(name);
export const variableMappingSchema = z.record(
  z.string().regex(/^\d{1,2}$/, 'variableMapping keys are body placeholder numbers ("1", "2", ...)'),
  z.union([z.enum(CONTACT_FIELDS), z.object({ field: z.enum(CONTACT_FIELDS), fallback: z.string().max(200).optional() })]),
);
export type VariableMapping = z.infer<typeof variableMappingSchema>;

export const createWaCampaignBodySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  templateId: idSchema(),
  phones: bulkPhones('phones', 1),
  templateComponents: z.array(waSendComponentSchema).max(20).optional(),
  variableMapping: variableMappingSchema.optional(),
  scheduledAt: nullAsAbsent(scheduleSchema),
  scheduleTimezone: nullAsAbsent(timeZoneSchema),
});
export type CreateWaCampaignInput = z.infer<typeof createWaCampaignBodySchema>;

export const SMS_AUDIENCES = ['all', 'segment', 'manual'] as const;
export type CampaignAudienceType = (typeof SMS_AUDIENCES)[number];
/**
 * Who a campaign goes to, as an SMS campaign says it (seed): every contact, a segment or a pasted list. The console's
 * WhatsApp create and the audience preview take the same fields.
 */
const audienceFields = {
  audienceType: z.string().trim().toLowerCase().transform((v) => v.replace(/[\s-]+/g, '_'))
    .pipe(z.enum(['all', 'all_contacts', 'segment', 'manual', 'manual_list', 'list'], { error: 'audienceType must be one of: all, segment, manual' }))
    .describe('one of: all (every contact with a phone), segment (audienceCriteria.tags or search), manual (audienceCriteria.phones)')
    .transform((v) => (v.startsWith('all') ? 'all' : v === 'segment' ? 'segment' : 'manual') as CampaignAudienceType).optional(),
  audienceCriteria: z.object({
    // The contacts' own tag rule (trimmed, inner whitespace collapsed, case kept), so ' vip ' finds 'vip'.
    tags: contactTagsSchema.optional(),
    search: z.string().trim().min(1).max(200).optional(),
    phones: bulkPhones('audienceCriteria.phones', 0).optional(),
  }).optional(),
};
export type AudienceInput = { audienceType?: CampaignAudienceType | undefined; audienceCriteria?: { tags?: string[] | undefined; search?: string | undefined; phones?: string[] | undefined } | undefined };

export const createSmsCampaignBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  messageBody: z.string().min(1).max(2000),
  // Its form as /sms/send checks it; whether it is registered and approved, at launch.
  senderId: nullAsAbsent(smsSenderIdSchema),
  templateId: nullAsAbsent(idSchema()),
  route: nullAsAbsent(smsRouteSchema),
  ...audienceFields,
  scheduledAt: nullAsAbsent(scheduleSchema),
  scheduleTimezone: nullAsAbsent(timeZoneSchema),
});
export type CreateSmsCampaignInput = z.infer<typeof createSmsCampaignBodySchema>;

/**
 * The console's WhatsApp create (`/dashboard/whatsapp/campaigns` and create-and-launch): the seed's body, whose
 * `phones` a pasted list needs, plus an SMS campaign's audience, so every contact or a segment can be chosen too.
 */
export const createWaConsoleCampaignBodySchema = createWaCampaignBodySchema.extend({ phones: bulkPhones('phones', 1).optional(), ...audienceFields });
export type CreateWaConsoleCampaignInput = z.infer<typeof createWaConsoleCampaignBodySchema>;

export const createRcsCampaignBodySchema = z.object({
  botId: idSchema(),
  templateId: idSchema(),
  campaignName: z.string().trim().min(1).max(200).optional(),
  /** Seed: optional. Without it, every contact with a phone (resolved at creation, which launches it). */
  numbers: bulkPhones('numbers', 1).optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country is an ISO 3166 two-letter code').default('IN'),
  removeDuplicate: z.boolean().default(true),
  ttl: nullAsAbsent(rcsTtlSchema),
  /** Without it, a `scheduledAt` schedules the campaign (it is never dropped); `false` with one is a 400. */
  scheduleCampaign: z.boolean().optional(),
  scheduledAt: nullAsAbsent(scheduleSchema),
  scheduleTimezone: nullAsAbsent(timeZoneSchema),
  fallback: z.boolean().default(false),
  fallbackMessage: nullAsAbsent(z.string().min(1).max(2000)),
  rcsVariables: templateValuesSchema().optional(),
});
export type CreateRcsCampaignInput = z.infer<typeof createRcsCampaignBodySchema>;

/** An email campaign (console; the seed only lists them): a template to a list of addresses or to the subscribers. */
export const createEmailCampaignBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  templateId: idSchema(),
  fromName: headerText(200).trim().min(1),
  fromEmail: emailAddressSchema(),
  replyTo: nullAsAbsent(emailAddressSchema()),
  subject: nullAsAbsent(withMergeTags(headerText(998).min(1))),
  variables: mergeValuesSchema().optional(),
  audience: z.enum(['list', 'subscribers']).default('list'),
  recipients: z.array(emailAddressSchema({ error: 'recipients are email addresses' })).max(MAX_CAMPAIGN_RECIPIENTS).optional(),
  scheduledAt: nullAsAbsent(scheduleSchema),
  scheduleTimezone: nullAsAbsent(timeZoneSchema),
});
export type CreateEmailCampaignInput = z.infer<typeof createEmailCampaignBodySchema>;

/**
 * The console's audience preview (`POST /dashboard/campaigns/audience-preview`, a read with a body: a pasted list may
 * hold 10,000 numbers): an audience, said as the channel's create says it, before it is launched. WhatsApp and SMS:
 * `audienceType`/`audienceCriteria`; RCS: the create's `numbers` (none: every contact), `country`, `removeDuplicate`
 * and `fallback`, and with its `templateId` and `rcsVariables` the recipients nothing fills a variable for; email: the
 * create's `audience` and `recipients`.
 */
export const audiencePreviewBodySchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.enum(['whatsapp', 'sms']), ...audienceFields, organizationId: z.string().optional() }),
  createRcsCampaignBodySchema.pick({ numbers: true, country: true, removeDuplicate: true, fallback: true, rcsVariables: true })
    .extend({ channel: z.literal('rcs'), templateId: idSchema().optional(), organizationId: z.string().optional() }),
  createEmailCampaignBodySchema.pick({ audience: true, recipients: true }).extend({ channel: z.literal('email'), organizationId: z.string().optional() }),
], { error: 'channel is one of whatsapp, sms, rcs, email' });
export type AudiencePreviewInput = z.input<typeof audiencePreviewBodySchema>;
/** An RCS recipient the launch would not send to for want of a value: the variables nothing fills for them. */
export type UnfilledRecipient = { address: string; name: string | null; variables: string[] };
/** A contact the audience holds that every send refuses (blocked by a person, or opted out by a keyword). */
export type BlockedRecipient = { address: string; contactId: string; name: string | null; reason: string | null };
/**
 * What launching the audience now would do: `recipients` are the audience, `blocked` of them fail at launch and are not
 * charged (the first 20 listed), the others are charged at launch (`reservedPaise`; those failing at once for another
 * reason refunded at once), `sendable` go out (`costPaise`); prices in paise at the organization's price for the channel.
 * `audienceType`: an RCS or email list is `manual`, every contact (RCS without numbers) or the subscribers `all`.
 */
export type AudiencePreview = {
  channel: 'whatsapp' | 'sms' | 'rcs' | 'email'; audienceType: CampaignAudienceType; recipients: number; sendable: number;
  blocked: { count: number; recipients: BlockedRecipient[] }; pricePaise: number; reservedPaise: number; costPaise: number;
  /**
   * RCS: recipients (not blocked) whose handset has no RCS. With `fallback` they get the SMS instead, paid at the RCS
   * price reserved for them (counted in `sendable` and `costPaise`); without it they fail and are refunded.
   */
  withoutRcs?: { count: number; fallback: boolean };
  /**
   * RCS with a `templateId`: recipients (not blocked, with RCS) for whom a template variable would be empty (no value in
   * `rcsVariables`, none in their contact): the launch does not send to them and refunds them, so they are not in
   * `sendable` or `costPaise`. `variables`: every variable empty for one of them; the first 5 named, with theirs.
   */
  unfilled?: { count: number; variables: string[]; recipients: UnfilledRecipient[] };
  /** Email: listed addresses on the suppression list (a bounce or a spam complaint): a credit is reserved for each, refused and refunded at once. */
  suppressed?: { count: number; recipients: Array<{ address: string; reason: string }> };
  /** Email (paid in credits; the prices are 0): credits reserved at launch (none for the blocked), spent (the rest refunded at once), and the organization's now. */
  emailCredits?: { reserved: number; spent: number; available: number };
  /**
   * WhatsApp, SMS and RCS: the first recipient the launch would send the message to (not blocked; on RCS, with RCS), and
   * their contact's fields as the messages read them, for the builders' previews; null when there is none.
   */
  sample?: AudienceSample | null;
};

export const campaignListQuerySchema = z.object({ status: z.enum(CAMPAIGN_STATUSES).optional() });

const count = () => z.number().int();
/** Counts of a campaign's recipients, kept as its messages move. */
export const campaignCountsSchema = z.object({
  totalRecipients: count(), pending: count(), sent: count(), delivered: count(), read: count(), failed: count(), cancelled: count(),
  clicked: count(), replied: count(), converted: count(),
  /** Recipients who marked the email as spam (email campaigns; 0 on other channels). */
  complained: count().describe('recipients who marked the email as spam (email campaigns; 0 on other channels)'),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export type CampaignSummary = {
  id: string; channel: CampaignChannel; name: string; status: CampaignStatus; totalRecipients: number; sentCount: number; deliveredCount: number;
  scheduledAt: string | null; scheduleTimezone: string | null; createdAt: string; launchedAt: string | null; startedAt: string | null;
  completedAt: string | null; cancelledAt: string | null; refundedRecipients: number; pricePaise: number; counts: CampaignCounts;
  config: Record<string, unknown>;
};

export const campaignAnalyticsSchema = z.object({
  campaignId: z.string(), totalRecipients: count(), sent: count(), delivered: count(), read: count(), clicked: count(), replied: count(),
  converted: count(), failed: count(), deliveryRate: z.number(), readRate: z.number(), clickRate: z.number(),
  /** Email campaigns only: recipients who marked it as spam, and their share of those delivered. */
  complained: count().optional(), complaintRate: z.number().optional(),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;
/**
 * What a row of the console's campaign lists (`GET /dashboard/{channel}/campaigns`) adds to the seed's: its failed
 * recipients and its delivery rate, defined as the analytics' (delivered of sent + failed), so list and detail agree;
 * and `blockedCount`, as `ConsoleBlocked`.
 */
export type ConsoleCampaignListFields = { failedCount: number; deliveryRate: number; blockedCount: number };
/**
 * What the console's answers (the dashboard token) add to a campaign's `counts` and analytics: `blocked`, of the failed
 * recipients those refused because their contact is blocked, which never became messages. `/v1` answers as the seed
 * does, with them in `failed` only.
 */
export type ConsoleBlocked = { blocked: number };
/** A recipient the campaign did not reach (console: GET /dashboard/{channel}/campaigns/{id}/failures), with why. */
export type CampaignFailure = {
  address: string; reason: string; messageId: string | null;
  /** The code its failure carries (see campaign-failures.ts: its label), null when none was kept. */
  code: string | null;
  /** Console only: the recipient's contact, when it has one, so the failure names a person and not only an id. */
  contact?: { id: string; name: string | null } | null;
};
export const launchResultSchema = z.object({ status: z.enum(['queued', 'scheduled']), campaignId: z.string(), scheduledAt: timestampSchema.nullable() });
export type LaunchResult = z.infer<typeof launchResultSchema>;
export const cancelResultSchema = z.object({ success: z.literal(true), campaignId: z.string(), refundedRecipients: count() });
export type CancelResult = z.infer<typeof cancelResultSchema>;

/** The `/v1` campaign answers (seed 000: the list items and create results it names; the rest additive). */
const listed = { id: z.string(), name: z.string(), status: z.enum(CAMPAIGN_STATUSES), totalRecipients: count(), sentCount: count(), deliveredCount: count(), scheduledAt: timestampSchema.nullable(), createdAt: timestampSchema };
export const waCampaignItemSchema = z.object({ ...listed, templateId: z.string(), templateName: z.string() });
export const smsCampaignItemSchema = z.object({ ...listed, route: z.enum(['transactional', 'promotional']).nullable(), senderId: z.string().nullable() });
export const rcsCampaignItemSchema = z.object({ ...listed, botId: z.string(), templateId: z.string(), fallback: z.boolean() });
export const emailCampaignItemSchema = z.object({
  ...listed, templateId: z.string(), templateName: z.string(), subject: z.string().nullable(), fromEmail: z.string(), audience: z.enum(['list', 'subscribers']),
  openedCount: count(), clickedCount: count(), complainedCount: count(),
});
export const waCampaignCreatedSchema = waCampaignItemSchema.pick({ id: true, name: true, status: true, templateId: true, totalRecipients: true, scheduledAt: true, createdAt: true })
  .extend({ duplicatesRemoved: count(), scheduleTimezone: z.string().nullable() });
export const smsCampaignCreatedSchema = smsCampaignItemSchema.omit({ sentCount: true, deliveredCount: true }).extend({ audienceType: z.enum(SMS_AUDIENCES) });
export const rcsCampaignCreatedSchema = rcsCampaignItemSchema.extend({ dispatch: z.enum(['queued', 'scheduled']), duplicatesRemoved: count() });
/**
 * A campaign's detail (seed: "not shown"): its list item, the configuration it was created with (each channel's own
 * fields, the list it was sent to among them), its schedule's zone, price, timestamps and counts.
 */
export const campaignDetailSchema = <T extends z.ZodObject>(item: T) => item.extend({
  scheduleTimezone: z.string().nullable(), launchedAt: timestampSchema.nullable(), startedAt: timestampSchema.nullable(), completedAt: timestampSchema.nullable(),
  cancelledAt: timestampSchema.nullable(), refundedRecipients: count(), pricePaise: count(), counts: campaignCountsSchema,
}).catchall(z.unknown()).describe('the list item, the campaign\'s configuration as created (each channel\'s own fields), its timestamps and counts');
