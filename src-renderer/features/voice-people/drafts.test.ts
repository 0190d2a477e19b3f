// The People & bookings forms' bodies: a person's blank fields keep what is on file, a booking's metadata is checked
// as JSON before anything is sent.
import { describe, expect, it } from 'vitest';
import type { BookingSession, VoiceIdentity } from '../../../src-core/contract/index.ts';
import { bookingBodyOf, bookingDraftOf, EMPTY_BOOKING, EMPTY_PERSON, localInputOf, parseMetadata, personBodyOf, personDraftOf } from './drafts.ts';

const person: VoiceIdentity = {
  id: 'idn_1', externalId: 'pro_7', role: 'PRO', displayName: 'Sam Rivera', isActive: true, lastSeenAt: null, deviceCount: 1, reachable: true,
  maskedPhone: '+1******0142', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('person drafts', () => {
  it('sends a new person as typed, a phone without its spaces and dashes, blank optional fields left out', () => {
    expect(personBodyOf({ ...EMPTY_PERSON, externalId: ' pro_9 ', role: 'PRO', displayName: 'Dana Lee', phone: '+1 415-555 0177' }))
      .toEqual({ externalId: 'pro_9', role: 'PRO', displayName: 'Dana Lee', phone: '+14155550177' });
    expect(personBodyOf({ ...EMPTY_PERSON, externalId: 'cust_1' })).toEqual({ externalId: 'cust_1', role: 'CUSTOMER' });
  });

  it('a change keeps a blank phone, clears an emptied name, and erases the phone only when asked', () => {
    expect(personBodyOf(personDraftOf(person), person)).toEqual({ externalId: 'pro_7', role: 'PRO', displayName: 'Sam Rivera' });
    expect(personBodyOf({ ...personDraftOf(person), displayName: ' ' }, person)).toEqual({ externalId: 'pro_7', role: 'PRO', displayName: null });
    expect(personBodyOf({ ...personDraftOf(person), phone: '+14155550100', erasePhone: true }, person).phone).toBeNull();
  });
});

describe('booking drafts', () => {
  it('checks metadata as a JSON object before sending; blank is none', () => {
    expect(parseMetadata('  ')).toEqual({ ok: true, value: undefined });
    expect(parseMetadata('{"slot": "10:00"}')).toEqual({ ok: true, value: { slot: '10:00' } });
    expect(parseMetadata('{slot: 10}')).toEqual({ ok: false, error: expect.stringMatching(/^Metadata is not valid JSON: /) });
    for (const text of ['[1]', 'null', '"x"', '3']) expect(parseMetadata(text)).toEqual({ ok: false, error: expect.stringMatching(/must be a JSON object/) });
    expect(bookingBodyOf({ ...EMPTY_BOOKING, externalRef: 'b1', metadata: '{' })).toEqual({ ok: false, error: expect.stringMatching(/not valid JSON/) });
  });

  it('sends the expiry as an instant and leaves blank fields to the core', () => {
    const local = localInputOf('2026-03-01T10:30:00.000Z');
    expect(bookingBodyOf({ ...EMPTY_BOOKING, externalRef: ' b1 ', proExternalId: 'pro_7', customerExternalId: 'cust_1042', expiresAt: local, metadata: '{"a":1}' }))
      .toEqual({ ok: true, body: { externalRef: 'b1', proExternalId: 'pro_7', customerExternalId: 'cust_1042', expiresAt: '2026-03-01T10:30:00.000Z', metadata: { a: 1 } } });
    expect(bookingBodyOf({ ...EMPTY_BOOKING, externalRef: 'b1' })).toEqual({ ok: true, body: { externalRef: 'b1', proExternalId: '', customerExternalId: '' } });
  });

  it('extends a booking with its parties and metadata as they are', () => {
    const session: BookingSession = {
      externalRef: 'booking_1042', proExternalId: 'pro_7', customerExternalId: 'cust_1042', expiresAt: '2026-01-08T00:00:00.000Z',
      metadata: { service: 'Sink' }, status: 'active', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(bookingBodyOf(bookingDraftOf(session))).toEqual({ ok: true, body: { externalRef: 'booking_1042', proExternalId: 'pro_7', customerExternalId: 'cust_1042', metadata: { service: 'Sink' } } });
  });
});
