// The People & bookings forms as typed, and what they send: a person's upsert (a blank field keeps what is on file,
// an emptied name clears it, a phone erased only when asked), and a booking (its metadata parsed as JSON before
// anything is sent, its expiry read as the browser's local time).
import {
  canonicalAppPhone, type BookingSession, type CreateSessionInput, type IdentityRole, type UpsertIdentityInput, type VoiceIdentity,
} from '../../../src-core/contract/index.ts';

export type PersonDraft = { externalId: string; role: IdentityRole; displayName: string; phone: string; erasePhone: boolean };
export const EMPTY_PERSON: PersonDraft = { externalId: '', role: 'CUSTOMER', displayName: '', phone: '', erasePhone: false };

/** A person's form for a change: the phone is never shown whole, so it starts blank (blank keeps it). */
export const personDraftOf = (person: VoiceIdentity): PersonDraft =>
  ({ externalId: person.externalId, role: person.role, displayName: person.displayName ?? '', phone: '', erasePhone: false });

/**
 * The upsert's body. `existing`: the person as read, when the form changes one. A phone is sent without the spaces,
 * dashes and brackets people type in it (the core refuses what is still not E.164, with its message).
 */
export function personBodyOf(draft: PersonDraft, existing?: VoiceIdentity): UpsertIdentityInput {
  const body: UpsertIdentityInput = { externalId: draft.externalId.trim(), role: draft.role };
  const name = draft.displayName.trim();
  if (name) body.displayName = name;
  else if (existing?.displayName) body.displayName = null;
  const phone = canonicalAppPhone(draft.phone);
  if (draft.erasePhone) body.phone = null;
  else if (phone) body.phone = phone;
  return body;
}

export type BookingDraft = { externalRef: string; proExternalId: string; customerExternalId: string; expiresAt: string; metadata: string };
export const EMPTY_BOOKING: BookingDraft = { externalRef: '', proExternalId: '', customerExternalId: '', expiresAt: '', metadata: '' };

/** A booking's form to extend it: its parties and metadata as they are, a new expiry to choose. */
export const bookingDraftOf = (session: BookingSession): BookingDraft => ({
  externalRef: session.externalRef, proExternalId: session.proExternalId, customerExternalId: session.customerExternalId, expiresAt: '',
  metadata: Object.keys(session.metadata).length === 0 ? '' : JSON.stringify(session.metadata),
});

export type Parsed = { ok: true; value: Record<string, unknown> | undefined } | { ok: false; error: string };

/** Metadata as typed: blank is none (a new booking's `{}`, an extended one's kept); otherwise a JSON object or why not. */
export function parseMetadata(text: string): Parsed {
  if (!text.trim()) return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `Metadata is not valid JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'Metadata must be a JSON object, like {"slot": "10:00"}' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** A `datetime-local` value (the browser's local time) as an instant; blank: none (the core's default). */
export const instantOf = (local: string): string | undefined => (local ? new Date(local).toISOString() : undefined);

/** A moment as a `datetime-local` value in the browser's local time, to the minute. */
export function localInputOf(iso: string): string {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** The booking's body, or the metadata's problem (nothing is sent then). */
export function bookingBodyOf(draft: BookingDraft): { ok: true; body: CreateSessionInput } | { ok: false; error: string } {
  const metadata = parseMetadata(draft.metadata);
  if (!metadata.ok) return metadata;
  const body: CreateSessionInput = { externalRef: draft.externalRef.trim(), proExternalId: draft.proExternalId, customerExternalId: draft.customerExternalId };
  const expiresAt = instantOf(draft.expiresAt);
  if (expiresAt) body.expiresAt = expiresAt;
  if (metadata.value) body.metadata = metadata.value;
  return { ok: true, body };
}
