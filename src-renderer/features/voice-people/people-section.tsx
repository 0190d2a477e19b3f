// The voice app's people (identities): who they are, their role, masked phone, devices, whether a call could ring
// them, when they were last seen and whether they are active; added or changed with the upsert form, their devices
// opened under their row, deactivated after a question.
import { Fragment, useRef, useState } from 'react';
import type { ConsoleVoiceIdentity, VoiceIdentity } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { thenFocus, useFocusAfterChange } from '../../components/focus.ts';
import { Pager } from '../../components/pager.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { When } from '../../components/when.tsx';
import { PersonDevices } from './person-devices.tsx';
import { PersonForm } from './person-form.tsx';
import { reachability } from './reachability.ts';
import { usePeopleMutations, useIdentities } from './queries.ts';

const COLUMNS = 7;

export function RoleChip({ role }: { role: VoiceIdentity['role'] }) {
  return <span className={`chip role-chip role-${role.toLowerCase()}`} data-testid="role-chip">{role}</span>;
}

function PersonRow({ person, open, onDevices, onEdit }: { person: ConsoleVoiceIdentity; open: boolean; onDevices(): void; onEdit(): void }) {
  const { deactivate } = usePeopleMutations();
  const edit = useRef<HTMLButtonElement>(null);
  // Deactivated, the row's Deactivate is gone: the focus goes to its Reactivate.
  useFocusAfterChange(person.isActive, edit);
  return (
    <Fragment>
      <tr data-testid="person-row" data-external-id={person.externalId} data-active={person.isActive} data-reachable={person.reachable}
        className={person.isActive ? undefined : 'inactive'}>
        <td>
          <span className="person-id">
            <span className="mono" data-testid="person-external-id">{person.externalId}</span><RoleChip role={person.role} />
          </span>
          <span className="small" data-testid="person-name">{person.displayName ?? <span className="muted">No name</span>}</span>
        </td>
        <td className="mono nowrap" data-testid="person-phone">{person.maskedPhone ?? <span className="muted">—</span>}</td>
        <td className="num" data-testid="person-device-count">{person.deviceCount}</td>
        <td data-testid="person-reachable"><span className={person.reachable ? 'badge ok' : 'chip'}>{reachability(person)}</span></td>
        <td className="muted small" data-testid="person-last-seen">{person.lastSeenAt ? <When iso={person.lastSeenAt} /> : 'Never'}</td>
        <td data-testid="person-state">{person.isActive ? 'Active' : <span className="chip">Deactivated</span>}</td>
        <td>
          <span className="row-actions">
            <button type="button" className="button ghost small" aria-expanded={open} onClick={onDevices} aria-label={`Devices of ${person.externalId}`}
              data-testid="person-devices-toggle">Devices</button>
            <button ref={edit} type="button" className="button ghost small" onClick={onEdit} aria-label={`${person.isActive ? 'Change' : 'Reactivate'} ${person.externalId}`}
              data-testid="person-edit">{person.isActive ? 'Change' : 'Reactivate'}</button>
            {person.isActive ? (
              <ConfirmButton label="Deactivate" name={`Deactivate ${person.externalId}`} question="Devices and phone are dropped; they can no longer be rung."
                confirmLabel="Deactivate" onConfirm={() => deactivate.mutate(person.externalId)} testId="person-deactivate" />
            ) : null}
          </span>
        </td>
      </tr>
      {deactivate.isError ? <tr><td colSpan={COLUMNS}><ErrorState error={deactivate.error} /></td></tr> : null}
      {open ? <tr className="person-devices-row"><td colSpan={COLUMNS}><PersonDevices person={person} /></td></tr> : null}
    </Fragment>
  );
}

export function PeopleSection() {
  const [page, setPage] = useState(1);
  const people = useIdentities(page);
  const [editing, setEditing] = useState<VoiceIdentity | 'new' | null>(null);
  const [devicesOf, setDevicesOf] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const close = () => thenFocus(() => setEditing(null), () => addButton.current);
  const list = people.data?.data ?? [];
  return (
    <section className="people-section" aria-labelledby="people-title" data-testid="people-section" data-total={people.data?.meta.total ?? 0}>
      <div className="page-title">
        <h3 id="people-title" className="small-heading">People</h3>
        <button ref={addButton} type="button" className="button small" onClick={() => setEditing('new')} disabled={editing === 'new'} data-testid="person-new">Add person</button>
      </div>
      <p className="muted small">
        The app&apos;s users, by your own ids. <strong>Reachable</strong>: a call could ring them, with a VoIP push token on a device or a phone for the
        fallback leg.
      </p>
      {editing ? <PersonForm key={editing === 'new' ? 'new' : editing.externalId} person={editing === 'new' ? undefined : editing} onDone={close} /> : null}
      {people.isPending ? <Loading label="Loading the people…" /> : null}
      {people.isError ? <ErrorState error={people.error} onRetry={() => void people.refetch()} /> : null}
      {people.isSuccess && list.length === 0 ? <p className="muted small">No people yet: add one here or with <code>POST /v1/voice/app/identities</code>.</p> : null}
      {list.length > 0 ? (
        <div className="table-card people-table" data-testid="people-list">
          <table className="table">
            <thead><tr><th>Person</th><th>Phone</th><th className="num">Devices</th><th>Reachable</th><th>Last seen</th><th>State</th><th><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {list.map((person) => (
                <PersonRow key={person.id} person={person} open={devicesOf === person.externalId}
                  onDevices={() => setDevicesOf(devicesOf === person.externalId ? null : person.externalId)} onEdit={() => setEditing(person)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {people.data ? <Pager page={people.data.meta.page} totalPages={people.data.meta.totalPages} onPage={setPage} detail={`${people.data.meta.total} people`} /> : null}
    </section>
  );
}
