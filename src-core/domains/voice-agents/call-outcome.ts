// What an answered call came to, decided from its transcript alone (so the same conversation always gives the same
// outcome): whether the person confirmed, whether the agent booked, the person's sentiment, and a one-line summary.
import type { Sentiment, TranscriptTurn } from '../../contract/voice-agents.ts';

const POSITIVE = /\b(yes|great|thank|thanks|perfect|wonderful)\b/i;
const NEGATIVE = /\b(bad|frustrating|do not want|not happy|do not call|angry)\b/i;
const CONFIRMED = /\bconfirm(ed)?\b/i;
const BOOKED = /\b(booked|book(ing)? (is )?confirmed)\b/i;

export type CallOutcome = { wasConfirmed: boolean; wasBooked: boolean; sentiment: Sentiment; summary: string };

/** `callee`: who was called, as the summary names them (the contact's name, else the number); "the person" when not given. */
export function outcomeOf(transcript: readonly Pick<TranscriptTurn, 'role' | 'content'>[], agentName: string, callee = 'the person'): CallOutcome {
  const user = transcript.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const agent = transcript.filter((turn) => turn.role === 'agent').map((turn) => turn.content);
  const wasConfirmed = user.some((line) => CONFIRMED.test(line));
  const wasBooked = agent.some((line) => BOOKED.test(line));
  const score = user.reduce((sum, line) => sum + (NEGATIVE.test(line) ? -1 : POSITIVE.test(line) ? 1 : 0), 0);
  const sentiment: Sentiment = score > 0 ? 'POSITIVE' : score < 0 ? 'NEGATIVE' : 'NEUTRAL';
  const summary = user.length === 0 ? `${agentName} spoke; ${callee} said nothing.`
    : `${agentName} spoke with ${callee}: ${wasBooked ? 'they confirmed and a booking was made.' : wasConfirmed ? 'they confirmed.' : 'they did not confirm'}${
      wasConfirmed || wasBooked ? '' : sentiment === 'NEGATIVE' ? ', and were unhappy.' : '.'}`;
  return { wasConfirmed, wasBooked, sentiment, summary };
}

/** Seconds a line takes to say: 2, and 1 more for every 3 words. */
export const speakingSeconds = (line: string): number => 2 + Math.ceil(line.split(/\s+/).filter(Boolean).length / 3);

/** The greeting with `{{key}}` filled from the call's context; a key the context lacks is left out. */
export function fillGreeting(greeting: string, context: Record<string, string | number | boolean>): string {
  return greeting.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (_, key: string) => (key in context ? String(context[key]) : ''))
    .replace(/\s+([,.!?])/g, '$1').replace(/\s{2,}/g, ' ').trim();
}
