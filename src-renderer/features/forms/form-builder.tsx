// The form builder: a modal (a native <dialog>, as saved replies' is) that makes a new form or changes one: its name,
// kind, description, which of name, email and phone it asks (hidden, optional, required) and its custom text fields.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import {
  FIELD_ASKS, FORM_CONTACT_FIELDS, FORM_CUSTOM_FIELDS_MAX, FORM_DESCRIPTION_MAX, FORM_KINDS, FORM_NAME_MAX, type CreateFormInput, type Form,
} from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/states.tsx';
import { useSaveForm } from './mutations.ts';

export const KIND_LABEL: Record<Form['kind'], string> = { form: 'Form', popup: 'Popup', landing_page: 'Landing page' };
const FIELD_LABEL = { name: 'Name', email: 'Email', phone: 'Phone' } as const;
const ASK_LABEL = { hidden: 'Not asked', optional: 'Optional', required: 'Required' } as const;

const NEW_FORM: CreateFormInput = { name: '', kind: 'form', description: '', fields: { name: 'optional', email: 'required', phone: 'hidden' }, customFields: [] };
/** A custom field's key from its label: `Shirt size` → `shirt_size` (lower case letters, digits and _). */
const keyOf = (label: string): string => label.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '_').replace(/^[^a-z]+|_+$/g, '').slice(0, 40);

export function FormBuilder({ form, onClose }: { form: Form | null; onClose(saved?: Form): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const save = useSaveForm();
  const [draft, setDraft] = useState<CreateFormInput>(form
    ? { name: form.name, kind: form.kind, description: form.description, fields: form.fields, customFields: form.customFields }
    : NEW_FORM);
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    dialog.current?.querySelector<HTMLElement>('[data-testid="form-name"]')?.focus();
  }, []);
  const noAddress = draft.fields.email === 'hidden' && draft.fields.phone === 'hidden';
  const customs = draft.customFields.map((field) => ({ ...field, key: field.key || keyOf(field.label) }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await save.mutateAsync({ ...draft, id: form?.id, name: draft.name.trim(), customFields: customs });
    onClose(saved);
  }
  const setCustom = (index: number, change: Partial<CreateFormInput['customFields'][number]>) =>
    setDraft({ ...draft, customFields: draft.customFields.map((field, i) => (i === index ? { ...field, ...change } : field)) });
  return createPortal(
    <dialog ref={dialog} className="dialog forms-dialog" aria-labelledby="form-builder-title" data-testid="form-builder"
      onCancel={(e) => { e.preventDefault(); onClose(); }} onClose={() => onClose()}>
      <form onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <h2 id="form-builder-title">{form ? `Edit ${form.name}` : 'New form'}</h2>
        <label className="field"><span>Name (the new contacts&apos; source)</span>
          <input className="input" value={draft.name} maxLength={FORM_NAME_MAX} required data-testid="form-name" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label className="field"><span>Kind</span>
          <select value={draft.kind} data-testid="form-kind" onChange={(e) => setDraft({ ...draft, kind: e.target.value as Form['kind'] })}>
            {FORM_KINDS.map((kind) => <option key={kind} value={kind}>{KIND_LABEL[kind]}</option>)}
          </select>
        </label>
        <label className="field"><span>Description <span className="muted">(optional, shown above the fields)</span></span>
          <textarea rows={2} value={draft.description} maxLength={FORM_DESCRIPTION_MAX} data-testid="form-description" onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        </label>
        <fieldset className="forms-asks">
          <legend>Contact fields</legend>
          {FORM_CONTACT_FIELDS.map((field) => (
            <label key={field} className="field inline-field"><span>{FIELD_LABEL[field]}</span>
              <select value={draft.fields[field]} data-testid={`form-ask-${field}`} onChange={(e) => setDraft({ ...draft, fields: { ...draft.fields, [field]: e.target.value } })}>
                {FIELD_ASKS.map((ask) => <option key={ask} value={ask}>{ASK_LABEL[ask]}</option>)}
              </select>
            </label>
          ))}
          {noAddress ? <p className="field-problem" role="alert" data-testid="form-no-address">Ask for an email or a phone: the visitor becomes a contact by one of them.</p> : null}
        </fieldset>
        <fieldset className="forms-asks">
          <legend>Custom fields <span className="muted small">(free text, up to {FORM_CUSTOM_FIELDS_MAX})</span></legend>
          {draft.customFields.map((field, index) => (
            <div key={index} className="forms-custom" data-testid="form-custom">
              <input className="input" value={field.label} placeholder="Label, e.g. City" aria-label={`Custom field ${index + 1} label`} maxLength={80}
                data-testid="form-custom-label" onChange={(e) => setCustom(index, { label: e.target.value, key: form?.customFields[index]?.key ?? '' })} />
              <label className="inline"><input type="checkbox" checked={field.required} data-testid="form-custom-required" onChange={(e) => setCustom(index, { required: e.target.checked })} /> Required</label>
              <button type="button" className="button ghost small" aria-label={`Remove custom field ${index + 1}`}
                onClick={() => setDraft({ ...draft, customFields: draft.customFields.filter((_, i) => i !== index) })}>Remove</button>
            </div>
          ))}
          {draft.customFields.length < FORM_CUSTOM_FIELDS_MAX ? (
            <button type="button" className="button small" data-testid="form-add-custom"
              onClick={() => setDraft({ ...draft, customFields: [...draft.customFields, { key: '', label: '', required: false }] })}>Add a custom field</button>
          ) : null}
        </fieldset>
        {save.isError ? <ErrorState error={save.error} /> : null}
        <div className="actions">
          <button type="button" className="button ghost" onClick={() => onClose()}>Cancel</button>
          <Button type="submit" className="button primary" data-testid="form-save"
            disabled={save.isPending || !draft.name.trim() || noAddress || customs.some((field) => !field.label.trim() || !field.key)}>
            {save.isPending ? 'Saving…' : form ? 'Save changes' : 'Create form'}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
