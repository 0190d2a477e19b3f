// The voice app's bookings (sessions): each with its reference, pro, customer, expiry on the virtual clock, status and
// metadata; created or extended with the booking form, revoked after a question, and, while active, a call placed
// within it by either of its people.
import { Fragment, useRef, useState } from 'react';
import type { BookingSession, ConsoleBookingSession, SessionStatus } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { thenFocus } from '../../components/focus.ts';
import { relativeTime } from '../../components/format.ts';
import { Pager } from '../../components/pager.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useVirtualNow } from '../simulator/queries.ts';
import { BookingCall } from './booking-call.tsx';
import { BookingForm } from './booking-form.tsx';
import { personLabel } from './party-picker.tsx';
import { useSessionMutations, useSessions } from './queries.ts';

const COLUMNS = 7;
const STATUS_LABEL: Record<SessionStatus, string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

/** Its status as of `now`: an active booking past its expiry reads expired (as the core reads it) before the list reloads. */
export const statusAt = (session: BookingSession, now: string | undefined): SessionStatus =>
  (session.status === 'active' && now !== undefined && session.expiresAt <= now ? 'expired' : session.status);

/** Metadata in one short line per key (`service: Kitchen sink repair`). */
function Metadata({ value }: { value: Record<string, unknown> }) {
  const entries = Object.entries(value);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="booking-metadata">
      {entries.map(([key, item]) => <li key={key}><span className="muted booking-metadata-key" data-testid="booking-metadata-key">{key}:</span> {typeof item === 'string' ? item : JSON.stringify(item)}</li>)}
    </ul>
  );
}

function BookingRow({ session, now, calling, onCall, onExtend }: {
  session: ConsoleBookingSession; now: string | undefined; calling: boolean; onCall(): void; onExtend(): void;
}) {
  const { revoke } = useSessionMutations();
  const status = statusAt(session, now);
  const active = status === 'active';
  return (
    <Fragment>
      <tr data-testid="booking-row" data-external-ref={session.externalRef} data-status={status}>
        <td className="mono" data-testid="booking-ref">{session.externalRef}</td>
        <td data-testid="booking-pro">{personLabel({ externalId: session.proExternalId, displayName: session.proDisplayName })}</td>
        <td data-testid="booking-customer">{personLabel({ externalId: session.customerExternalId, displayName: session.customerDisplayName })}</td>
        <td data-testid="booking-expires">
          <span className="booking-when"><span className="small"><DateTime iso={session.expiresAt} /></span>
            <span className={`small ${active ? 'muted' : ''}`} data-testid="booking-expires-relative">{relativeTime(session.expiresAt, now)}</span></span>
        </td>
        <td><span className={`chip booking-status booking-status-${status}`} data-testid="booking-status">{STATUS_LABEL[status]}</span></td>
        <td className="small" data-testid="booking-metadata-cell"><Metadata value={session.metadata} /></td>
        <td>
          <span className="row-actions">
            {active ? (
              <button type="button" className="button small" aria-expanded={calling} onClick={onCall} aria-label={`Call within ${session.externalRef}`}
                data-testid="booking-call-toggle">Call</button>
            ) : null}
            <button type="button" className="button ghost small" onClick={onExtend} aria-label={`${active ? 'Extend' : 'Renew'} ${session.externalRef}`}
              data-testid="booking-extend">{active ? 'Extend' : 'Renew'}</button>
            {session.status === 'active' ? (
              <ConfirmButton label="Revoke" name={`Revoke ${session.externalRef}`} question="No new calls; a call in progress finishes." confirmLabel="Revoke"
                onConfirm={() => revoke.mutate(session.externalRef)} testId="booking-revoke" />
            ) : null}
          </span>
        </td>
      </tr>
      {revoke.isError ? <tr><td colSpan={COLUMNS}><ErrorState error={revoke.error} /></td></tr> : null}
      {calling && active ? <tr className="booking-call-row"><td colSpan={COLUMNS}><BookingCall session={session} /></td></tr> : null}
    </Fragment>
  );
}

export function BookingsSection() {
  const [page, setPage] = useState(1);
  const sessions = useSessions(page);
  const now = useVirtualNow();
  const list = sessions.data?.data ?? [];
  const [editing, setEditing] = useState<BookingSession | 'new' | null>(null);
  const [calling, setCalling] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const close = () => thenFocus(() => setEditing(null), () => newButton.current);
  return (
    <section className="bookings-section" aria-labelledby="bookings-title" data-testid="bookings-section" data-total={sessions.data?.meta.total ?? 0}>
      <div className="page-title">
        <h3 id="bookings-title" className="small-heading">Bookings</h3>
        <button ref={newButton} type="button" className="button small" onClick={() => setEditing('new')} disabled={editing === 'new'} data-testid="booking-new">New booking</button>
      </div>
      <p className="muted small">A booking lets its pro and its customer call each other until it expires on the virtual clock or is revoked.</p>
      {editing ? <BookingForm key={editing === 'new' ? 'new' : editing.externalRef} session={editing === 'new' ? undefined : editing} onDone={close} /> : null}
      {sessions.isPending ? <Loading label="Loading the bookings…" /> : null}
      {sessions.isError ? <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} /> : null}
      {sessions.isSuccess && list.length === 0 ? <p className="muted small">No bookings yet: create one here or with <code>POST /v1/voice/app/sessions</code>.</p> : null}
      {list.length > 0 ? (
        <div className="table-card bookings-table" data-testid="bookings-list">
          <table className="table">
            <thead><tr><th>Booking</th><th>Pro</th><th>Customer</th><th>Expires</th><th>Status</th><th>Metadata</th><th><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {list.map((session) => (
                <BookingRow key={session.externalRef} session={session} now={now} calling={calling === session.externalRef}
                  onCall={() => setCalling(calling === session.externalRef ? null : session.externalRef)} onExtend={() => setEditing(session)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {sessions.data ? <Pager page={sessions.data.meta.page} totalPages={sessions.data.meta.totalPages} onPage={setPage} detail={`${sessions.data.meta.total} bookings`} /> : null}
    </section>
  );
}
