// The demo's voice agents: an active order-confirmation agent and a paused feedback agent (their calls: demo/calls.ts).
import type { VoiceAgentsService } from '../../domains/voice-agents/index.ts';

/** Answers the active agent's id. */
export function seedVoiceAgentsDemo(deps: { orgId: string; voiceAgents: VoiceAgentsService }): string {
  const active = deps.voiceAgents.createAgent(deps.orgId, {
    name: 'Order Confirmation', description: 'Calls customers to confirm cash-on-delivery orders and book a delivery slot.',
    greeting: 'Hello {{name}}, this is Asha from Example Store, calling about your order {{orderNumber}}.',
    instructions: 'Confirm the order and the delivery address, then offer to book a delivery slot. Be brief and polite; never ask for card details.',
    language: 'en-IN', sttProvider: 'deepgram', ttsProvider: 'elevenlabs', llmProvider: 'openai', llmModel: 'gpt-4o-mini', voice: 'asha',
    maxDurationSeconds: 300, isActive: true,
  });
  deps.voiceAgents.createAgent(deps.orgId, {
    name: 'Feedback Survey', description: 'Asks recent customers how their delivery went.',
    greeting: 'Hi {{name}}, this is Example Store. Do you have a minute to tell us how your delivery went?',
    instructions: 'Ask three short questions about the delivery and thank the customer. Do not sell anything.',
    language: 'hi-IN', sttProvider: 'deepgram', ttsProvider: 'elevenlabs', llmProvider: 'openai', llmModel: 'gpt-4o-mini', voice: 'kavya',
    maxDurationSeconds: 180, isActive: false,
  });
  return active.id;
}
