// A booking call from the console: one of the booking's two people calls the other (the booking form of
// POST /voice/app/calls). The call placed is named with its id, whom it rings and its status, which follows the call
// live (the stream's voice:app.call reloads the call's own query, as on the App calls tab) until it ends, and why.
import { useEffect, useState, type FormEvent } from 'react';
import type { BookingSession, CreateAppCallResult } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { callDuration } from '../voice-app/app-call-format.ts';
import { AppCallStatusChip } from '../voice-app/app-call-status.tsx';
import { useAppCall } from '../voice-app/queries.ts';
import { useBookingCall } from './queries.ts';

/**
 * The call placed, as it is now: its status as the placing answered it until the call is read, then as the call moves.
 * `onEnded` once it is over.
 */
function PlacedCall({ placed, onEnded }: { placed: CreateAppCallResult; onEnded(): void }) {
  const call = useAppCall(placed.callId).data;
  const ended = Boolean(call?.endedAt);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  const now = call ?? { status: placed.status, connectBy: null };
  const callee = placed.callee.displayName ?? placed.callee.externalId;
  return (
    <p className="small" role="status" data-testid="booking-call-result" data-call-id={placed.callId} data-status={now.status}>
      Call <span className="mono">{placed.callId}</span> to {callee} (<span className="mono">{placed.callee.externalId}</span>):{' '}
      <AppCallStatusChip call={now} />
      {call?.endedAt ? <span data-testid="booking-call-ended">{` ${callDuration(call)}${call.endReason ? `, ${call.endReason.replaceAll('_', ' ')}` : ''}.`}</span> : null}
    </p>
  );
}

export function BookingCall({ session }: { session: BookingSession }) {
  const call = useBookingCall();
  const [from, setFrom] = useState(session.customerExternalId);
  // The last call placed stays named while another attempt is refused.
  const [placed, setPlaced] = useState<CreateAppCallResult | null>(null);
  // A second call refused while the first was live (409) no longer holds once that call ends.
  const resetRefusal = call.reset;
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
      {placed ? <PlacedCall key={placed.callId} placed={placed} onEnded={resetRefusal} /> : null}
      {call.isError ? <ErrorState error={call.error} /> : null}
    </form>
  );
}
