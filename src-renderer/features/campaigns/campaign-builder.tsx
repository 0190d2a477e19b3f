// The WhatsApp campaign builder: template, recipients, placeholder values, optional schedule; a live
// preview and the counts beside it; "Create draft" or "Create & launch". The core's refusals are shown as sent.
import { useMemo, useState } from 'react';
import type { CreateWaCampaignInput, WaTemplate } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { BuilderSummary, formSubmit, NameAndSchedule, scheduleInput, sendsLabel, Step, useCreateAndLaunch } from './builder-parts.tsx';
import { PlaceholderFields } from './placeholder-fields.tsx';
import { useWallet } from './queries.ts';
import { checkRecipients, entriesOfText } from './recipients.ts';
import { RecipientsField, type CsvFile } from './recipients-field.tsx';
import type { Schedule } from './schedule-field.tsx';
import { browserZone } from './schedule.ts';
import { TemplatePicker } from './template-picker.tsx';
import { TemplatePreview } from './template-preview.tsx';
import { emptyValues, missingOf, needsOf, requestOf, type TemplateValues } from '../../components/wa-template.ts';

export function CampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [template, setTemplate] = useState<WaTemplate | null>(null);
  const [values, setValues] = useState<TemplateValues>({ body: [], header: [], mediaLink: '', buttons: {} });
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState<Schedule>({ enabled: false, localAt: '', zone: browserZone() });
  const flow = useCreateAndLaunch<CreateWaCampaignInput>('whatsapp', onOpen);
  const wallet = useWallet();

  const check = useMemo(() => checkRecipients([...entriesOfText(text), ...(csv?.entries ?? [])]), [text, csv]);
  const needs = useMemo(() => (template ? needsOf(template) : null), [template]);
  const blockers = [
    ...(template ? [] : ['a template']),
    ...(check.valid.length ? [] : ['at least one valid number']),
    ...(needs ? missingOf(needs, values) : []),
    ...(schedule.enabled && !schedule.localAt ? ['the date and time of the schedule'] : []),
  ];
  const price = wallet.data?.prices.whatsapp;

  const pick = (next: WaTemplate) => {
    setTemplate(next);
    setValues(emptyValues(needsOf(next)));
  };

  function submit(andLaunch: boolean) {
    if (!template || !needs || blockers.length) return;
    const input: CreateWaCampaignInput = {
      templateId: template.id, phones: check.valid, ...requestOf(needs, values), ...(name.trim() ? { name: name.trim() } : {}), ...scheduleInput(schedule),
    };
    void flow.submit(input, andLaunch);
  }


  return (
    <form className="builder" onSubmit={formSubmit(submit)} data-testid="campaign-builder" aria-label="New WhatsApp campaign">
      <div className="builder-steps">
        <Step n={1} title="Template"><TemplatePicker value={template?.id ?? ''} onChange={pick} /></Step>
        <Step n={2} title="Recipients"><RecipientsField text={text} onText={setText} csv={csv} onCsv={setCsv} check={check} /></Step>
        <Step n={3} title="Personalise">
          {template && needs ? <PlaceholderFields needs={needs} values={values} onChange={setValues} /> : <p className="muted">Pick a template first.</p>}
        </Step>
        <NameAndSchedule n={4} name={name} onName={setName} placeholder="Diwali offer" optional schedule={schedule} onSchedule={setSchedule} />
      </div>
      <aside className="builder-side">
        <div className="card preview-card">
          <h3>Preview</h3>
          <TemplatePreview template={template} values={values} />
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onOpen={onOpen} onSubmit={submit}
          launchLabel={schedule.enabled ? 'Create & schedule' : 'Create & launch'} rows={[
            ['Recipients', <span key="n" data-testid="summary-recipients">{check.valid.length.toLocaleString()}</span>],
            ['Price per message', price === undefined ? '—' : rupees(price)],
            ['Reserved at launch', price === undefined ? '—' : rupees(price * check.valid.length)],
            ['Sends', sendsLabel(schedule)],
          ]} />
      </aside>
    </form>
  );
}
