// The WhatsApp campaign builder: template, recipients, placeholder values, optional schedule; a live
// preview and the counts beside it; "Create draft" or "Create & launch". The core's refusals are shown as sent.
import { useMemo, useState } from 'react';
import type { CreateWaCampaignInput, WaTemplate } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { BuilderSummary, formSubmit, NameAndSchedule, Step, useCreateAndLaunch, useNameAndSchedule, useRecipients } from './builder-parts.tsx';
import { PlaceholderFields } from './placeholder-fields.tsx';
import { useWallet } from './queries.ts';
import { RecipientsField } from './recipients-field.tsx';
import { TemplatePicker } from './template-picker.tsx';
import { TemplatePreview } from './template-preview.tsx';
import { emptyValues, missingOf, needsOf, requestOf, type TemplateValues } from '../../components/wa-template.ts';

export function CampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [template, setTemplate] = useState<WaTemplate | null>(null);
  const [values, setValues] = useState<TemplateValues>({ body: [], header: [], mediaLink: '', buttons: {} });
  const recipients = useRecipients();
  const timing = useNameAndSchedule({ nameRequired: false });
  const flow = useCreateAndLaunch<CreateWaCampaignInput>('whatsapp', onOpen);
  const wallet = useWallet();

  const { check } = recipients;
  const needs = useMemo(() => (template ? needsOf(template) : null), [template]);
  const blockers = [
    ...(template ? [] : ['a template']),
    ...(check.valid.length ? [] : ['at least one valid number']),
    ...(needs ? missingOf(needs, values) : []),
    ...timing.blockers,
  ];
  const price = wallet.data?.prices.whatsapp;

  const pick = (next: WaTemplate) => {
    setTemplate(next);
    setValues(emptyValues(needsOf(next)));
  };

  function submit(andLaunch: boolean) {
    if (!template || !needs || blockers.length) return;
    const input: CreateWaCampaignInput = {
      templateId: template.id, phones: check.valid, ...requestOf(needs, values), ...(timing.name ? { name: timing.name } : {}), ...timing.input,
    };
    void flow.submit(input, andLaunch);
  }


  return (
    <form className="builder" onSubmit={formSubmit(submit)} onChange={flow.clear} data-testid="campaign-builder" aria-label="New WhatsApp campaign">
      <div className="builder-steps">
        <Step n={1} title="Template"><TemplatePicker value={template?.id ?? ''} onChange={pick} /></Step>
        <Step n={2} title="Recipients"><RecipientsField {...recipients.field} /></Step>
        <Step n={3} title="Personalise">
          {template && needs ? <PlaceholderFields needs={needs} values={values} onChange={setValues} /> : <p className="muted">Pick a template first.</p>}
        </Step>
        <NameAndSchedule n={4} placeholder="Diwali offer" {...timing.field} />
      </div>
      <aside className="builder-side" aria-label="Preview and summary">
        <div className="card preview-card">
          <h3>Preview</h3>
          <TemplatePreview template={template} values={values} />
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onSubmit={submit}
          launchLabel={timing.scheduled ? 'Create & schedule' : 'Create & launch'} rows={[
            ['Recipients', <span key="n" data-testid="summary-recipients">{check.valid.length.toLocaleString()}</span>],
            ['Price per message', price === undefined ? '—' : rupees(price)],
            ['Reserved at launch', price === undefined ? '—' : rupees(price * check.valid.length)],
            ['Sends', timing.sends],
          ]} />
      </aside>
    </form>
  );
}
