// Unblock's question: asked for an opt-out as stored, whatever its reason's text; never for a person's block.
import { describe, expect, it } from 'vitest';
import { optOutReason } from '../../../src-core/contract/index.ts';
import { optOutQuestion } from './opt-out-question.ts';

describe('optOutQuestion', () => {
  it('asks for an opt-out, naming the keyword its reason gives', () => {
    expect(optOutQuestion({ optedOutOn: 'sms', blockedReason: optOutReason('STOP', 'SMS') }))
      .toBe('They opted out by sending STOP on SMS: unblocking overrides their choice.');
  });
  it('asks for an opt-out whatever its reason reads', () => {
    expect(optOutQuestion({ optedOutOn: 'whatsapp', blockedReason: 'Customer asked to leave' }))
      .toBe('They opted out on WhatsApp: unblocking overrides their choice.');
    expect(optOutQuestion({ optedOutOn: 'rcs', blockedReason: null })).toBe('They opted out on RCS: unblocking overrides their choice.');
  });
  it('does not ask for a person\'s block, even one whose reason reads as an opt-out', () => {
    expect(optOutQuestion({ optedOutOn: null, blockedReason: optOutReason('STOP', 'SMS') })).toBeNull();
    expect(optOutQuestion({ optedOutOn: null, blockedReason: 'Abusive language' })).toBeNull();
  });
});
