// The signing secret, shown once after creation or rotation, with a copy button. The console keeps it
// in memory (never on disk) so the delivery inspector can check signatures until the window reloads.
import { useState } from 'react';
import { useWebhooksUi } from './webhooks-store.ts';

export function SecretOnce() {
  const shown = useWebhooksUi((s) => s.shown);
  const dismiss = useWebhooksUi((s) => s.dismissSecret);
  const [copy, setCopy] = useState<{ for: string; state: 'copied' | 'failed' } | null>(null);
  if (!shown) return null;
  const copyState = copy?.for === shown.secret ? copy.state : null;
  const copySecret = () => {
    const done = (state: 'copied' | 'failed') => setCopy({ for: shown.secret, state });
    if (!navigator.clipboard) return done('failed');
    navigator.clipboard.writeText(shown.secret).then(() => done('copied'), () => done('failed'));
  };
  return (
    <div className="card wh-secret" data-testid="secret-once" role="status">
      <div className="wh-secret-head">
        <span className="wh-secret-icon" aria-hidden>✓</span>
        <div>
          <strong>{shown.reason === 'created' ? 'Endpoint created.' : 'Secret rotated: the old one stopped working.'} Copy the signing secret now.</strong>
          <div className="muted small">It will not be shown again. Use it to verify the <code>X-Service-Signature</code> of deliveries to <span className="mono">{shown.url}</span>.</div>
        </div>
      </div>
      <div className="key-row">
        <code data-testid="endpoint-secret">{shown.secret}</code>
        <button type="button" className="button" onClick={copySecret} data-testid="copy-secret">{copyState === 'copied' ? 'Copied ✓' : 'Copy'}</button>
      </div>
      {copyState === 'failed' ? <span className="wh-error-text" role="alert">The browser refused the clipboard: select the secret and copy it by hand.</span> : null}
      <div className="wh-secret-foot">
        <span className="muted small">Kept in this window's memory for the signature check until you reload.</span>
        <button type="button" className="button ghost small" onClick={dismiss} data-testid="dismiss-secret">I have saved it</button>
      </div>
    </div>
  );
}
