// An agent call's pacing: the pauses between its lines fill the person's talk, so the last words end just before the
// hang-up; a script that already fills the talk gets none.
import { describe, expect, it } from 'vitest';
import { createSimVoiceNetwork } from '../../sim/voice-agents.ts';
import { speakingSeconds } from './call-outcome.ts';
import { GREETING_AFTER_SECONDS, HANGUP_AFTER_LAST_LINE_SECONDS, pauseAfterSeconds, scriptOf } from './call-pacing.ts';

const scene = (calledNumber: string) => ({ agentName: 'Order Confirmation', instructions: '', calledNumber, callContext: {}, transcript: [] });
const endOf = (script: readonly string[], talk: number): number =>
  script.reduce((at, line, seq) => at + speakingSeconds(line) + pauseAfterSeconds(script, seq, talk), GREETING_AFTER_SECONDS);

describe('an agent call\'s pacing', () => {
  it('plays the whole script from the greeting, as the call does, and ends it 2 s before the person hangs up at 95 s', () => {
    const network = createSimVoiceNetwork();
    for (const phone of ['+14155550171', '+14155550176', '+14155550179']) {
      const script = scriptOf(network, scene(phone), 'Hello, this is Asha from Example Store, calling about your order.');
      expect(script[0]).toBe('Hello, this is Asha from Example Store, calling about your order.');
      expect(script.at(-1), phone).toMatch(/Goodbye|Have a great day/);
      expect(endOf(script, 95), phone).toBe(95 - HANGUP_AFTER_LAST_LINE_SECONDS);
      for (let seq = 0; seq < script.length; seq += 1) expect(pauseAfterSeconds(script, seq, 95)).toBeGreaterThanOrEqual(0);
    }
  });

  it('gives no pause to a script longer than the talk, nor after the last line or a one-line script', () => {
    const script = ['one two three four five six', 'seven eight nine', 'ten'];
    expect(script.map((_, seq) => pauseAfterSeconds(script, seq, 5))).toEqual([0, 0, 0]);
    expect(pauseAfterSeconds(script, 2, 95)).toBe(0);
    expect(pauseAfterSeconds(['Hi.'], 0, 95)).toBe(0);
  });
});
