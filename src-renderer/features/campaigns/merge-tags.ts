// The merge tags of an email ({{first_name}}, {{order}}): which ones a template uses, which ones the core
// fills per recipient, and the subject and variables an email campaign sends.
import { MERGE_TAG, RECIPIENT_MERGE_TAGS } from '../../../src-core/contract/index.ts';

/** What fills each tag the core fills per recipient (the contract's list), in the builder's words. */
const FILLED_FROM: Record<(typeof RECIPIENT_MERGE_TAGS)[number], string> = { first_name: "the contact's first name", last_name: "the contact's last name" };
/** Tags the core fills from each recipient's contact: a campaign-wide value only fills in for recipients without a name. */
export const PER_RECIPIENT_TAGS: ReadonlyMap<string, string> = new Map(RECIPIENT_MERGE_TAGS.map((tag) => [tag, FILLED_FROM[tag]]));

/** Every distinct tag of these texts (subject, HTML, plain text), in order of first use. */
export function mergeTagsOf(...texts: Array<string | null | undefined>): string[] {
  const tags = new Set<string>();
  for (const text of texts) for (const match of (text ?? '').matchAll(MERGE_TAG)) tags.add(match[1] as string);
  return [...tags];
}

/** The subject to send: what the user typed, trimmed, only when it is not the template's own. */
export function subjectOverride(typed: string, templateSubject: string | undefined): string | undefined {
  const subject = typed.trim();
  return subject && subject !== templateSubject ? subject : undefined;
}

/** The campaign-wide values to send (for a per-recipient tag, what recipients without a name get): the non-empty ones. */
export function variablesOf(tags: string[], values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(tags.filter((tag) => values[tag]?.trim()).map((tag) => [tag, (values[tag] as string).trim()]));
}
