// An agent's form as typed: what a new agent sends (blank optional fields left to the core's defaults), and what a
// change sends (only the fields that differ from the agent as read, so a PATCH never rewrites what was not touched);
// the models its Model field offers (the AI catalogue's labels) and the one a new agent starts with.
import { VOICE_AGENT_DEFAULTS, VOICE_AGENT_MODEL_LABELS, type AiModel, type VoiceAgent } from '../../../src-core/contract/index.ts';

export type AgentDraft = {
  name: string; greeting: string; instructions: string; description: string; language: string; voice: string; llmModel: string;
  maxDurationSeconds: string; isActive: boolean;
};
export type AgentDraftBody = {
  name: string; greeting: string; instructions: string; description?: string | null; language?: string; voice?: string; llmModel?: string;
  maxDurationSeconds?: number; isActive?: boolean;
};

export const EMPTY_AGENT_DRAFT: AgentDraft = {
  name: '', greeting: '', instructions: '', description: '', language: VOICE_AGENT_DEFAULTS.language, voice: VOICE_AGENT_DEFAULTS.voice,
  llmModel: VOICE_AGENT_DEFAULTS.llmModel, maxDurationSeconds: String(VOICE_AGENT_DEFAULTS.maxDurationSeconds), isActive: true,
};

export function draftOf(agent: VoiceAgent): AgentDraft {
  return {
    name: agent.name, greeting: agent.greeting, instructions: agent.instructions, description: agent.description ?? '', language: agent.language,
    voice: agent.voice, llmModel: agent.llmModel, maxDurationSeconds: String(agent.maxDurationSeconds), isActive: agent.isActive,
  };
}

/**
 * The body of the draft as typed: text as typed (the core trims and refuses a blank required field with its own
 * message), a blank optional field left out, a duration that is not a number sent as typed for the core to refuse.
 */
export function bodyOf(draft: AgentDraft): AgentDraftBody {
  const duration = draft.maxDurationSeconds.trim();
  const optional = (value: string) => (value.trim() ? value : undefined);
  const body: AgentDraftBody = { name: draft.name, greeting: draft.greeting, instructions: draft.instructions, isActive: draft.isActive };
  const extras = {
    description: optional(draft.description), language: optional(draft.language), voice: optional(draft.voice), llmModel: optional(draft.llmModel),
    maxDurationSeconds: duration ? (Number.isFinite(Number(duration)) ? Number(duration) : (duration as unknown as number)) : undefined,
  };
  for (const [key, value] of Object.entries(extras)) if (value !== undefined) Object.assign(body, { [key]: value });
  return body;
}

/** What differs from the agent as read; a description emptied is cleared (`null`). Nothing changed: an empty object. */
export function changesOf(agent: VoiceAgent, draft: AgentDraft): Partial<AgentDraftBody> {
  const body = bodyOf(draft);
  const before = bodyOf(draftOf(agent));
  const change: Partial<AgentDraftBody> = {};
  for (const key of Object.keys(body) as Array<keyof AgentDraftBody>) {
    if (body[key] !== before[key]) Object.assign(change, { [key]: body[key] });
  }
  if (agent.description !== null && !draft.description.trim()) change.description = null;
  return change;
}

/** A new agent's model: the catalogue's first (quickest) model quick enough for a phone call; the core's default without one. */
export function defaultModelOf(models: readonly AiModel[]): string {
  return models.find((model) => model.capabilities.includes('voice'))?.label ?? VOICE_AGENT_DEFAULTS.llmModel;
}

export const newAgentDraft = (models: readonly AiModel[]): AgentDraft => ({ ...EMPTY_AGENT_DRAFT, llmModel: defaultModelOf(models) });

export type ModelChoice = { value: string; text: string; model: AiModel | null };

/**
 * The words a model is shown by, the Model field's and the agent's chip alike: a catalogue label as it is; a model the
 * catalogue stands for (the default `gpt-4o-mini`) by that label; any other name as it is.
 */
export function modelLabelOf(models: readonly AiModel[], llmModel: string): string {
  if (models.some((model) => model.label === llmModel)) return llmModel;
  const label = VOICE_AGENT_MODEL_LABELS[llmModel];
  return label !== undefined && models.some((model) => model.label === label) ? label : llmModel;
}

/**
 * What the Model field offers: each catalogue label with its description, the agent's model standing in for the label
 * it is shown by (so opening the form never changes it), and a model that is none of them (a name given through the
 * API) first, as it is.
 */
export function modelChoices(models: readonly AiModel[], current: string): ModelChoice[] {
  const shownAs = modelLabelOf(models, current);
  const labelled = models.map((model) => ({ value: model.label === shownAs ? current : model.label, text: `${model.label} — ${model.description}`, model }));
  const kept = current !== '' && shownAs === current && !models.some((model) => model.label === current);
  return kept ? [{ value: current, text: current, model: null }, ...labelled] : labelled;
}
