// API keys: create (plaintext once), list, revoke.
import { useState } from 'react';
import type { CreatedApiKey } from '../../../src-core/contract/index.ts';
import { time } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { CreatedKey, CreateKeyForm } from './create-key.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { useRevokeKey } from './mutations.ts';
import { useKeys } from './queries.ts';
import { useVirtualNow } from '../simulator/queries.ts';

export function KeysPage() {
  const keys = useKeys();
  const now = useVirtualNow() ?? '';
  const revoke = useRevokeKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <div className="page padded">
      <div className="page-title"><h1>API keys</h1>{!creating && !created ? <button type="button" className="button primary" onClick={() => setCreating(true)} data-testid="new-key">New key</button> : null}</div>
      {created ? <CreatedKey created={created} onDone={() => setCreated(null)} /> : null}
      {creating ? <CreateKeyForm onCreated={(key) => { setCreated(key); setCreating(false); }} onCancel={() => setCreating(false)} /> : null}
      {keys.isPending ? <Loading /> : keys.isError ? <ErrorState error={keys.error} /> : keys.data.data.length === 0 ? <Empty title="No keys yet">Create one to call the API.</Empty> : (
        <div className="card table-card">
          <table className="table" data-testid="keys">
            <thead><tr><th>Name</th><th>Key</th><th>Scopes</th><th>Limit</th><th>Last used</th><th>Status</th><th /></tr></thead>
            <tbody>
              {keys.data.data.map((key) => (
                <tr key={key.id} data-testid="key-row" data-key-id={key.id}>
                  <td>{key.name}</td>
                  <td><code>{key.prefix}…</code> <span className="chip">{key.environment}</span></td>
                  <td title={key.scopes.join(', ')}>{key.scopes.length}</td>
                  <td>{key.rateLimitPerMinute}/min{key.ipWhitelistEnabled ? ' · IP list' : ''}</td>
                  <td className="muted">{time(key.lastUsedAt)}</td>
                  <td>{key.revokedAt ? <span className="badge danger">revoked</span> : key.expiresAt && now && key.expiresAt <= now ? <span className="badge danger">expired</span> : <span className="badge ok">active</span>}</td>
                  <td>{key.revokedAt ? null : (
                    <ConfirmButton label="Revoke" question="Its calls fail from now on." confirmLabel="Revoke key" onConfirm={() => revoke.mutate(key.id)} testId="revoke-key" />
                  )}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoke.isError ? <ErrorState error={revoke.error} /> : null}
    </div>
  );
}
