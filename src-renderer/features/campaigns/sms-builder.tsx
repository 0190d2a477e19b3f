// The SMS campaign builder: an audience (all contacts, a segment by tags, or a pasted list), a sender id,
// a text that must match an approved DLT template, a name and an optional schedule not yet passed; launch
// stays disabled until they are right. "Create & launch" is one request that creates and launches in one
// transaction, so the core's refusals (shown as sent) leave no draft behind.
import type { CreateSmsCampaignInput } from '../../../src-core/contract/index.ts';
import { useKept } from './builder-draft.ts';
import { AudienceStep, useAudience } from './audience-step.tsx';
import { BuilderSummary, formSubmit, NameAndSchedule, Step, useCreateAndLaunch, useNameAndSchedule } from './builder-parts.tsx';
import { useSmsSenders, useSmsTemplates } from '../channels/queries.ts';
import { smsTextBlocker } from './dlt.ts';
import { useLaunchConfirm } from './launch-confirm.tsx';
import { useWallet } from './queries.ts';
import { SmsBodyField } from './sms-body-field.tsx';
import { WalletShort } from './wallet-short.tsx';

export function SmsCampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const audience = useAudience('sms');
  const [senderId, setSenderId] = useKept('sms.senderId', '');
  const [body, setBody] = useKept('sms.body', '');
  const timing = useNameAndSchedule({ key: 'sms', nameRequired: true });
  const flow = useCreateAndLaunch<CreateSmsCampaignInput>('sms', onOpen);
  const senders = useSmsSenders();
  const templates = useSmsTemplates();
  const wallet = useWallet();
  const confirm = useLaunchConfirm();
  const approvedSenders = (senders.data?.data ?? []).filter((s) => s.status === 'APPROVED');
  const sender = senderId || approvedSenders[0]?.senderId || '';

  // The core's own DLT rule, on the templates the body field shows: a text matching none (or with a {#var#} left) is never sent.
  const bodyBlocker = smsTextBlocker(templates, body, 'message');
  const blockers = [
    ...audience.blockers,
    ...(senders.data && !approvedSenders.length ? ['an approved sender id'] : []),
    ...(bodyBlocker ? [bodyBlocker] : []),
    ...timing.blockers,
  ];

  function submit(andLaunch: boolean) {
    if (blockers.length) return;
    const input: CreateSmsCampaignInput = {
      name: timing.name, messageBody: body, ...audience.input, ...(sender ? { senderId: sender } : {}), ...timing.input,
    };
    void flow.submit(input, andLaunch);
  }

  return (
    <form className="builder" onSubmit={formSubmit(submit)} onChange={flow.clear} data-testid="sms-builder" aria-label="New SMS campaign">
      <div className="builder-steps">
        <AudienceStep n={1} field={audience.field} />
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
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onSubmit={submit} confirm={confirm}
          launch={{ name: timing.name, channel: 'sms', ...audience.counts, pricePaise: wallet.data?.prices.sms, wallet: wallet.data, sendsAt: timing.scheduled ? timing.sends : null }}
          launchLabel={timing.scheduled ? 'Create & schedule' : 'Create & launch'}
          rows={[...audience.rows(wallet.data?.prices.sms, 'Price per SMS'), ['Sends', timing.sends]]}
          short={<WalletShort paise={audience.reservedPaise(wallet.data?.prices.sms)} draft />} />
      </aside>
    </form>
  );
}
