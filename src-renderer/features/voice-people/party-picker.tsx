// A booking's pro or customer, picked from the active people of the role: the newest 100 at first, and anyone of the
// role found by typing part of their name or externalId (the identities list's `search`, asked once typing pauses).
// The person chosen stays chosen while another search shows others.
import { useId, useState, type KeyboardEvent } from 'react';
import type { IdentityRole, VoiceIdentity } from '../../../src-core/contract/index.ts';
import { useDebounced } from '../../components/debounce.ts';
import { useIdentitiesOfRole } from './queries.ts';

export const personLabel = (person: Pick<VoiceIdentity, 'externalId' | 'displayName'>) =>
  (person.displayName ? `${person.displayName} (${person.externalId})` : person.externalId);

function emptyChoice(noun: string, loading: boolean, search: string, found: number): string {
  if (loading) return 'Loading…';
  if (found > 0) return `Choose a ${noun}`;
  return search ? `No active ${noun} matches “${search}”` : `No active ${noun}: add one under People`;
}

export function PartyPicker({ role, value, onChange }: { role: IdentityRole; value: string; onChange(externalId: string): void }) {
  const noun = role === 'PRO' ? 'pro' : 'customer';
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 200);
  const people = useIdentitiesOfRole(role, search);
  const [chosen, setChosen] = useState<VoiceIdentity | null>(null);
  const selectId = useId();
  const hintId = useId();
  // Active people only, as the core lists them (`active=true`), so `total` counts what can be picked.
  const found = people.data?.data ?? [];
  const keepChosen = chosen !== null && chosen.externalId === value && !found.some((person) => person.externalId === value);
  const offered = keepChosen ? [chosen, ...found] : found;
  const shown = people.data?.data.length ?? 0;
  const total = people.data?.meta.total ?? 0;
  const ready = !people.isFetching && search === typed.trim();
  // Enter in the search goes to the choice rather than sending the booking half made.
  const toChoice = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    document.getElementById(selectId)?.focus();
  };
  return (
    <div className="field grow party-picker">
      <label htmlFor={selectId}>{role === 'PRO' ? 'Pro' : 'Customer'}</label>
      <input type="search" value={typed} placeholder="Find by name or id" onChange={(e) => setTyped(e.target.value)} onKeyDown={toChoice}
        aria-label={`Find a ${noun} by name or id`} aria-controls={selectId} data-testid={`booking-${noun}-search`} />
      <select id={selectId} value={value} aria-describedby={total > shown ? hintId : undefined} data-testid={`booking-${noun}`} data-ready={ready}
        onChange={(e) => {
          setChosen(offered.find((person) => person.externalId === e.target.value) ?? null);
          onChange(e.target.value);
        }}>
        <option value="">{emptyChoice(noun, people.isPending, search, found.length)}</option>
        {offered.map((person) => <option key={person.id} value={person.externalId}>{personLabel(person)}</option>)}
      </select>
      {ready && search && found.length === 0 ? (
        <span className="muted small" role="status" data-testid={`booking-${noun}-none`}>No active {noun} matches “{search}”.</span>
      ) : null}
      {total > shown ? (
        <span id={hintId} className="muted small" data-testid={`booking-${noun}-more`}>
          {search ? `The newest ${shown} of ${total.toLocaleString()} matches shown: type more to narrow them.`
            : `The newest ${shown} of ${total.toLocaleString()} shown: type part of a name or id to find the others.`}
        </span>
      ) : null}
    </div>
  );
}
