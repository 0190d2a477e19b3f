// The automation builder, for a new automation and for changing one: name, description, the trigger (its type and
// config fields from the node catalog) and the ordered steps. A field the page cannot read (JSON) is named before
// anything is sent, and a blank name keeps the submit disabled with "Still needed: a name." as the campaign builders
// do; everything else is the core's to check, and its refusal (400, or 409 for an active automation's step whose
// integration is not connected) is shown above the buttons, the form kept as typed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Automation, NodeCatalog } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState, StillNeeded } from '../../components/states.tsx';
import { ConfigFields } from './config-fields.tsx';
import { bodyOf, emptyValues, entryOf, integrationName, type AutomationBody, type Draft } from './draft.ts';
import { StepList } from './step-list.tsx';

export type SaveMutation = { mutateAsync(body: AutomationBody): Promise<Automation>; isPending: boolean; error: Error | null; reset(): void };

export function AutomationForm({ title, initial, catalog, save, submitLabel, onSaved, onCancel, testId }: {
  title: string; initial: Draft; catalog: NodeCatalog; save: SaveMutation; submitLabel: string; onSaved(automation: Automation): void; onCancel(): void; testId: string;
}) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  // Set at once on a submit: a double click landing before React renders the pending request would save twice.
  const submitting = useRef(false);
  const triggerEntry = entryOf(catalog.triggers, draft.trigger.type);
  const stillNeeded = draft.name.trim() ? [] : ['a name'];
  const neededId = useId();
  // A refusal comes under a long form, below the window's edge: it is brought into view (and read out: role alert).
  const refusal = useRef<HTMLDivElement>(null);
  const refused = problem !== null || save.error !== null;
  useEffect(() => {
    if (refused) refusal.current?.scrollIntoView({ block: 'nearest' });
  }, [refused]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current || stillNeeded.length) return;
    const built = bodyOf(draft, catalog);
    if ('problem' in built) return setProblem(built.problem);
    submitting.current = true;
    try {
      onSaved(await save.mutateAsync(built.body));
    } catch {
      // Shown from the mutation's error, the form as typed.
    } finally {
      submitting.current = false;
    }
  }
  const change = (next: Draft) => {
    setDraft(next);
    setProblem(null);
    if (save.error) save.reset();
  };

  return (
    <form className="card form automation-form" onSubmit={(e) => void submit(e)} aria-labelledby={headingId} data-testid={testId}>
      <div className="page-title">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="button ghost small" onClick={onCancel} data-testid="automation-form-cancel">Cancel</button>
      </div>
      <div className="form-row">
        <label className="field grow"><span>Name</span>
          <input ref={first} value={draft.name} onChange={(e) => change({ ...draft, name: e.target.value })} maxLength={200} data-testid="automation-name-input" />
        </label>
        <label className="field grow roomy"><span>Description (optional)</span>
          <input value={draft.description} onChange={(e) => change({ ...draft, description: e.target.value })} maxLength={1000} data-testid="automation-description-input" />
        </label>
      </div>
      <fieldset className="automation-trigger" data-testid="builder-trigger">
        <legend>Trigger</legend>
        <label className="field"><span>When</span>
          <select value={draft.trigger.type} data-testid="trigger-type"
            onChange={(e) => change({ ...draft, trigger: { type: e.target.value, values: emptyValues(entryOf(catalog.triggers, e.target.value)), kept: {} } })}>
            {triggerEntry ? null : <option value={draft.trigger.type}>{draft.trigger.type} (unknown type)</option>}
            {catalog.triggers.map((trigger) => <option key={trigger.type} value={trigger.type}>{trigger.name}</option>)}
          </select>
        </label>
        {triggerEntry ? <p className="small muted">{triggerEntry.description}{triggerEntry.integration ? ` Needs the ${integrationName(triggerEntry.integration)} integration.` : ''}</p> : null}
        <ConfigFields entry={triggerEntry} values={draft.trigger.values} onChange={(values) => change({ ...draft, trigger: { ...draft.trigger, values } })} />
      </fieldset>
      <fieldset className="automation-steps-field">
        <legend>Steps</legend>
        <StepList steps={draft.steps} catalog={catalog} onChange={(steps) => change({ ...draft, steps })} />
      </fieldset>
      <div ref={refusal} className="automation-form-end">
        {problem ? <p className="field-error" role="alert" data-testid="automation-form-problem">{problem}</p> : null}
        {save.error ? <ErrorState error={save.error} refused="Not saved" /> : null}
        <StillNeeded items={stillNeeded} id={neededId} />
        <div className="actions">
          <Button type="submit" className="button primary" disabled={save.isPending || stillNeeded.length > 0} aria-describedby={stillNeeded.length ? neededId : undefined} data-testid="automation-save">{save.isPending ? 'Saving…' : submitLabel}</Button>
        </div>
      </div>
    </form>
  );
}
