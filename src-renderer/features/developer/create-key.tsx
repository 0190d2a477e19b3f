// Creating an API key: name, environment, scopes grouped by domain (those no route of this build checks yet folded
// away), expiry, IP allow-list, rate limit;
// the plaintext is shown once, with a copy button and the commands to try it. What the core would refuse is said next to its field first.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CreatedApiKey, Scope } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { fieldProps, LabelledField } from '../../components/field-refusal.tsx';
import { Folded } from '../../components/folded.tsx';
import { ErrorState, StillNeeded } from '../../components/states.tsx';
import { useVirtualNow } from '../simulator/queries.ts';
import { checkKey, RATE_LIMITS, type KeyProblems } from './key-draft.ts';
import { useCreateKey } from './mutations.ts';
import { useScopes } from './queries.ts';
import { TryKey } from './try-key.tsx';

export function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  return (
    <div className="card created-key" data-testid="created-key">
      <strong>Copy your key now: it will not be shown again.</strong>
      <div className="key-row">
        <code data-testid="plaintext-key">{created.key}</code>
        <CopyButton text={created.key} what="key" testId="copy-key" focus />
      </div>
      <TryKey created={created} />
      <button type="button" className="button ghost" onClick={onDone} data-testid="created-key-done">Done</button>
    </div>
  );
}

type GroupsProps = { groups: Array<[string, Scope[]]>; chosen: Set<Scope>; toggle(list: Scope[], on: boolean): void };

function ScopeGroups({ groups, chosen, toggle }: GroupsProps) {
  return groups.map(([domain, list]) => (
    <div key={domain} className="scope-group">
      <label className="scope-domain"><input type="checkbox" checked={list.every((s) => chosen.has(s))} onChange={(e) => toggle(list, e.target.checked)} data-testid={`scope-group-${domain}`} aria-label={`All ${domain} scopes`} /> {domain}</label>
      <div className="scope-list">
        {list.map((scope) => (
          // Shown under its domain as "read"; named in full ("contacts:read"), as a screen reader reads it on its own.
          <label key={scope} className="scope"><input type="checkbox" checked={chosen.has(scope)} onChange={(e) => toggle([scope], e.target.checked)} aria-label={scope} /> {scope.slice(domain.length + 1)}</label>
        ))}
      </div>
    </div>
  ));
}

export function CreateKeyForm({ onCreated, onCancel }: { onCreated(key: CreatedApiKey): void; onCancel(): void }) {
  const scopes = useScopes();
  const create = useCreateKey();
  const [name, setName] = useState('');
  const [environment, setEnvironment] = useState<'test' | 'live'>('test');
  const [chosen, setChosen] = useState<Set<Scope>>(new Set());
  const [expiresAt, setExpiresAt] = useState('');
  const [ips, setIps] = useState('');
  const [rate, setRate] = useState('60');
  const nameField = useRef<HTMLInputElement>(null);
  // Opened from New key: the keyboard goes straight to the first field.
  useEffect(() => nameField.current?.focus(), []);
  const now = useVirtualNow();
  const checked = checkKey({ name, environment, scopes: [...chosen], expiresAt, ips, rate }, now);
  const problems: KeyProblems = checked.ok ? {} : checked.problems;
  // What Create key waits for besides the fields marked above, said under the form as the builders say it.
  const stillNeeded = [...(name.trim() ? [] : ['a name']), ...(chosen.size === 0 ? ['at least one scope'] : [])];
  const allScopes = scopes.data?.data ?? [];
  const notUsedYet = scopes.data?.notUsedYet ?? [];
  // Domains whose every scope is unused yet are folded away; the others show as they are.
  const groups = Object.entries(scopes.data?.groups ?? {});
  const inUse = groups.filter(([, list]) => !list.every((scope) => notUsedYet.includes(scope)));
  const later = groups.filter(([, list]) => list.every((scope) => notUsedYet.includes(scope)));
  // What the fold holds: the scopes of those domains (an unused scope of a domain in use shows with its domain).
  const folded = later.flatMap(([, list]) => list);

  const toggle = (list: Scope[], on: boolean) => setChosen((current) => {
    const next = new Set(current);
    for (const scope of list) if (on) next.add(scope); else next.delete(scope);
    return next;
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checked.ok) return;
    onCreated(await create.mutateAsync(checked.body));
  }

  return (
    <form className="card form" onSubmit={(e) => void submit(e).catch(() => undefined)} data-testid="create-key-form">
      <div className="form-row">
        <LabelledField id="key-name" label="Name" problem={undefined}>
          <input ref={nameField} id="key-name" value={name} onChange={(e) => setName(e.target.value)} required data-testid="key-name" placeholder="My integration" />
        </LabelledField>
        <LabelledField id="key-env" label="Environment" problem={undefined}>
          <select id="key-env" value={environment} onChange={(e) => setEnvironment(e.target.value as 'test' | 'live')} data-testid="key-env"><option value="test">test (sk_test_)</option><option value="live">live (sk_live_)</option></select>
        </LabelledField>
        <LabelledField id="key-rate" label="Requests per minute" problem={problems.rate} className="field fixed">
          <input type="number" min={RATE_LIMITS.min} max={RATE_LIMITS.max} value={rate} onChange={(e) => setRate(e.target.value)} {...fieldProps('key-rate', problems.rate)} data-testid="key-rate" />
        </LabelledField>
      </div>
      <div className="form-row">
        <LabelledField id="key-expires" label="Expires (optional)" problem={problems.expiresAt} className="field fixed">
          <input type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} {...fieldProps('key-expires', problems.expiresAt)} data-testid="key-expires" />
        </LabelledField>
        <LabelledField id="key-ips" label="IP allow-list (optional, comma-separated)" problem={problems.ips} className="field grow">
          <input value={ips} onChange={(e) => setIps(e.target.value)} placeholder="203.0.113.7, 198.51.100.2" {...fieldProps('key-ips', problems.ips)} data-testid="key-ips" />
        </LabelledField>
      </div>
      <fieldset className="scopes">
        <legend>
          Scopes <span className="muted">({chosen.size} of {allScopes.length} chosen)</span>
          <button type="button" className="link" onClick={() => toggle(allScopes, true)} disabled={allScopes.length === 0 || chosen.size === allScopes.length} data-testid="scopes-all">Select all</button>
          <button type="button" className="link" onClick={() => setChosen(new Set())} disabled={chosen.size === 0} data-testid="scopes-clear">Clear</button>
        </legend>
        {scopes.isError ? <ErrorState error={scopes.error} /> : (
          <>
            <ScopeGroups groups={inUse} chosen={chosen} toggle={toggle} />
            {folded.length ? (
              <Folded count={folded.length} what="scopes Switchboard does not check yet" chosen={folded.filter((s) => chosen.has(s)).length} testId="scopes-not-used">
                <p className="small muted">The contract names them ({later.map(([domain]) => domain).join(', ')}) and a key may hold them ahead, but no Switchboard route checks them yet.</p>
                <div className="scopes-later"><ScopeGroups groups={later} chosen={chosen} toggle={toggle} /></div>
              </Folded>
            ) : null}
          </>
        )}
      </fieldset>
      {!checked.ok ? <p className="field-error" data-testid="key-form-blocked">Fix what is marked above to create the key.</p> : null}
      {create.isError ? <ErrorState error={create.error} /> : null}
      <StillNeeded items={stillNeeded} />
      <div className="actions">
        <button type="button" className="button ghost" onClick={onCancel} data-testid="create-key-cancel">Cancel</button>
        <Button type="submit" className="button primary" data-testid="create-key" disabled={create.isPending || stillNeeded.length > 0 || !checked.ok}>Create key</Button>
      </div>
    </form>
  );
}
