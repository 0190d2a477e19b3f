// The Instagram connection: without it every Instagram route answers 404. Connecting names the business
// account; the simulated platform then delivers its customers' direct messages to the inbox.
import { useState, type FormEvent } from 'react';
import type { ConnectInstagramInput } from '../../../src-core/contract/index.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
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
    <div className="grid-2">
      <section className="card form" data-testid="instagram-connection">
        <h2 className="card-title">Instagram account</h2>
        {state.isPending ? <Loading /> : state.isError ? <ErrorState error={state.error} /> : connection ? (
          <>
            <p data-testid="instagram-connected"><strong>@{connection.username}</strong> {connection.name ? `· ${connection.name}` : ''}</p>
            <p className="muted small hint">{connection.followersCount.toLocaleString()} followers · {connection.mediaCount.toLocaleString()} posts · Facebook page {connection.pageName ?? connection.pageId}</p>
            <div className="actions left">
              <ConfirmButton label="Disconnect" question="Every Instagram route answers 404 until it is connected again." confirmLabel="Disconnect"
                className="button ghost" disabled={disconnect.isPending} onConfirm={() => disconnect.mutate()} testId="instagram-disconnect" />
            </div>
          </>
        ) : <p className="muted small hint" data-testid="instagram-disconnected">Not connected: every Instagram route answers 404 until an account is connected.</p>}
        {disconnect.isError ? <ErrorState error={disconnect.error} /> : null}
      </section>
      <form className="card form" onSubmit={submit} data-testid="instagram-connect-form">
        <h2 className="card-title">{connection ? 'Connect another account instead' : 'Connect an account'}</h2>
        <div className="form-row">
          <label className="field grow"><span>Username</span><input value={username} onChange={(e) => setUsername(e.target.value)} placeholder="@examplestore" data-testid="instagram-username" /></label>
          <label className="field grow"><span>Display name</span><input value={name} onChange={(e) => setName(e.target.value)} placeholder="Example Store" /></label>
        </div>
        {connect.isError ? <ErrorState error={connect.error} /> : null}
        <div className="actions left"><button type="submit" className="button primary" disabled={connect.isPending || !username} data-testid="instagram-connect">Connect</button></div>
      </form>
    </div>
  );
}
