// An email as one recipient gets it: its merge tags filled from their values (the core's sends and campaigns, and
// the console's preview of a campaign, use this one function, so the preview shows what is sent).
import { MERGE_TAG } from './email.ts';

/**
 * Fills merge tags. A tag without a value (unknown, or empty) becomes its fallback (`{{first_name|there}}`),
 * or empty, as in most email tools. Only the values' own keys count (`{{constructor}}` is not Object's).
 * `encode` makes a value safe where it lands; the template's own text (the fallback) is left as written.
 */
export const mergeTagsIn = (text: string, values: Record<string, string>, encode: (value: string) => string = (value) => value): string =>
  text.replace(MERGE_TAG, (_m, key: string, fallback: string | undefined) => {
    const value = Object.hasOwn(values, key) ? values[key] : '';
    return value ? encode(value) : (fallback ?? '').trim();
  });

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** A value in the HTML is text, as `{{name}}` is in Handlebars: a customer's name cannot add tags or links. */
const htmlText = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] as string);
/** A value in the subject stays on its line: a line break would start a header of its own. */
const oneLine = (value: string): string => value.replace(/[\r\n\u2028\u2029]+/g, ' ');

/** Who an email goes to, as far as its merge tags care: their name, when their contact has one. */
export type MergeRecipient = { firstName?: string | null; lastName?: string | null };

/**
 * The values of one recipient's merge tags: the send's (or campaign's) `variables`, where the recipient's own name
 * wins and a `first_name` or `last_name` among them is the fallback for a recipient without one.
 */
export function recipientMergeValues(variables: Record<string, string | number | boolean>, recipient: MergeRecipient): Record<string, string> {
  const given = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, String(v)]));
  return { ...given, first_name: recipient.firstName || (given.first_name ?? ''), last_name: recipient.lastName || (given.last_name ?? '') };
}

/** A contact's name split as the core reads it for first_name and last_name: the first word, and the rest. */
export function nameParts(name: string | null | undefined): { firstName?: string; lastName?: string } {
  const [firstName, ...rest] = (name ?? '').trim().split(/\s+/);
  return { firstName: firstName || undefined, lastName: rest.join(' ') || undefined };
}

/** The subject, HTML and text one recipient gets, with `values` (see `recipientMergeValues`) in place of the tags. */
export function mergedEmail(parts: { subject: string; html: string; text: string | null }, values: Record<string, string>) {
  return {
    subject: mergeTagsIn(parts.subject, values, oneLine),
    html: mergeTagsIn(parts.html, values, htmlText),
    text: parts.text ? mergeTagsIn(parts.text, values) : null,
  };
}
