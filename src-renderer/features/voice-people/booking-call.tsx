// A booking call from the console: one of the booking's two people calls the other (the booking form of
// POST /voice/app/calls). The call placed is named with its id, its status and who it rings.
import { useState, type FormEvent } from 'react';
import type { BookingSession, CreateAppCallResult } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { useBookingCall } from './queries.ts';

export function BookingCall({ session }: { session: BookingSession }) {
  const call = useBookingCall();
  const [from, setFrom] = useState(session.customerExternalId);
  // The last call placed stays named while another attempt is refused.
  const [placed, setPlaced] = useState<CreateAppCallResult | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!call.isPending) call.mutate({ externalRef: session.externalRef, fromExternalId: from }, { onSuccess: setPlaced });
  };
  const parties = [
    { externalId: session.customerExternalId, role: 'customer' }, { externalId: session.proExternalId, role: 'pro' },
  ];
  return (
    <form className="booking-call" onSubmit={submit} aria-label={`Call within ${session.externalRef}`} data-testid="booking-call">
      <fieldset className="inline small">
        <legend className="small">Call as</legend>
        {parties.map((party) => (
          <label key={party.role} className="inline">
            <input type="radio" name={`call-from-${session.externalRef}`} value={party.externalId} checked={from === party.externalId}
              onChange={() => setFrom(party.externalId)} data-testid={`booking-call-as-${party.role}`} />
            its {party.role} <span className="mono">{party.externalId}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button small primary" disabled={call.isPending} data-testid="booking-call-place">{call.isPending ? 'Calling…' : 'Place call'}</button>
      {placed ? (
        <p className="small" role="status" data-testid="booking-call-result" data-call-id={placed.callId} data-status={placed.status}>
          Call <span className="mono">{placed.callId}</span> placed: <span className="chip">{placed.status}</span>, ringing{' '}
          {placed.callee.displayName ?? placed.callee.externalId} (<span className="mono">{placed.callee.externalId}</span>).
        </p>
      ) : null}
      {call.isError ? <ErrorState error={call.error} /> : null}
    </form>
  );
}
