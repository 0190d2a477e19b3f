// The rules of forms: at most FORMS_MAX per organization; a submission checked against what its form asks, stored,
// its submitter made or updated as a contact (the contacts service) and `form.submitted` emitted, in one transaction;
// one with the spam trap filled only counted, and answered as though it were stored.
import { contactFieldSchemas } from '../../contract/contacts.ts';
import {
  FORM_CONTACT_FIELDS, FORM_TRAP_FIELD, FORMS_MAX, type CreateFormInput, type CustomField, type Form, type FormFields, type FormKind,
  type FormSubmission, type FormSubmissionList, type FormSubmittedData, type SubmissionInput, type UpdateFormInput,
} from '../../contract/forms.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, limitReached, notFound, usedByAutomations, type TriggerUser } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { CountedFormRow, FormRow, FormsStore, SubmissionRow } from './forms.store.ts';

/** A form as the service reads it, before the public address is put on it. */
export type StoredForm = Omit<Form, 'publicUrl'> & { orgId: string };

const toForm = (row: CountedFormRow): StoredForm => ({
  id: row.id, orgId: row.org_id, name: row.name, kind: row.kind as FormKind, description: row.description,
  fields: JSON.parse(row.fields) as FormFields, customFields: JSON.parse(row.custom_fields) as CustomField[],
  submissionsCount: row.submissions_count, spamCount: row.spam_count, createdAt: row.created_at, updatedAt: row.updated_at,
});
const toSubmission = (row: SubmissionRow): FormSubmission => ({
  id: row.id, formId: row.form_id, contactId: row.contact_id, fields: JSON.parse(row.fields) as Record<string, string>, submittedAt: row.submitted_at,
});

/** A refused submission (400 `VALIDATION_FAILED`, as any), naming the field it is about, if one: the page shows it there. */
export class AnswerError extends AppError {
  constructor(readonly field: string | null, message: string) {
    super('VALIDATION_FAILED', message);
  }
}

/** A field's label in messages: the contact fields by name, a custom field by its label. */
const labelOf = (form: StoredForm, key: string): string => form.customFields.find((field) => field.key === key)?.label ?? key;

/**
 * The answers a submission keeps, checked against its form: trimmed, empty ones dropped; 400 for a key the form does
 * not ask, a required answer missing, or an email or phone the contacts' own rules refuse (normalized as they store it).
 */
export function checkAnswers(form: StoredForm, input: SubmissionInput): Record<string, string> {
  const asked = new Set<string>([...FORM_CONTACT_FIELDS.filter((field) => form.fields[field] !== 'hidden'), ...form.customFields.map((field) => field.key)]);
  const unknown = Object.keys(input).find((key) => !asked.has(key));
  if (unknown !== undefined) throw new AnswerError(null, `Invalid body: this form does not ask for "${unknown}" (it asks for ${[...asked].join(', ')})`);
  const answers: Record<string, string> = {};
  for (const key of asked) {
    const value = input[key]?.trim() ?? '';
    const required = (FORM_CONTACT_FIELDS as readonly string[]).includes(key) ? form.fields[key as keyof FormFields] === 'required'
      : form.customFields.some((field) => field.key === key && field.required);
    if (!value) {
      if (required) throw new AnswerError(key, `Invalid body: ${labelOf(form, key)} is required`);
      continue;
    }
    const schema = key === 'email' ? contactFieldSchemas.email : key === 'phone' ? contactFieldSchemas.phone : key === 'name' ? contactFieldSchemas.name : null;
    if (!schema) {
      answers[key] = value;
      continue;
    }
    const parsed = schema.safeParse(value);
    // The contacts' phone rule names its field ("phone must be…"): said once, as the email's is ("phone: must be…").
    if (!parsed.success) throw new AnswerError(key, `Invalid body: ${key}: ${(parsed.error.issues[0]?.message ?? 'is not valid').replace(new RegExp(`^${key} `), '')}`);
    answers[key] = key === 'email' ? String(parsed.data).toLowerCase() : String(parsed.data);
  }
  if (!answers.email && !answers.phone) throw new AnswerError(null, 'Invalid body: give an email or a phone');
  return answers;
}

export function createFormsService(deps: {
  store: FormsStore; db: Db; bus: Bus; clock: Clock; contacts: ContactsService;
  /** The automations (active or paused) whose trigger names the form: a form they name is not deleted. */
  triggerUsers?: (orgId: string, formId: string) => TriggerUser[];
}) {
  const { store, db, bus, clock, contacts } = deps;
  const mustGet = (orgId: string, id: string): CountedFormRow => {
    const row = store.byId(orgId, id);
    if (!row) throw notFound(`Form ${id}`);
    return row;
  };
  const rowOf = (orgId: string, id: string, input: CreateFormInput, createdAt: string): FormRow => ({
    id, org_id: orgId, name: input.name, kind: input.kind, description: input.description, fields: JSON.stringify(input.fields),
    custom_fields: JSON.stringify(input.customFields), created_at: createdAt, updated_at: clock.nowIso(),
  });

  return {
    list: (orgId: string): StoredForm[] => store.list(orgId).map(toForm),
    get: (orgId: string, id: string): StoredForm => toForm(mustGet(orgId, id)),
    /** The form behind a public link, whatever its organization; 404 when there is none. */
    publicForm(id: string): StoredForm {
      const row = store.byIdAnyOrg(id);
      if (!row) throw notFound(`Form ${id}`);
      return toForm(row);
    },
    create(orgId: string, input: CreateFormInput): StoredForm {
      return db.tx(() => {
        if (store.count(orgId) >= FORMS_MAX) throw limitReached(FORMS_MAX, 'forms');
        const id = newId('form');
        store.insert(rowOf(orgId, id, input, clock.nowIso()));
        return toForm(mustGet(orgId, id));
      });
    },
    update(orgId: string, id: string, input: UpdateFormInput): StoredForm {
      return db.tx(() => {
        const current = toForm(mustGet(orgId, id));
        const next: CreateFormInput = {
          name: input.name ?? current.name, kind: input.kind ?? current.kind, description: input.description ?? current.description,
          fields: input.fields ?? current.fields, customFields: input.customFields ?? current.customFields,
        };
        store.update(rowOf(orgId, id, next, current.createdAt));
        return toForm(mustGet(orgId, id));
      });
    },
    /** 409 while an automation triggers on the form (`usedByAutomations`); 404 for an unknown one. */
    remove(orgId: string, id: string): void {
      db.tx(() => {
        const form = mustGet(orgId, id);
        const users = deps.triggerUsers?.(orgId, id) ?? [];
        if (users.length) throw usedByAutomations(`Form ${form.name}`, users);
        store.remove(orgId, id);
      });
    },
    /** A page of the form's submissions, newest first; the total is the form's count, read in the same statement. */
    submissions(orgId: string, id: string, page: PageRequest): FormSubmissionList {
      const form = mustGet(orgId, id);
      return pageEnvelope(store.submissions(orgId, id, page.limit, page.offset).map(toSubmission), form.submissions_count, page);
    },
    /**
     * A visitor's submission on the form's public page: stored, its contact made or updated, `form.submitted` emitted.
     * With the spam trap filled, its answers are checked all the same (a bot is refused as a person would be), then only
     * the form's spam count moves: the answer is the submission it would have been, under fresh ids nothing holds.
     */
    submit(formId: string, input: SubmissionInput): FormSubmission {
      const { [FORM_TRAP_FIELD]: trap, ...given } = input;
      return db.tx(() => {
        const form = this.publicForm(formId);
        const answers = checkAnswers(form, given);
        if (trap?.trim()) {
          store.countSpam(form.id);
          return { id: newId('fsub'), formId: form.id, contactId: newId('cnt'), fields: answers, submittedAt: clock.nowIso() };
        }
        const contact = contacts.upsertByAddresses(form.orgId, { name: answers.name, email: answers.email, phone: answers.phone }, form.name);
        const row: SubmissionRow = {
          id: newId('fsub'), org_id: form.orgId, form_id: form.id, contact_id: contact.id, fields: JSON.stringify(answers), submitted_at: clock.nowIso(),
        };
        store.insertSubmission(row);
        const data: FormSubmittedData = {
          formId: form.id, formName: form.name, kind: form.kind, submissionId: row.id, contactId: contact.id, fields: answers, submittedAt: row.submitted_at,
        };
        bus.emit(form.orgId, 'form.submitted', data);
        return toSubmission(row);
      });
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
