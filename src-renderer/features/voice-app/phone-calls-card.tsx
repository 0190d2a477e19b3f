// The Simulator's Phone calls card: a phone dials a business number (as the carrier would deliver it) and the call it
// made is shown as it moves on; a phone on a live call hangs up. The console's side of those calls is the Calls page.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { callShape } from './app-call-format.ts';
import { AppCallStatusChip } from './app-call-status.tsx';
import { useAppCallsUi } from './app-calls-store.ts';
import { useAppCall, useAppCalls, useBusinessNumbers, usePhoneActions } from './queries.ts';
import './app-calls.css';

function DialledCall({ callId }: { callId: string }) {
  const call = useAppCall(callId);
  if (!call.data) return null;
  const c = call.data;
  return (
    <p className="small app-dialled" data-testid="phone-dialled" data-call-id={callId} data-status={c.status}>
      <span className="mono">{callId}</span> · {callShape(c)} to <span className="mono">{c.to}</span> <AppCallStatusChip call={c} />
    </p>
  );
}

function Dial() {
  const numbers = useBusinessNumbers();
  const { dial } = usePhoneActions();
  const [from, setFrom] = useState('+14155550101');
  const [to, setTo] = useState('');
  const dialled = useAppCallsUi((s) => s.dialledCallId);
  const setDialled = useAppCallsUi((s) => s.setDialled);
  const first = numbers.data?.data[0]?.number ?? '';
  const chosen = to || first;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dial.mutate({ from: from.trim(), ...(chosen ? { to: chosen } : {}) }, {
      onSuccess: (result) => {
        setDialled(result.callId);
        announce(`${from.trim()} is calling ${chosen || 'the business number'}.`);
      },
    });
  };
  return (
    <form className="form" onSubmit={submit} aria-label="A phone dials the business number">
      <div className="form-row">
        <label className="field"><span>From (phone number)</span>
          <input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="+14155550101" inputMode="tel" data-testid="phone-from" />
        </label>
        <label className="field"><span>Dials (business number)</span>
          <select value={chosen} onChange={(e) => setTo(e.target.value)} data-testid="phone-to">
            {numbers.data?.data.length === 0 ? <option value="">No business number</option> : null}
            {numbers.data?.data.map((n) => <option key={n.number} value={n.number}>{n.number} ({n.routeTo})</option>)}
          </select>
        </label>
      </div>
      {dial.isError ? <div className="app-action-error" data-testid="phone-dial-error"><ErrorState error={dial.error} refused="Not put through" /></div> : null}
      {dialled ? <DialledCall callId={dialled} /> : null}
      <div className="actions left"><Button type="submit" className="button primary" disabled={!from.trim() || dial.isPending} data-testid="phone-dial">Call the business</Button></div>
    </form>
  );
}

/** The live calls with a phone on them (the newest page), each phone's Hang up: the caller, or a callee that picked up. */
function HangUps() {
  const calls = useAppCalls(1);
  const { hangUp } = usePhoneActions();
  const live = (calls.data?.data ?? []).filter((c) => (c.status === 'RINGING' || c.status === 'ACCEPTED') && (c.callerLegTransport === 'PSTN' || c.calleeLegTransport === 'PSTN'));
  return (
    <div>
      <h3 className="small-heading app-subheading">Phones on a live call</h3>
      {live.length === 0 ? <p className="muted small" data-testid="phone-live-empty">None right now.</p> : (
        <ul className="app-phone-calls" data-testid="phone-live-calls">
          {live.map((c) => (
            <li key={c.callId} data-testid="phone-live-call" data-call-id={c.callId} data-status={c.status}>
              <span className="small"><span className="mono">{c.from}</span> → <span className="mono">{c.to}</span> <AppCallStatusChip call={c} /></span>
              <span className="actions left">
                {c.callerLegTransport === 'PSTN' ? (
                  <Button type="button" className="button" disabled={hangUp.isPending} onClick={() => hangUp.mutate({ callId: c.callId, party: 'caller' }, { onSuccess: () => announce('The caller hung up.') })}
                    data-testid="phone-hangup-caller" aria-label={`Hang up caller ${c.from}`}>Hang up caller</Button>
                ) : null}
                {c.calleeLegTransport === 'PSTN' && c.status === 'ACCEPTED' ? (
                  <Button type="button" className="button" disabled={hangUp.isPending} onClick={() => hangUp.mutate({ callId: c.callId, party: 'callee' }, { onSuccess: () => announce('The callee hung up.') })}
                    data-testid="phone-hangup-callee" aria-label={`Hang up callee ${c.to}`}>Hang up callee</Button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {hangUp.isError ? <div className="app-action-error"><ErrorState error={hangUp.error} /></div> : null}
    </div>
  );
}

export function PhoneCallsCard() {
  return (
    <section className="card" data-testid="phone-calls-card">
      <h2 className="card-title">Phone calls</h2>
      <Dial />
      <HangUps />
      <p className="muted small">Connect, accept and follow the calls on the Calls page, App calls tab.</p>
    </section>
  );
}
