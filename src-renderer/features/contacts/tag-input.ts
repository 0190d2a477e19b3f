// What the tag field holds, read with the core's rule: tags separated by commas, each trimmed with its
// inner spaces collapsed (spelling kept, one tag whatever its case), at most 50 characters each (counted as the core
// counts them: code points, an emoji is one) and 50 on a contact.
import { charCount, normalizeTag, TAG_MAX_LENGTH, TAGS_MAX, uniqueTags } from '../../../src-core/contract/index.ts';

/** `" needs  follow-up, vip,"` → `["needs follow-up", "vip"]`. */
export const parseTagInput = (text: string): string[] => uniqueTags(text.split(',').map(normalizeTag).filter(Boolean));

/** Why adding `added` to `current` would be refused, in words; null when it would not. */
export function tagProblem(current: string[], added: string[]): string | null {
  const long = added.find((tag) => charCount(tag) > TAG_MAX_LENGTH);
  if (long) return `A tag is at most ${TAG_MAX_LENGTH} characters; “${[...long].slice(0, 24).join('')}…” has ${charCount(long)}.`;
  if (uniqueTags([...current, ...added]).length > TAGS_MAX) return `A contact has at most ${TAGS_MAX} tags.`;
  return null;
}
