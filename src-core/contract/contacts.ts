// Contacts: the unified contact, blocking and notes (seed 000, "Contact" and "Contacts").
import { z } from 'zod';
import { timestampSchema } from './common.ts';

export const contactSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profilePic: z.string().nullable(),
  source: z.string(),
  tags: z.array(z.string()),
  isBlocked: z.boolean(),
  blockedReason: z.string().nullable(),
  blockedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
});

export const blockContactBodySchema = z
  .object({ reason: z.string().max(500, 'reason must be at most 500 characters').optional() })
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

export const createNoteBodySchema = z.object({
  content: z.string().trim().min(1, 'content must not be empty').max(5000),
});

/** Console-only: create a contact by hand (the contract creates contacts from channels). */
export const createContactBodySchema = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    username: z.string().trim().min(1).max(100).optional(),
    email: z.email().max(320).optional(),
    phone: z.string().regex(/^\+?[0-9]{6,15}$/, 'phone must be 6 to 15 digits, optionally with a leading +').optional(),
    profilePic: z.url().optional(),
    source: z.string().min(1).max(50).optional(),
    tags: z.array(z.string().min(1).max(50)).max(50).optional(),
  })
  .refine((b) => b.name || b.username || b.email || b.phone, {
    message: 'a contact needs at least one of name, username, email or phone',
  });
export type CreateContactInput = z.infer<typeof createContactBodySchema>;

/** The console's tag editor: the contact's whole tag list (trimmed, duplicates dropped, case kept). */
export const setContactTagsBodySchema = z.object({ tags: z.array(z.string().trim().min(1).max(50)).max(50) });
