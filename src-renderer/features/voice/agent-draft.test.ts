// The agent form's bodies: a new agent leaves blank optional fields to the core, a change sends only what differs.
import { describe, expect, it } from 'vitest';
import type { VoiceAgent } from '../../../src-core/contract/index.ts';
import { bodyOf, changesOf, draftOf, EMPTY_AGENT_DRAFT } from './agent-draft.ts';

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
});
