// The Calls page's App calls tab: placing a call as the integrator's backend, the voice app's calls newest first (live
// through the stream's voice:app.call), the open call beside them, and the business numbers with the phone-calling setting.
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { time } from '../../components/format.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { FieldProblem, problemProps, refusalByField } from '../../components/field-refusal.tsx';
import { When } from '../../components/when.tsx';
import { announce } from '../../stores/announcer.ts';
import { callCost, callDuration, callShape } from './app-call-format.ts';
import { AppCallDetail } from './app-call-detail.tsx';
import { AppCallParty } from './app-call-party.tsx';
import { AppCallStatusChip } from './app-call-status.tsx';
import { useAppCallsUi } from './app-calls-store.ts';
import { NumbersCard } from './numbers-card.tsx';
import { useAppCalls, usePlaceAppCall } from './queries.ts';
import './app-calls.css';

/** Place a call as the backend: between two app users (`app`) or from an app user to a phone (`phone`). */
function PlaceAppCall({ onPlaced }: { onPlaced(callId: string): void }) {
  const place = usePlaceAppCall();
  const [type, setType] = useState<'app' | 'phone'>('app');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // A party the core refuses (a phone not in international format, the account's own number) is said under the form's
  // row for its field, in the form's words; any other refusal (two same parties, phone calling off) in the block.
  const refusal = place.isError ? refusalByField(place.error, { from: 'From', to: 'To' }, { to: /^Invalid phone number |is this account's own business number/ }) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate({ type, from: from.trim(), to: to.trim() }, {
      onSuccess: (result) => {
        announce(`Call placed: ${result.callee.externalId} is ringing.`);
        onPlaced(result.callId);
      },
    });
  };
  return (
    <form className="card app-place-call" onSubmit={submit} aria-labelledby="app-place-call-title" data-testid="app-place-call">
      <h2 id="app-place-call-title" className="small-heading">Place a call</h2>
      <label className="inline small">
        <span className="muted">Type</span>
        <select value={type} onChange={(e) => setType(e.target.value as 'app' | 'phone')} data-testid="app-call-type">
          <option value="app">App to app</option>
          <option value="phone">App to phone</option>
        </select>
      </label>
      <label className="inline small">
        <span className="muted">From (app user)</span>
        <input value={from} onChange={(e) => setFrom(e.target.value)} placeholder="cust_1042"
          {...problemProps('app-call-from-problem', refusal?.fields.from)} data-testid="app-call-from" />
      </label>
      <label className="inline small">
        <span className="muted">{type === 'app' ? 'To (app user)' : 'To (phone)'}</span>
        <input value={to} onChange={(e) => setTo(e.target.value)} placeholder={type === 'app' ? 'pro_7' : '+14155550101'}
          inputMode={type === 'phone' ? 'tel' : undefined} {...problemProps('app-call-to-problem', refusal?.fields.to)} data-testid="app-call-to" />
      </label>
      <Button type="submit" className="button primary" disabled={!from.trim() || !to.trim() || place.isPending} data-testid="app-call-place">Call</Button>
      <FieldProblem id="app-call-from-problem" problem={refusal?.fields.from} testId="app-call-from-problem" />
      <FieldProblem id="app-call-to-problem" problem={refusal?.fields.to} testId="app-call-to-problem" />
      {refusal?.rest ? <div className="app-action-error" data-testid="app-place-error"><ErrorState error={refusal.rest} refused="Not placed" /></div> : null}
    </form>
  );
}

function AppCallsTable({ openId, onOpen }: { openId: string | null; onOpen(callId: string): void }) {
  const [page, setPage] = useState(1);
  const calls = useAppCalls(page);
  if (calls.isPending) return <Loading label="Loading the app calls…" />;
  if (calls.isError) return <ErrorState error={calls.error} onRetry={() => void calls.refetch()} />;
  const { data, meta } = calls.data;
  if (data.length === 0) {
    return (
      <div data-testid="app-calls-list" data-total={0}>
        <Empty title="No app calls yet">Calls placed here, with <code>POST /v1/voice/app/calls</code>, or by a phone dialling a business number appear as they happen.</Empty>
      </div>
    );
  }
  return (
    <div className="card table-card" data-testid="app-calls-list" data-total={meta.total}>
      <table className="table clickable app-calls-table">
        <thead><tr><th>Started</th><th>Call</th><th>Shape</th><th>Status</th><th className="num">Duration</th><th className="num">Cost</th></tr></thead>
        <tbody>
          {data.map((call) => (
            // The row opens on a click anywhere; the keyboard opens it with the parties' button (Enter or Space).
            <tr key={call.callId} onClick={() => onOpen(call.callId)} data-testid="app-call-row" data-call-id={call.callId} data-open={call.callId === openId}
              className={call.callId === openId ? 'selected' : undefined}>
              <td className="muted" title={time(call.startedAt)}><When iso={call.startedAt} /></td>
              <td>
                <button type="button" className="link app-call-parties" onClick={() => onOpen(call.callId)} data-testid="app-call-open">
                  <AppCallParty id={call.from} name={call.fromDisplayName} /> → <AppCallParty id={call.to} name={call.toDisplayName} />
                </button>
              </td>
              <td data-testid="app-call-shape">{callShape(call)}</td>
              <td><AppCallStatusChip call={call} /></td>
              <td className="num">{callDuration(call)}</td>
              <td className="num" data-testid="app-call-cost">{callCost(call)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {meta.totalPages > 1 ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={setPage} detail={`${meta.total} calls`} /> : null}
    </div>
  );
}

export function AppCallsTab() {
  const openId = useAppCallsUi((s) => s.openAppCallId);
  const open = useAppCallsUi((s) => s.openAppCall);
  return (
    <div className="app-calls" data-testid="app-calls-tab">
      <p className="muted small">The voice app&rsquo;s calls between app users and phones. Act here as the integrator&rsquo;s backend and apps; a phone&rsquo;s side is on the Simulator page (Phone calls).</p>
      <PlaceAppCall onPlaced={open} />
      <div className="calls-layout">
        <AppCallsTable openId={openId} onOpen={open} />
        {openId ? <AppCallDetail key={openId} callId={openId} onClose={() => open(null)} /> : <div className="muted small calls-pick">Open a call to see its legs, transcript and actions.</div>}
      </div>
      <NumbersCard />
    </div>
  );
}
