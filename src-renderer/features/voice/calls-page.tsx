// The Calls page, in tabs. Agent calls: the voice agents' calls, newest first, kept live by the stream; placing a call
// with an agent; and a call's detail with its transcript, which grows line by line while the call is live (the stream's
// call room). App calls: the voice app's calls (features/voice-app). The tab and the open call are kept while another page
// is shown (the UI stores, and the URL fragment: app/place.ts).
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { moveChoice, tabPanelProps, tabProps } from '../../components/arrow-keys.ts';
import { formatPaise, type AgentCall, type AgentCallStatus } from '../../../src-core/contract/index.ts';
import { codeWords, minutesSeconds, time } from '../../components/format.ts';
import { DateTime } from '../../components/date-time.tsx';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { FieldProblem, problemProps, refusalByField } from '../../components/field-refusal.tsx';
import { When } from '../../components/when.tsx';
import { useUi } from '../../stores/ui.ts';
import { AppCallsTab } from '../voice-app/app-calls-tab.tsx';
import { useAppCallsUi, type CallsTab } from '../voice-app/app-calls-store.ts';
import { PeoplePanel } from '../voice-people/people-panel.tsx';
import { AgentsPanel } from './agents-panel.tsx';
import { useAgentCall, useAgentCalls, usePlaceCall, useVoiceAgents, type ShownCallItem } from './queries.ts';
import { useVirtualNow } from '../simulator/queries.ts';
import './calls.css';
import { revealTop } from '../../components/reveal.ts';
import { announce } from '../../stores/announcer.ts';

const STATUS_LABEL: Record<AgentCallStatus, string> = {
  INITIATED: 'Dialling', RINGING: 'Ringing', ANSWERED: 'In progress', COMPLETED: 'Completed', FAILED: 'Failed', NO_ANSWER: 'No answer',
  BUSY: 'Busy', CANCELLED: 'Cancelled',
};

/** The called number's contact, by name, beside the number (nothing when the number is nobody's, or the contact has no name). */
function CalledContact({ call, testId }: { call: Pick<ShownCallItem, 'calledContact'>; testId: string }) {
  const name = call.calledContact?.name;
  // The space reads the two apart in text and to a screen reader; the flex gap spaces them on screen.
  return name ? <>{' '}<span className="call-contact" data-testid={testId}>{name}</span></> : null;
}

function StatusChip({ status }: { status: AgentCallStatus }) {
  return <span className={`chip call-status is-${status.toLowerCase()}`} data-testid="call-status" data-status={status}>{STATUS_LABEL[status]}</span>;
}

function PlaceCall({ onPlaced }: { onPlaced(callId: string): void }) {
  const agents = useVoiceAgents();
  const place = usePlaceCall();
  const active = (agents.data?.data ?? []).filter((agent) => agent.isActive);
  const [agentId, setAgentId] = useState('');
  const [toNumber, setToNumber] = useState('');
  const chosen = agentId || active[0]?.id || '';
  // A phone the core refuses is said under the Phone field, in the form's words; any other refusal under the form.
  const refusal = place.isError ? refusalByField(place.error, { toNumber: 'Phone' }) : null;
  const phoneProblem = refusal?.fields.toNumber;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    place.mutate({ agentId: chosen, toNumber: toNumber.trim() }, { onSuccess: (call) => onPlaced(call.id) });
  };
  if (agents.isSuccess && active.length === 0) return <p className="muted small">No active voice agent: create or activate one under Voice agents to place calls.</p>;
  return (
    <form className="card place-call" onSubmit={submit} aria-labelledby="place-call-title">
      <h2 id="place-call-title" className="small-heading">Place a call</h2>
      <label className="inline small">
        <span className="muted">Agent</span>
        <select value={chosen} onChange={(e) => setAgentId(e.target.value)} data-testid="call-agent">
          {active.map((agent) => <option key={agent.id} value={agent.id}>{agent.name}</option>)}
        </select>
      </label>
      <label className="inline small">
        <span className="muted">Phone</span>
        <input value={toNumber} onChange={(e) => setToNumber(e.target.value)} placeholder="+14155550101" inputMode="tel"
          {...problemProps('call-to-problem', phoneProblem)} data-testid="call-to" />
      </label>
      <button type="submit" className="button primary" disabled={!chosen || !toNumber.trim() || place.isPending} data-testid="call-place">Call</button>
      <FieldProblem id="call-to-problem" problem={phoneProblem} testId="call-to-problem" />
      {refusal?.rest ? <div className="place-call-error"><ErrorState error={refusal.rest} /></div> : null}
    </form>
  );
}

function CallsTable({ openId, onOpen }: { openId: string | null; onOpen(callId: string): void }) {
  const [page, setPage] = useState(1);
  const calls = useAgentCalls(page);
  const agents = useVoiceAgents();
  const agentName = (id: string) => agents.data?.data.find((agent) => agent.id === id)?.name ?? 'Deleted agent';
  if (calls.isPending) return <Loading label="Loading the calls…" />;
  if (calls.isError) return <ErrorState error={calls.error} onRetry={() => void calls.refetch()} />;
  const { data, meta } = calls.data;
  if (data.length === 0) return <div data-testid="calls-list" data-total={0}><Empty title="No calls yet">Calls placed here or with <code>POST /v1/voice/calls/outbound</code> appear as they happen.</Empty></div>;
  return (
    <div className="card table-card" data-testid="calls-list" data-total={meta.total}>
      <table className="table clickable">
        <thead><tr><th>Started</th><th>Called</th><th className="phone-hide">Agent</th><th>Status</th><th className="num phone-hide">Duration</th><th className="phone-hide">Sentiment</th></tr></thead>
        <tbody>
          {data.map((call: ShownCallItem) => (
            // The row opens on a click anywhere; the keyboard opens it with the number's button (Enter or Space).
            <tr key={call.id} onClick={() => onOpen(call.id)} data-testid="call-row" data-call-id={call.id} data-open={call.id === openId}
              className={call.id === openId ? 'selected' : undefined}>
              <td className="muted" title={time(call.startedAt)}><When iso={call.startedAt} /></td>
              <td>
                <span className="call-called">
                  <button type="button" className="link mono" onClick={() => onOpen(call.id)} data-testid="call-open">{call.calledNumber}</button>
                  <CalledContact call={call} testId="call-contact" />
                </span>
              </td>
              <td className="phone-hide">{agentName(call.agentId)}</td>
              <td><StatusChip status={call.status} /></td>
              <td className="num phone-hide" data-testid="call-duration"><CallDuration call={call} /></td>
              <td className="phone-hide">{call.sentiment ? codeWords(call.sentiment) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {meta.totalPages > 1 ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={setPage} detail={`${meta.total} calls`} /> : null}
    </div>
  );
}

/** How long a call being spoken has run, from its answer to the virtual clock's now, ticking while the clock runs. */
function TalkingFor({ answeredAt }: { answeredAt: string }) {
  const now = useVirtualNow();
  const seconds = now ? Math.max(0, Math.floor((Date.parse(now) - Date.parse(answeredAt)) / 1000)) : 0;
  return <span data-live="true">{minutesSeconds(seconds)}</span>;
}

/** A call's length: as billed once it ended, counting up while it is spoken, "—" before it is answered or unanswered. */
function CallDuration({ call }: { call: Pick<AgentCall, 'status' | 'durationSeconds' | 'answeredAt'> }) {
  if (call.status === 'COMPLETED') return minutesSeconds(call.durationSeconds);
  return call.status === 'ANSWERED' && call.answeredAt ? <TalkingFor answeredAt={call.answeredAt} /> : '—';
}

/** A call still dialling, ringing or being spoken: its outcome (read from the whole conversation) and its bill come at its end. */
const LIVE = new Set<AgentCall['status']>(['INITIATED', 'RINGING', 'ANSWERED']);

function CallFacts({ call }: { call: AgentCall }) {
  const yesNo = (value: boolean) => (LIVE.has(call.status) ? '—' : value ? 'Yes' : 'No');
  // A moment breaks between its date and time of day in the narrow column beside the list, never before "AM".
  const facts: Array<[string, ReactNode]> = [
    ['Started', <DateTime iso={call.startedAt} />], ['Answered', <DateTime iso={call.answeredAt} />], ['Duration', <CallDuration call={call} />],
    ['Sentiment', call.sentiment ? codeWords(call.sentiment) : '—'], ['Confirmed', yesNo(call.wasConfirmed)], ['Booked', yesNo(call.wasBooked)],
    ['Billed', LIVE.has(call.status) ? '—' : formatPaise(call.billedAmountPaise)], ['Ended because', call.endReason ? codeWords(call.endReason) : '—'],
  ];
  return <dl className="call-facts">{facts.map(([term, value]) => <div key={term}><dt className="muted small">{term}</dt><dd data-testid={`call-fact-${term.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd></div>)}</dl>;
}

/**
 * Says the open call's status as it moves on ("Call to Alice Johnson: In progress."): the chip changes silently, and a
 * screen reader following a call would hear its transcript's lines but not that it rang, was answered or ended. Not the
 * status it opens with, which the heading's chip reads.
 */
function useAnnouncedStatus(call: Pick<AgentCall, 'id' | 'status' | 'calledNumber'> & Pick<ShownCallItem, 'calledContact'> | undefined): void {
  const said = useRef<{ id: string; status: AgentCallStatus } | null>(null);
  useEffect(() => {
    if (!call) return;
    const before = said.current;
    said.current = { id: call.id, status: call.status };
    if (before?.id === call.id && before.status !== call.status) announce(`Call to ${call.calledContact?.name ?? call.calledNumber}: ${STATUS_LABEL[call.status]}.`);
  }, [call]);
}

/** `opened`: counts the opening clicks, so the call already open (kept from an earlier visit) comes into view when clicked again. */
function CallDetail({ callId, opened }: { callId: string; opened: number }) {
  const call = useAgentCall(callId);
  const section = useRef<HTMLElement>(null);
  const shownId = call.data?.id;
  useAnnouncedStatus(call.data);
  // Opened out of sight (under the list in a window under ~1240 px, or beside it with the page scrolled down), the call
  // is brought into view.
  useEffect(() => {
    if (shownId) revealTop(section.current);
  }, [shownId, opened]);
  if (call.isPending) return <Loading label="Loading the call…" />;
  if (call.isError) return <ErrorState error={call.error} onRetry={() => void call.refetch()} />;
  const c = call.data;
  return (
    <section ref={section} className="card call-detail" aria-labelledby="call-detail-title" data-testid="call-detail" data-call-id={c.id} data-status={c.status}>
      <div className="page-title">
        <h2 id="call-detail-title" className="call-called">Call to <span className="mono">{c.calledNumber}</span><CalledContact call={c} testId="call-detail-contact" /></h2>
        <StatusChip status={c.status} />
      </div>
      {c.summary ? <p data-testid="call-summary">{c.summary}</p> : null}
      <CallFacts call={c} />
      <h3 className="small-heading">Transcript</h3>
      {c.transcription.length === 0 ? <p className="muted small" data-testid="call-transcript-empty">{c.status === 'ANSWERED' || c.status === 'RINGING' || c.status === 'INITIATED' ? 'The transcript appears here as the call is spoken.' : 'Nothing was said: the call was not answered.'}</p> : null}
      {/* A log: a screen reader hears each new line as it is spoken. */}
      {/* It scrolls once long: focusable, so a keyboard can scroll it too. */}
      <div role="log" aria-label="Transcript" className="call-transcript-scroll" tabIndex={0} data-testid="call-transcript" data-lines={c.transcription.length}>
        <ol className="call-transcript">
          {c.transcription.map((turn) => (
            <li key={`${turn.timestamp}-${turn.role}`} className={`turn turn-${turn.role}`} data-testid="call-turn" data-role={turn.role}>
              <span className="muted small">{turn.role === 'agent' ? 'Agent' : 'Customer'} · <When iso={turn.timestamp} /></span>
              <span>{turn.content}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const TABS: Array<{ id: CallsTab; label: string }> = [{ id: 'agent', label: 'Agent calls' }, { id: 'app', label: 'App calls' }, { id: 'people', label: 'People & bookings' }];

function AgentCallsTab() {
  const openId = useUi((s) => s.openCallId);
  const openCall = useUi((s) => s.openCall);
  const watchCall = useUi((s) => s.watchCall);
  const [opened, setOpened] = useState(0);
  const open = (callId: string) => {
    openCall(callId);
    setOpened((n) => n + 1);
  };
  // The stream is in the open call's room while it is shown, and joins it again on return (reading the call again once
  // in, so the lines spoken while away are there); it leaves the room when the tab or the page is left.
  useEffect(() => watchCall(openId), [openId, watchCall]);
  useEffect(() => () => watchCall(null), [watchCall]);
  return (
    <>
      <PlaceCall onPlaced={open} />
      <div className="calls-layout">
        <CallsTable openId={openId} onOpen={open} />
        {openId ? <CallDetail callId={openId} opened={opened} /> : <div className="muted small calls-pick">Open a call to follow its transcript.</div>}
      </div>
      <AgentsPanel />
    </>
  );
}

export function CallsPage() {
  const tab = useAppCallsUi((s) => s.callsTab);
  const setTab = useAppCallsUi((s) => s.setCallsTab);
  return (
    <div className="page padded calls" data-testid="calls-page">
      <div className="page-title">
        <div>
          <h1>Calls</h1>
          <p className="muted subtitle">Calls as they happen: the voice agents' (ringing, answered, what is said, line by line) and the voice app's, between app users and phones.</p>
        </div>
      </div>
      <div className="tabs calls-tabs" role="tablist" aria-label="Calls" onKeyDown={moveChoice}>
        {TABS.map((t) => (
          <button key={t.id} type="button" {...tabProps('calls', t.id, tab === t.id)} className={`tab${tab === t.id ? ' active' : ''}`} onClick={() => setTab(t.id)} data-testid={`calls-tab-${t.id}`}>{t.label}</button>
        ))}
      </div>
      <div {...tabPanelProps('calls', tab)}>{tab === 'app' ? <AppCallsTab /> : tab === 'people' ? <PeoplePanel /> : <AgentCallsTab />}</div>
    </div>
  );
}
