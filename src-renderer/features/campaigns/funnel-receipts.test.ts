// The funnel's receipt rows: waiting while sent messages have not had their receipt, never for rows no receipt moves;
// its engagement rows: pending while none has come and the simulated customers may still act; and a cancelled campaign's unsent never "yet".
import { describe, expect, it } from 'vitest';
import { awaitingReceipts, cancelledNote, engagementDue, lastSentAt, noneYetText, unsentWords } from './funnel-receipts.ts';

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

describe('engagementDue', () => {
  const sentAt = '2026-11-27T10:00:00.000Z';
  const at = (seconds: number) => new Date(Date.parse(sentAt) + seconds * 1000).toISOString();
  const read = { sent: 4, delivered: 4, read: 4, clicked: 0, replied: 0, converted: 0 };
  const rows = (counts: typeof read, seconds: number, channel: 'whatsapp' | 'email' = 'whatsapp') =>
    ENGAGED.map((key) => engagementDue(channel, key, counts, { lastSentAt: sentAt, now: at(seconds) }).pending);
  it('keeps each engagement row "none yet" until the simulated customers\' time to act after the last message has passed', () => {
    // Every message read at 10 s, but clicks come at 30 s, replies at 60 s, conversions at 5 min.
    expect(rows(read, 10)).toEqual([true, true, true]);
    expect(rows(read, 29)).toEqual([true, true, true]);
    expect(rows(read, 30)).toEqual([false, true, true]);
    expect(rows({ ...read, clicked: 2 }, 45)).toEqual([false, true, true]);
    expect(rows({ ...read, clicked: 2 }, 60)).toEqual([false, false, true]);
    expect(rows({ ...read, clicked: 2, replied: 1 }, 299)).toEqual([false, false, true]);
    expect(rows({ ...read, clicked: 2, replied: 1 }, 300)).toEqual([false, false, false]);
    expect(engagementDue('whatsapp', 'converted', read, { lastSentAt: sentAt, now: at(12) }).expectedBy).toBe(at(300));
  });
  it('is pending with no time while the campaign still sends, and never for a row with some, nothing sent, or other rows', () => {
    expect(engagementDue('sms', 'clicked', read, { lastSentAt: null, now: at(900) })).toEqual({ pending: true, expectedBy: null });
    expect(engagementDue('sms', 'clicked', { ...read, clicked: 1 }, { lastSentAt: null, now: at(1) }).pending).toBe(false);
    expect(engagementDue('sms', 'clicked', { ...read, sent: 0, delivered: 0, read: 0 }, { lastSentAt: sentAt, now: at(1) }).pending).toBe(false);
    expect(['sent', 'delivered', 'read', 'failed', 'complained'].map((key) => engagementDue('sms', key, read, { lastSentAt: sentAt, now: at(1) }).pending))
      .toEqual([false, false, false, false, false]);
  });
  it('follows email\'s schedule (a click at 20 s) and never waits on a reply to an email', () => {
    expect(rows(read, 19, 'email')).toEqual([true, false, true]);
    expect(rows(read, 20, 'email')).toEqual([false, false, true]);
  });
  it('says "none yet" and, where the schedule makes it knowable, within how long', () => {
    expect(noneYetText({ expectedBy: at(30) }, at(10))).toBe('none yet, expected within 20 s');
    expect(noneYetText({ expectedBy: at(300) }, at(10))).toBe('none yet, expected within 5 min');
    expect(noneYetText({ expectedBy: null }, at(10))).toBe('none yet');
  });
  it('marks a campaign still sending while it runs, else sent by its completion or cancel', () => {
    expect(lastSentAt({ status: 'RUNNING', completedAt: null, cancelledAt: null })).toBeNull();
    expect(lastSentAt({ status: 'COMPLETED', completedAt: sentAt, cancelledAt: null })).toBe(sentAt);
    expect(lastSentAt({ status: 'CANCELLED', completedAt: null, cancelledAt: sentAt })).toBe(sentAt);
  });
});

describe('a cancelled campaign\'s unsent recipients', () => {
  it('says nothing sent is "not sent yet" until a cancel makes it never', () => {
    expect(unsentWords(null)).toBe('not sent yet');
    expect(unsentWords(3)).toBe('not sent: cancelled');
    // Cancelled with none left unsent (every recipient had been handed over): still never, not "yet".
    expect(unsentWords(0)).toBe('not sent: cancelled');
  });

  it('says how many a cancel partway left unsent, and nothing when it left none or was no cancel', () => {
    expect(cancelledNote(12)).toBe('12 of them were not sent: the campaign was cancelled, so they never will be.');
    expect(cancelledNote(1)).toBe('1 of them was not sent: the campaign was cancelled, so it never will be.');
    expect(cancelledNote(0)).toBeNull();
    expect(cancelledNote(null)).toBeNull();
  });
});
