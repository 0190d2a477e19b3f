// Saved replies (console only, beyond the contract): an agent's canned answers for the inbox's free-text composers,
// their bodies and limits, and the text one conversation gets with its merge tags filled from the contact.
import { z } from 'zod';
import { nothingToChange, timestampSchema } from './common.ts';
import { MERGE_TAG } from './email.ts';
import { mergeTagsIn, nameParts } from './email-merge.ts';
import { INSTAGRAM_MESSAGE_MAX } from './instagram.ts';

export const SAVED_REPLY_NAME_MAX = 80;
/** Instagram's send limit (1000 characters), the lowest of the channels a saved reply is inserted in: it fits every one. */
export const SAVED_REPLY_TEXT_MAX = INSTAGRAM_MESSAGE_MAX;
/** How many saved replies an organization keeps: a picker's worth, not a knowledge base. */
export const SAVED_REPLIES_MAX = 200;
/** The merge tags a saved reply may hold, filled from the open conversation's contact (`{{first_name|there}}`: a fallback). */
export const SAVED_REPLY_TAGS = ['first_name', 'last_name', 'name'] as const;

const nameField = z.string().trim().min(1).max(SAVED_REPLY_NAME_MAX);
const textField = z.string().trim().min(1).max(SAVED_REPLY_TEXT_MAX);

export const createSavedReplyBodySchema = z.object({ name: nameField, text: textField });
export type CreateSavedReplyInput = z.infer<typeof createSavedReplyBodySchema>;

export const updateSavedReplyBodySchema = z.object({ name: nameField.optional(), text: textField.optional() })
  .refine((body) => body.name !== undefined || body.text !== undefined, nothingToChange('give at least one of name, text'));
export type UpdateSavedReplyInput = z.infer<typeof updateSavedReplyBodySchema>;

export const savedReplySchema = z.object({ id: z.string(), name: z.string(), text: z.string(), createdAt: timestampSchema, updatedAt: timestampSchema });
export type SavedReply = z.infer<typeof savedReplySchema>;

/**
 * A saved reply's text for one conversation: `{{first_name}}`, `{{last_name}}` and `{{name}}` from its contact's name
 * (the email templates' merge-tag code, so `{{first_name|there}}` falls back alike; one without a value or a fallback
 * comes out empty). Any other tag (`{{order}}`) stays as written: the text lands in the composer, where the agent fills it.
 */
export function fillSavedReply(text: string, contactName: string | null | undefined): string {
  const { firstName, lastName } = nameParts(contactName);
  const values: Record<string, string> = { first_name: firstName ?? '', last_name: lastName ?? '', name: (contactName ?? '').trim() };
  return text.replace(MERGE_TAG, (tag, key: string) => (Object.hasOwn(values, key) ? mergeTagsIn(tag, values) : tag));
}
