// A transcript chunk that comes while the open call's detail is being read (its first read after a reload, or a reload
// on joining the call's room): the answer on its way may predate the line, so the chunk is put in again when it answers;
// once read, a chunk is added once.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentCall, TranscriptTurn } from '../../../src-core/contract/index.ts';
import { callKey, showTranscriptChunk } from './queries.ts';

const turn = (n: number): TranscriptTurn => ({ role: n % 2 ? 'user' : 'agent', content: `line ${n}`, timestamp: `2026-11-28T09:00:0${n}.000Z` });
const call = (lines: number) => ({ id: 'call_1', transcription: Array.from({ length: lines }, (_, i) => turn(i + 1)) }) as unknown as AgentCall;

/** The detail as the Calls page reads it (an observer, so a reload refetches), each read answered by hand. */
function openDetail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const reads: Array<(answer: AgentCall) => void> = [];
  const observer = new QueryObserver<AgentCall>(client, {
    queryKey: callKey('call_1'),
    queryFn: ({ signal }) => new Promise<AgentCall>((resolve, reject) => {
      reads.push(resolve);
      signal.addEventListener('abort', () => reject(new Error('cancelled')));
    }),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const lines = () => client.getQueryData<AgentCall>(callKey('call_1'))?.transcription.map((t) => t.content);
  return { client, reads, lines, close: () => { unsubscribe(); client.clear(); } };
}

let close = () => undefined as void;
afterEach(() => close());
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a transcript chunk and the open call\'s detail', () => {
  it('coming during the first read, is not lost when that read answers without it', async () => {
    const detail = openDetail();
    close = detail.close;
    await settle();
    showTranscriptChunk(detail.client, { callId: 'call_1', ...turn(3) });
    detail.reads[0]?.(call(2)); // written before line 3 was spoken
    await settle();
    expect(detail.lines()).toEqual(['line 1', 'line 2', 'line 3']);
    expect(detail.reads).toHaveLength(1);
  });

  it('coming during a reload of a shown detail, is shown at once and kept when the reload answers, with or without it', async () => {
    const detail = openDetail();
    close = detail.close;
    await settle();
    detail.reads[0]?.(call(2));
    await settle();
    for (const answer of [call(2), call(3)]) {
      void detail.client.invalidateQueries({ queryKey: callKey('call_1') });
      await settle();
      showTranscriptChunk(detail.client, { callId: 'call_1', ...turn(3) });
      expect(detail.lines()).toEqual(['line 1', 'line 2', 'line 3']);
      detail.reads.at(-1)?.(answer);
      await settle();
      expect(detail.lines()).toEqual(['line 1', 'line 2', 'line 3']);
    }
    expect(detail.reads).toHaveLength(3);
  });

  it('coming once the detail is read, is added once (a repeat is not doubled) and reads nothing again', async () => {    const detail = openDetail();
    close = detail.close;
    await settle();
    detail.reads[0]?.(call(2));
    await settle();
    showTranscriptChunk(detail.client, { callId: 'call_1', ...turn(3) });
    showTranscriptChunk(detail.client, { callId: 'call_1', ...turn(3) });
    await settle();
    expect(detail.lines()).toEqual(['line 1', 'line 2', 'line 3']);
    expect(detail.reads).toHaveLength(1);
  });
});
