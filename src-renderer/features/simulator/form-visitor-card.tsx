// "A visitor submits a form": pick one of the organization's forms, fill what it asks, and post it to the form's public
// route (POST /forms/{id}/submissions), exactly as its page would: the submission, the contact and form.submitted follow.
import { useState, type FormEvent } from 'react';
import type { Form } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { useSubmitForm } from '../forms/mutations.ts';
import { useForms } from '../forms/queries.ts';

const CONTACT_INPUTS = {
  name: { label: 'Name', type: 'text', placeholder: 'Sana Kapoor' },
  email: { label: 'Email', type: 'email', placeholder: 'sana@example.net' },
  phone: { label: 'Phone', type: 'tel', placeholder: '+919820011234' },
} as const;

/** The fields a form asks, in its page's order: name, email, phone, then its custom fields. */
function askedFields(form: Form): Array<{ key: string; label: string; type: string; placeholder: string; required: boolean }> {
  const contact = (['name', 'email', 'phone'] as const).filter((field) => form.fields[field] !== 'hidden')
    .map((field) => ({ key: field, ...CONTACT_INPUTS[field], required: form.fields[field] === 'required' }));
  return [...contact, ...form.customFields.map((field) => ({ key: field.key, label: field.label, type: 'text', placeholder: '', required: field.required }))];
}

export function FormVisitorCard() {
  const forms = useForms();
  const submit = useSubmitForm();
  const [formId, setFormId] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const list = forms.data?.data ?? [];
  const form = list.find((f) => f.id === formId) ?? list[0];
  async function send(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const given = Object.fromEntries(askedFields(form).map((field) => [field.key, answers[field.key]?.trim() ?? '']).filter(([, value]) => value));
    await submit.mutateAsync({ formId: form.id, answers: given });
    setAnswers({});
    const said = `Submitted ${form.name} as ${given.name ?? given.email ?? given.phone}.`;
    setSent(said);
    announce(said);
  }
  return (
    <section className="card" data-testid="sim-form-visitor">
      <h2 className="card-title">A visitor submits a form</h2>
      {forms.isPending ? <Loading /> : forms.isError ? <ErrorState error={forms.error} /> : !form ? (
        <p className="muted" data-testid="sim-form-none">No forms yet: build one on the Forms page.</p>
      ) : (
        <form className="form" onSubmit={(e) => void send(e).catch(() => undefined)}>
          <label className="field"><span>Form</span>
            <select value={form.id} data-testid="sim-form-pick" onChange={(e) => { setFormId(e.target.value); setAnswers({}); setSent(null); submit.reset(); }}>
              {list.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            </select>
          </label>
          <div className="forms-visitor-fields">
            {askedFields(form).map((field) => (
              <label key={`${form.id}-${field.key}`} className="field"><span>{field.label}{field.required ? '' : <span className="muted"> (optional)</span>}</span>
                <input type={field.type} value={answers[field.key] ?? ''} placeholder={field.placeholder} data-testid={`sim-form-field-${field.key}`}
                  onChange={(e) => { setSent(null); setAnswers({ ...answers, [field.key]: e.target.value }); }} />
              </label>
            ))}
          </div>
          {submit.isError ? <ErrorState error={submit.error} /> : null}
          {sent ? <p className="muted small" data-testid="sim-form-sent">{sent}</p> : null}
          <p className="muted small">Posted to the form&apos;s public route, as its page posts: <code>POST /forms/{form.id}/submissions</code>.</p>
          <div className="actions left"><Button type="submit" className="button primary" disabled={submit.isPending} data-testid="sim-form-submit">Submit as visitor</Button></div>
        </form>
      )}
    </section>
  );
}
