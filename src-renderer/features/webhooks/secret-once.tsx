// The signing secret, shown once after creation or rotation, with a copy button. The console keeps it
// in memory (never on disk) so the delivery inspector can check signatures until the window reloads. It
// closes when its endpoint goes (deleted, or removed by a receiver's 410).
import { useEffect } from 'react';
import { CopyButton } from '../../components/copy-button.tsx';
import { useEndpoints } from './queries.ts';
import { useWebhooksUi } from './webhooks-store.ts';

export function SecretOnce() {
  const shown = useWebhooksUi((s) => s.shown);
  const dismiss = useWebhooksUi((s) => s.dismissSecret);
  const endpoints = useEndpoints();
  // Only a list read after the secret was shown counts: one read before may not have the new endpoint yet.
  const gone = shown !== null && endpoints.isSuccess && endpoints.dataUpdatedAt > shown.shownAt && !endpoints.data.data.some((e) => e.id === shown.endpointId);
  useEffect(() => {
    if (gone) dismiss();
  }, [gone, dismiss]);
  if (!shown || gone) return null;
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
        {/* Copying it is the next thing to do: Copy takes the focus each time a secret is shown. */}
        <CopyButton key={shown.shownAt} text={shown.secret} what="secret" testId="copy-secret" focus />
      </div>
      <div className="wh-secret-foot">
        <span className="muted small">Kept in this window's memory for the signature check until you reload.</span>
        <button type="button" className="button ghost small" onClick={dismiss} data-testid="dismiss-secret">I have saved it</button>
      </div>
    </div>
  );
}
