// A trigger's or step's config fields, rendered from the node catalog's descriptions: a text box for a string, a
// number box for a number, a select for an enumeration, and a text area for a list (one item a line, or JSON) or an
// object (JSON), and for a field naming a form or a lifecycle stage by its id, a select of the organization's forms or
// stages by name. Each field is labelled with its name (optional ones say so) and described by the catalog's words.
import { useId } from 'react';
import type { CatalogEntry, CatalogField } from '../../../src-core/contract/index.ts';
import { channelLabel } from '../../components/format.ts';
import { useLifecycleStages } from '../contacts/queries.ts';
import { useForms } from '../forms/queries.ts';
import { contactSourceWords, fieldLabel, type FieldValues } from './draft.ts';

/** An option as read: channels by their names, a contact's source in words ("A CSV import"), the rest in words ("contact_has_tag" → "contact has tag"). */
function optionLabel(field: CatalogField, option: string): string {
  if (field.name === 'channel') return option === 'any' ? 'Any channel' : channelLabel(option);
  if (field.name === 'source') return contactSourceWords(option).replace(/^./, (first) => first.toUpperCase());
  return option.replace(/_/g, ' ');
}

function hintOf(field: CatalogField): string {
  // A reference is picked by name: "(its id)" is the API's word, not the picker's.
  if (field.references) return field.description.replace(' (its id)', '');
  if (field.type === 'array') return `${field.description}: one a line, or JSON`;
  if (field.type === 'object') return `${field.description}, as JSON`;
  return field.description;
}

/** The records a reference field picks from, by id and name: the organization's forms or lifecycle stages. */
export function useReferenced(): Record<NonNullable<CatalogField['references']>, Array<{ id: string; name: string }> | undefined> {
  return { form: useForms().data?.data, lifecycle_stage: useLifecycleStages().data };
}

/** A select of the forms or stages by name; an id no longer among them (deleted since) stays, marked, as it was saved. */
function ReferenceSelect({ field, value, onChange, common }: {
  field: CatalogField; value: string; onChange(value: string): void; common: Record<string, string>;
}) {
  const records = useReferenced()[field.references as NonNullable<CatalogField['references']>];
  const any = field.references === 'form' ? 'Any form' : 'Any stage';
  return (
    <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
      {field.required ? null : <option value="">{any}</option>}
      {value && records && !records.some((record) => record.id === value) ? <option value={value}>{value} (not found)</option> : null}
      {(records ?? []).map((record) => <option key={record.id} value={record.id}>{record.name}</option>)}
    </select>
  );
}

function FieldInput({ field, value, onChange }: { field: CatalogField; value: string; onChange(value: string): void }) {
  const id = useId();
  // A reference field is a list of names: "Form", not "Form id".
  const name = field.references === 'form' ? 'Form' : field.references === 'lifecycle_stage' ? 'Lifecycle stage' : fieldLabel(field.name);
  const label = `${name}${field.required ? '' : ' (optional)'}`;
  const common = { id, value, 'aria-describedby': `${id}-hint`, 'data-testid': `field-${field.name}` };
  let input;
  if (field.references) {
    input = <ReferenceSelect field={field} value={value} onChange={onChange} common={common} />;
  } else if (field.type === 'enum') {
    input = (
      <select {...common} onChange={(e) => onChange(e.target.value)}>
        {field.required ? null : <option value="">—</option>}
        {(field.options ?? []).map((option) => <option key={option} value={option}>{optionLabel(field, option)}</option>)}
      </select>
    );
  } else if (field.type === 'array' || field.type === 'object') {
    input = <textarea {...common} rows={3} spellCheck={false} onChange={(e) => onChange(e.target.value)} />;
  } else {
    input = <input {...common} type={field.type === 'number' ? 'number' : 'text'} min={field.type === 'number' ? 0 : undefined} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className={`field ${field.type === 'array' || field.type === 'object' ? 'wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {input}
      <span id={`${id}-hint`} className="small muted">{hintOf(field)}</span>
    </div>
  );
}

export function ConfigFields({ entry, values, onChange }: { entry: CatalogEntry | undefined; values: FieldValues; onChange(values: FieldValues): void }) {
  if (!entry) return <p className="small muted">This type is not in the node catalog: its config is kept as it is, and the step does nothing at run time.</p>;
  if (entry.config.length === 0) return null;
  return (
    <div className="automation-fields">
      {entry.config.map((field) => (
        <FieldInput key={field.name} field={field} value={values[field.name] ?? ''} onChange={(value) => onChange({ ...values, [field.name]: value })} />
      ))}
    </div>
  );
}
