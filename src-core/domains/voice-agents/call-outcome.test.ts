// What a call comes to, read from its transcript alone; the greeting's placeholders; how long a line takes to say.
import { describe, expect, it } from 'vitest';
import { fillGreeting, outcomeOf, speakingSeconds } from './call-outcome.ts';

const user = (content: string) => ({ role: 'user' as const, content });
const agent = (content: string) => ({ role: 'agent' as const, content });

describe('outcomeOf', () => {
  it('confirmed when the person says so, booked when the agent says it booked, sentiment from the person\'s words', () => {
    expect(outcomeOf([agent('Hi.'), user('Yes, I confirm.'), agent('Done: I have booked it for you.'), user('Great, thank you!')], 'Asha')).toEqual({
      wasConfirmed: true, wasBooked: true, sentiment: 'POSITIVE', summary: 'Asha spoke with the person: they confirmed and a booking was made.',
    });
    // The agent asking to confirm, or offering to book, is neither.
    expect(outcomeOf([agent('Could you confirm? Shall I book it?'), user('Hmm, I am not sure.')], 'Asha'))
      .toMatchObject({ wasConfirmed: false, wasBooked: false, sentiment: 'NEUTRAL', summary: 'Asha spoke with the person: they did not confirm.' });
    expect(outcomeOf([user('Yes?'), user('This is frustrating.'), user('Please do not call me again.')], 'Asha'))
      .toMatchObject({ sentiment: 'NEGATIVE', summary: 'Asha spoke with the person: they did not confirm, and were unhappy.' });
    expect(outcomeOf([agent('Hello?')], 'Asha')).toMatchObject({ sentiment: 'NEUTRAL', summary: 'Asha spoke; the person said nothing.' });
  });

  it('names who was called in the summary when the call knows them', () => {
    const talk = [agent('Hi.'), user('Yes, I confirm.'), agent('Done: I have booked it for you.')];
    expect(outcomeOf(talk, 'Order Confirmation', 'Kiran Mehta').summary).toBe('Order Confirmation spoke with Kiran Mehta: they confirmed and a booking was made.');
    expect(outcomeOf([agent('Hello?')], 'Order Confirmation', '+14155550177').summary).toBe('Order Confirmation spoke; +14155550177 said nothing.');
  });
});

describe('fillGreeting', () => {
  it('fills {{key}} from the context and leaves out a key it lacks, tidying the spaces', () => {
    expect(fillGreeting('Hello {{name}}, about order {{ orderNumber }}.', { name: 'Alice', orderNumber: 1001 })).toBe('Hello Alice, about order 1001.');
    expect(fillGreeting('Hello {{name}}, about order {{orderNumber}}.', {})).toBe('Hello, about order.');
  });
});

describe('speakingSeconds', () => {
  it('is 2 s and 1 s for every 3 words', () => {
    expect([speakingSeconds('Hi.'), speakingSeconds('one two three'), speakingSeconds('one two three four')]).toEqual([3, 3, 4]);
  });
});
