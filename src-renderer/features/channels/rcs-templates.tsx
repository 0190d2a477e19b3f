// RCS: the organization's bots (agents) and their templates, a plain text or a rich card with {{variables}};
// the simulated platform reviews a template a minute later on the clock.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import type { CreateRcsTemplateInput, RcsBot } from '../../../src-core/contract/index.ts';
import { codeWords } from '../../components/format.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { FieldProblem, fieldProps, LabelledField, problemProps, refusalByField } from '../../components/field-refusal.tsx';
import { useRcsBots, useRcsTemplates, useSave } from './queries.ts';
import { StatusChip } from './status-chip.tsx';
import { EmptyListState, TableCard } from './table-card.tsx';

function Bots({ bots, nameField }: { bots: RcsBot[]; nameField: RefObject<HTMLInputElement | null> }) {
  const add = useSave<{ name: string }>('/dashboard/rcs/bots');
  const [name, setName] = useState('');
  // A bot name the core refuses is said under the field; any other refusal under the form.
  const refusal = add.isError ? refusalByField(add.error, { name: 'Bot name' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ name }, {
      onSuccess: () => {
        setName('');
      },
    });
  }
  return (
    <section className="card form" data-testid="rcs-bots">
      <h2 className="card-title">Bots</h2>
      {bots.length === 0 ? <EmptyListState title="No bot yet" what="An RCS message comes from a bot, the verified agent its recipient sees." add="Add a bot." field={nameField} /> : <ul className="plain-list">{bots.map((b) => <li key={b.id}><strong>{b.name}</strong> <StatusChip status={b.status} /></li>)}</ul>}
      <form className="inline" onSubmit={submit}>
        <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} placeholder="Acme Store" aria-label="Bot name"
          {...problemProps('rcs-bot-name-problem', refusal?.fields.name)} data-testid="rcs-bot-name" />
        <button type="submit" className="button" disabled={add.isPending || !name} data-testid="rcs-bot-add">Add bot</button>
      </form>
      <FieldProblem id="rcs-bot-name-problem" problem={refusal?.fields.name} testId="rcs-bot-name-problem" />
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
    </section>
  );
}

function NewRcsTemplate({ bots, nameField }: { bots: RcsBot[]; nameField: RefObject<HTMLInputElement | null> }) {
  const create = useSave<CreateRcsTemplateInput>('/dashboard/rcs/templates');
  const [botId, setBotId] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<CreateRcsTemplateInput['type']>('rich_card');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const bot = botId || bots[0]?.id || '';
  // A field the core refuses is said under it, in the form's words; any other refusal (the bot, a suggestion) under the form.
  const refusal = create.isError ? refusalByField(create.error, { name: 'Name', title: 'Title', imageUrl: 'Image URL', text: 'Text' }) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const card = type === 'rich_card' ? { ...(title ? { title } : {}), ...(imageUrl ? { imageUrl } : {}) } : {};
    create.mutate({ botId: bot, name, type, text, suggestions: [], ...card }, {
      onSuccess: () => {
        setName('');
        setTitle('');
        setText('');
        setImageUrl('');
      },
    });
  }
  return (
    <form className="card form" onSubmit={submit} data-testid="rcs-template-form">
      <h2 className="card-title">New RCS template</h2>
      <div className="form-row">
        <label className="field"><span>Bot</span>
          <select value={bot} onChange={(e) => setBotId(e.target.value)}>{bots.map((b) => <option key={b.id} value={b.id}>{b.name}</option>)}</select>
        </label>
        <LabelledField id="rcs-template-name" label="Name" problem={refusal?.fields.name} className="field grow">
          <input ref={nameField} value={name} onChange={(e) => setName(e.target.value)} placeholder="Order update card" {...fieldProps('rcs-template-name', refusal?.fields.name)}
            data-testid="rcs-template-name" />
        </LabelledField>
        <label className="field"><span>Type</span>
          <select value={type} onChange={(e) => setType(e.target.value as typeof type)} data-testid="rcs-template-kind">{(['rich_card', 'text'] as const).map((kind) => <option key={kind} value={kind}>{codeWords(kind)}</option>)}</select>
        </label>
      </div>
      {type === 'rich_card' ? (
        <div className="form-row">
          <LabelledField id="rcs-template-title" label="Title" problem={refusal?.fields.title} className="field grow roomy">
            <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Order {{order}} is on its way" required {...fieldProps('rcs-template-title', refusal?.fields.title)}
              data-testid="rcs-template-title" />
          </LabelledField>
          <LabelledField id="rcs-template-image" label="Image URL" problem={refusal?.fields.imageUrl} className="field grow">
            <input value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} placeholder="https://…" {...fieldProps('rcs-template-image', refusal?.fields.imageUrl)}
              data-testid="rcs-template-image" />
          </LabelledField>
        </div>
      ) : null}
      <LabelledField id="rcs-template-text" label="Text" problem={refusal?.fields.text}>
        <textarea value={text} onChange={(e) => setText(e.target.value)} placeholder="Hi {{name}}, your parcel arrives {{eta}}." {...fieldProps('rcs-template-text', refusal?.fields.text)}
          data-testid="rcs-template-text" />
      </LabelledField>
      <p className="muted small hint" data-testid="rcs-template-review-hint">The simulated platform reviews it a minute later on the virtual clock: approved, or rejected when the name starts with “REJ”.</p>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
      <div className="actions left"><button type="submit" className="button primary" disabled={create.isPending || !bot || !name || !text || (type === 'rich_card' && !title)} data-testid="rcs-template-submit">Submit for review</button></div>
    </form>
  );
}

export function RcsTemplates() {
  const bots = useRcsBots();
  const templates = useRcsTemplates();
  const nameField = useRef<HTMLInputElement>(null);
  const botField = useRef<HTMLInputElement>(null);
  // With no bot yet, a template has nothing to come from: the action adds a bot first.
  const noBot = bots.data?.data.length === 0;
  const botNames = new Map((bots.data?.data ?? []).map((b) => [b.id, b.name]));
  const empty = {
    title: 'No RCS templates yet', add: noBot ? 'Add a bot first.' : 'Create an RCS template.', field: noBot ? botField : nameField,
    what: 'An RCS campaign or reply sends an approved template: a text, or a rich card with a title and image.',
  };
  return (
    <div className="grid-2">
      <TableCard list={templates} empty={empty} label="RCS templates" testId="rcs-templates" columns={['Name', 'Type', 'Status', 'Content']} row={(t) => (
        <tr key={t.id} data-testid="rcs-template-row"><td><strong>{t.name}</strong><br />
          {/* The bot it comes from: a campaign sends a template only from its own bot. */}
          <span className="muted small" data-testid="rcs-template-bot">{botNames.get(t.botId) ?? t.botId}</span></td><td data-testid="rcs-template-type">{codeWords(t.type)}</td><td><StatusChip status={t.status} /></td>
          <td className="body-cell">{t.title ? <strong>{t.title}<br /></strong> : null}{t.text}</td></tr>
      )} />
      <div className="stack">
        {bots.isPending ? <Loading /> : bots.isError ? <ErrorState error={bots.error} /> : <><NewRcsTemplate bots={bots.data.data} nameField={nameField} /><Bots bots={bots.data.data} nameField={botField} /></>}
      </div>
    </div>
  );
}
