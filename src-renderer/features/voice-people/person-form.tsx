// Adding a person (an identity of the voice app) or changing one: the upsert's four fields. The core's refusal is
// shown under the form, which keeps what was typed; a saved form closes.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { IDENTITY_ROLES, type VoiceIdentity } from '../../../src-core/contract/index.ts';
import { ErrorState } from '../../components/states.tsx';
import { EMPTY_PERSON, personBodyOf, personDraftOf, type PersonDraft } from './drafts.ts';
import { usePeopleMutations } from './queries.ts';

export function PersonForm({ person, onDone }: { person?: VoiceIdentity; onDone(): void }) {
  const [draft, setDraft] = useState<PersonDraft>(person ? personDraftOf(person) : EMPTY_PERSON);
  const { upsert } = usePeopleMutations();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (change: Partial<PersonDraft>) => setDraft({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!upsert.isPending) upsert.mutate(personBodyOf(draft, person), { onSuccess: onDone });
  };
  const title = person ? `${person.isActive ? 'Change' : 'Reactivate'} ${person.externalId}` : 'Add a person';
  return (
    <form className="card form person-form" onSubmit={submit} aria-label={title} data-testid="person-form">
      <div className="page-title"><h4 className="small-heading">{title}</h4>
        <button type="button" className="button ghost small" onClick={onDone} data-testid="person-cancel">Cancel</button></div>
      <div className="form-row">
        <label className="field grow">
          <span>External id</span>
          {/* The upsert's key: a change keeps it (another id is another person). */}
          <input ref={person ? undefined : first} value={draft.externalId} readOnly={person !== undefined} placeholder="pro_9"
            onChange={(e) => set({ externalId: e.target.value })} data-testid="person-externalId" />
        </label>
        <label className="field">
          <span>Role</span>
          <select value={draft.role} onChange={(e) => set({ role: e.target.value as PersonDraft['role'] })} data-testid="person-role">
            {IDENTITY_ROLES.map((role) => <option key={role} value={role}>{role === 'PRO' ? 'Pro' : 'Customer'}</option>)}
          </select>
        </label>
        <label className="field grow">
          <span>Display name (optional)</span>
          <input ref={person ? first : undefined} value={draft.displayName} placeholder="Dana Lee" onChange={(e) => set({ displayName: e.target.value })}
            data-testid="person-displayName" />
        </label>
        <label className="field grow">
          <span>{person?.maskedPhone ? `Phone (blank keeps ${person.maskedPhone})` : 'Phone (optional)'}</span>
          <input value={draft.phone} placeholder="+14155550177" inputMode="tel" disabled={draft.erasePhone} onChange={(e) => set({ phone: e.target.value })}
            data-testid="person-phone" />
        </label>
      </div>
      {person?.maskedPhone ? (
        <label className="inline small"><input type="checkbox" checked={draft.erasePhone} onChange={(e) => set({ erasePhone: e.target.checked })} data-testid="person-erase-phone" />
          Erase the phone on file</label>
      ) : null}
      <p className="muted small">The phone is kept encrypted and only ever shown masked; it rings the person when no VoIP push token can.</p>
      {upsert.isError ? <ErrorState error={upsert.error} /> : null}
      <div className="actions">
        <button type="submit" className="button primary" disabled={upsert.isPending} data-testid="person-save">{upsert.isPending ? 'Saving…' : person ? 'Save' : 'Add person'}</button>
      </div>
    </form>
  );
}
