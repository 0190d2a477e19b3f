// The Contacts page's Lifecycle stages: a dialog listing the organization's stages in order, each renamed in place, moved
// up or down, or deleted once no contact is in it, and a field that adds one at the end.
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { LifecycleStage } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { thenFocus } from '../../components/focus.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useCreateStage, useDeleteStage, useRenameStage, useReorderStages } from './lifecycle-mutations.ts';
import { useLifecycleStages } from './queries.ts';

const plural = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'contact' : 'contacts'}`;

function StageRow({ stage, at, ids }: { stage: LifecycleStage; at: number; ids: string[] }) {
  const [name, setName] = useState(stage.name);
  const rename = useRenameStage();
  const reorder = useReorderStages();
  const remove = useDeleteStage();
  const move = (by: -1 | 1) => {
    const order = [...ids];
    order.splice(at, 1);
    order.splice(at + by, 0, stage.id);
    reorder.mutate(order);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && name.trim() !== stage.name) rename.mutate({ id: stage.id, name: name.trim() });
  };
  const error = rename.error ?? reorder.error ?? remove.error;
  return (
    <li className="stage-row" data-testid="stage-row" data-stage={stage.name}>
      <form className="note-form" onSubmit={save}>
        <input value={name} aria-label={`Name of stage ${stage.name}`} maxLength={50} data-testid="stage-name" onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button small" data-testid="rename-stage" disabled={rename.isPending || !name.trim() || name.trim() === stage.name}>Rename</button>
      </form>
      <span className="muted" data-testid="stage-contacts">{plural(stage.contacts)}</span>
      <button type="button" className="button small ghost" aria-label={`Move ${stage.name} up`} disabled={at === 0 || reorder.isPending} onClick={() => move(-1)}>↑</button>
      <button type="button" className="button small ghost" aria-label={`Move ${stage.name} down`} disabled={at === ids.length - 1 || reorder.isPending} onClick={() => move(1)}>↓</button>
      <ConfirmButton label="Delete" name={`Delete stage ${stage.name}`} testId="delete-stage" disabled={stage.contacts > 0 || remove.isPending}
        question={`Delete the stage ${stage.name}?`} confirmLabel="Delete stage" onConfirm={() => remove.mutate(stage.id)} />
      {error ? <ErrorState error={error} /> : null}
    </li>
  );
}

function StagesDialog({ onClose }: { onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const stages = useLifecycleStages();
  const create = useCreateStage();
  const [draft, setDraft] = useState('');
  useLayoutEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
    field.current?.focus();
  }, []);
  const ids = (stages.data ?? []).map((stage) => stage.id);
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) create.mutate(draft.trim(), { onSuccess: () => setDraft('') });
  };
  return (
    <dialog ref={dialog} className="dialog stages-dialog" aria-labelledby="stages-title" data-testid="stages-dialog"
      onCancel={(e) => { e.preventDefault(); onClose(); }}>
      <h2 id="stages-title">Lifecycle stages</h2>
      <p className="muted">The stages a contact moves through, in order. A stage is deleted once no contact is in it and no automation triggers on it.</p>
      {stages.isPending ? <Loading label="Loading stages…" /> : stages.isError ? <ErrorState error={stages.error} /> : (
        <ol className="stage-rows" data-testid="stage-rows" data-ready={stages.isFetching ? 'false' : 'true'}>
          {(stages.data ?? []).map((stage, at) => <StageRow key={`${stage.id}:${stage.name}`} stage={stage} at={at} ids={ids} />)}
        </ol>
      )}
      <form className="note-form" onSubmit={add}>
        <input ref={field} value={draft} placeholder="New stage" aria-label="New stage name" maxLength={50} data-testid="new-stage"
          onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button" data-testid="add-stage" disabled={create.isPending || !draft.trim()}>Add</button>
      </form>
      {create.isError ? <ErrorState error={create.error} /> : null}
      <div className="actions">
        <button type="button" className="button primary" onClick={onClose} data-testid="close-stages">Close</button>
      </div>
    </dialog>
  );
}

export function LifecycleStagesButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="button small" aria-haspopup="dialog" data-testid="manage-stages" onClick={() => setOpen(true)}>Lifecycle stages</button>
      {open ? <StagesDialog onClose={() => thenFocus(() => setOpen(false), () => opener.current)} /> : null}
    </>
  );
}
