// The RCS campaign builder: a bot and one of its approved templates with its {{variables}}, every contact or numbers
// pasted (with the country of national numbers and de-duplication), an optional SMS fallback for handsets without
// RCS (its text matching an approved DLT template) and an optional schedule. Creating dispatches at once:
// the core creates and launches in one call. A variable left empty is read from each recipient's contact,
// so only one named like a contact's field (first_name, name, phone, email, username) may be left empty. Before the create, the
// core's audience preview says what it would reserve and refund: blocked contacts (skipped, never charged), handsets
// without RCS, and every recipient a variable left empty would be empty for (see audience-preview.tsx). Create & send now asks first (launch-confirm.tsx).
import { isContactField, type CreateRcsCampaignInput, type RcsTemplate } from '../../../src-core/contract/index.ts';
import { codeWords } from '../../components/format.ts';
import { FIELDS } from '../../components/wa-template.ts';
import { Empty } from '../../components/states.tsx';
import { useKept } from './builder-draft.ts';
import { UnfilledWarning } from './audience-preview.tsx';
import { AudienceStep, useRcsAudience } from './audience-step.tsx';
import { BuilderSummary, formSubmit, NameAndSchedule, OptionCards, Step, useCreateAndLaunch, useNameAndSchedule } from './builder-parts.tsx';
import { useRcsBots, useRcsTemplates, useSmsTemplates } from '../channels/queries.ts';
import { smsTextBlocker } from './dlt.ts';
import { useLaunchConfirm } from './launch-confirm.tsx';
import { useWallet } from './queries.ts';
import { RcsPreview } from './rcs-preview.tsx';
import { ChannelsLink } from './channels-link.tsx';
import { usePreviewSample } from './sample-recipient.tsx';
import { SmsBodyField } from './sms-body-field.tsx';
import { WalletShort } from './wallet-short.tsx';

const COUNTRIES = ['IN', 'US', 'CA', 'GB', 'AE', 'SG', 'AU', 'DE', 'FR', 'BR', 'ID', 'SA'];
const countryName = new Intl.DisplayNames(['en'], { type: 'region' });

export function RcsCampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [botId, setBotId] = useKept('rcs.botId', '');
  const [template, setTemplate] = useKept<RcsTemplate | null>('rcs.template', null);
  const [variables, setVariables] = useKept<Record<string, string>>('rcs.variables', {});
  const [country, setCountry] = useKept('rcs.country', 'IN');
  const [removeDuplicate, setRemoveDuplicate] = useKept('rcs.removeDuplicate', true);
  const [fallback, setFallback] = useKept('rcs.fallback', false);
  const [fallbackMessage, setFallbackMessage] = useKept('rcs.fallbackMessage', '');
  // The values given (a blank one is none: the contact's field fills it, or nothing does).
  const filled = Object.fromEntries(Object.entries(variables).filter(([, v]) => v.trim()));
  // What the create (which launches) would charge: the core counts blocked contacts, handsets without RCS and recipients
  // a variable would be empty for as it will.
  const audience = useRcsAudience({ country, removeDuplicate, fallback, templateId: template?.id ?? null, rcsVariables: filled });
  // Left unnamed, it is named as the console writes times (the API's own default is "<template> 2026-01-15 14:30").
  const timing = useNameAndSchedule({ key: 'rcs', nameRequired: false, unnamedFor: template?.name });
  const flow = useCreateAndLaunch<CreateRcsCampaignInput>('rcs', onOpen, false);
  const bots = useRcsBots();
  const templates = useRcsTemplates();
  const smsTemplates = useSmsTemplates();
  const wallet = useWallet();
  const confirm = useLaunchConfirm();
  const sample = usePreviewSample(audience);
  const bot = botId || bots.data?.data[0]?.id || '';
  const approved = (templates.data?.data ?? []).filter((t) => t.botId === bot && t.status === 'APPROVED');

  const fallbackBlocker = fallback ? smsTextBlocker(smsTemplates, fallbackMessage, 'fallback SMS') : null;
  const blockers = [
    ...(template ? [] : ['a template']),
    ...(template?.variables ?? []).filter((v) => !isContactField(v) && !variables[v]?.trim()).map((v) => `a value for {{${v}}}`),
    ...audience.blockers,
    ...(fallbackBlocker ? [fallbackBlocker] : []),
    ...timing.blockers,
  ];

  const pick = (next: RcsTemplate) => {
    setTemplate(next);
    setVariables(Object.fromEntries(next.variables.map((v) => [v, ''])));
  };

  function submit() {
    if (!template || blockers.length) return;
    const input: CreateRcsCampaignInput = {
      botId: bot, templateId: template.id, ...audience.input, country, removeDuplicate, fallback, scheduleCampaign: timing.scheduled,
      ...(timing.name ? { campaignName: timing.name } : {}), ...(fallback ? { fallbackMessage } : {}),
      ...(Object.keys(filled).length ? { rcsVariables: filled } : {}), ...timing.input,
    };
    void flow.submit(input, true);
  }

  return (
    <form className="builder" onSubmit={formSubmit(submit)} onChange={flow.clear} data-testid="rcs-builder" aria-label="New RCS campaign">
      <div className="builder-steps">
        <Step n={1} title="Bot and template">
          <label className="field">
            <span>Bot</span>
            <select className="input" value={bot} onChange={(e) => { setBotId(e.target.value); setTemplate(null); }} data-testid="rcs-bot">
              {(bots.data?.data ?? []).map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}
            </select>
          </label>
          {bots.data && !bots.data.data.length ? (
            <Empty title="No RCS bot yet">
              Add a bot, then a template for it, under <ChannelsLink tab="rcs" testId="builder-to-channels">Channels, RCS</ChannelsLink>: the template is
              approved a minute later on the virtual clock.
            </Empty>
          ) : templates.data && !approved.length ? (
            <Empty title="No approved templates for this bot">
              Create an RCS template under <ChannelsLink tab="rcs" testId="builder-to-channels">Channels, RCS</ChannelsLink>: it is approved a minute later
              on the virtual clock.
            </Empty>
          ) : null}
          <OptionCards label="Template" name="rcs-template" value={template?.id ?? ''} onChange={pick}
            options={approved.map((t) => ({
              value: t.id, item: t, testId: 'rcs-template', templateName: t.name, content: <>
                <span className="template-option-head"><strong>{t.name}</strong><span className="chip" data-testid="rcs-template-type">{codeWords(t.type)}</span></span>
                <span className="template-option-body muted">{t.title ? `${t.title} — ` : ''}{t.text}</span>
              </>,
            }))} />
          {template?.variables.length ? (
            <div className="placeholders">
              <span className="muted small">A value for everyone; only a variable named like a contact&apos;s field ({FIELDS.join(', ')}) may be left empty, to read each recipient&apos;s.</span>
              {template.variables.map((v) => (
                <label key={v} className="placeholder-row">
                  <span className="placeholder-token">{`{{${v}}}`}</span>
                  <input className="grow" value={variables[v] ?? ''} onChange={(e) => setVariables({ ...variables, [v]: e.target.value })} data-testid={`rcs-var-${v}`} aria-label={`Value of {{${v}}}`}
                    placeholder={isContactField(v) ? `Value of ${v} (left empty: each recipient contact's ${v}; one without it is not sent to)` : `Value of ${v} (required: contacts have no ${v})`} />
                </label>
              ))}
            </div>
          ) : null}
        </Step>
        <AudienceStep n={2} field={audience.field}>
          <div className="form-row">
            <label className="field">
              <span>Country of national numbers</span>
              <select className="input" value={country} onChange={(e) => setCountry(e.target.value)} data-testid="rcs-country">
                {COUNTRIES.map((c) => <option key={c} value={c}>{countryName.of(c)} ({c})</option>)}
              </select>
            </label>
            <label className="check"><input type="checkbox" checked={removeDuplicate} onChange={(e) => setRemoveDuplicate(e.target.checked)} data-testid="rcs-dedupe" />Remove duplicates</label>
          </div>
        </AudienceStep>
        <Step n={3} title="SMS fallback">
          <label className="check">
            <input type="checkbox" checked={fallback} onChange={(e) => setFallback(e.target.checked)} data-testid="rcs-fallback" />
            Send an SMS to handsets without RCS
          </label>
          {fallback ? <SmsBodyField label="Fallback SMS" value={fallbackMessage} onChange={setFallbackMessage} testId="rcs-fallback-message" /> : null}
        </Step>
        <NameAndSchedule n={4} placeholder="Parcel updates" {...timing.field} />
      </div>
      <aside className="builder-side" aria-label="Preview and summary">
        <div className="card preview-card">
          <h3>Preview</h3>
          <RcsPreview template={template} variables={variables} sample={sample} />
          {audience.preview?.unfilled?.count ? <UnfilledWarning unfilled={audience.preview.unfilled} /> : null}
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onSubmit={submit} draft={false} confirm={confirm}
          launch={{ name: timing.name || template?.name || '', channel: 'rcs', ...audience.counts, pricePaise: wallet.data?.prices.rcs, wallet: wallet.data, sendsAt: timing.scheduled ? timing.sends : null }}
          launchLabel={timing.scheduled ? 'Create & schedule' : 'Create & send now'} rows={[
            ...audience.rows(wallet.data?.prices.rcs, 'Price per message', 'Reserved now'),
            ['Sends', timing.sends.replace('on launch', 'on create')],
          ]} short={<WalletShort paise={audience.reservedPaise(wallet.data?.prices.rcs)} draft={false} />} />
      </aside>
    </form>
  );
}
