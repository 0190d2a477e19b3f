// One app call open: its status, legs, business number, times, end reason and cost; a waiting call's connect window
// counting down on the virtual clock; the transcript and the recording link; and the actions that fit its state, each
// with the core's refusal beside it (Accept/Reject as the rung user, End as a party or from the backend, Connect).
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/button.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { codeWords, time } from '../../components/format.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { useVirtualNow } from '../simulator/queries.ts';
import { appUsers, callCost, callDuration, callShape, isLive, isWaiting, secondsToConnect } from './app-call-format.ts';
import { AppCallParty, partyText } from './app-call-party.tsx';
import { AppCallStatusChip } from './app-call-status.tsx';
import { useAppCall, useAppCallActions, useAppRecording, useAppTranscript, type ShownAppCall } from './queries.ts';
import { revealTop } from '../../components/reveal.ts';

const LEG: Record<string, string> = { WEBRTC: 'app (WebRTC)', PSTN: 'phone (PSTN)' };

function Facts({ call }: { call: ShownAppCall }) {
  // A moment breaks between its date and time of day in the narrow column beside the list, never before "AM".
  const facts: Array<[string, ReactNode]> = [
    ['Shape', callShape(call)], ['Direction', codeWords(call.direction)], ['Business number', call.businessNumber ?? '—'],
    ['Caller', `${partyText(call.from, call.fromDisplayName)} · ${LEG[call.callerLegTransport]}`],
    ['Callee', call.calleeLegTransport === null ? 'Nobody yet (waiting for a connect)' : `${partyText(call.to, call.toDisplayName)} · ${LEG[call.calleeLegTransport]}`],
    ['Started', <DateTime iso={call.startedAt} />], ['Answered', <DateTime iso={call.answeredAt} />], ['Ended', <DateTime iso={call.endedAt} />],
    ['Ended because', call.endReason ? codeWords(call.endReason) : '—'], ['Duration', callDuration(call)], ['Cost', callCost(call)],
  ];
  return (
    <dl className="call-facts">
      {facts.map(([term, value]) => (
        <div key={term}><dt className="muted small">{term}</dt><dd data-testid={`app-call-fact-${term.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd></div>
      ))}
    </dl>
  );
}

/** A waiting call's connect window, on the virtual clock (it moves when the clock does). */
function ConnectCountdown({ connectBy }: { connectBy: string }) {
  const left = secondsToConnect(connectBy, useVirtualNow());
  return (
    <p className="app-countdown" data-testid="app-call-countdown" data-seconds={left ?? ''}>
      Waiting for a connect: {left === null ? '…' : `${left} s left`} (until {time(connectBy)}), then missed.
    </p>
  );
}

/** The errors of the actions shown, each where it was refused. */
function Refusal({ error }: { error: unknown }) {
  return <div className="app-action-error" data-testid="app-action-error"><ErrorState error={error} /></div>;
}

function ConnectForm({ callId }: { callId: string }) {
  const { connect } = useAppCallActions(callId);
  const [type, setType] = useState<'app' | 'phone'>('app');
  const [to, setTo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ type, to: to.trim() }, { onSuccess: () => announce(`Connected: ${to.trim()} is ringing.`) });
  };
  return (
    <form className="app-connect" onSubmit={submit} aria-label="Connect the call" data-testid="app-connect">
      <label className="inline small"><span className="muted">Connect to</span>
        <select value={type} onChange={(e) => setType(e.target.value as 'app' | 'phone')} data-testid="app-connect-type" aria-label="Connect to an app user or a phone">
          <option value="app">App user</option><option value="phone">Phone</option>
        </select>
      </label>
      <input value={to} onChange={(e) => setTo(e.target.value)} placeholder={type === 'app' ? 'pro_7' : '+14155550101'} aria-label={type === 'app' ? 'App user to connect' : 'Phone to connect'} data-testid="app-connect-to" />
      <Button type="submit" className="button primary" disabled={!to.trim() || connect.isPending} data-testid="app-connect-submit">Connect</Button>
      {connect.isError ? <Refusal error={connect.error} /> : null}
    </form>
  );
}

function Actions({ call }: { call: ShownAppCall }) {
  const { accept, reject, end } = useAppCallActions(call.callId);
  if (!isLive(call)) return null;
  const { caller, callee } = appUsers(call);
  const ringing = call.status === 'RINGING' && callee !== null;
  const ends: Array<[string | null, string]> = [
    ...(caller ? [[caller, `End as ${caller}`] as [string, string]] : []),
    ...(callee && call.status === 'ACCEPTED' ? [[callee, `End as ${callee}`] as [string, string]] : []),
    [null, 'End from the backend'],
  ];
  const phoneOnIt = call.callerLegTransport === 'PSTN' || call.calleeLegTransport === 'PSTN';
  return (
    <div className="app-call-actions" data-testid="app-call-actions">
      {isWaiting(call) ? <ConnectForm callId={call.callId} /> : null}
      {ringing ? (
        <div className="actions left">
          <Button type="button" className="button primary" disabled={accept.isPending} onClick={() => accept.mutate(callee, { onSuccess: () => announce('Accepted.') })} data-testid="app-call-accept">Accept as {callee}</Button>
          <Button type="button" className="button" disabled={reject.isPending} onClick={() => reject.mutate(callee, { onSuccess: () => announce('Rejected.') })} data-testid="app-call-reject">Reject as {callee}</Button>
        </div>
      ) : null}
      <div className="actions left">
        {ends.map(([as, label]) => (
          <Button key={label} type="button" className="button" disabled={end.isPending} onClick={() => end.mutate(as, { onSuccess: () => announce('Call ended.') })}
            data-testid={as ? 'app-call-end-as' : 'app-call-end'} data-as={as ?? ''}>{label}</Button>
        ))}
      </div>
      {phoneOnIt ? <p className="muted small">A phone on this call hangs up from the Simulator page (Phone calls).</p> : null}
      {accept.isError ? <Refusal error={accept.error} /> : null}
      {reject.isError ? <Refusal error={reject.error} /> : null}
      {end.isError ? <Refusal error={end.error} /> : null}
    </div>
  );
}

/** Who said a line, named as the call's heading and facts name its parties ("Alice Johnson cust_1042"). */
const speakerName = (call: ShownAppCall, party: string): string | null =>
  (party === call.from ? call.fromDisplayName : party === call.to ? call.toDisplayName : null) ?? null;

function Transcript({ call, live }: { call: ShownAppCall; live: boolean }) {
  const { callId } = call;
  const transcript = useAppTranscript(callId, !live);
  if (transcript.isPending) return <Loading label="Loading the transcript…" />;
  if (transcript.isError) return <ErrorState error={transcript.error} onRetry={() => void transcript.refetch()} />;
  const { state, turns } = transcript.data;
  const said: Record<typeof state, string> = {
    ready: '', processing: live ? 'Ready 10 s after the call ends.' : 'Being transcribed: ready 10 s after the call ends.', no_speech: 'Nothing was said.', not_answered: 'The call was not answered.',
  };
  return (
    <div data-testid="app-call-transcript" data-state={state} data-turns={turns.length}>
      {said[state] ? <p className="muted small">{said[state]}</p> : null}
      {turns.length > 0 ? (
        <ol className="call-transcript" aria-label="Transcript">
          {turns.map((turn) => (
            <li key={`${turn.startSeconds}-${turn.speaker}`} className={`turn ${turn.speaker === 'caller' ? 'turn-agent' : 'turn-user'}`} data-testid="app-call-turn">
              <span className="muted small" data-testid="app-call-turn-speaker"><AppCallParty id={turn.party} name={speakerName(call, turn.party)} /> · {turn.startSeconds}–{turn.endSeconds} s</span>
              <span>{turn.text}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function Recording({ callId }: { callId: string }) {
  const link = useAppRecording(callId, true);
  if (link.isPending) return <Loading label="Loading the recording link…" />;
  if (link.isError) return <ErrorState error={link.error} onRetry={() => void link.refetch()} />;
  return (
    <p className="small">
      <a href={link.data.data.url} target="_blank" rel="noreferrer" data-testid="app-call-recording">Recording (WAV)</a>
      <span className="muted"> · link valid until {time(link.data.data.expiresAt)}</span>
    </p>
  );
}

export function AppCallDetail({ callId, onClose }: { callId: string; onClose(): void }) {
  const call = useAppCall(callId);
  const section = useRef<HTMLElement>(null);
  const shownId = call.data?.callId;
  // Opened out of sight (under the list in a window under ~1240 px, or beside it with the page scrolled down), the call
  // is brought into view.
  useEffect(() => {
    if (shownId) revealTop(section.current);
  }, [shownId]);
  if (call.isPending) return <Loading label="Loading the call…" />;
  if (call.isError) return <ErrorState error={call.error} onRetry={() => void call.refetch()} action={{ label: 'Close', run: onClose }} />;
  const c = call.data;
  return (
    <section ref={section} className="card call-detail app-call-detail" aria-labelledby="app-call-detail-title" data-testid="app-call-detail" data-call-id={c.callId} data-status={c.status}>
      <div className="page-title">
        <h2 id="app-call-detail-title">Call from <AppCallParty id={c.from} name={c.fromDisplayName} /></h2>
        <AppCallStatusChip call={c} />
      </div>
      {c.connectBy && c.status === 'RINGING' ? <ConnectCountdown connectBy={c.connectBy} /> : null}
      <Actions call={c} />
      <Facts call={c} />
      <h3 className="small-heading">Recording</h3>
      {c.recordingReady ? <Recording callId={c.callId} /> : <p className="muted small" data-testid="app-call-no-recording">{isLive(c) ? 'Ready once the call ends.' : 'None: the call was not answered.'}</p>}
      <h3 className="small-heading">Transcript</h3>
      <Transcript call={c} live={isLive(c)} />
      <div className="actions left"><button type="button" className="button ghost" onClick={onClose} data-testid="app-call-close">Close</button></div>
    </section>
  );
}
