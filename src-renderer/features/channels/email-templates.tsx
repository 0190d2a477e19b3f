// Email: templates with merge tags (saved through the same checks as the API; one made elsewhere, opened here to be
// corrected: an API-made one without HTML cannot be sent until it has some), and the sending domains a fromEmail must
// belong to (the simulated DNS check verifies a new one a minute later on the clock).
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { EmailTemplate, SaveEmailTemplateInput } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { FieldProblem, fieldProps, LabelledField, problemProps, refusalByField } from '../../components/field-refusal.tsx';
import { useEmailDomains, useEmailTemplate, useEmailTemplates, useSave } from './queries.ts';
import { EmailSuppressions } from './email-suppressions.tsx';
import { SmtpConnection } from './smtp-connection.tsx';
import { StatusChip } from './status-chip.tsx';
import { EmptyListState, TableCard } from './table-card.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { displayDomain } from '../../components/email-address.ts';

/**
 * A new template, or `template` opened to be changed (PUT: its plain text is sent back as it is, so saving the form
 * keeps it). `onDone` closes an opened one once saved or cancelled.
 */
function EmailTemplateForm({ template, nameField, onDone }: { template: EmailTemplate | null; nameField: RefObject<HTMLInputElement | null>; onDone(): void }) {
  const save = useSave<SaveEmailTemplateInput>(
    template ? `/dashboard/email/templates/${encodeURIComponent(template.id)}` : '/dashboard/email/templates', template ? 'put' : 'post',
  );
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [html, setHtml] = useState(template?.html ?? '');
  useEffect(() => {
    if (template) nameField.current?.focus();
  }, [template, nameField]);
  // A name, subject or HTML the core refuses (a malformed merge tag) is said under its field; any other refusal under the form.
  const refusal = save.isError ? refusalByField(save.error, { name: 'Name', subject: 'Subject', html: 'HTML' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ name, subject, html, ...(template ? { text: template.text } : {}) }, {
      onSuccess: () => {
        setName('');
        setSubject('');
        setHtml('');
        onDone();
      },
    });
  }
  return (
    <form className="card form" onSubmit={submit} data-testid="email-template-form">
      <h2 className="card-title">{template ? `Edit “${template.name}”` : 'New email template'}</h2>
      {template && !template.html?.trim() ? (
        <p className="muted small hint" data-testid="email-template-no-html">This template has no HTML, so it cannot be sent (the API refuses it with 400) until you add some.</p>
      ) : null}
      <LabelledField id="email-template-name" label="Name" problem={refusal?.fields.name}>
        <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} placeholder="Order ready" required {...fieldProps('email-template-name', refusal?.fields.name)}
          data-testid="email-template-name" />
      </LabelledField>
      <LabelledField id="email-template-subject" label="Subject" problem={refusal?.fields.subject}>
        <input value={subject} onChange={(e) => setSubject(e.target.value)} placeholder="Your order is ready, {{first_name}}" required
          {...fieldProps('email-template-subject', refusal?.fields.subject)} data-testid="email-template-subject" />
      </LabelledField>
      <LabelledField id="email-template-html" label="HTML" problem={refusal?.fields.html}>
        <textarea value={html} onChange={(e) => setHtml(e.target.value)} placeholder="<p>Hi {{first_name}}, order {{order}} is ready.</p>" required
          {...fieldProps('email-template-html', refusal?.fields.html)} data-testid="email-template-html" />
      </LabelledField>
      <p className="muted small hint">Merge tags: {'{{first_name}}'} and {'{{last_name}}'} come from each recipient, any other {'{{tag}}'} from the send’s variables.</p>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
      <div className="actions left">
        <button type="submit" className="button primary" disabled={save.isPending || !name || !subject || !html} data-testid="email-template-submit">{template ? 'Save changes' : 'Save template'}</button>
        {template ? <button type="button" className="button ghost" onClick={onDone} data-testid="email-template-cancel">Cancel</button> : null}
      </div>
    </form>
  );
}

function Domains() {
  const domains = useEmailDomains();
  const add = useSave<{ domain: string }>('/dashboard/email/domains');
  const [domain, setDomain] = useState('');
  const domainField = useRef<HTMLInputElement>(null);
  // A domain the core refuses is said under the field; any other refusal (one already added) under the form.
  const refusal = add.isError ? refusalByField(add.error, { domain: 'Domain' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ domain }, {
      onSuccess: () => {
        setDomain('');
      },
    });
  }
  return (
    <section className="card form" data-testid="email-domains">
      <h2 className="card-title">Sending domains</h2>
      {domains.isPending ? <Loading /> : domains.isError ? <ErrorState error={domains.error} /> : domains.data.data.length === 0 ? (
        <EmptyListState title="No sending domain yet" what="An email's from address must be at a domain verified here." add="Add a domain." field={domainField} />
      ) : (
        <ul className="plain-list">{domains.data.data.map((d) => <li key={d.id} data-testid="email-domain"><strong>{displayDomain(d.domain)}</strong> <StatusChip status={d.status} /></li>)}</ul>
      )}
      <form className="inline" onSubmit={submit}>
        <input ref={domainField} value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="example.com" aria-label="Domain"
          {...problemProps('email-domain-problem', refusal?.fields.domain)} data-testid="email-domain-input" />
        <button type="submit" className="button" disabled={add.isPending || !domain} data-testid="email-domain-add">Add domain</button>
      </form>
      <FieldProblem id="email-domain-problem" problem={refusal?.fields.domain} testId="email-domain-problem" />
      <p className="muted small hint" data-testid="email-domain-verify-hint">The simulated DNS check verifies a domain a minute after it is added, on the virtual clock; until then no email goes out from it.</p>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
    </section>
  );
}

/** The form: a new template, or the one opened (read whole first: the list has no bodies). */
function TemplateForm({ editing, nameField, onDone }: { editing: string; nameField: RefObject<HTMLInputElement | null>; onDone(): void }) {
  const template = useEmailTemplate(editing);
  if (!editing) return <EmailTemplateForm key="new" template={null} nameField={nameField} onDone={onDone} />;
  if (template.isPending) return <section className="card"><Loading /></section>;
  if (template.isError) return <section className="card"><ErrorState error={template.error} /></section>;
  return <EmailTemplateForm key={template.data.id} template={template.data} nameField={nameField} onDone={onDone} />;
}

export function EmailTemplates() {
  const templates = useEmailTemplates();
  const nameField = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState('');
  const empty = {
    title: 'No email templates yet', add: 'Create an email template.', field: nameField,
    what: 'An email campaign sends a template: its subject and HTML, with merge tags filled for each recipient.',
  };
  return (
    <div className="grid-2">
      <TableCard list={templates} empty={empty} label="Email templates" testId="email-templates" columns={['Name', 'Subject', 'Updated']} row={(t) => (
        <tr key={t.id} data-testid="email-template-row">
          <td><strong>{t.name}</strong><br />
            <button type="button" className="link small" onClick={() => setEditing(t.id)} aria-label={`Edit ${t.name}`} data-testid="email-template-edit">Edit</button>
          </td>
          <td className="body-cell">{t.subject}</td><td className="muted"><DateTime iso={t.updatedAt} /></td>
        </tr>
      )} />
      <div className="stack">
        <TemplateForm editing={editing} nameField={nameField} onDone={() => setEditing('')} />
        <Domains />
        <SmtpConnection />
        <EmailSuppressions />
      </div>
    </div>
  );
}
