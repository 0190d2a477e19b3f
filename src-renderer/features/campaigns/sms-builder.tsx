// The SMS campaign builder: an audience (all contacts, a segment by tags, or a pasted list), a sender id,
// a text that must match an approved DLT template, a name and an optional schedule not yet passed; launch
// stays disabled until they are right. "Create & launch" is one request that creates and launches in one
// transaction, so the core's refusals (shown as sent) leave no draft behind.
import { useState } from 'react';
import type { CreateSmsCampaignInput } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { BuilderSummary, formSubmit, NameAndSchedule, OptionCards, Step, useCreateAndLaunch, useNameAndSchedule, useRecipients } from './builder-parts.tsx';
import { useSmsSenders, useSmsTemplates } from '../channels/queries.ts';
import { parseTagInput } from '../contacts/tag-input.ts';
import { smsTextBlocker } from './dlt.ts';
import { useWallet } from './queries.ts';
import { RecipientsField } from './recipients-field.tsx';
import { SmsBodyField } from './sms-body-field.tsx';

type Audience = 'all' | 'segment' | 'manual';
const AUDIENCES: Array<{ value: Audience; label: string; hint: string }> = [
  { value: 'all', label: 'All contacts', hint: 'Every contact with a phone number, counted at launch' },
  { value: 'segment', label: 'A segment', hint: 'Contacts with any of the tags, counted at launch' },
  { value: 'manual', label: 'A pasted list', hint: 'Numbers you paste or upload' },
];

export function SmsCampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [audience, setAudience] = useState<Audience>('manual');
  const [tags, setTags] = useState('');
  const recipients = useRecipients();
  const [senderId, setSenderId] = useState('');
  const [body, setBody] = useState('');
  const timing = useNameAndSchedule({ nameRequired: true });
  const flow = useCreateAndLaunch<CreateSmsCampaignInput>('sms', onOpen);
  const senders = useSmsSenders();
  const templates = useSmsTemplates();
  const wallet = useWallet();
  const approvedSenders = (senders.data?.data ?? []).filter((s) => s.status === 'APPROVED');
  const sender = senderId || approvedSenders[0]?.senderId || '';

  const { check } = recipients;
  // Read as the contacts page reads tags: a tag may hold spaces (`big spender`), so only commas separate them.
  const segmentTags = parseTagInput(tags);
  // The core's own DLT rule, on the templates the body field shows: a text matching none (or with a {#var#} left) is never sent.
  const bodyBlocker = smsTextBlocker(templates, body, 'message');
  const blockers = [
    ...(audience === 'manual' && !check.valid.length ? ['at least one valid number'] : []),
    ...(audience === 'segment' && !segmentTags.length ? ['a tag for the segment'] : []),
    ...(senders.data && !approvedSenders.length ? ['an approved sender id'] : []),
    ...(bodyBlocker ? [bodyBlocker] : []),
    ...timing.blockers,
  ];
  const price = wallet.data?.prices.sms;
  const count = audience === 'manual' ? check.valid.length : null;

  function submit(andLaunch: boolean) {
    if (blockers.length) return;
    const input: CreateSmsCampaignInput = {
      name: timing.name, messageBody: body, audienceType: audience, ...(sender ? { senderId: sender } : {}),
      ...(audience === 'manual' ? { audienceCriteria: { phones: check.valid } } : audience === 'segment' ? { audienceCriteria: { tags: segmentTags } } : {}),
      ...timing.input,
    };
    void flow.submit(input, andLaunch);
  }

  return (
    <form className="builder" onSubmit={formSubmit(submit)} onChange={flow.clear} data-testid="sms-builder" aria-label="New SMS campaign">
      <div className="builder-steps">
        <Step n={1} title="Audience">
          <OptionCards label="Audience" name="sms-audience" className="audience-options" value={audience} onChange={setAudience}
            options={AUDIENCES.map((a) => ({ value: a.value, item: a.value, testId: `audience-${a.value}`, content: <><strong>{a.label}</strong><span className="muted small">{a.hint}</span></> }))} />
          {audience === 'segment' ? (
            <>
              <label className="field">
                <span>Tags <span className="muted">(comma separated; a contact with any of them is in)</span></span>
                <input className="input" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="vip, big spender" data-testid="segment-tags" />
              </label>
              {segmentTags.length ? (
                <ul className="tags segment-tags" aria-label="Segment tags" data-testid="segment-tag-chips">
                  {segmentTags.map((tag) => <li key={tag} className="tag" data-testid="segment-tag">{tag}</li>)}
                </ul>
              ) : null}
            </>
          ) : null}
          {audience === 'manual' ? <RecipientsField {...recipients.field} /> : null}
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
        <NameAndSchedule n={3} placeholder="Shipping updates" {...timing.field} />
      </div>
      <aside className="builder-side" aria-label="Preview and summary">
        <div className="card preview-card">
          <h3>Preview</h3>
          <div className="preview-screen sms-screen">
            {body ? <div className="preview-bubble"><span className="preview-header small">{sender || 'Sender'}</span><p className="preview-body">{body}</p></div>
              : <p className="preview-empty muted">The message appears here.</p>}
          </div>
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onSubmit={submit}
          launchLabel={timing.scheduled ? 'Create & schedule' : 'Create & launch'} rows={[
            ['Recipients', <span key="n" data-testid="summary-recipients">{count === null ? 'Counted at launch' : count.toLocaleString()}</span>],
            ['Price per SMS', price === undefined ? '—' : rupees(price)],
            ['Reserved at launch', price === undefined || count === null ? '—' : rupees(price * count)],
            ['Sends', timing.sends],
          ]} />
      </aside>
    </form>
  );
}
