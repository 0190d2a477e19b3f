// When each line of an answered agent call is spoken: the conversation is paced over the talk the person gives it, so
// its last words come just before they hang up, never followed by a long silence on a line still "in progress".
import { speakingSeconds } from './call-outcome.ts';
import type { CallScene, VoiceCallPort } from './provider.ts';

/** Seconds from pickup to the greeting. */
export const GREETING_AFTER_SECONDS = 1;
/** Seconds between the conversation's last words and the person hanging up. */
export const HANGUP_AFTER_LAST_LINE_SECONDS = 2;
/** A bound on a conversation's lines, should a port never run out of things to say. */
const MAX_LINES = 60;

/** The whole conversation from the greeting, as the call will play it (the port is deterministic: the same every time). */
export function scriptOf(port: VoiceCallPort, scene: CallScene, greeting: string): string[] {
  const played: CallScene = { ...scene, transcript: [{ role: 'agent', content: greeting }] };
  while (played.transcript.length < MAX_LINES) {
    const said = port.calleeSays(played);
    if (said === null || said === '') break;
    played.transcript.push({ role: 'user', content: said });
    played.transcript.push({ role: 'agent', content: port.agentSays(played) });
  }
  return played.transcript.map((turn) => turn.content);
}

/**
 * Whole seconds of pause after line `seq`: the talk the lines leave (before the last words' margin) shared over the
 * gaps between them, the remainder spread so the pauses add up exactly. A script longer than the talk has no pauses
 * (the hang-up cuts it); a script of one line, none.
 */
export function pauseAfterSeconds(script: readonly string[], seq: number, talkSeconds: number): number {
  const gaps = script.length - 1;
  if (gaps <= 0 || seq >= gaps) return 0;
  const spoken = script.reduce((sum, line) => sum + speakingSeconds(line), 0);
  const slack = Math.max(0, talkSeconds - HANGUP_AFTER_LAST_LINE_SECONDS - GREETING_AFTER_SECONDS - spoken);
  return Math.floor((slack * (seq + 1)) / gaps) - Math.floor((slack * seq) / gaps);
}
