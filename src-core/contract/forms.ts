// Forms (console-built, beyond the seed's routes): an organization's sign-up forms, popups and landing pages, what
// each asks, the submissions visitors make on its public page, and the `form.submitted` event's data.
import { z } from 'zod';
import { listEnvelopeSchema, nothingToChange, timestampSchema } from './common.ts';

export const FORM_KINDS = ['form', 'popup', 'landing_page'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
/** How a form treats one of the contact fields: not on it, asked, or asked and required. */
export const FIELD_ASKS = ['hidden', 'optional', 'required'] as const;
export type FieldAsk = (typeof FIELD_ASKS)[number];
/** The contact fields a form may ask, which make or update the submitter's contact. */
export const FORM_CONTACT_FIELDS = ['name', 'email', 'phone'] as const;
export type FormContactField = (typeof FORM_CONTACT_FIELDS)[number];
/** A name is the contact's `source` (at most 50 characters), so it is no longer. */
export const FORM_NAME_MAX = 50;
export const FORM_DESCRIPTION_MAX = 500;
export const FORM_CUSTOM_FIELDS_MAX = 5;
/** How long a custom field's answer may be (a free text line). */
export const FORM_ANSWER_MAX = 500;
/** How many forms an organization keeps. */
export const FORMS_MAX = 50;
/** A form's submissions are listed newest first, a page at a time: this many unless `limit` says, at most the maximum. */
export const FORM_SUBMISSIONS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;
/**
 * The public page's spam trap: a field hidden from people (off-screen, out of the Tab order, hidden from screen
 * readers, labelled "leave this empty") that form-filling bots fill. A post with it filled is answered as a success and
 * nothing else happens but the form's `spamCount`. Its hyphen keeps it out of the custom keys' grammar, so no form asks it.
 */
export const FORM_TRAP_FIELD = 'website-url';
/** Submissions one client IP may make per minute across the organization's forms (public route). */
export const FORM_SUBMISSIONS_PER_MINUTE = 20;
/** The largest submission body the public route reads (urlencoded or JSON). */
export const FORM_BODY_MAX_BYTES = 16 * 1024;

const KEY = /^[a-z][a-z0-9_]{0,39}$/;
export const customFieldSchema = z.object({
  key: z.string().regex(KEY, 'must be lower case letters, digits and _, starting with a letter (at most 40)')
    .refine((key) => !(FORM_CONTACT_FIELDS as readonly string[]).includes(key), 'must not be name, email or phone (those are the contact fields)'),
  label: z.string().trim().min(1).max(80),
  required: z.boolean().default(false),
});
export type CustomField = z.infer<typeof customFieldSchema>;

export const formFieldsSchema = z.object({
  name: z.enum(FIELD_ASKS).default('optional'),
  email: z.enum(FIELD_ASKS).default('required'),
  phone: z.enum(FIELD_ASKS).default('hidden'),
}).refine((fields) => fields.email !== 'hidden' || fields.phone !== 'hidden', 'a form asks for an email or a phone (or both): its submitter becomes a contact by one of them');
export type FormFields = z.infer<typeof formFieldsSchema>;

const customFieldsSchema = z.array(customFieldSchema).max(FORM_CUSTOM_FIELDS_MAX)
  .refine((fields) => new Set(fields.map((field) => field.key)).size === fields.length, 'custom field keys must be different');

const nameField = z.string().trim().min(1).max(FORM_NAME_MAX);
const descriptionField = z.string().trim().max(FORM_DESCRIPTION_MAX);

export const createFormBodySchema = z.object({
  name: nameField,
  kind: z.enum(FORM_KINDS).default('form'),
  description: descriptionField.default(''),
  fields: formFieldsSchema.default({ name: 'optional', email: 'required', phone: 'hidden' }),
  customFields: customFieldsSchema.default([]),
});
export type CreateFormInput = z.infer<typeof createFormBodySchema>;

export const updateFormBodySchema = z.object({
  name: nameField.optional(), kind: z.enum(FORM_KINDS).optional(), description: descriptionField.optional(),
  fields: formFieldsSchema.optional(), customFields: customFieldsSchema.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), nothingToChange('give at least one of name, kind, description, fields, customFields'));
export type UpdateFormInput = z.infer<typeof updateFormBodySchema>;

export const formSchema = z.object({
  id: z.string(), name: z.string(), kind: z.enum(FORM_KINDS), description: z.string(), fields: formFieldsSchema,
  customFields: z.array(customFieldSchema), submissionsCount: z.number().int(),
  /** Posts answered as a success but dropped, their spam trap (FORM_TRAP_FIELD) filled. */
  spamCount: z.number().int(),
  /** The public page a visitor fills (`GET /forms/{id}`), on the address the console reached the server at. */
  publicUrl: z.string(),
  createdAt: timestampSchema, updatedAt: timestampSchema,
});
export type Form = z.infer<typeof formSchema>;

/** A visitor's answers, by field key (name, email, phone, custom keys); an empty answer is no answer. */
export const submissionBodySchema = z.record(z.string().max(40), z.string().max(FORM_ANSWER_MAX));
export type SubmissionInput = z.infer<typeof submissionBodySchema>;

export const formSubmissionSchema = z.object({
  id: z.string(), formId: z.string(), contactId: z.string(),
  /** The answers as stored: trimmed, empty ones left out, the email in lower case, the phone normalized. */
  fields: z.record(z.string(), z.string()),
  submittedAt: timestampSchema,
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
/** `GET /dashboard/forms/{id}/submissions?page=&limit=`: newest first, in the list envelope. */
export const formSubmissionListSchema = listEnvelopeSchema(formSubmissionSchema);
export type FormSubmissionList = z.infer<typeof formSubmissionListSchema>;

/** The data of `form.submitted`. */
export type FormSubmittedData = {
  formId: string; formName: string; kind: FormKind; submissionId: string; contactId: string; fields: Record<string, string>; submittedAt: string;
};
