// An answered call's transcript. The simulation carries no audio: the turns are a fixed exchange, cut to the talk
// time, ready a few seconds after the call ends (VOICE_APP_LIMITS.transcribedAfterSeconds on the clock).
import type { AppCallTranscript, AppTranscriptTurn } from '../../contract/voice-app.ts';
import { hadSpeech } from './voice-app.billing.ts';
import { shownFrom, shownTo } from './voice-app.events.ts';
import type { AppCallRow } from './voice-app.store.ts';

const SCRIPT: Array<Omit<AppTranscriptTurn, 'party'>> = [
  { speaker: 'caller', text: 'Hello, can you hear me?', startSeconds: 1, endSeconds: 3 },
  { speaker: 'callee', text: 'Yes, loud and clear.', startSeconds: 3, endSeconds: 5 },
  { speaker: 'caller', text: 'Great. I am calling about your appointment.', startSeconds: 6, endSeconds: 9 },
  { speaker: 'callee', text: 'Sure, go ahead.', startSeconds: 10, endSeconds: 12 },
  { speaker: 'caller', text: 'It is confirmed for tomorrow at ten. See you then.', startSeconds: 13, endSeconds: 17 },
  { speaker: 'callee', text: 'Perfect, thank you. Bye!', startSeconds: 18, endSeconds: 20 },
];

export function transcriptOf(row: AppCallRow, nowMs: number): AppCallTranscript {
  const none = (state: AppCallTranscript['state']): AppCallTranscript => ({ callId: row.id, state, turns: [] });
  if (row.answered_at === null) return none(row.ended_at === null ? 'processing' : 'not_answered');
  if (row.ended_at === null || row.transcript_ready_at === null || nowMs < Date.parse(row.transcript_ready_at)) return none('processing');
  if (!hadSpeech(row.duration_seconds)) return none('no_speech');
  const turns = SCRIPT.filter((turn) => turn.endSeconds <= row.duration_seconds)
    .map((turn) => ({ ...turn, party: turn.speaker === 'caller' ? shownFrom(row) : shownTo(row) }));
  return { callId: row.id, state: 'ready', turns };
}
