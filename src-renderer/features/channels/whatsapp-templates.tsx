// WhatsApp templates: the organization's templates with their review status (live: the simulated platform
// reviews a new one a minute later on the clock), and a form to submit one.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { CreateWaTemplateInput, WaTemplate, WaTemplateComponent } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { fieldProps, LabelledField, refusalByField } from '../../components/field-refusal.tsx';
import { codeWords, languageName } from '../../components/format.ts';
import { useSave, useWaTemplates } from './queries.ts';
import { StatusChip } from './status-chip.tsx';
import { TableCard } from './table-card.tsx';
import { DateTime } from '../../components/date-time.tsx';

const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
const LANGUAGES = ['en', 'en_US'] as const;
const bodyOf = (template: WaTemplate) => template.components.find((c): c is Extract<WaTemplateComponent, { type: 'BODY' }> => c.type === 'BODY')?.text ?? '';

function NewWaTemplate({ nameField }: { nameField: RefObject<HTMLInputElement | null> }) {
  const create = useSave<CreateWaTemplateInput>('/dashboard/whatsapp/templates');
  const [name, setName] = useState('');
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('UTILITY');
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>('en');
  const [body, setBody] = useState('');
  // A name the core refuses is said under the Name field; any other refusal under the form.
  const refusal = create.isError ? refusalByField(create.error, { name: 'Name' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name, category, language, components: [{ type: 'BODY', text: body }] }, {
      onSuccess: () => {
        setName('');
        setBody('');
      },
    });
  }
  return (
    <form className="card form" onSubmit={submit} data-testid="wa-template-form">
      <h2 className="card-title">Submit a template</h2>
      <div className="form-row">
        <LabelledField id="wa-template-name" label="Name" problem={refusal?.fields.name} className="field grow">
          <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} placeholder="order_ready" required {...fieldProps('wa-template-name', refusal?.fields.name)}
            data-testid="wa-template-name" />
        </LabelledField>
        <label className="field"><span>Category</span>
          <select value={category} onChange={(e) => setCategory(e.target.value as typeof category)}>{CATEGORIES.map((c) => <option key={c} value={c}>{codeWords(c)}</option>)}</select>
        </label>
        <label className="field"><span>Language</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>{LANGUAGES.map((code) => <option key={code} value={code}>{languageName(code)} · {code}</option>)}</select>
        </label>
      </div>
      <label className="field"><span>Body</span>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} placeholder="Hi {{1}}, your order {{2}} is ready for pickup." required data-testid="wa-template-body" />
      </label>
      <p className="muted small hint">Lowercase name with digits and underscores; placeholders {'{{1}}'}, {'{{2}}'}… in order. The simulated platform reviews it a minute later on the virtual clock: approved, or rejected when the name starts with “reject”.</p>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
      <div className="actions left"><button type="submit" className="button primary" disabled={create.isPending || !name || !body} data-testid="wa-template-submit">Submit for review</button></div>
    </form>
  );
}

export function WhatsappTemplates() {
  const templates = useWaTemplates();
  const nameField = useRef<HTMLInputElement>(null);
  const empty = {
    title: 'No WhatsApp templates yet', add: 'Submit a template.', field: nameField,
    what: 'Approved templates are what a campaign sends, and a reply once the 24-hour window has closed; each is reviewed first.',
  };
  return (
    <div className="grid-2">
      <TableCard list={templates} empty={empty} label="WhatsApp templates" testId="wa-templates" columns={['Name', 'Category', 'Status', 'Body', 'Created']} row={(t) => (
        <tr key={t.id} data-testid="wa-template-row" data-name={t.name}>
          <td><strong>{t.name}</strong> <span className="muted small template-language" title={`${t.language} in the API`}>{languageName(t.language)}</span></td>
          <td><span className="chip" data-testid="wa-template-category" data-category={t.category} title={`${t.category} in the API`}>{codeWords(t.category)}</span></td>
          <td><StatusChip status={t.status} title={t.rejectedReason ?? undefined} /></td>
          <td className="body-cell">{bodyOf(t)}</td>
          <td className="muted"><DateTime iso={t.createdAt} /></td>
        </tr>
      )} />
      <NewWaTemplate nameField={nameField} />
    </div>
  );
}
