// The "Send WhatsApp template" step's fields for a marketer: a picker of the organization's WhatsApp templates (name,
// language, status; approved ones selectable, the others shown disabled with their status), a value per body {{n}}
// and, for an image, video or document header, its link, as the campaign builders ask it. A config these fields cannot
// hold is shown as it is, read-only, and saved unchanged.
import { useId } from 'react';
import type { WaTemplate } from '../../../src-core/contract/index.ts';
import { languageName } from '../../components/format.ts';
import { needsOf } from '../../components/wa-template.ts';
import { useWaTemplates } from '../channels/queries.ts';
import type { FieldValues } from './draft.ts';
import { pickedFields, unsupportedBy, valuesOfWaStep, waStepMissing, waStepOf, type WaStepFields } from './wa-step.ts';

const keyOf = (name: string, language: string): string => `${name}:${language}`;

function optionLabel(template: WaTemplate): string {
  const words = `${template.name} · ${languageName(template.language)}`;
  if (template.status !== 'APPROVED') return `${words} · ${template.status.toLowerCase()}`;
  const unsupported = unsupportedBy(needsOf(template));
  return unsupported ? `${words} · not for automations: ${unsupported}` : words;
}

function ReadOnly({ values }: { values: FieldValues }) {
  return (
    <div className="automation-fields" data-testid="wa-step-readonly">
      <p className="small" role="note">
        This step was saved with template values these fields cannot show ({values.templateName || 'no template'}
        {values.languageCode ? `, ${values.languageCode}` : ''}). It is kept and saved as it is; to change it, remove the step and add it again.
      </p>
      <pre className="small muted">{[values.components, values.bodyParameters].filter((v) => v?.trim()).join('\n')}</pre>
    </div>
  );
}

export function WaStepFields({ values, onChange }: { values: FieldValues; onChange(values: FieldValues): void }) {
  const id = useId();
  const templates = useWaTemplates();
  const fields = waStepOf(values);
  if (!fields) return <ReadOnly values={values} />;
  const list = templates.data?.data ?? [];
  const template = list.find((t) => t.name === fields.templateName && t.language === fields.languageCode);
  const needs = template ? needsOf(template) : null;
  const set = (next: WaStepFields, using = template) => onChange({ ...values, ...valuesOfWaStep(next, using) });
  const pick = (key: string) => {
    const picked = list.find((t) => keyOf(t.name, t.language) === key);
    if (picked) set(pickedFields(picked, fields), picked);
  };
  const current = fields.templateName ? keyOf(fields.templateName, fields.languageCode) : '';
  const missing = waStepMissing(fields, template);
  const body = template?.components.find((c) => c.type === 'BODY');
  return (
    <div className="automation-fields wa-step-fields" data-testid="wa-step-fields">
      <div className="field wide">
        <label htmlFor={`${id}-template`}>Template</label>
        <select id={`${id}-template`} value={current} onChange={(e) => pick(e.target.value)} data-testid="wa-step-template" aria-describedby={`${id}-hint`}>
          <option value="" disabled>{templates.isPending ? 'Loading templates…' : 'Choose a template'}</option>
          {current && !template && !templates.isPending ? <option value={current}>{fields.templateName} · {fields.languageCode} (not found)</option> : null}
          {list.map((t) => {
            const usable = t.status === 'APPROVED' && !unsupportedBy(needsOf(t));
            return <option key={t.id} value={keyOf(t.name, t.language)} disabled={!usable}>{optionLabel(t)}</option>;
          })}
        </select>
        <span id={`${id}-hint`} className="small muted">
          {body?.type === 'BODY' ? body.text : 'Approved templates can be sent; the others show their status. Submit templates under Channels, WhatsApp.'}
        </span>
      </div>
      {needs?.header?.kind === 'media' ? (
        <div className="field wide">
          <label htmlFor={`${id}-media`}>Header {needs.header.format.toLowerCase()} link</label>
          <input id={`${id}-media`} type="url" value={fields.mediaLink} placeholder="https://cdn.example.com/banner.png" data-testid="wa-step-media-link"
            onChange={(e) => set({ ...fields, mediaLink: e.target.value })} />
        </div>
      ) : null}
      {fields.body.map((text, i) => (
        <div key={i} className="field">
          <label htmlFor={`${id}-body-${i}`}>{`Value of {{${i + 1}}}`}</label>
          <input id={`${id}-body-${i}`} value={text} maxLength={1024} data-testid={`wa-step-body-${i + 1}`}
            onChange={(e) => set({ ...fields, body: fields.body.map((v, j) => (j === i ? e.target.value : v)) })} />
          <span className="small muted">The same text for every contact: automations do not fill contact fields.</span>
        </div>
      ))}
      {missing.length ? <p className="small muted wide" data-testid="wa-step-missing">Still needed: {missing.join(', ')}.</p> : null}
    </div>
  );
}
