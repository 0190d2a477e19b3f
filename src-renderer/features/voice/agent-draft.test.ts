// The agent form's bodies: a new agent leaves blank optional fields to the core, a change sends only what differs; its
// model starts as the catalogue's quickest for calls, and a model the catalogue does not name is offered as it is.
import { describe, expect, it } from 'vitest';
import { AI_MODELS, type AiModel, type VoiceAgent } from '../../../src-core/contract/index.ts';
import { bodyOf, changesOf, defaultModelOf, draftOf, EMPTY_AGENT_DRAFT, modelChoices, modelLabelOf, newAgentDraft } from './agent-draft.ts';

const agent: VoiceAgent = {
  id: 'va_1', name: 'Order Confirmation', description: 'Confirms orders', language: 'en-IN', sttProvider: 'deepgram', ttsProvider: 'elevenlabs',
  llmProvider: 'openai', llmModel: 'gpt-4o-mini', isActive: true, createdAt: '2026-01-01T00:00:00.000Z', greeting: 'Hello', instructions: 'Confirm',
  voice: 'alloy', maxDurationSeconds: 600, updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('agent drafts', () => {
  it('sends a new agent as typed, blank optional fields left to the core, a duration as a number', () => {
    const body = bodyOf({ ...EMPTY_AGENT_DRAFT, name: 'Reminders', greeting: 'Hi', instructions: 'Remind', language: ' ', maxDurationSeconds: '120' });
    expect(body).toEqual({ name: 'Reminders', greeting: 'Hi', instructions: 'Remind', isActive: true, voice: 'alloy', llmModel: 'gpt-4o-mini', maxDurationSeconds: 120 });
  });

  it('sends a duration that is not a number as typed, for the core to refuse with its message', () => {
    expect(bodyOf({ ...EMPTY_AGENT_DRAFT, maxDurationSeconds: 'ten' }).maxDurationSeconds).toBe('ten');
  });

  it('changes only what differs from the agent as read, and clears an emptied description', () => {
    expect(changesOf(agent, draftOf(agent))).toEqual({});
    expect(changesOf(agent, { ...draftOf(agent), greeting: 'Namaste', isActive: false })).toEqual({ greeting: 'Namaste', isActive: false });
    expect(changesOf(agent, { ...draftOf(agent), description: '  ' })).toEqual({ description: null });
    expect(changesOf(agent, { ...draftOf(agent), maxDurationSeconds: '300' })).toEqual({ maxDurationSeconds: 300 });
  });

  it('starts a new agent on the catalogue\'s first model marked for voice, the core\'s default without one', () => {
    expect(newAgentDraft(AI_MODELS).llmModel).toBe('fast');
    const slowFirst: AiModel[] = [{ label: 'deep', description: 'Slow.', capabilities: ['text'] }, { label: 'quick', description: 'Quick.', capabilities: ['voice'] }];
    expect(defaultModelOf(slowFirst)).toBe('quick');
    expect(defaultModelOf([])).toBe('gpt-4o-mini');
  });

  it('offers the labels with their descriptions, and a model the catalogue does not name first, as it is', () => {
    expect(modelChoices(AI_MODELS, 'balanced').map((choice) => choice.value)).toEqual(['fast', 'balanced', 'advanced']);
    expect(modelChoices(AI_MODELS, 'fast')[0]?.text).toBe(`fast — ${AI_MODELS[0]?.description}`);
    const kept = modelChoices(AI_MODELS, 'my-own-llm');
    expect(kept.map((choice) => [choice.value, choice.text, choice.model])[0]).toEqual(['my-own-llm', 'my-own-llm', null]);
    expect(kept).toHaveLength(4);
  });

  it('names the default gpt-4o-mini by its label, fast, in the field (its value kept) and on the chip', () => {
    expect(modelLabelOf(AI_MODELS, 'gpt-4o-mini')).toBe('fast');
    expect(modelLabelOf(AI_MODELS, 'balanced')).toBe('balanced');
    expect(modelLabelOf(AI_MODELS, 'my-own-llm')).toBe('my-own-llm');
    // Without the catalogue (it could not be read) there is no label to show it by.
    expect(modelLabelOf([], 'gpt-4o-mini')).toBe('gpt-4o-mini');
    const choices = modelChoices(AI_MODELS, 'gpt-4o-mini');
    expect(choices.map((choice) => [choice.value, choice.text.split(' — ')[0]])).toEqual([['gpt-4o-mini', 'fast'], ['balanced', 'balanced'], ['advanced', 'advanced']]);
    expect(choices[0]?.model).toBe(AI_MODELS[0]);
  });
});
