// The WhatsApp campaign builder: template, recipients, placeholder values, optional schedule; a live
// preview and the counts beside it; "Create draft" or "Create & launch". The core's refusals are shown as sent.
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { CreateWaCampaignInput, WaTemplate } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { useCreateWaCampaign, useLaunchCampaign } from './mutations.ts';
import { PlaceholderFields } from './placeholder-fields.tsx';
import { useWallet } from './queries.ts';
import { checkRecipients, entriesOfText } from './recipients.ts';
import { RecipientsField, type CsvFile } from './recipients-field.tsx';
import { ScheduleField, type Schedule } from './schedule-field.tsx';
import { browserZone, scheduledAtOf } from './schedule.ts';
import { TemplatePicker } from './template-picker.tsx';
import { TemplatePreview } from './template-preview.tsx';
import { emptyValues, missingOf, needsOf, requestOf, type TemplateValues } from './template-values.ts';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section className="card builder-step" aria-labelledby={`step-${n}`}>
      <h2 id={`step-${n}`}><span className="step-number" aria-hidden>{n}</span>{title}</h2>
      {children}
    </section>
  );
}

export function CampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [template, setTemplate] = useState<WaTemplate | null>(null);
  const [values, setValues] = useState<TemplateValues>({ body: [], header: [], mediaLink: '', buttons: {} });
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState<Schedule>({ enabled: false, localAt: '', zone: browserZone() });
  const [savedDraft, setSavedDraft] = useState<string | null>(null);
  const create = useCreateWaCampaign();
  const launch = useLaunchCampaign('whatsapp');
  const wallet = useWallet();

  const check = useMemo(() => checkRecipients([...entriesOfText(text), ...(csv?.entries ?? [])]), [text, csv]);
  const needs = useMemo(() => (template ? needsOf(template) : null), [template]);
  const blockers = [
    ...(template ? [] : ['a template']),
    ...(check.valid.length ? [] : ['at least one valid number']),
    ...(needs ? missingOf(needs, values) : []),
    ...(schedule.enabled && !schedule.localAt ? ['the date and time of the schedule'] : []),
  ];
  const busy = create.isPending || launch.isPending;
  const price = wallet.data?.prices.whatsapp;

  const pick = (next: WaTemplate) => {
    setTemplate(next);
    setValues(emptyValues(needsOf(next)));
  };

  async function submit(andLaunch: boolean) {
    if (!template || !needs || blockers.length) return;
    const input: CreateWaCampaignInput = {
      templateId: template.id, phones: check.valid, ...requestOf(needs, values),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(schedule.enabled ? { scheduledAt: scheduledAtOf(schedule.localAt), scheduleTimezone: schedule.zone } : {}),
    };
    launch.reset();
    let created;
    try {
      created = await create.mutateAsync(input);
    } catch {
      return; // shown from create.error
    }
    if (andLaunch) {
      try {
        await launch.mutateAsync(created.id);
      } catch {
        setSavedDraft(created.id); // the draft exists; launch.error says why it did not go out
        return;
      }
    }
    onOpen(created.id);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <form className="builder" onSubmit={onSubmit} data-testid="campaign-builder" aria-label="New WhatsApp campaign">
      <div className="builder-steps">
        <Step n={1} title="Template"><TemplatePicker value={template?.id ?? ''} onChange={pick} /></Step>
        <Step n={2} title="Recipients"><RecipientsField text={text} onText={setText} csv={csv} onCsv={setCsv} check={check} /></Step>
        <Step n={3} title="Personalise">
          {template && needs ? <PlaceholderFields needs={needs} values={values} onChange={setValues} /> : <p className="muted">Pick a template first.</p>}
        </Step>
        <Step n={4} title="Name and schedule">
          <label className="field">
            <span>Campaign name <span className="muted">(optional: the template and the time otherwise)</span></span>
            <input className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} placeholder="Diwali offer" data-testid="campaign-name" />
          </label>
          <ScheduleField schedule={schedule} onChange={setSchedule} />
        </Step>
      </div>
      <aside className="builder-side">
        <div className="card preview-card">
          <h3>Preview</h3>
          <TemplatePreview template={template} values={values} />
        </div>
        <div className="card summary-card">
          <dl className="summary">
            <div><dt>Recipients</dt><dd data-testid="summary-recipients">{check.valid.length.toLocaleString()}</dd></div>
            <div><dt>Price per message</dt><dd>{price === undefined ? '—' : rupees(price)}</dd></div>
            <div><dt>Reserved at launch</dt><dd>{price === undefined ? '—' : rupees(price * check.valid.length)}</dd></div>
            <div><dt>Sends</dt><dd>{schedule.enabled ? (schedule.localAt ? `${schedule.localAt.replace('T', ' ')} ${schedule.zone}` : 'Pick a time') : 'Immediately on launch'}</dd></div>
          </dl>
          {blockers.length ? <p className="muted small blockers" data-testid="builder-blockers">Still needed: {blockers.join(', ')}.</p> : null}
          {create.isError ? <ErrorState error={create.error} /> : null}
          {launch.isError ? (
            <div data-testid="launch-error">
              <ErrorState error={launch.error} />
              {savedDraft ? <button type="button" className="link" onClick={() => onOpen(savedDraft)}>The draft was saved: open it</button> : null}
            </div>
          ) : null}
          <div className="builder-actions">
            <button type="button" className="button ghost" onClick={onClose}>Cancel</button>
            <button type="submit" className="button" disabled={busy || blockers.length > 0} data-testid="create-draft">Create draft</button>
            <button type="button" className="button primary" disabled={busy || blockers.length > 0} onClick={() => void submit(true)} data-testid="create-launch">
              {busy ? 'Working…' : schedule.enabled ? 'Create & schedule' : 'Create & launch'}
            </button>
          </div>
        </div>
      </aside>
    </form>
  );
}
