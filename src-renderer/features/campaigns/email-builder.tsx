// The email campaign builder: a template with HTML, its subject (or one of the campaign's own) and values for
// its merge tags (one without a fallback needs a value), the sender (on a verified domain), the audience (a
// pasted list or every subscriber), a name and an optional schedule. Each email costs one credit at launch; the core's
// audience preview says how many the launch sends to and the credits it spends (suppressed ones refunded, blocked ones never charged).
import { useId } from 'react';
import { useKept } from './builder-draft.ts';
import { ChannelsLink } from './channels-link.tsx';
import { tagsNeedingValue, type CreateEmailCampaignInput, type EmailTemplateItem } from '../../../src-core/contract/index.ts';
import { Empty, ErrorState } from '../../components/states.tsx';
import { AudienceWarnings, Estimate, Reserved, useLivePreview } from './audience-preview.tsx';
import { useUi } from '../../stores/ui.ts';
import { BuilderSummary, formSubmit, NameAndSchedule, OptionCards, Step, useCreateAndLaunch, useNameAndSchedule, useRecipients } from './builder-parts.tsx';
import { useEmailSender } from '../channels/email-sender.ts';
import { useEmailTemplate, useEmailTemplates } from '../channels/queries.ts';
import { EmailPreview, SummarySubject, useSampleEmail } from './email-preview.tsx';
import { mergeTagsOf, PER_RECIPIENT_TAGS, subjectOverride, variablesOf } from './merge-tags.ts';
import { useLaunchConfirm } from './launch-confirm.tsx';
import { previewCounts } from './launch-words.ts';
import { useWallet } from './queries.ts';
import { RecipientsField } from './recipients-field.tsx';
import { WalletShort } from './wallet-short.tsx';


/** The email audiences, as option cards like the other builders' audiences. */
const EMAIL_AUDIENCES: Array<{ value: 'list' | 'subscribers'; label: string; hint: string }> = [
  { value: 'list', label: 'A list of addresses', hint: 'Addresses you paste or upload' },
  { value: 'subscribers', label: 'All subscribers', hint: 'Subscribed and not suppressed, as they are at launch' },
];

/**
 * One merge tag's value: for everyone, or (a tag the core fills per recipient) for a recipient without a name. Whether
 * it is required is said under the field, where it stays in view: a placeholder is cut off in a narrow field.
 */
function MergeTagRow({ tag, required, value, onChange }: { tag: string; required: boolean; value: string; onChange(value: string): void }) {
  const hint = useId();
  const filledFrom = PER_RECIPIENT_TAGS.get(tag);
  return (
    <label className="placeholder-row">
      <span className="placeholder-token">{`{{${tag}}}`}</span>
      <span className="grow tag-value">
        <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={1000} placeholder={filledFrom ? 'e.g. there' : `Value of ${tag} for everyone`}
          aria-required={required} aria-describedby={hint} data-testid={`email-variable-${tag}`}
          aria-label={filledFrom ? `Value of {{${tag}}} for a recipient without one` : `Value of {{${tag}}}`} />
        <span id={hint} className="muted small" data-testid={filledFrom ? `email-per-recipient-${tag}` : `email-tag-hint-${tag}`}>
          {filledFrom ? `Filled per recipient from ${filledFrom}; this is for a recipient without one. ` : 'The same for every recipient. '}
          {required ? 'Required: the tag has no fallback.' : "Optional: left empty, the tag's fallback."}
        </span>
      </span>
    </label>
  );
}

/** One row per merge tag of the template and subject, in order of first use. */
function MergeTagFields({ tags, required, values, onChange }: {
  tags: string[]; required: string[]; values: Record<string, string>; onChange(values: Record<string, string>): void;
}) {
  if (!tags.length) return <p className="muted small">This template has no merge tags: every recipient gets the same email.</p>;
  return tags.map((tag) => (
    <MergeTagRow key={tag} tag={tag} required={required.includes(tag)} value={values[tag] ?? ''} onChange={(value) => onChange({ ...values, [tag]: value })} />
  ));
}

/** The Channels page's Email tab, where a domain is added and verified. */
function ChannelsEmailLink() {
  const { go, setChannelsTab } = useUi();
  return <button type="button" className="link" onClick={() => { setChannelsTab('email'); go('channels'); }} data-testid="email-domains-link">Channels page</button>;
}

/** The domains added but not yet verified, which cannot send until they are: "example.org is waiting for verification". */
function PendingNote({ pending }: { pending: string[] }) {
  if (!pending.length) return null;
  return (
    <span data-testid="email-domains-pending">
      {' '}{pending.join(', ')} {pending.length === 1 ? 'is' : 'are'} waiting for verification (under Email on the <ChannelsEmailLink />), which
      comes a minute after a domain is added, on the virtual clock.
    </span>
  );
}

/**
 * The verified domains under the sender, or where to verify one when there is none, and the ones waiting for
 * verification: a sender typed at one of those is refused until it is verified.
 */
function DomainsHint({ verified, pending, loaded, refusedDomain, smtpFrom }: {
  verified: string[]; pending: string[]; loaded: boolean; refusedDomain: string | null; smtpFrom: string | null;
}) {
  if (!loaded) return <p className="small muted" data-testid="email-domains">Reading the verified sending domains…</p>;
  const className = `small ${refusedDomain ? 'field-error' : 'muted'}`;
  if (!verified.length) {
    const none = smtpFrom ? `No verified sending domain: only the SMTP connection's address, ${smtpFrom}, can send`
      : 'No verified sending domain yet, so there is no sender address to fill in';
    return (
      <p className={className} data-testid="email-domains">
        {pending.length ? <>{none}.<PendingNote pending={pending} /></>
          : <>{none}{smtpFrom ? '. To send from another, add a domain' : ': add a domain'} under Email on the <ChannelsEmailLink />, where it is verified.</>}
      </p>
    );
  }
  const refused = refusedDomain && !pending.includes(refusedDomain) ? ` ${refusedDomain} is not one of them.` : '';
  return (
    <p className={className} data-testid="email-domains">
      Verified domains: {verified.join(', ')}.{refused}<PendingNote pending={pending} />
    </p>
  );
}

export function EmailCampaignBuilder({ onClose, onOpen }: { onClose(): void; onOpen(id: string): void }) {
  const [templateId, setTemplateId] = useKept('email.templateId', '');
  const [subject, setSubject] = useKept('email.subject', '');
  const [values, setValues] = useKept<Record<string, string>>('email.values', {});
  // Null until typed in: the organization's name, and hello@ its first verified domain (or the SMTP server's address).
  const [typedFromName, setFromName] = useKept<string | null>('email.fromName', null);
  const [typedFromEmail, setFromEmail] = useKept<string | null>('email.fromEmail', null);
  const [replyTo, setReplyTo] = useKept('email.replyTo', '');
  const [audience, setAudience] = useKept<'list' | 'subscribers'>('email.audience', 'list');
  const recipients = useRecipients('email', 'email');
  const timing = useNameAndSchedule({ key: 'email', nameRequired: true });
  const flow = useCreateAndLaunch<CreateEmailCampaignInput>('email', onOpen);
  const templates = useEmailTemplates();
  const wallet = useWallet();
  const { domains, verified, pending, smtpFrom, fromName, fromEmail, fromDomain, senderKnown, senderRefused } = useEmailSender({ fromName: typedFromName, fromEmail: typedFromEmail });
  const template = templates.data?.data.find((t) => t.id === templateId);
  const detail = useEmailTemplate(templateId);
  const effectiveSubject = subject.trim() || template?.subject;
  const tags = mergeTagsOf(effectiveSubject, detail.data?.html, detail.data?.text);
  const required = tagsNeedingValue(effectiveSubject, detail.data?.html, detail.data?.text);

  /** A subject the user has not changed follows the picked template's; one they wrote stays. */
  function pick(next: EmailTemplateItem) {
    if (!subject.trim() || subject.trim() === template?.subject) setSubject(next.subject);
    setTemplateId(next.id);
  }

  const { check } = recipients;
  const blockers = [
    ...(template ? [] : ['a template']),
    ...(template && detail.isPending ? ["the template's merge tags (loading)"] : []),
    ...(detail.data && !detail.data.html?.trim() ? ['a template with HTML content'] : []),
    ...(detail.isSuccess ? required.filter((tag) => !values[tag]?.trim()).map((tag) => (PER_RECIPIENT_TAGS.has(tag)
      ? `a value of {{${tag}}} for recipients without one (it has no fallback)` : `a value for {{${tag}}} (it has no fallback)`)) : []),
    ...(fromName.trim() ? [] : ['the sender name']),
    ...(!fromDomain ? ['the sender address'] : domains.isError ? ['the verified domains (not loaded)'] : !senderKnown ? ['the verified domains (loading)'] : []),
    ...(senderRefused ? [`a sender address on a verified domain (${fromDomain} is ${pending.includes(fromDomain ?? '') ? 'waiting for verification' : 'not'})`] : []),
    ...(audience === 'list' && !check.valid.length ? ['at least one valid address'] : []),
    ...timing.blockers,
  ];
  const listed = audience === 'list' ? check.valid.length : null;
  // The launch's count and credits, from the core: suppressed addresses fail at once, refunded; blocked contacts are skipped, never charged.
  const { preview, error: previewError, waiting } = useLivePreview(audience === 'subscribers' ? { channel: 'email', audience }
    : check.valid.length ? { channel: 'email', audience, recipients: check.valid } : null);
  const sent = variablesOf(tags, values);
  const confirm = useLaunchConfirm();
  // What the launch's confirmation says of the recipients: the preview's counts, or the list's own until it answers.
  const counts = preview ? previewCounts(preview) : { recipients: listed ?? (previewError ? 'unknown' as const : 'counting' as const), blocked: null, failing: null };
  // The preview's recipient: the summary's subject is merged for them too.
  const sample = useSampleEmail({ template: detail.data ?? null, subject: effectiveSubject, values: sent, sample: audience === 'list' ? check.valid[0] ?? null : null });

  function submit(andLaunch: boolean) {
    if (!template || blockers.length) return;
    const override = subjectOverride(subject, template.subject);
    const variables = sent;
    const input: CreateEmailCampaignInput = {
      name: timing.name, templateId: template.id, fromName: fromName.trim(), fromEmail: fromEmail.trim(), audience,
      ...(override ? { subject: override } : {}), ...(Object.keys(variables).length ? { variables } : {}),
      ...(replyTo.trim() ? { replyTo: replyTo.trim() } : {}), ...(audience === 'list' ? { recipients: check.valid } : {}), ...timing.input,
    };
    void flow.submit(input, andLaunch);
  }

  return (
    <form className="builder" onSubmit={formSubmit(submit)} onChange={flow.clear} data-testid="email-builder" aria-label="New email campaign">
      <div className="builder-steps">
        <Step n={1} title="Template">
          {templates.data && !templates.data.data.length ? <Empty title="No email templates">Create a template with HTML under <ChannelsLink tab="email" testId="builder-to-channels">Channels, Email</ChannelsLink> first.</Empty> : null}
          <OptionCards label="Template" name="email-template" value={templateId}
            onChange={pick}
            options={(templates.data?.data ?? []).map((t) => ({
              value: t.id, item: t, testId: 'email-template', templateName: t.name,
              content: <><span className="template-option-head"><strong>{t.name}</strong></span><span className="template-option-body muted">{t.subject}</span></>,
            }))} />
          {template ? (
            <>
              <label className="field"><span>Subject <span className="muted">(the template&apos;s unless changed; merge tags work here too)</span></span>
                <input className="input" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={998} placeholder={template.subject} data-testid="email-subject" />
              </label>
              <div className="placeholders" data-testid="email-variables" data-ready={detail.isSuccess ? 'true' : 'false'}>
                <span className="muted small">Merge tags</span>
                {detail.isError ? <p className="field-error">Could not read the template&apos;s content to find its merge tags.</p> : null}
                {detail.isSuccess ? <MergeTagFields tags={tags} required={required} values={values} onChange={setValues} /> : null}
              </div>
            </>
          ) : null}
        </Step>
        <Step n={2} title="Sender">
          <div className="form-row">
            <label className="field grow"><span>From name</span>
              <input className="input" value={fromName} onChange={(e) => setFromName(e.target.value)} maxLength={200} placeholder="The name recipients see" data-testid="email-from-name" />
            </label>
            <label className="field grow"><span>From address</span>
              <input className="input" type="email" value={fromEmail} onChange={(e) => setFromEmail(e.target.value)} placeholder="An address on a verified domain" data-testid="email-from" />
            </label>
          </div>
          <DomainsHint verified={verified} pending={pending} loaded={domains.isSuccess} refusedDomain={senderRefused ? fromDomain ?? null : null} smtpFrom={smtpFrom} />
          <label className="field"><span>Reply-to <span className="muted">(optional)</span></span>
            <input className="input" type="email" value={replyTo} onChange={(e) => setReplyTo(e.target.value)} placeholder="support@example.com" data-testid="email-reply-to" />
          </label>
        </Step>
        <Step n={3} title="Audience">
          <OptionCards label="Audience" name="email-audience" className="audience-options" value={audience} onChange={setAudience}
            options={EMAIL_AUDIENCES.map((a) => ({ value: a.value, item: a.value, testId: `email-audience-${a.value}`, content: <><strong>{a.label}</strong><span className="muted small">{a.hint}</span></> }))} />
          {audience === 'list' ? <RecipientsField {...recipients.field} /> : null}
          <AudienceWarnings preview={preview} listed={audience === 'list'} />
          {previewError ? <ErrorState error={previewError} /> : null}
        </Step>
        <NameAndSchedule n={4} placeholder="Spring newsletter" {...timing.field} />
      </div>
      <aside className="builder-side" aria-label="Preview and summary">
        <div className="card preview-card">
          <h3>Preview</h3>
          <EmailPreview email={sample} from={fromEmail.trim() ? `${fromName.trim()} <${fromEmail.trim()}>` : ''} />
        </div>
        <BuilderSummary flow={flow} blockers={blockers} onClose={onClose} onSubmit={submit} confirm={confirm}
          launch={{ name: timing.name, channel: 'email', ...counts, pricePaise: undefined, wallet: wallet.data, sendsAt: timing.scheduled ? timing.sends : null }}
          launchLabel={timing.scheduled ? 'Create & schedule' : 'Create & launch'} rows={[
            ['Subject', <SummarySubject key="s" email={sample} template={effectiveSubject} />],
            ['Recipients', <Estimate key="n" listed={listed} preview={preview} waiting={waiting} />],
            ['Reserved at launch', <Reserved key="r" listed={null} price={undefined} preview={preview} />],
            ['Email credits left', wallet.data ? wallet.data.emailCredits.toLocaleString() : '—'],
            ['Sends', timing.sends],
          ]} short={<WalletShort credits={preview?.emailCredits?.reserved ?? listed} draft />} />
      </aside>
    </form>
  );
}
