// API keys: create (plaintext once), list (scopes, limits, allowed IPs, created and expiry dates), revoke; and where
// an assistant (MCP client) connects with one.
import { useRef, useState } from 'react';
import type { CreatedApiKey } from '../../../src-core/contract/index.ts';
import { thenFocus } from '../../components/focus.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { AssistantCard } from './assistant-card.tsx';
import { RestApiCard } from './rest-api-card.tsx';
import { CreatedKey, CreateKeyForm } from './create-key.tsx';
import { KeyRow } from './key-row.tsx';
import { useRevokeKey } from './mutations.ts';
import { useKeys, useScopes } from './queries.ts';
import { useVirtualNow } from '../simulator/queries.ts';

export function KeysPage() {
  const keys = useKeys();
  const now = useVirtualNow();
  const scopes = useScopes();
  const revoke = useRevokeKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [creating, setCreating] = useState(false);
  // New key takes the place of the form or the created key: Cancel and Done give the focus back to it.
  const newKey = useRef<HTMLButtonElement>(null);
  const backToNewKey = (close: () => void) => thenFocus(close, () => newKey.current);
  return (
    <div className="page padded">
      <div className="page-title">
        <div>
          <h1>API keys</h1>
          <p className="muted subtitle">Keys for the REST API and the assistant endpoint, each with its scopes, rate limit and allowed IPs; a key is shown whole only once, when made.</p>
        </div>
        {!creating && !created ? <button ref={newKey} type="button" className="button primary" onClick={() => setCreating(true)} data-testid="new-key">New key</button> : null}
      </div>
      {created ? <CreatedKey created={created} onDone={() => backToNewKey(() => setCreated(null))} /> : null}
      {creating ? <CreateKeyForm onCreated={(key) => { setCreated(key); setCreating(false); }} onCancel={() => backToNewKey(() => setCreating(false))} /> : null}
      {keys.isPending ? <Loading /> : keys.isError ? <ErrorState error={keys.error} /> : keys.data.data.length === 0 ? <Empty title="No keys yet">Create one to call the API.</Empty> : (
        <div className="card table-card">
          <table className="table keys-table" data-testid="keys">
            <thead><tr><th>Name</th><th>Scopes</th><th>Limit · IPs</th><th>Created</th><th>Expires</th><th>Last used</th><th>Status</th></tr></thead>
            <tbody>
              {keys.data.data.map((key) => <KeyRow key={key.id} apiKey={key} allScopes={scopes.data?.data.length ?? 0} now={now} onRevoke={() => revoke.mutate(key.id)} />)}
            </tbody>
          </table>
        </div>
      )}
      {revoke.isError ? <ErrorState error={revoke.error} /> : null}
      <RestApiCard />
      <AssistantCard />
    </div>
  );
}
