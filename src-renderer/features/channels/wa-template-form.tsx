// Submitting a WhatsApp template: name, category and language; a header (none, text with its own placeholder, or an
// image, video or document), the body, a footer and buttons; beside them the message as a phone will show it. The
// core checks it (its 400 said under the field it is about, in the form's words); the form only counts characters
// against the contract's limits and stops adding buttons at its number.
import { useState, type FormEvent, type RefObject } from 'react';
import { WA_TEMPLATE_LIMITS, type CreateWaTemplateInput } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { fieldProps, LabelledField } from '../../components/field-refusal.tsx';
import { codeWords, languageName } from '../../components/format.ts';
import { useSave } from './queries.ts';
import { WaTemplateButtons } from './wa-template-buttons.tsx';
import { Counter } from './wa-template-counter.tsx';
import { componentsOf, draftRefusal, emptyDraft, HEADER_FORMATS, previewTemplateOf, type Draft, type HeaderFormat } from './wa-template-draft.ts';
import { WaTemplatePhone } from './wa-template-phone.tsx';

const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
const LANGUAGES = ['en', 'en_US'] as const;
const HEADER_WORDS: Record<HeaderFormat, string> = { NONE: 'None', TEXT: 'Text', IMAGE: 'Image', VIDEO: 'Video', DOCUMENT: 'Document' };

export function WaTemplateForm({ nameField }: { nameField: RefObject<HTMLInputElement | null> }) {
  const create = useSave<CreateWaTemplateInput>('/dashboard/whatsapp/templates');
  const [name, setName] = useState('');
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('UTILITY');
  const [language, setLanguage] = useState<(typeof LANGUAGES)[number]>('en');
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  // The draft as submitted: a refusal's paths (`components.3.buttons.1.url`) are read against it, not one changed since.
  const [sent, setSent] = useState<Draft>(draft);
  // Said where the person typed it: the name, the header's text, the body, the footer, a button's field; the rest under the form.
  const refusal = create.isError ? draftRefusal(create.error, sent) : null;
  const problems = refusal?.fields ?? {};
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(draft);
    create.mutate({ name, category, language, components: componentsOf(draft) }, {
      onSuccess: () => {
        setName('');
        setDraft(emptyDraft());
      },
    });
  }
  return (
    <form className="card form wa-template-form" onSubmit={submit} data-testid="wa-template-form">
      <h2 className="card-title">Submit a template</h2>
      <div className="form-row">
        <LabelledField id="wa-template-name" label="Name" problem={problems.name} className="field grow">
          <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} placeholder="order_ready" required {...fieldProps('wa-template-name', problems.name)}
            data-testid="wa-template-name" />
        </LabelledField>
        <label className="field"><span>Category</span>
          <select value={category} onChange={(e) => setCategory(e.target.value as typeof category)}>{CATEGORIES.map((c) => <option key={c} value={c}>{codeWords(c)}</option>)}</select>
        </label>
        <label className="field"><span>Language</span>
          <select value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>{LANGUAGES.map((code) => <option key={code} value={code}>{languageName(code)} · {code}</option>)}</select>
        </label>
      </div>
      <div className="form-row">
        <label className="field"><span>Header</span>
          <select value={draft.header} onChange={(e) => change({ header: e.target.value as HeaderFormat })} data-testid="wa-template-header-format">
            {HEADER_FORMATS.map((format) => <option key={format} value={format}>{HEADER_WORDS[format]}</option>)}
          </select>
        </label>
        {draft.header === 'TEXT' ? (
          <LabelledField id="wa-template-header-text" label="Header text" problem={problems.headerText} className="field grow">
            <input value={draft.headerText} onChange={(e) => change({ headerText: e.target.value })} placeholder="Order {{1}} is ready" required
              {...fieldProps('wa-template-header-text', problems.headerText)} data-testid="wa-template-header-text" />
            <Counter text={draft.headerText} max={WA_TEMPLATE_LIMITS.headerText} />
          </LabelledField>
        ) : null}
      </div>
      {draft.header === 'TEXT' ? <p className="muted small hint">The header has its own placeholder, {'{{1}}'}, numbered apart from the body’s.</p> : null}
      {draft.header !== 'NONE' && draft.header !== 'TEXT' ? (
        <p className="muted small hint" data-testid="wa-template-media-hint">Each send gives the {draft.header.toLowerCase()}’s link.</p>
      ) : null}
      <LabelledField id="wa-template-body" label="Body" problem={problems.body}>
        <textarea value={draft.body} onChange={(e) => change({ body: e.target.value })} placeholder="Hi {{1}}, your order {{2}} is ready for pickup." required
          {...fieldProps('wa-template-body', problems.body)} data-testid="wa-template-body" />
        <Counter text={draft.body} max={WA_TEMPLATE_LIMITS.body} />
      </LabelledField>
      <LabelledField id="wa-template-footer" label={<>Footer <span className="muted small">(optional)</span></>} problem={problems.footer}>
        <input value={draft.footer} onChange={(e) => change({ footer: e.target.value })} placeholder="Reply STOP to opt out"
          {...fieldProps('wa-template-footer', problems.footer)} data-testid="wa-template-footer" />
        <Counter text={draft.footer} max={WA_TEMPLATE_LIMITS.footer} />
      </LabelledField>
      <WaTemplateButtons buttons={draft.buttons} problems={problems} onChange={(buttons) => change({ buttons })} />
      <p className="muted small hint">Lowercase name with digits and underscores; placeholders {'{{1}}'}, {'{{2}}'}… in order. The simulated platform reviews it a minute later on the virtual clock: approved, or rejected when the name starts with “reject” (or an authentication template has a URL button).</p>
      <div className="field">
        <span className="field-name" id="wa-template-preview-name">Preview</span>
        <WaTemplatePhone template={previewTemplateOf(draft, name, category, language)} label="Preview of the template" testId="wa-template-preview" />
      </div>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
      <div className="actions left">
        <button type="submit" className="button primary" disabled={create.isPending || !name || !draft.body} data-testid="wa-template-submit">Submit for review</button>
      </div>
    </form>
  );
}
