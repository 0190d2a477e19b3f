// Creating a booking (a session between a pro and a customer) or extending one: its reference, its two people chosen
// from those of each role (found by name or id however many there are), an optional expiry (the core's default: 24 hours on the virtual clock) and metadata as
// JSON, checked before anything is sent. The core's refusal is shown under the form, which keeps what was typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { BookingSession } from '../../../src-core/contract/index.ts';
import { relativeTime } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { useVirtualNow } from '../simulator/queries.ts';
import { bookingBodyOf, bookingDraftOf, EMPTY_BOOKING, instantOf, parseMetadata, type BookingDraft } from './drafts.ts';
import { PartyPicker } from './party-picker.tsx';
import { useSessionMutations } from './queries.ts';

export function BookingForm({ session, onDone }: { session?: BookingSession; onDone(): void }) {
  const [draft, setDraft] = useState<BookingDraft>(session ? bookingDraftOf(session) : EMPTY_BOOKING);
  const [checked, setChecked] = useState(false);
  const { save } = useSessionMutations();
  const now = useVirtualNow();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (change: Partial<BookingDraft>) => setDraft({ ...draft, ...change });
  const metadata = parseMetadata(draft.metadata);
  const metadataProblem = checked && !metadata.ok ? metadata.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const built = bookingBodyOf(draft);
    if (!built.ok || save.isPending) return;
    save.mutate(built.body, { onSuccess: onDone });
  };
  const expiresAt = instantOf(draft.expiresAt);
  const title = session ? `${session.status === 'active' ? 'Extend' : 'Renew'} ${session.externalRef}` : 'New booking';
  return (
    <form className="card form booking-form" onSubmit={submit} aria-label={title} data-testid="booking-form">
      <div className="page-title"><h4 className="small-heading">{title}</h4>
        <button type="button" className="button ghost small" onClick={onDone} data-testid="booking-cancel">Cancel</button></div>
      {session ? (
        <p className="small">Between <span className="mono">{session.proExternalId}</span> (pro) and <span className="mono">{session.customerExternalId}</span> (customer):
          its people cannot change.</p>
      ) : (
        <div className="form-row">
          <label className="field grow">
            <span>Booking reference</span>
            <input ref={first} value={draft.externalRef} placeholder="booking_2001" onChange={(e) => set({ externalRef: e.target.value })} data-testid="booking-externalRef" />
          </label>
          <PartyPicker role="PRO" value={draft.proExternalId} onChange={(proExternalId) => set({ proExternalId })} />
          <PartyPicker role="CUSTOMER" value={draft.customerExternalId} onChange={(customerExternalId) => set({ customerExternalId })} />
        </div>
      )}
      <div className="form-row">
        <label className="field">
          <span>Expires at (optional)</span>
          <input ref={session ? first : undefined} type="datetime-local" value={draft.expiresAt} onChange={(e) => set({ expiresAt: e.target.value })}
            aria-describedby="booking-expiry-hint" data-testid="booking-expiresAt" />
          <span id="booking-expiry-hint" className="muted small" data-testid="booking-expiry-hint">
            {expiresAt ? `${relativeTime(expiresAt, now)} on the virtual clock` : session ? 'Blank: 24 hours from now, unless it already runs longer' : 'Blank: 24 hours from now'}
          </span>
        </label>
        <label className="field grow">
          <span>Metadata (JSON object, optional)</span>
          <textarea rows={2} value={draft.metadata} placeholder='{"slot": "10:00"}' onChange={(e) => set({ metadata: e.target.value })}
            aria-invalid={metadataProblem !== null} aria-describedby={metadataProblem ? 'booking-metadata-problem' : undefined} data-testid="booking-metadata" />
          {metadataProblem ? <span className="field-error" id="booking-metadata-problem" role="alert" data-testid="booking-metadata-problem">{metadataProblem}</span> : null}
        </label>
      </div>
      {save.isError ? <ErrorState error={save.error} /> : null}
      <div className="actions">
        <button type="submit" className="button primary" disabled={save.isPending} data-testid="booking-save">
          {save.isPending ? 'Saving…' : session ? (session.status === 'active' ? 'Extend booking' : 'Renew booking') : 'Create booking'}
        </button>
      </div>
    </form>
  );
}
