// The scripted people an agent calls and the agent's stand-in answers: a conversation as the call plays it, turn by
// turn, reads as one (the agent says who it is as its greeting did, and never says the same line twice in a row).
import { describe, expect, it } from 'vitest';
import type { CallScene } from '../domains/voice-agents/provider.ts';
import { createSimVoiceNetwork } from './voice-agents.ts';

/** The call as the agents' domain plays it: the greeting, then the person and the agent in turn until the person is done. */
function conversation(calledNumber: string, greeting: string, agentName = 'Order Confirmation', callContext: CallScene['callContext'] = {}): string[] {
  const network = createSimVoiceNetwork();
  const scene: CallScene = { agentName, instructions: 'Confirm the order.', calledNumber, callContext, transcript: [{ role: 'agent', content: greeting }] };
  for (let turn = 0; turn < 10; turn += 1) {
    const said = network.calleeSays(scene);
    if (said === null) break;
    scene.transcript.push({ role: 'user', content: said });
    scene.transcript.push({ role: 'agent', content: network.agentSays(scene) });
  }
  return scene.transcript.map((turn) => `${turn.role}: ${turn.content}`);
}

describe('the simulated voice conversation', () => {
  it('answers "Who is this?" with who the greeting said it was, not with the agent\'s name in the console', () => {
    const lines = conversation('+14155550177', 'Hello, this is Asha from Example Store, calling about your order.');
    expect(lines[1]).toBe('user: Hello? Who is this?');
    expect(lines[2]).toBe('agent: Sorry, this is Asha from Example Store, calling about your order.');
    expect(lines.join('\n')).not.toContain('This is Order Confirmation');
  });

  it('names the agent as an assistant where the greeting said no name', () => {
    expect(conversation('+14155550177', 'Hello, calling about your order.')[2]).toBe('agent: This is the Order Confirmation assistant, calling about your order.');
  });

  it('says what the call is about in the greeting\'s words all through, with or without an order number', () => {
    // The demo agent's greeting for a call with no order number, then with one.
    const plain = conversation('+14155550171', 'Hello, this is Asha from Example Store, calling about your order.');
    // The greeting said "calling about your order": the next line asks about it without saying so again.
    expect(plain[2]).toBe('agent: Thanks for taking my call. Could you confirm a few details of your order for me?');
    expect(plain.filter((line) => /calling about/i.test(line))).toHaveLength(1);
    expect(plain).toContain('agent: I would like to check your order with you. Is everything as you expected?');
    expect(plain.join('\n')).not.toContain('recent request');
    const numbered = conversation('+14155550171', 'Hello Alice, this is Asha from Example Store, calling about your order 1001.', 'Order Confirmation', { orderNumber: '1001' });
    expect(numbered).toContain('agent: I would like to check your order 1001 with you. Is everything as you expected?');
    // A greeting that names nothing: the call's context says it, else a plain "your recent request".
    expect(conversation('+14155550179', 'Hi.', 'Order Confirmation', { purpose: 'your delivery slot' })[2]).toBe('agent: I am calling about your delivery slot. Could you confirm the details for me?');
    expect(conversation('+14155550179', 'Hi.')[2]).toBe('agent: I am calling about your recent request. Could you confirm the details for me?');
  });

  it('never has the agent say the same line twice in a row, whoever picks up', () => {
    for (const phone of ['+14155550171', '+14155550176', '+14155550179']) {
      const agent = conversation(phone, 'Hello, this is Asha from Example Store.').filter((line) => line.startsWith('agent: '));
      expect(agent.length).toBeGreaterThan(3);
      for (let i = 1; i < agent.length; i += 1) expect(agent[i], `${phone}: ${agent.join(' | ')}`).not.toBe(agent[i - 1]);
    }
  });
});
