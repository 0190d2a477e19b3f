// The organization's own SMTP server: with one, email goes out through it (its answer is the message's
// status); without one, to the simulated mailboxes. The password is write-only.
import { useState, type FormEvent } from 'react';
import type { SmtpConnectionInput } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useSave, useSmtp } from './queries.ts';
import { displayAddress } from '../../components/email-address.ts';


export function SmtpConnection() {
  const state = useSmtp();
  const save = useSave<SmtpConnectionInput>('/dashboard/email/smtp', 'put');
  const remove = useSave<void>('/dashboard/email/smtp', 'del');
  const [host, setHost] = useState('');
  const [port, setPort] = useState('587');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [fromEmail, setFromEmail] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ host, port: Number(port), secure: Number(port) === 465, fromEmail, ...(user ? { user, password } : {}) }, {
      onSuccess: () => {
        setPassword('');
      },
    });
  }
  return (
    <section className="card form" data-testid="smtp-connection">
      <h2 className="card-title">Your SMTP server</h2>
      {state.isPending ? <Loading /> : state.isError ? <ErrorState error={state.error} /> : state.data.connected ? (
        <div className="inline">
          <span data-testid="smtp-connected">Sending through <strong>{state.data.host}:{state.data.port}</strong> as {displayAddress(state.data.fromEmail)}</span>
          <button type="button" className="button ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>Disconnect</button>
        </div>
      ) : <p className="muted small hint">Not connected: email goes to the simulated mailboxes (see the simulator’s handset viewer).</p>}
      <form className="form" onSubmit={submit}>
        <div className="form-row">
          <label className="field grow"><span>Host</span><input value={host} onChange={(e) => setHost(e.target.value)} placeholder="smtp.example.com" /></label>
          <label className="field"><span>Port</span><input type="number" min={1} max={65535} value={port} onChange={(e) => setPort(e.target.value)} /></label>
        </div>
        <div className="form-row">
          <label className="field grow"><span>User</span><input value={user} onChange={(e) => setUser(e.target.value)} autoComplete="off" /></label>
          <label className="field grow"><span>Password</span><input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" /></label>
        </div>
        <label className="field"><span>From address</span><input type="email" value={fromEmail} onChange={(e) => setFromEmail(e.target.value)} placeholder="hello@example.com" /></label>
        {save.isError ? <ErrorState error={save.error} /> : null}
        <div className="actions left"><button type="submit" className="button" disabled={save.isPending || !host || !fromEmail}>Save connection</button></div>
      </form>
    </section>
  );
}
