// The voice agents on the Calls page: each with its language, model and state; a new agent (its model the catalogue's
// quickest for calls), an agent's configuration changed (only the fields touched are sent), paused and resumed,
// deleted after a question. A paused or deleted agent's unanswered calls end (the core's rule); answered ones finish.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { VoiceAgentListItem } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { thenFocus } from '../../components/focus.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { bodyOf, changesOf, draftOf, modelLabelOf, newAgentDraft, type AgentDraft } from './agent-draft.ts';
import { ModelField } from './model-field.tsx';
import { useAgentMutations, useAiModels, useVoiceAgent, useVoiceAgents } from './queries.ts';

type Field = { key: Exclude<keyof AgentDraft, 'isActive'>; label: string; long?: boolean; placeholder?: string };
const FIELDS: Field[] = [
  { key: 'name', label: 'Name', placeholder: 'Delivery reminders' },
  { key: 'description', label: 'Description (optional)' },
  { key: 'greeting', label: 'Greeting', long: true, placeholder: 'Hello, this is Acme calling about your order.' },
  { key: 'instructions', label: 'Instructions', long: true, placeholder: 'Confirm the delivery slot; be brief and polite.' },
  { key: 'language', label: 'Language', placeholder: 'en-IN' },
  { key: 'voice', label: 'Voice', placeholder: 'alloy' },
  { key: 'llmModel', label: 'Model' },
  { key: 'maxDurationSeconds', label: 'Longest call (seconds)', placeholder: '600' },
];

function AgentForm({ initial, title, submitLabel, pending, error, onSubmit, onCancel }: {
  initial: AgentDraft; title: string; submitLabel: string; pending: boolean; error: unknown; onSubmit(draft: AgentDraft): void; onCancel(): void;
}) {
  const [draft, setDraft] = useState(initial);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit(draft);
  };
  return (
    <form className="card form agent-form" onSubmit={submit} aria-label={title} data-testid="agent-form">
      <div className="page-title"><h3 className="small-heading">{title}</h3><button type="button" className="button ghost small" onClick={onCancel} data-testid="agent-cancel">Cancel</button></div>
      <div className="agent-fields">
        {FIELDS.map((field) => (field.key === 'llmModel' ? <ModelField key={field.key} value={draft.llmModel} onChange={(llmModel) => setDraft({ ...draft, llmModel })} /> : (
          <label key={field.key} className={`field${field.long ? ' wide' : ''}`}>
            <span>{field.label}</span>
            {field.long
              ? <textarea rows={2} value={draft[field.key]} placeholder={field.placeholder} onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })} data-testid={`agent-${field.key}`} />
              : <input ref={field.key === 'name' ? first : undefined} value={draft[field.key]} placeholder={field.placeholder}
                inputMode={field.key === 'maxDurationSeconds' ? 'numeric' : undefined} onChange={(e) => setDraft({ ...draft, [field.key]: e.target.value })} data-testid={`agent-${field.key}`} />}
          </label>
        )))}
      </div>
      <label className="inline small"><input type="checkbox" checked={draft.isActive} onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })} data-testid="agent-active" /> Active: it can place calls</label>
      {error ? <ErrorState error={error} /> : null}
      <div className="actions"><button type="submit" className="button primary" disabled={pending} data-testid="agent-save">{pending ? 'Saving…' : submitLabel}</button></div>
    </form>
  );
}

function EditAgent({ agentId, onDone }: { agentId: string; onDone(): void }) {
  const agent = useVoiceAgent(agentId);
  const { update } = useAgentMutations();
  if (agent.isPending) return <Loading label="Loading the agent…" />;
  if (agent.isError) return <ErrorState error={agent.error} onRetry={() => void agent.refetch()} />;
  const read = agent.data;
  return (
    <AgentForm initial={draftOf(read)} title={`Edit ${read.name}`} submitLabel="Save changes" pending={update.isPending} error={update.error} onCancel={onDone}
      onSubmit={(draft) => {
        const change = changesOf(read, draft);
        if (Object.keys(change).length === 0) onDone();
        else update.mutate({ id: read.id, change }, { onSuccess: onDone });
      }} />
  );
}

function AgentRow({ agent, editing, onEdit }: { agent: VoiceAgentListItem; editing: boolean; onEdit(): void }) {
  const { update, remove } = useAgentMutations();
  const model = modelLabelOf(useAiModels().data?.data ?? [], agent.llmModel);
  const failed = update.error ?? remove.error;
  return (
    <div className="agent-row" data-testid="agent-row" data-agent-id={agent.id} data-active={agent.isActive}>
      <div className="agent-summary">
        <span className="agent-name"><strong>{agent.name}</strong>
          <span className="agent-chips"><span className="chip">{agent.language}</span><span className="chip" title={model === agent.llmModel ? undefined : `Model ${agent.llmModel}`} data-testid="agent-model">{model}</span>
            <span className={`chip agent-state is-${agent.isActive ? 'active' : 'paused'}`} data-testid="agent-state">{agent.isActive ? 'Active' : 'Paused'}</span></span></span>
        {agent.description ? <span className="muted small">{agent.description}</span> : null}
      </div>
      <div className="inline agent-actions">
        <button type="button" className="button ghost small" aria-expanded={editing} onClick={onEdit} aria-label={`Edit ${agent.name}`} data-testid="agent-edit">Edit</button>
        <button type="button" className={`button small${agent.isActive ? '' : ' primary'}`} disabled={update.isPending} onClick={() => update.mutate({ id: agent.id, change: { isActive: !agent.isActive } })}
          aria-label={`${agent.isActive ? 'Pause' : 'Activate'} ${agent.name}`} data-testid="agent-toggle">{agent.isActive ? 'Pause' : 'Activate'}</button>
        <ConfirmButton label="Delete" name={`Delete ${agent.name}`} question="Its calls not yet answered end now." confirmLabel="Delete agent"
          onConfirm={() => remove.mutate(agent.id)} testId="agent-delete" />
      </div>
      {failed ? <ErrorState error={failed} /> : null}
    </div>
  );
}

export function AgentsPanel() {
  const agents = useVoiceAgents();
  const { create } = useAgentMutations();
  // Read with the panel, so a new agent's form usually opens with its model chosen at once.
  const models = useAiModels();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const close = () => thenFocus(() => setEditing(null), () => newButton.current);
  const list = agents.data?.data ?? [];
  return (
    <section className="card agents-panel" aria-labelledby="agents-title" data-testid="agents-panel" data-total={list.length}>
      <div className="page-title">
        <h2 id="agents-title" className="small-heading">Voice agents</h2>
        <button ref={newButton} type="button" className="button small" onClick={() => { create.reset(); setEditing('new'); }} disabled={editing === 'new'} data-testid="agent-new">New agent</button>
      </div>
      {editing === 'new' && models.isPending ? <Loading label="Loading the models…" /> : null}
      {editing === 'new' && !models.isPending ? (
        <AgentForm initial={newAgentDraft(models.data?.data ?? [])} title="New agent" submitLabel="Create agent" pending={create.isPending} error={create.error}
          onCancel={close} onSubmit={(draft) => create.mutate(bodyOf(draft), { onSuccess: close })} />
      ) : null}
      {agents.isPending ? <Loading label="Loading the agents…" /> : null}
      {agents.isError ? <ErrorState error={agents.error} onRetry={() => void agents.refetch()} /> : null}
      {agents.isSuccess && list.length === 0 ? <p className="muted small">No voice agents yet: an agent places calls, says its greeting and follows its instructions.</p> : null}
      <ul className="agent-list">
        {list.map((agent) => (
          <li key={agent.id} className="agent-item">
            <AgentRow agent={agent} editing={editing === agent.id} onEdit={() => setEditing(editing === agent.id ? null : agent.id)} />
            {editing === agent.id ? <EditAgent agentId={agent.id} onDone={() => setEditing(null)} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
