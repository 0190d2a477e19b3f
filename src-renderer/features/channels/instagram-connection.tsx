// The Instagram connection: without it every Instagram route answers 404. Connecting names the business
// account; the simulated platform then delivers its customers' direct messages to the inbox.
import { useState, type FormEvent } from 'react';
import type { ConnectInstagramInput } from '../../../src-core/contract/index.ts';
import { IntegrationCards } from './integration-cards.tsx';
import { useInstagramConnection, useSave } from './queries.ts';

export function InstagramConnection() {
  const state = useInstagramConnection();
  const connect = useSave<ConnectInstagramInput>('/dashboard/instagram/connection');
  const disconnect = useSave<void>('/dashboard/instagram/connection', 'del');
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    connect.mutate({ username, ...(name ? { name } : {}) }, {
      onSuccess: () => {
        setUsername('');
        setName('');
      },
    });
  }
  const connection = state.data?.connection;
  return (
    <IntegrationCards id="instagram" title="Instagram account" thing="account" state={state} disconnect={disconnect} connect={connect} onSubmit={submit}
      notConnected="every Instagram route answers 404 until an account is connected." disconnectQuestion="Every Instagram route answers 404 until it is connected again."
      canSubmit={username !== ''}
      connected={connection ? (
        <>
          <p data-testid="instagram-connected"><strong>@{connection.username}</strong> {connection.name ? `· ${connection.name}` : ''}</p>
          <p className="muted small hint">{connection.followersCount.toLocaleString()} followers · {connection.mediaCount.toLocaleString()} posts · Facebook page {connection.pageName ?? connection.pageId}</p>
        </>
      ) : null}
      fields={(
        <>
          <label className="field grow"><span>Username</span><input value={username} onChange={(e) => setUsername(e.target.value)} placeholder="@examplestore" data-testid="instagram-username" /></label>
          <label className="field grow"><span>Display name</span><input value={name} onChange={(e) => setName(e.target.value)} placeholder="Example Store" /></label>
        </>
      )} />
  );
}
