// The SMS campaign builder: an audience (all contacts, a segment by tags, or a pasted list), a sender id,
// a text checked against the approved DLT templates, a name and an optional schedule. The core checks the
// sender and the template again at launch; its refusals are shown as sent.
import { useMemo, useState } from 'react';
import type { CreateSmsCampaignInput } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { BuilderSummary, formSubmit, NameAndSchedule, scheduleInput, sendsLabel, Step, useCreateAndLaunch } from './builder-parts.tsx';
import { useSmsSenders } from './channel-queries.ts';
import { useWallet } from './queries.ts';
import { checkRecipients, entriesOfText } from './recipients.ts';
import { RecipientsField, type CsvFile } from './recipients-field.tsx';
import type { Schedule } from './schedule-field.tsx';
import { browserZone } from './schedule.ts';
import { SmsBodyField } from './sms-body-field.tsx';

type Audience = 'all' | 'segment' | 'manual';
const AUDIENCES: Array<{ value: Audience; label: string; hint: string }> = [
  { value: 'all', label: 'All contacts', hint: 'Every contact with a phone number, counted at launch' },
  { value: 'segment', label: 'A segment', hint: 'Contacts with any of the tags, counted at launch' },
  { value: 'manual', label: 'A pasted list', hint: 'Numbers you paste or upload' },
];
const tagsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((t) => t.trim()).filter(Boolean))];

export function SmsCampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [audience, setAudience] = useState<Audience>('manual');
  const [tags, setTags] = useState('');
  const [text, setText] = useState('');
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [senderId, setSenderId] = useState('');
  const [body, setBody] = useState('');
  const [name, setName] = useState('');
  const [schedule, setSchedule] = useState<Schedule>({ enabled: false, localAt: '', zone: browserZone() });
  const flow = useCreateAndLaunch<CreateSmsCampaignInput>('sms', onOpen);
  const senders = useSmsSenders();
  const wallet = useWallet();
  const approvedSenders = (senders.data?.data ?? []).filter((s) => s.status === 'APPROVED');
  const sender = senderId || approvedSenders[0]?.senderId || '';

  const check = useMemo(() => checkRecipients([...entriesOfText(text), ...(csv?.entries ?? [])]), [text, csv]);
  const segmentTags = tagsOf(tags);
  const blockers = [
    ...(audience === 'manual' && !check.valid.length ? ['at least one valid number'] : []),
    ...(audience === 'segment' && !segmentTags.length ? ['a tag for the segment'] : []),
    ...(body.trim() ? [] : ['the message']),
    ...(name.trim() ? [] : ['a campaign name']),
    ...(schedule.enabled && !schedule.localAt ? ['the date and time of the schedule'] : []),
  ];
  const price = wallet.data?.prices.sms;
  const count = audience === 'manual' ? check.valid.length : null;

  function submit(andLaunch: boolean) {
    if (blockers.length) return;
    const input: CreateSmsCampaignInput = {
      name: name.trim(), messageBody: body, audienceType: audience, ...(sender ? { senderId: sender } : {}),
      ...(audience === 'manual' ? { audienceCriteria: { phones: check.valid } } : audience === 'segment' ? { audienceCriteria: { tags: segmentTags } } : {}),
      ...scheduleInput(schedule),
    };
    void flow.submit(input, andLaunch);
  }

  return (
    <form className="builder" onSubmit={formSubmit(submit)} data-testid="sms-builder" aria-label="New SMS campaign">
      <div className="builder-steps">
        <Step n={1} title="Audience">
          <div className="audience-options" role="radiogroup" aria-label="Audience">
            {AUDIENCES.map((a) => (
              <label key={a.value} className={`template-option${audience === a.value ? ' selected' : ''}`} data-testid={`audience-${a.value}`}>
                <input type="radio" name="sms-audience" value={a.value} checked={audience === a.value} onChange={() => setAudience(a.value)} />
                <strong>{a.label}</strong><span className="muted small">{a.hint}</span>
              </label>
            ))}
          </div>
          {audience === 'segment' ? (
            <label className="field">
              <span>Tags <span className="muted">(comma separated; a contact with any of them is in)</span></span>
              <input className="input" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="vip, north" data-testid="segment-tags" />
            </label>
          ) : null}
          {audience === 'manual' ? <RecipientsField text={text} onText={setText} csv={csv} onCsv={setCsv} check={check} /> : null}
        </Step>
        <Step n={2} title="Message">
          <label className="field">
            <span>Sender id</span>
            <select className="input" value={sender} onChange={(e) => setSenderId(e.target.value)} data-testid="sms-sender" disabled={!approvedSenders.length}>
              {approvedSenders.length ? null : <option value="">{senders.isPending ? 'Loading…' : 'No approved sender id'}</option>}
              {approvedSenders.map((s) => <option key={s.id} value={s.senderId}>{s.senderId} · entity {s.entityId}</option>)}
            </select>
          </label>
          <SmsBodyField label="Message" value={body} onChange={setBody} testId="sms-body" />
        </Step>
        <NameAndSchedule n={3} name={name} onName={setName} placeholder="Shipping updates" schedule={schedule} onSchedule={setSchedule} />
      </div>
      <aside className="builder-side">
        <div className="card preview-card">
          <h3>Preview</h3>
          <div className="preview-screen sms-screen">
            {body ? <div className="preview-bubble"><span className="preview-header small">{sender || 'Sender'}</span><p className="preview-body">{body}</p></div>
              : <p className="preview-empty muted">The message appears here.</p>}
          </div>
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onOpen={onOpen} onSubmit={submit}
          launchLabel={schedule.enabled ? 'Create & schedule' : 'Create & launch'} rows={[
            ['Recipients', <span key="n" data-testid="summary-recipients">{count === null ? 'Counted at launch' : count.toLocaleString()}</span>],
            ['Price per SMS', price === undefined ? '—' : rupees(price)],
            ['Reserved at launch', price === undefined || count === null ? '—' : rupees(price * count)],
            ['Sends', sendsLabel(schedule)],
          ]} />
      </aside>
    </form>
  );
}
