// The funnel's receipt rows: waiting while sent messages have not had their receipt, never for rows no receipt moves.
import { describe, expect, it } from 'vitest';
import { awaitingReceipts } from './funnel-receipts.ts';

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
