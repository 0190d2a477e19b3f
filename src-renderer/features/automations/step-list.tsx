// The builder's ordered steps: each with its type (from the node catalog) and config fields, moved up or down and
// removed; a type and "Add step" at the end. The focus stays on the control that moved, and after a removal goes to
// the step type of "Add step" (the removed step's controls are gone).
import { useLayoutEffect, useRef, useState } from 'react';
import type { NodeCatalog } from '../../../src-core/contract/index.ts';
import { ConfigFields } from './config-fields.tsx';
import { emptyValues, entryOf, integrationName, moved, newStep, type DraftStep } from './draft.ts';
import { WaStepFields } from './wa-step-fields.tsx';

type Move = 'up' | 'down';

function StepItem({ step, index, count, catalog, onChange, onMove, onRemove }: {
  step: DraftStep; index: number; count: number; catalog: NodeCatalog; onChange(step: DraftStep): void; onMove(by: Move): void; onRemove(): void;
}) {
  const entry = entryOf(catalog.nodes, step.type);
  const title = `Step ${index + 1}: ${entry?.name ?? step.type}`;
  return (
    <li className="automation-builder-step" data-testid="builder-step" data-key={step.key}>
      <fieldset>
        <legend>{title}</legend>
        <div className="automation-step-head">
          <label className="field">
            <span>Step type</span>
            <select value={step.type} data-testid="step-type" data-control="type"
              onChange={(e) => onChange({ ...step, type: e.target.value, values: emptyValues(entryOf(catalog.nodes, e.target.value)), kept: {} })}>
              {entry ? null : <option value={step.type}>{step.type} (unknown type)</option>}
              {catalog.nodes.map((node) => <option key={node.type} value={node.type}>{node.name}</option>)}
            </select>
          </label>
          <div className="automation-step-actions">
            <button type="button" className="button ghost small" data-control="up" disabled={index === 0} onClick={() => onMove('up')}
              aria-label={`Move up (step ${index + 1})`} data-testid="step-up">Move up</button>
            <button type="button" className="button ghost small" data-control="down" disabled={index === count - 1} onClick={() => onMove('down')}
              aria-label={`Move down (step ${index + 1})`} data-testid="step-down">Move down</button>
            <button type="button" className="button danger-outline small" onClick={onRemove} aria-label={`Remove step ${index + 1}`} data-testid="step-remove">Remove</button>
          </div>
        </div>
        {entry?.description ? <p className="small muted">{entry.description}{entry.integration ? ` Needs the ${integrationName(entry.integration)} integration.` : ''}</p> : null}
        {entry && step.type === 'whatsapp.send_template'
          ? <WaStepFields values={step.values} onChange={(values) => onChange({ ...step, values })} />
          : <ConfigFields entry={entry} values={step.values} onChange={(values) => onChange({ ...step, values })} />}
      </fieldset>
    </li>
  );
}

export function StepList({ steps, catalog, onChange }: { steps: DraftStep[]; catalog: NodeCatalog; onChange(steps: DraftStep[]): void }) {
  const [addType, setAddType] = useState(catalog.nodes[0]?.type ?? '');
  const list = useRef<HTMLOListElement>(null);
  const addSelect = useRef<HTMLSelectElement>(null);
  // Where the focus goes once the list is rendered again: a step's control (by key), or the add-step type.
  const focusNext = useRef<{ key: string; control: string } | 'add' | null>(null);

  useLayoutEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next === 'add') addSelect.current?.focus();
    else if (next) {
      const item = list.current?.querySelector(`[data-key="${next.key}"]`);
      // A step moved to either end finds its button that way disabled: the other way's takes the focus.
      const other = next.control === 'up' ? 'down' : next.control === 'down' ? 'up' : 'type';
      const wanted = [next.control, other].map((control) => item?.querySelector<HTMLElement>(`[data-control="${control}"]:not(:disabled)`)).find(Boolean);
      wanted?.focus();
    }
  });

  const move = (index: number, by: Move) => {
    focusNext.current = { key: steps[index]?.key ?? '', control: by };
    onChange(moved(steps, index, by === 'up' ? -1 : 1));
  };
  const remove = (index: number) => {
    focusNext.current = 'add';
    onChange(steps.filter((_, i) => i !== index));
  };
  const add = () => {
    const step = newStep(catalog, addType, steps);
    focusNext.current = { key: step.key, control: 'type' };
    onChange([...steps, step]);
  };

  return (
    <div className="automation-step-list">
      {steps.length === 0 ? <p className="small muted" data-testid="no-steps">No steps yet: add the first below.</p> : (
        <ol ref={list} aria-label="Steps">
          {steps.map((step, index) => (
            <StepItem key={step.key} step={step} index={index} count={steps.length} catalog={catalog}
              onChange={(changed) => onChange(steps.map((s) => (s.key === changed.key ? changed : s)))}
              onMove={(by) => move(index, by)} onRemove={() => remove(index)} />
          ))}
        </ol>
      )}
      <div className="inline automation-add-step">
        <label className="field">
          <span>New step type</span>
          <select ref={addSelect} value={addType} onChange={(e) => setAddType(e.target.value)} data-testid="add-step-type">
            {catalog.nodes.map((node) => <option key={node.type} value={node.type}>{node.name}</option>)}
          </select>
        </label>
        <button type="button" className="button small" onClick={add} data-testid="add-step">Add step</button>
      </div>
    </div>
  );
}
