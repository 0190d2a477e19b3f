// The demo's call history, so the Calls page has a morning to show: the order-confirmation agent rings three customers
// (Alice answers and confirms order 1001, Sofia Nair's line is busy, Ravi Khan does not answer: contacts whose phones are
// the simulated busy and unanswered handsets, see DEMO_SIMULATED_PHONES), and the demo's customer calls their
// pro from the booking, who picks up and talks for a couple of minutes. On a story played on the clock the calls run
// their course (the agent's transcript line by line, charges and recordings); without one (an existing database, the
// tests' manual clock) they are placed now and the booking call is a moment long.
import type { VoiceAgentsService } from '../../domains/voice-agents/index.ts';
import type { VoiceAppService } from '../../domains/voice-app/index.ts';
import type { DemoStory } from './story.ts';
import { DEMO_BOOKING, DEMO_CUSTOMER, DEMO_PRO } from './voice-identities.ts';

export async function seedCallsDemo(
  deps: { orgId: string; voiceAgents: VoiceAgentsService; voiceApp: VoiceAppService; orderAgentId: string }, story: DemoStory,
): Promise<void> {
  const { orgId, voiceAgents, orderAgentId: agentId } = deps;
  await story.at(32.5);
  voiceAgents.placeCall(orgId, { agentId, toNumber: '+14155550101', callContext: { name: 'Alice', orderNumber: '1001' } });
  voiceAgents.placeCall(orgId, { agentId, toNumber: '+15005550005', callContext: { name: 'Sofia', orderNumber: '1004' } });
  await story.at(32);
  voiceAgents.placeCall(orgId, { agentId, toNumber: '+15005550004', callContext: { name: 'Ravi', orderNumber: '1005' } });
  const { calls } = deps.voiceApp;
  const booking = await calls.create(orgId, { externalRef: DEMO_BOOKING, fromExternalId: DEMO_CUSTOMER });
  await story.at(31.9);
  await calls.accept(orgId, booking.callId, DEMO_PRO);
  await story.at(30.1);
  calls.end(orgId, booking.callId, { asExternalId: DEMO_CUSTOMER });
}
