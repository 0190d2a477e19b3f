// The selected contact's lifecycle stage: a select of the organization's stages (or none). A stage picked from its list
// (pointer, or the opened list's Enter) is saved at once; one reached with the arrow keys or by typing on the closed
// select is saved on Enter, on leaving the field, or when the panel closes, not at each stage passed on the way: each
// save moves the contact into that stage, and an automation on `contact.lifecycle_changed` runs for a stage it only passed.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorState } from '../../components/states.tsx';
import { useSetContactStage } from './lifecycle-mutations.ts';
import { useLifecycleStages } from './queries.ts';

/** Keys that move a closed select's choice (and fire its change) without opening its list. */
const STEPS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

export function ContactStage({ contactId, stageId }: { contactId: string; stageId: string | null }) {
  const stages = useLifecycleStages();
  const save = useSetContactStage(contactId);
  // A stage reached by keys and not saved yet ('' for No stage); null: none waiting.
  const [stepped, setStepped] = useState<string | null>(null);
  // The last key pressed on the select moves its choice: the change it fires waits.
  const byKeys = useRef(false);
  const hintId = useId();
  const current = stepped ?? (save.isPending ? save.variables : stageId) ?? '';
  const commit = (value: string | null = stepped) => {
    if (value === null) return;
    setStepped(null);
    if ((value || null) !== stageId) save.mutate(value || null);
  };
  // The panel closed (another contact opened: the panel keys this by contact) with a stage waiting: it is saved, as
  // leaving the field saves it.
  const waiting = useRef({ stepped, commit });
  waiting.current = { stepped, commit };
  useEffect(() => () => waiting.current.commit(waiting.current.stepped), []);
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter' && stepped !== null) {
      event.preventDefault();
      commit();
    }
    byKeys.current = STEPS.has(event.key) || (event.key.length === 1 && !event.altKey && !event.ctrlKey && !event.metaKey && event.key !== ' ');
  };
  return (
    <section className="card contact-stage" aria-label="Lifecycle stage">
      <label className="inline">
        <span className="muted">Lifecycle stage</span>
        <select value={current} data-testid="contact-stage" disabled={stages.isPending}
          data-ready={stages.isPending || save.isPending || stepped !== null ? 'false' : 'true'}
          aria-describedby={stepped !== null ? hintId : undefined}
          onKeyDown={onKeyDown} onPointerDown={() => { byKeys.current = false; }} onBlur={() => commit()}
          onChange={(e) => {
            if (byKeys.current) setStepped(e.target.value);
            else commit(e.target.value);
          }}>
          <option value="">No stage</option>
          {(stages.data ?? []).map((stage) => <option key={stage.id} value={stage.id}>{stage.name}</option>)}
        </select>
      </label>
      {stepped !== null ? <p className="muted small" id={hintId} data-testid="contact-stage-unsaved">Not saved yet: Enter saves it (so does leaving the field).</p> : null}
      {stages.isError ? <ErrorState error={stages.error} /> : null}
      {save.isError ? <ErrorState error={save.error} /> : null}
    </section>
  );
}
