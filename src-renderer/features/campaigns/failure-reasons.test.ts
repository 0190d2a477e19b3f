// A failure reason's label inside the results' sentence ("Failed 3 — 2 no WhatsApp account · 1 other").
import { describe, expect, it } from 'vitest';
import { inSentence } from './failure-reasons.tsx';

describe('a failure reason inside a sentence', () => {
  it('has its first word lower-cased, an acronym kept', () => {
    expect(['No WhatsApp account', 'No RCS on the handset', 'Other', 'RCS refused'].map(inSentence))
      .toEqual(['no WhatsApp account', 'no RCS on the handset', 'other', 'RCS refused']);
  });
});
