// SMS: the DLT registrations a send needs, sender ids (headers) and templates with {#var#} placeholders. The
// simulated DLT platform reviews each a minute later on the clock ("REJ…" names are rejected); a rejected template or
// sender id is corrected and submitted again under its DLT id or header.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { CreateSmsTemplateInput, SmsSender, SmsTemplate } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { fieldProps, LabelledField, refusalByField } from '../../components/field-refusal.tsx';
import { useSave, useSmsSenders, useSmsTemplates } from './queries.ts';
import { StatusChip } from './status-chip.tsx';
import { EmptyListState, TableCard } from './table-card.tsx';

/** A rejected registration's row action: its form filled in, to correct it and submit it again under the same id. */
function ResubmitButton({ name, testId, onClick }: { name: string; testId: string; onClick(): void }) {
  return <button type="button" className="link small" onClick={onClick} aria-label={`Resubmit ${name}`} data-testid={testId}>Resubmit</button>;
}

/** A new sender id, or `rejected` one filled in to correct its entity id and submit again (`onDone` closes it). */
function SenderForm({ senderField, rejected, onDone }: { senderField: RefObject<HTMLInputElement | null>; rejected: SmsSender | null; onDone(): void }) {
  const add = useSave<{ senderId: string; entityId: string }>('/dashboard/sms/senders');
  const [senderId, setSenderId] = useState(rejected?.senderId ?? '');
  const [entityId, setEntityId] = useState(rejected?.entityId ?? '');
  const entityField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (rejected) entityField.current?.focus();
  }, [rejected]);
  // A sender id or entity id the core refuses is said under its field; any other refusal under the form.
  const refusal = add.isError ? refusalByField(add.error, { senderId: 'Sender id', entityId: 'Principal entity id' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ senderId, entityId }, {
      onSuccess: () => {
        setSenderId('');
        setEntityId('');
        onDone();
      },
    });
  }
  return (
    <>
      {rejected ? <p className="muted small hint" data-testid="sms-sender-resubmitting">Resubmit {rejected.senderId}: rejected on review; correct its entity id and submit it again.</p> : null}
      <form className="form-row" onSubmit={submit} data-testid="sms-sender-form">
        <LabelledField id="sms-sender-id" label="Sender id" problem={refusal?.fields.senderId}>
          <input ref={senderField} value={senderId} onChange={(e) => setSenderId(e.target.value.toUpperCase())} placeholder="ACMEIN" maxLength={6} readOnly={rejected !== null}
            {...fieldProps('sms-sender-id', refusal?.fields.senderId)} data-testid="sms-sender-id" />
        </LabelledField>
        <LabelledField id="sms-entity-id" label="Principal entity id" problem={refusal?.fields.entityId} className="field grow">
          <input ref={entityField} value={entityId} onChange={(e) => setEntityId(e.target.value)} placeholder="19 digits" {...fieldProps('sms-entity-id', refusal?.fields.entityId)}
            data-testid="sms-entity-id" />
        </LabelledField>
        <div className="actions left">
          <button type="submit" className="button" disabled={add.isPending || !senderId || !entityId} data-testid="sms-sender-submit">{rejected ? 'Submit again' : 'Register'}</button>
          {rejected ? <button type="button" className="button ghost" onClick={onDone} data-testid="sms-sender-cancel">Cancel</button> : null}
        </div>
      </form>
      <p className="muted small hint" data-testid="sms-sender-review-hint">The simulated DLT platform reviews a sender id a minute later on the virtual clock: approved, or rejected when it starts with “REJ”; resubmitted with its entity id corrected, approved.</p>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
    </>
  );
}

function Senders() {
  const senders = useSmsSenders();
  const senderField = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<SmsSender | null>(null);
  return (
    <section className="card form" data-testid="sms-senders">
      <h2 className="card-title">Sender ids</h2>
      {senders.isPending ? <Loading /> : senders.isError ? <ErrorState error={senders.error} /> : senders.data.data.length === 0 ? (
        <EmptyListState title="No sender id yet" what="An SMS goes out under a registered sender id, the header its recipient sees." add="Register a sender id." field={senderField} />
      ) : (
        <ul className="plain-list">{senders.data.data.map((s) => (
          <li key={s.id} data-testid="sms-sender-row"><strong>{s.senderId}</strong> <span className="muted small">entity {s.entityId}</span> <StatusChip status={s.status} />
            {s.status === 'REJECTED' ? <> <ResubmitButton name={s.senderId} testId="sms-sender-resubmit" onClick={() => setRejected(s)} /></> : null}</li>
        ))}</ul>
      )}
      <SenderForm key={rejected?.id ?? 'new'} senderField={senderField} rejected={rejected} onDone={() => setRejected(null)} />
    </section>
  );
}

/** A new DLT template, or `rejected` one filled in to be corrected and submitted again under its DLT id (`onDone` closes it). */
function NewDltTemplate({ nameField, rejected, onDone }: { nameField: RefObject<HTMLInputElement | null>; rejected: SmsTemplate | null; onDone(): void }) {
  const create = useSave<CreateSmsTemplateInput>('/dashboard/sms/templates');
  const [name, setName] = useState(rejected?.name ?? '');
  const [dltTemplateId, setDltTemplateId] = useState(rejected?.dltTemplateId ?? '');
  const [route, setRoute] = useState<CreateSmsTemplateInput['route']>(rejected?.route ?? 'transactional');
  const [body, setBody] = useState(rejected?.body ?? '');
  useEffect(() => {
    if (rejected) nameField.current?.focus();
  }, [rejected, nameField]);
  // A name, DLT template id or body the core refuses is said under its field; any other refusal under the form.
  const refusal = create.isError ? refusalByField(create.error, { name: 'Name', dltTemplateId: 'DLT template id', body: 'Body' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name, dltTemplateId, route, body }, {
      onSuccess: () => {
        setName('');
        setDltTemplateId('');
        setBody('');
        onDone();
      },
    });
  }
  return (
    <form className="card form" onSubmit={submit} data-testid="sms-template-form">
      <h2 className="card-title">{rejected ? `Resubmit “${rejected.name}”` : 'Register a DLT template'}</h2>
      {rejected ? <p className="muted small hint">Rejected on review: correct it and submit it again under the same DLT template id.</p> : null}
      <div className="form-row">
        <LabelledField id="sms-template-name" label="Name" problem={refusal?.fields.name} className="field grow">
          <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} placeholder="Order ready" {...fieldProps('sms-template-name', refusal?.fields.name)}
            data-testid="sms-template-name" />
        </LabelledField>
        <LabelledField id="sms-template-dlt" label="DLT template id" problem={refusal?.fields.dltTemplateId}>
          <input value={dltTemplateId} onChange={(e) => setDltTemplateId(e.target.value)} placeholder="19 digits" readOnly={rejected !== null} {...fieldProps('sms-template-dlt', refusal?.fields.dltTemplateId)}
            data-testid="sms-template-dlt" />
        </LabelledField>
        <label className="field"><span>Route</span>
          <select value={route} onChange={(e) => setRoute(e.target.value as typeof route)}><option value="transactional">transactional</option><option value="promotional">promotional</option></select>
        </label>
      </div>
      <LabelledField id="sms-template-body" label="Body" problem={refusal?.fields.body}>
        <textarea value={body} onChange={(e) => setBody(e.target.value)} placeholder="Hi {#var#}, your order {#var#} is ready. - Acme" {...fieldProps('sms-template-body', refusal?.fields.body)}
          data-testid="sms-template-body" />
      </LabelledField>
      <p className="muted small hint" data-testid="sms-template-review-hint">A message matches the template when it is the body with each {'{#var#}'} filled by 1 to 30 characters. The simulated DLT platform reviews it a minute later on the virtual clock: approved, or rejected when the name starts with “REJ”.</p>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
      <div className="actions left">
        <button type="submit" className="button primary" disabled={create.isPending || !name || !dltTemplateId || !body} data-testid="sms-template-submit">Submit for review</button>
        {rejected ? <button type="button" className="button ghost" onClick={onDone} data-testid="sms-template-cancel">Cancel</button> : null}
      </div>
    </form>
  );
}

export function SmsTemplates() {
  const templates = useSmsTemplates();
  const nameField = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<SmsTemplate | null>(null);
  const empty = {
    title: 'No DLT templates yet', add: 'Register a DLT template.', field: nameField,
    what: 'Every SMS must match a text registered on DLT, its variable parts marked, and approved.',
  };
  return (
    <div className="grid-2">
      <TableCard list={templates} empty={empty} label="DLT templates" testId="sms-templates" columns={['Name', 'Route', 'Status', 'Body']} row={(t) => (
        <tr key={t.id} data-testid="sms-template-row"><td><strong>{t.name}</strong><br /><span className="muted small">{t.dltTemplateId}</span></td><td>{t.route}</td><td><StatusChip status={t.status} />{t.status === 'REJECTED' ? (
          <><br /><ResubmitButton name={t.name} testId="sms-template-resubmit" onClick={() => setRejected(t)} /></>
        ) : null}</td><td className="body-cell">{t.body}</td></tr>
      )} />
      <div className="stack">
        <NewDltTemplate key={rejected?.id ?? 'new'} nameField={nameField} rejected={rejected} onDone={() => setRejected(null)} />
        <Senders />
      </div>
    </div>
  );
}
