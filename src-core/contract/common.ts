// Shapes shared by every domain: list envelope, pagination meta, timestamps, ids.
import { z } from 'zod';
import { dateTimeProblem } from './zod-messages.ts';

export const timestampSchema = z.string().describe('ISO 8601 UTC with milliseconds');

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

export type ListEnvelope<T> = { data: T[]; meta: PageMeta };

/** Id prefixes used by the contract and by Switchboard's own records. */
export const ID_PREFIX = {
  organization: 'org',
  apiKey: 'key',
  contact: 'cnt',
  note: 'note',
  event: 'evt',
  job: 'job',
  request: 'req',
} as const;
export type IdKind = keyof typeof ID_PREFIX;

/** Whether `YYYY-MM-DD` names a real day: Date.parse rolls 2026-02-30 over to March 2 instead of refusing it. */
export function isCalendarDay(day: string): boolean {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
}

/**
 * A query's range check: `to` must not come before `from` (ISO dates or UTC date-times, which sort as
 * text). For `.superRefine` on the query object.
 */
export const orderedRange = (from: string, to: string) => (query: Record<string, unknown>, ctx: z.RefinementCtx): void => {
  const [start, end] = [query[from], query[to]];
  if (typeof start === 'string' && typeof end === 'string' && end < start) ctx.addIssue({ code: 'custom', path: [to], message: `must not be before ${from}` });
};

/**
 * An optional field of a create or send body: `null` is taken as absent (a field with a default gets it),
 * so a resource read back (GET) can be sent again (POST), and clients whose serializers write unset fields
 * as `null` are understood. Update bodies keep their own meaning of `null` (a PATCH's "clear"), so they do
 * not use this.
 */
export const nullAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema instanceof z.ZodDefault ? schema : schema.optional());

/** The longest link `httpLinkSchema` takes, in characters. */
export const HTTP_LINK_MAX = 2000;
/**
 * A link a record shows and others open (an Instagram profile's website and picture, a contact's `profilePic`, an RCS
 * card's image and suggestion, a WhatsApp URL button): http or https only, at most HTTP_LINK_MAX characters;
 * `javascript:alert(1)`, `data:…` or `ftp://…` is no link a page can show or follow. One rule and one wording everywhere:
 * `must be an http or https URL`, or `must be at most 2000 characters` (its own words: the URL's `error` would otherwise
 * word a link too long as one of another scheme).
 */
export const httpLinkSchema = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(HTTP_LINK_MAX, { error: `must be at most ${HTTP_LINK_MAX} characters` });

/**
 * A field a body names only to refuse it with a message saying what to do instead (an email send's `html`, an
 * automation PATCH's `active`): kept out of what describes the body to others (the OpenAPI document, `/docs`, the
 * assistant's tools, an unknown field's "the body takes …"), where it read as a field the route takes.
 */
export const refusedField = <T extends z.ZodType>(schema: T): T => schema.meta({ refusedField: true });
export const isRefusedField = (schema: z.ZodType | undefined): boolean => schema !== undefined && z.globalRegistry.get(schema)?.refusedField === true;

/**
 * The refusal of an update (PATCH) body that names nothing to change (`give at least one of …`), for `.refine` or, with
 * `code: 'custom'`, `ctx.addIssue`. Marked (`NOTHING_TO_CHANGE`) so that the kernel leaves it out when the body's fields
 * are unknown ones: those are what it meant to change, and `unknown field "nme" (…)` alone says the one fault.
 */
export const NOTHING_TO_CHANGE = 'nothingToChange';
export const nothingToChange = (message: string) => ({ message, params: { [NOTHING_TO_CHANGE]: true } });

/**
 * An ISO 8601 date-time query or body value, normalized to UTC with milliseconds. One without a time zone is told to
 * give it (`must give its time zone, such as Z or +05:30`), anything else `must be an ISO 8601 date-time`.
 */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: (issue) => dateTimeProblem(issue.input) }).transform((v) => new Date(v).toISOString());

/**
 * One end of a `start`/`end` range: an ISO 8601 date-time, or a calendar date (also ISO 8601), which stands
 * for the start of that UTC day as a `start` and its last millisecond as an `end`, so one date is one day.
 */
export const rangeBoundSchema = (edge: 'start' | 'end') => z.union([
  isoDateTimeSchema,
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDay).transform((day) => `${day}${edge === 'start' ? 'T00:00:00.000Z' : 'T23:59:59.999Z'}`),
], { error: (issue) => dateTimeProblem(issue.input, 'must be an ISO 8601 date-time or a date YYYY-MM-DD') });

/**
 * Values a refusal quotes back, kept short: the first `most` (3), each cut at `length` (40) characters, then how many
 * more. A query of 16 KiB of unknown statuses was quoted back whole (`"aaaa…"` 16,000 characters, or 8,000 one-letter
 * ones), and a body's unknown field named by a 1 MB key answered 1 MB.
 */
export function quotedFew(values: readonly string[], { most = 3, length = 40 }: { most?: number; length?: number } = {}): string {
  return fewThenMore(values, most, (value) => JSON.stringify(cutShort(value, length)));
}

/** A caller's name or value as a refusal says it back: cut at `length` characters (100 unless told), `…` after. */
export const cutShort = (text: string, length = 100): string => (text.length > length ? `${text.slice(0, length)}…` : text);

/** The first `most` items, each as `say` words it, separated by commas, then `and N more` for the rest. */
export function fewThenMore<T>(items: readonly T[], most: number, say: (item: T) => string): string {
  const said = items.slice(0, most).map(say).join(', ');
  return items.length > most ? `${said} and ${items.length - most} more` : said;
}

/**
 * A log's `status` filter: one status or several separated by commas (`status=delivered,read`), each one of
 * `values`, duplicates once. A record matches when its current status is any of them: a message read after it was
 * delivered is `read`, so deliveries are `status=delivered,read`. A repeated parameter is refused (commas list them).
 */
export const statusListQuery = (values: readonly [string, ...string[]], example: string) => {
  const allowed = `status must be one of: ${values.join(', ')}, or several of them separated by commas (status=${example})`;
  return z.string({ error: (issue) => (Array.isArray(issue.input) ? `${allowed}, not a repeated parameter` : undefined) })
    .transform((raw, ctx) => {
      const statuses = [...new Set(raw.split(',').map((item) => item.trim()))];
      const unknown = statuses.filter((status) => !values.includes(status));
      if (unknown.length) ctx.addIssue({ code: 'custom', message: `${allowed}: ${quotedFew(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not` });
      return statuses;
    })
    // Said in the OpenAPI document and the assistant's tools, whose input side of a transform is a bare string.
    .describe(`one of: ${values.join(', ')}, or several of them separated by commas (${example})`);
};

/** The `start`/`end` query of a channel's stats: optional ISO date-times or dates, the end not before the start. */
export const statsRangeQuery = z.object({ start: rangeBoundSchema('start').optional(), end: rangeBoundSchema('end').optional() }).superRefine(orderedRange('start', 'end'));

/**
 * A phone number as a send takes it, in international (E.164) form: an optional `+`, then 7 to 15 digits,
 * the country code first. No country code starts with 0, so `0044…` (a dialling prefix) is refused
 * rather than stored as a different number from `+44…`.
 */
/**
 * Values for a template's named (or numbered) variables: at most 100, names of 1 to 64 characters, text
 * values of at most 2,000 (a 50,000-key object would otherwise be taken, stored and rendered whole).
 */
const valuesOf = <V extends z.ZodType>(value: V) => z.record(z.string().min(1).max(64), value)
  .refine((values) => Object.keys(values).length <= 100, 'holds at most 100 values');
export const templateValuesSchema = () => valuesOf(z.union([z.string().max(2000), z.number()]));
/** Email's merge values, which may also be true or false. */
export const mergeValuesSchema = () => valuesOf(z.union([z.string().max(2000), z.number(), z.boolean()]));

/**
 * Money as people read it, from integer paise: `12345` → `"₹123.45"`, `150050` → `"₹1,500.50"` (Indian
 * grouping); negative amounts keep their sign. The core's messages and the console write money alike.
 */
export function formatPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}₹${Math.floor(abs / 100).toLocaleString('en-IN')}.${String(abs % 100).padStart(2, '0')}`;
}

/** `part` as a percentage of `whole`, two decimals, 0 when there is no whole (the rates of analytics and stats). */
export const percentOf = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 10_000) / 100 : 0);

/** Characters as a reader counts them (code points, as zod's string lengths): an emoji is one, not two. */
export const charCount = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/**
 * The longest id a body or a query names (ours are under 30 characters; a DLT template id is 19 digits): a longer one
 * is refused by its length, never echoed back whole in a 404's or a 400's message.
 */
export const ID_MAX = 100;
/** An id a body names: text of 1 to `ID_MAX` characters. */
export const idSchema = () => z.string().min(1).max(ID_MAX);

/** The longest address mail servers deliver to (RFC 5321: a path of 256 octets with its angle brackets), and its local part. */
export const EMAIL_MAX = 254;
const LOCAL_PART_MAX = 64;
/** zod's form of an address (ASCII), its last label also an internationalized one's A-label (`xn--zckzah`: テスト). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;
/** A domain label in any script (`bücher`, `テスト`): letters, marks, digits and hyphens, starting with a letter or digit. */
const ANY_LABEL = '[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}-]*';
const ANY_DOMAIN = new RegExp(`^(?:${ANY_LABEL}\\.)+${ANY_LABEL}$`, 'u');
/** The form an address is sent in: zod's local part (ASCII: SMTPUTF8 mailboxes are not taken), a domain in any script. */
const SENT_EMAIL_PATTERN = new RegExp(`^(?:[A-Za-z0-9_'+-]+\\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:${ANY_LABEL}\\.)+${ANY_LABEL}$`, 'u');

/**
 * An address whose domain is internationalized (`user@bücher.de`) with the domain as DNS and mail servers take it, in
 * A-labels (`user@xn--bcher-kva.de`), mapped by UTS #46 as browsers and node:url's domainToASCII map it: through the
 * URL parser every runtime has, so the contract imports nothing of node. Any other address is answered as given (so is
 * one whose domain UTS #46 refuses: it then fails the ASCII form, as any address that is not one).
 */
export function asciiEmailDomain(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? address : `${address.slice(0, at)}@${asciiDomain(address.slice(at + 1))}`;
}

/** A domain name in A-labels (`bücher.de` → `xn--bcher-kva.de`, by UTS #46 as above); an ASCII one, or one UTS #46 refuses, as given. */
export function asciiDomain(domain: string): string {
  if (/^[ -~]*$/.test(domain) || !ANY_DOMAIN.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/** The part of a search term that may be a domain, whole or begun: letters, marks, digits, hyphens and dots. */
const SEARCHED_DOMAIN = /^[\p{L}\p{M}\p{N}.-]+$/u;

/**
 * A search term with its domain in A-labels, the form addresses are stored in (`asciiEmailDomain`), for a search to
 * find them by either: `bücher` → `xn--bcher-kva`, `kai@bücher.de` → `kai@xn--bcher-kva.de`, `@bücher.d` →
 * `@xn--bcher-kva.d`. The text after the last "@" (the whole term without one) is mapped by UTS #46 as `asciiDomain`
 * maps a domain; a single label is mapped too, as a search names one. Null when nothing would change: an ASCII domain
 * part, or one that is no domain's (spaces, "/", a label UTS #46 refuses). Only whole labels map into the stored form:
 * a label's first letters (`büch`) have an A-label of their own, no part of `xn--bcher-kva`.
 */
export function searchTermInALabels(term: string): string | null {
  const at = term.lastIndexOf('@');
  const domain = term.slice(at + 1);
  if (/^[ -~]*$/.test(domain) || !SEARCHED_DOMAIN.test(domain)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  return ascii === domain.toLowerCase() ? null : `${term.slice(0, at + 1)}${ascii}`;
}

/**
 * An email address as mail servers take it: its domain in any script, taken on in A-labels (`asciiEmailDomain`: the
 * form stored, sent and compared), at most 254 characters as given and again in A-labels (the form mail servers see),
 * at most 64 before the "@".
 */
export const emailAddressSchema = (options: { error?: string } = {}) => z.email({ ...options, pattern: SENT_EMAIL_PATTERN }).max(EMAIL_MAX)
  .transform(asciiEmailDomain)
  .pipe(z.email({ ...options, pattern: EMAIL_PATTERN }).max(EMAIL_MAX)
    .refine((address) => address.lastIndexOf('@') <= LOCAL_PART_MAX, `must have at most ${LOCAL_PART_MAX} characters before the "@"`));

/** International form: an optional `+`, then 7 to 15 digits, the country code first (no country code starts with 0). */
export const PHONE_PATTERN = /^\+?[1-9]\d{6,14}$/;
/** E.164 with its `+`: where the seed fixes that form (a voice identity's fallback phone, a business number). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
/** An integrator's id of a person (an identity's `externalId`, an app party of a call): it goes in paths, so no slash or space. */
export const EXTERNAL_ID_PATTERN = /^[^/\s]+$/;
/** A phone in PHONE_PATTERN's form exactly, no separators: where the seed fixes the form (WhatsApp's digits). */
export const phoneSchema = (message = 'must be a phone number in international format: the country code, then the number (e.g. +14155550101)') =>
  z.string().trim().regex(PHONE_PATTERN, message);

/** `14155550101`, `+1 415-555-0101` → `+14155550101`: the one form a phone is stored, compared and sent in. */
export const normalizePhone = (phone: string): string => `+${phone.replace(/\D/g, '')}`;
/** A phone as a person types it: digits, an optional leading `+`, and spaces, dashes, dots or brackets between. */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;
/**
 * A person's phone number as any route asking for one takes it (a send's recipient, OTP's identifier, an agent or app
 * call's number, a contact's phone, the simulated customers and callers): international form, the `+` optional,
 * spaces, dashes, dots and brackets ignored (PHONE_PATTERN once they are gone). Its stored form (`normalizePhone`), or
 * null when it is none.
 */
export function personPhone(raw: string): string | null {
  const compact = raw.trim();
  if (!TYPED_PHONE.test(compact)) return null;
  const digits = compact.replace(/[\s().-]/g, '');
  return PHONE_PATTERN.test(digits) ? normalizePhone(digits) : null;
}
/** A person's phone number in a request (`personPhone`): answered as `+` and its digits, or refused with `message`. */
export const personPhoneSchema = (message = 'must be a phone number in international format: the country code, then the number (e.g. +14155550101)') =>
  z.string().trim().regex(TYPED_PHONE, message).transform((raw, ctx) => {
    const phone = personPhone(raw);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** The optional `organizationId` of console and simulator routes (INTERFACES.md: the default organization otherwise). */
export const organizationField = { organizationId: z.string().optional() };
