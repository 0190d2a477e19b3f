// The funnel's receipt rows: waiting while sent messages have not had their receipt, never for rows no receipt moves;
// its engagement rows: pending while none has come and sent messages are still unread.
import { describe, expect, it } from 'vitest';
import { awaitingEngagement, awaitingReceipts } from './funnel-receipts.ts';

const ENGAGED = ['clicked', 'replied', 'converted'];

describe('awaitingReceipts', () => {
  it('counts the sent messages still without a delivery or read receipt', () => {
    const justSent = { sent: 2, delivered: 0, read: 0 };
    expect(['delivered', 'read'].map((key) => awaitingReceipts('sms', key, justSent))).toEqual([2, 2]);
    expect(['delivered', 'read'].map((key) => awaitingReceipts('rcs', key, { sent: 2, delivered: 2, read: 1 }))).toEqual([0, 1]);
    expect(['delivered', 'read'].map((key) => awaitingReceipts('whatsapp', key, { sent: 2, delivered: 2, read: 2 }))).toEqual([0, 0]);
  });
  it('does not wait on an email open (a complaint is never opened), nor on clicks, replies or failures', () => {
    expect(awaitingReceipts('email', 'read', { sent: 3, delivered: 3, read: 0 })).toBe(0);
    expect(awaitingReceipts('email', 'delivered', { sent: 3, delivered: 1, read: 0 })).toBe(2);
    expect(['clicked', 'replied', 'converted', 'failed', 'sent'].map((key) => awaitingReceipts('sms', key, { sent: 2, delivered: 0, read: 0 }))).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('awaitingEngagement', () => {
  const justSent = { sent: 4, delivered: 0, read: 0, clicked: 0, replied: 0, converted: 0 };
  it('keeps clicks, replies and conversions pending while none has come and sent messages are still unread', () => {
    expect(ENGAGED.map((key) => awaitingEngagement('whatsapp', key, justSent))).toEqual([4, 4, 4]);
    expect(ENGAGED.map((key) => awaitingEngagement('sms', key, { ...justSent, delivered: 4, read: 3 }))).toEqual([1, 1, 1]);
    // The ring's counts carry clicks only: still pending on the unread.
    expect(awaitingEngagement('rcs', 'clicked', { sent: 2, delivered: 2, read: 0, clicked: 0 })).toBe(2);
  });
  it('is a result, not pending, once any engagement has come or every sent message is read', () => {
    expect(ENGAGED.map((key) => awaitingEngagement('whatsapp', key, { ...justSent, read: 1, clicked: 1 }))).toEqual([0, 0, 0]);
    expect(ENGAGED.map((key) => awaitingEngagement('whatsapp', key, { ...justSent, read: 1, replied: 1 }))).toEqual([0, 0, 0]);
    expect(ENGAGED.map((key) => awaitingEngagement('sms', key, { ...justSent, delivered: 4, read: 4 }))).toEqual([0, 0, 0]);
  });
  it('never pends an email (an open is not a receipt) nor the rows engagement does not move', () => {
    expect(ENGAGED.map((key) => awaitingEngagement('email', key, justSent))).toEqual([0, 0, 0]);
    expect(['sent', 'delivered', 'read', 'failed', 'complained'].map((key) => awaitingEngagement('sms', key, justSent))).toEqual([0, 0, 0, 0, 0]);
  });
});
