// The agent form's Model: a choice of the AI catalogue's labels (GET /dashboard/ai/models), each with its description,
// the chosen one's description and capabilities under it (the closed select may cut its line short). A model the
// catalogue does not name (set through the API) is kept and shown as it is; if the catalogue cannot be read, the name
// is typed as before.
import { useId } from 'react';
import type { AiModel } from '../../../src-core/contract/index.ts';
import { modelChoices } from './agent-draft.ts';
import { useAiModels } from './queries.ts';

function hintOf(model: AiModel | null | undefined): string {
  if (!model) return 'Not one of the catalogue\u2019s labels: kept as it is.';
  const can = `${model.description} Can: ${model.capabilities.join(', ').replace(/_/g, ' ')}.`;
  return model.capabilities.includes('voice') ? can : `${can} Not marked for voice: it may be slow to answer on a call.`;
}

export function ModelField({ value, onChange }: { value: string; onChange(llmModel: string): void }) {
  const models = useAiModels();
  const hintId = useId();
  if (models.isError) {
    return (
      <label className="field">
        <span>Model</span>
        <input value={value} placeholder="fast" onChange={(e) => onChange(e.target.value)} aria-describedby={hintId} data-testid="agent-llmModel" />
        <span id={hintId} className="muted small">The model list could not be read: type a model name.</span>
      </label>
    );
  }
  const choices = modelChoices(models.data?.data ?? [], value);
  const chosen = choices.find((choice) => choice.value === value);
  return (
    <label className="field model-field">
      <span>Model</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hintId} aria-busy={models.isPending} data-testid="agent-llmModel">
        {choices.map((choice) => <option key={choice.value} value={choice.value}>{choice.text}</option>)}
      </select>
      <span id={hintId} className="muted small" data-testid="agent-model-hint">{models.isPending ? 'Loading the models…' : hintOf(chosen?.model)}</span>
    </label>
  );
}
