// Contacts: the unified contact, blocking and notes (seed 000, "Contact" and "Contacts").
import { z } from 'zod';
import { listAnswer, named, pageMetaAnswer, successAnswer } from './answers.ts';
import { charCount, emailAddressSchema, httpLinkSchema, nothingToChange, nullAsAbsent, personPhoneSchema, timestampSchema } from './common.ts';
import { channelSchema } from './messaging.ts';

export const contactSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profilePic: z.string().nullable(),
  source: z.string(),
  tags: z.array(z.string()),
  /** The contact's lifecycle stage (seed 001's `lifecycleStageId`; `GET /dashboard/lifecycle-stages`), null for none. */
  lifecycleStageId: z.string().nullable(),
  isBlocked: z.boolean(),
  blockedReason: z.string().nullable(),
  blockedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Contact = z.infer<typeof contactSchema>;
/**
 * The console's contact (`GET /dashboard/contacts/{id}`; not in `/v1`): the record plus `optedOutOn`, the channel of the
 * opt-out keyword (STOP) that set its block, as stored (migration 33), null for a block a person set, or none. The
 * console asks before an Unblock overrides an opt-out, and tells one by this, never by the reason's text.
 */
export const consoleContactSchema = contactSchema.extend({ optedOutOn: channelSchema.nullable() });
export type ConsoleContact = z.infer<typeof consoleContactSchema>;
/** A contact as events carry it (`contact.created`, `contact.updated`, `*.message.received`): the record as listed, `lifecycleStageId` included. */
export type EventContact = Contact;
export const eventContact = (contact: Contact): EventContact => contact;

/**
 * `GET /dashboard/contacts/by-email?email=`: the contact an email campaign merges a recipient's name from, found as the
 * campaign finds it (the oldest contact with that address, whatever its case), or null: not a search, so a recipient
 * among many contacts that match the address's words is still found (the email builder's preview).
 */
export const contactByEmailQuerySchema = z.object({ email: z.string().trim().min(1).max(320), organizationId: z.string().optional() });
export const contactByEmailSchema = z.object({ contact: contactSchema.nullable() });
export type ContactByEmail = z.infer<typeof contactByEmailSchema>;

/** The contacts list: `meta.fuzzy` is true when nothing matched the search as typed and the contacts shown match it corrected. */
export const contactListSchema = listAnswer(named('Contact', contactSchema), pageMetaAnswer.extend({
  fuzzy: z.literal(true).optional().describe('true when nothing matched the search as typed and the contacts shown match it corrected'),
}));
export type ContactList = z.infer<typeof contactListSchema>;

/** Block: `reason` is trimmed; empty, blank or null is no reason (stored as null, like an absent one). */
export const blockContactBodySchema = z
  .object({
    reason: z.string().trim().max(500, 'reason must be at most 500 characters').nullable().optional()
      .transform((reason) => reason || undefined),
  })
  .optional();

export const blockResultSchema = z.object({
  success: z.literal(true),
  contactId: z.string(),
  isBlocked: z.boolean(),
  reason: z.string().nullable(),
  blockedAt: timestampSchema.nullable(),
});
export type BlockResult = z.infer<typeof blockResultSchema>;

export const contactNoteSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  content: z.string(),
  createdAt: timestampSchema,
});
export type ContactNote = z.infer<typeof contactNoteSchema>;
export const contactNoteAnswer = named('ContactNote', contactNoteSchema);
export const contactNoteListSchema = listAnswer(contactNoteAnswer);
export const deletedNoteSchema = successAnswer({ id: z.string() });

export const createNoteBodySchema = z.object({
  content: z.string().trim().min(1, 'content must not be empty').max(5000),
});

export const TAG_MAX_LENGTH = 50;
export const TAGS_MAX = 50;
/** The zero-width joiner and non-joiner: part of a word between two letters (an emoji sequence, Persian, Indic scripts). */
const JOINERS = /[\u200C\u200D]/gu;
/**
 * A tag as stored: NFC (`é` one code point however it was typed), zero-width and other format characters (`\p{Cf}`)
 * dropped but for joiners inside a word (`👨‍👩‍👧`, `می‌خواهم` keep theirs), trimmed, each run of inner whitespace made one
 * space; case and spelling kept.
 */
export const normalizeTag = (tag: string): string => tag.normalize('NFC')
  .replace(/(?![\u200C\u200D])\p{Cf}/gu, '')
  .replace(/(^|\s)[\u200C\u200D]+|[\u200C\u200D]+(?=\s|$)/gu, '$1')
  .trim()
  .replace(/\s+/g, ' ');
/** One tag: 1–50 characters once normalized, and no comma (the console separates tags with commas). */
export const contactTagSchema = z.string().transform(normalizeTag).pipe(z.string()
  .min(1)
  .max(TAG_MAX_LENGTH)
  .refine((tag) => !tag.includes(','), 'must not contain a comma (commas separate tags)'));
/**
 * What tells tags apart, in SQL too (`tag_key`, registered by the contacts store): the tag as stored, NFKC (full-width `ｖｉｐ` is `vip`), lower
 * case (`VIP` and `vip` are one tag, as in a CRM), joiners dropped, `ß` as `ss` and final `ς` as `σ`, as Unicode's case folding makes them.
 * Not locale-specific: Turkish `İ`/`ı` keep their own lower case (`İstanbul` is not `istanbul`).
 */
export const tagKey = (tag: string): string => normalizeTag(tag).replace(JOINERS, '').normalize('NFKC').toLowerCase().replace(/ß/g, 'ss').replace(/ς/g, 'σ');
/** Tags without repeats as `tagKey` tells them apart, each as first written (`["VIP", "vip"]` → `["VIP"]`). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tagKey(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
/** A contact's tags: each normalized, duplicates dropped (the first kept, case aside), then at most 50. */
export const contactTagsSchema = z.array(contactTagSchema)
  .transform(uniqueTags)
  .pipe(z.array(z.string()).max(TAGS_MAX));

/** How many tags one list's `tag` filter names at most. */
export const TAG_FILTER_MAX = 20;
/**
 * The contacts list's `tag` filter: one tag, or several (the parameter repeated, `tag=vip&tag=newsletter`, or commas between
 * them, `tag=vip,newsletter`, as no tag holds a comma). A contact matches when it carries any of them, compared by `tagKey`
 * (`VIP` is `vip`): the rule of a campaign segment's `audienceCriteria.tags`, so the list shows a segment's people. Each is
 * normalized as a stored tag; a blank one, one over 50 characters, or more than 20 is refused (a tag nobody carries lists none).
 */
export const contactTagFilterQuery = z.union([z.string(), z.array(z.string())])
  .transform((given, ctx) => {
    const tags: string[] = [];
    [given].flat().forEach((value, index) => {
      const path = Array.isArray(given) ? [index] : [];
      for (const tag of value.split(',').map(normalizeTag)) {
        if (!tag) ctx.addIssue({ code: 'custom', path, message: 'must not be empty or blank: name a tag (tag=vip), or several (tag=vip&tag=newsletter)' });
        else if (charCount(tag) > TAG_MAX_LENGTH) ctx.addIssue({ code: 'custom', path, message: `must be at most ${TAG_MAX_LENGTH} characters (a tag is never longer)` });
        else tags.push(tag);
      }
    });
    const unique = uniqueTags(tags);
    // Says "repeated parameter", so it is said as is, not as a parameter to give once (parse-input.ts, givenOnce).
    const count = `names ${unique.length} tags (each repeated parameter and each between commas counts): at most ${TAG_FILTER_MAX}`;
    if (unique.length > TAG_FILTER_MAX) ctx.addIssue({ code: 'custom', message: count });
    return unique;
  })
  .describe('a tag, or several (repeated, or separated by commas): the contacts with any of them, case aside');

export const contactListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  /** Only the contacts in this lifecycle stage (an id of `GET /dashboard/lifecycle-stages`; another id lists none). */
  lifecycleStageId: z.string().trim().min(1).max(100).optional(),
  /** Only the contacts with any of these tags (`contactTagFilterQuery`). */
  tag: contactTagFilterQuery.optional(),
});

/** A contact's name, email, phone and username as the console's create takes them (and the CSV import, row by row). */
export const contactFieldSchemas = {
  name: z.string().trim().min(1).max(200),
  /** The Instagram username, or the IGSID of an Instagram user known by no username (as channels store it). */
  username: z.string().trim().min(1).max(100),
  email: emailAddressSchema(),
  phone: personPhoneSchema('phone must be a phone number in international format: the country code, then the number (e.g. +14155550101)'),
};

/** Console-only: create a contact by hand (the contract creates contacts from channels). */
export const createContactBodySchema = z
  .object({
    name: nullAsAbsent(contactFieldSchemas.name),
    username: nullAsAbsent(contactFieldSchemas.username),
    email: nullAsAbsent(contactFieldSchemas.email),
    phone: nullAsAbsent(contactFieldSchemas.phone),
    /** http(s) only (`httpLinkSchema`): a picture a page shows; `javascript:` was stored and answered back before. */
    profilePic: nullAsAbsent(httpLinkSchema),
    source: z.string().min(1).max(50).optional(),
    tags: contactTagsSchema.optional(),
  })
  .refine((b) => b.name || b.username || b.email || b.phone, {
    message: 'a contact needs at least one of name, username, email or phone',
  });
export type CreateContactInput = z.infer<typeof createContactBodySchema>;

/** The fields the console's edit changes, in the order of the record (and of `contact.updated`'s `changedFields`). */
export const CONTACT_EDIT_FIELDS = ['username', 'name', 'email', 'phone', 'profilePic'] as const;
export type ContactEditField = typeof CONTACT_EDIT_FIELDS[number];
/** An edited field: null, `""` or blank clears it (null); absent leaves it as it is; anything else as create takes it. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable().optional());
/**
 * Console-only: `PATCH /dashboard/contacts/{id}`, each field checked as create checks it. Any of them may be cleared, so
 * long as the contact keeps one of name, username, email or phone (the service says so: it knows what the contact has).
 */
export const updateContactBodySchema = z
  .object({
    username: clearable(contactFieldSchemas.username),
    name: clearable(contactFieldSchemas.name),
    email: clearable(contactFieldSchemas.email),
    phone: clearable(contactFieldSchemas.phone),
    profilePic: clearable(httpLinkSchema),
  })
  .refine((b) => Object.values(b).some((value) => value !== undefined), nothingToChange(`give at least one of ${CONTACT_EDIT_FIELDS.join(', ')}`));
export type UpdateContactInput = z.infer<typeof updateContactBodySchema>;

/** The console's tag editor: the contact's whole tag list (normalized, duplicates dropped case aside, spelling kept). */
export const setContactTagsBodySchema = z.object({ tags: contactTagsSchema });

/**
 * The block reason an opt-out keyword stores, and its reading back: what the customer sent and where. One format,
 * written by the contacts domain; read back for display only (the keyword the console's Unblock question names): whether
 * a block is an opt-out is the stored `optedOutOn` (see `ConsoleContact`), never this text, which a person may type too.
 */
export const optOutReason = (keyword: string, channelName: string): string =>
  `Opted out by sending ${keyword} on ${channelName} (writing START opts them back in)`;
export function optOutOf(reason: string | null | undefined): { keyword: string; channelName: string } | null {
  const match = /^Opted out by sending ([A-Z]+) on (\S+) \(writing START opts them back in\)$/.exec(reason ?? '');
  return match ? { keyword: match[1] as string, channelName: match[2] as string } : null;
}
