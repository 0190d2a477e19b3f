// Email: templates with merge tags (saved through the same checks as the API), and the sending domains a
// fromEmail must belong to (the simulated DNS check verifies a new one a minute later on the clock).
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { SaveEmailTemplateInput } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { FieldProblem, fieldProps, LabelledField, problemProps, refusalByField } from '../../components/field-refusal.tsx';
import { useEmailDomains, useEmailTemplates, useSave } from './queries.ts';
import { SmtpConnection } from './smtp-connection.tsx';
import { StatusChip } from './status-chip.tsx';
import { EmptyListState, TableCard } from './table-card.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { displayDomain } from '../../components/email-address.ts';

function NewEmailTemplate({ nameField }: { nameField: RefObject<HTMLInputElement | null> }) {
  const create = useSave<SaveEmailTemplateInput>('/dashboard/email/templates');
  const [name, setName] = useState('');
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  // A name, subject or HTML the core refuses (a malformed merge tag) is said under its field; any other refusal under the form.
  const refusal = create.isError ? refusalByField(create.error, { name: 'Name', subject: 'Subject', html: 'HTML' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name, subject, html }, {
      onSuccess: () => {
        setName('');
        setSubject('');
        setHtml('');
      },
    });
  }
  return (
    <form className="card form" onSubmit={submit} data-testid="email-template-form">
      <h2 className="card-title">New email template</h2>
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
      <div className="actions left"><button type="submit" className="button primary" disabled={create.isPending || !name || !subject || !html} data-testid="email-template-submit">Save template</button></div>
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
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
    </section>
  );
}

export function EmailTemplates() {
  const templates = useEmailTemplates();
  const nameField = useRef<HTMLInputElement>(null);
  const empty = {
    title: 'No email templates yet', add: 'Create an email template.', field: nameField,
    what: 'An email campaign sends a template: its subject and HTML, with merge tags filled for each recipient.',
  };
  return (
    <div className="grid-2">
      <TableCard list={templates} empty={empty} label="Email templates" testId="email-templates" columns={['Name', 'Subject', 'Updated']} row={(t) => (
        <tr key={t.id} data-testid="email-template-row"><td><strong>{t.name}</strong></td><td className="body-cell">{t.subject}</td><td className="muted"><DateTime iso={t.updatedAt} /></td></tr>
      )} />
      <div className="stack">
        <NewEmailTemplate nameField={nameField} />
        <Domains />
        <SmtpConnection />
      </div>
    </div>
  );
}
