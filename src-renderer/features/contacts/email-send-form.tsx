// An email to a contact from its panel: as the email send takes it (no raw HTML), a template with HTML, a value for each
// merge tag it has without a fallback (one named like a contact field starts filled in from the contact, and says so),
// and a sender on a verified domain (or the SMTP connection's own address), the name defaulting to the organization's.
import { useId, useState, type FormEvent } from 'react';
import { tagsNeedingValue, type Contact } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState, StillNeeded } from '../../components/states.tsx';
import { useEmailSender } from '../channels/email-sender.ts';
import { useEmailTemplate, useEmailTemplates } from '../channels/queries.ts';
import { contactValueOf } from '../inbox/template-context.ts';
import type { EmailSend } from './contact-send.ts';

export function EmailSendForm({ contact, address, pending, onSend }: {
  contact: Contact; address: string; pending: boolean; onSend(body: EmailSend): void;
}) {
  const templates = useEmailTemplates();
  const [templateId, setTemplateId] = useState('');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [typedFromName, setFromName] = useState<string | null>(null);
  const [typedFromEmail, setFromEmail] = useState<string | null>(null);
  const detail = useEmailTemplate(templateId);
  const neededId = useId();

  const { fromName, fromEmail, fromDomain, senderKnown, senderRefused } = useEmailSender({ fromName: typedFromName, fromEmail: typedFromEmail });
  const template = templates.data?.data.find((t) => t.id === templateId) ?? null;
  const tags = detail.data ? tagsNeedingValue(detail.data.subject, detail.data.html, detail.data.text) : [];
  const fromContact = (tag: string) => contactValueOf(tag, contact, address);
  const valueOf = (tag: string) => typed[tag] ?? fromContact(tag) ?? '';
  const missing = [
    ...(template ? [] : ['a template']),
    ...(template && detail.isPending ? ["the template's merge tags (loading)"] : []),
    ...(detail.data && !detail.data.html?.trim() ? ['a template with HTML content'] : []),
    ...tags.filter((tag) => !valueOf(tag).trim()).map((tag) => `a value for {{${tag}}}`),
    ...(fromName.trim() ? [] : ['the sender name']),
    ...(!fromDomain ? ['the sender address'] : !senderKnown ? ['the verified domains (loading)'] : []),
    ...(senderRefused ? [`a sender address on a verified domain (${fromDomain} is not one)`] : []),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!template || missing.length) return;
    const variables = Object.fromEntries(tags.map((tag) => [tag, valueOf(tag).trim()]));
    onSend({ email: { templateId: template.id, variables, fromName: fromName.trim(), fromEmail: fromEmail.trim() } });
  }

  if (templates.isError) return <ErrorState error={templates.error} />;
  const none = templates.isSuccess && templates.data.data.length === 0;
  return (
    <form className="composer template-composer" onSubmit={submit} data-testid="email-composer">
      <div className="template-fields">
        <span className="muted small">{none ? 'Email sends only templates, and this organization has none yet: add one under Channels, Email.'
          : 'Email sends a template (no raw HTML), from an address on a verified domain.'}</span>
        <select value={templateId} onChange={(e) => { setTemplateId(e.target.value); setTyped({}); }} aria-label="Template" data-testid="email-template" disabled={none}>
          <option value="">{templates.isPending ? 'Loading templates…' : 'Choose a template'}</option>
          {templates.data?.data.map((t) => <option key={t.id} value={t.id}>{t.name} · {t.subject}</option>)}
        </select>
        {tags.map((tag) => (
          <label key={tag} className="field">
            <span>Value of {`{{${tag}}}`}{fromContact(tag) !== null && valueOf(tag) === fromContact(tag) ? <span className="muted"> (from the contact&apos;s {tag.replace('_', ' ')})</span> : null}</span>
            <input value={valueOf(tag)} maxLength={1000} data-testid={`email-var-${tag}`} onChange={(e) => setTyped({ ...typed, [tag]: e.target.value })} />
          </label>
        ))}
        <label className="field">
          <span>Sender name</span>
          <input value={fromName} maxLength={100} data-testid="email-from-name" onChange={(e) => setFromName(e.target.value)} />
        </label>
        <label className="field">
          <span>Sender address</span>
          <input type="email" value={fromEmail} maxLength={320} data-testid="email-from-email" onChange={(e) => setFromEmail(e.target.value)}
            aria-invalid={senderRefused || undefined} />
        </label>
      </div>
      <StillNeeded items={none ? [] : missing} id={neededId} testId="send-blockers" />
      <Button type="submit" className="button primary" data-testid="send-email" disabled={pending || missing.length > 0} aria-describedby={missing.length ? neededId : undefined}>
        {pending ? 'Sending…' : 'Send email'}
      </Button>
    </form>
  );
}
