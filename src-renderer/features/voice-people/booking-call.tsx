// A booking call from the console: one of the booking's two people calls the other (the booking form of
// POST /voice/app/calls). The call placed is named with its id, its status and who it rings.
import { useState, type FormEvent } from 'react';
import type { BookingSession } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { useBookingCall } from './queries.ts';

export function BookingCall({ session }: { session: BookingSession }) {
  const call = useBookingCall();
  const [from, setFrom] = useState(session.customerExternalId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!call.isPending) call.mutate({ externalRef: session.externalRef, fromExternalId: from });
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
      {call.isSuccess ? (
        <p className="small" role="status" data-testid="booking-call-result" data-call-id={call.data.callId} data-status={call.data.status}>
          Call <span className="mono">{call.data.callId}</span> placed: <span className="chip">{call.data.status}</span>, ringing{' '}
          {call.data.callee.displayName ?? call.data.callee.externalId} (<span className="mono">{call.data.callee.externalId}</span>).
        </p>
      ) : null}
      {call.isError ? <ErrorState error={call.error} /> : null}
    </form>
  );
}
