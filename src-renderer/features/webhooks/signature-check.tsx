// The local signature check: recomputes the HMAC of one attempt in the browser (WebCrypto) with the
// secret shown at creation or rotation (kept in memory) or one the user pastes, and says whether a
// receiver would still take its `t` (wall-clock time, like the receiver's own clock).
import { useEffect, useState } from 'react';
import { time } from '../../components/format.ts';
import { checkSignature, SIGNATURE_TOLERANCE_SECONDS, type SignatureCheck as Check } from './signature.ts';
import { useWebhooksUi } from './webhooks-store.ts';

type Props = { endpointId: string; header: string | undefined; rawBody: string };

/** This computer's clock in unix seconds, read again every few seconds: what a receiver compares `t` with. */
function useWallSeconds(): number {
  const [seconds, setSeconds] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setSeconds(Math.floor(Date.now() / 1000)), 5000);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

function Age({ age }: { age: number }) {
  const stale = Math.abs(age) > SIGNATURE_TOLERANCE_SECONDS;
  return (
    <span data-testid="signature-age" data-stale={String(stale)}>
      {!stale ? '' : age > 0 ? ` · signed ${age} s ago by this computer's clock: a receiver would now reject it as stale (tolerance ${SIGNATURE_TOLERANCE_SECONDS} s)`
        : ` · signed ${-age} s ahead of this computer's clock: a receiver would reject it (tolerance ${SIGNATURE_TOLERANCE_SECONDS} s)`}
    </span>
  );
}

function Verdict({ check, source }: { check: Check | null; source: string }) {
  if (!check) return <div className="wh-verdict is-checking" data-testid="signature-result" data-valid="pending">Checking…</div>;
  if (check.kind === 'malformed') return <div className="wh-verdict is-bad" data-testid="signature-result" data-valid="false">✕ {check.reason}</div>;
  return check.kind === 'valid' ? (
    <div className="wh-verdict is-good" data-testid="signature-result" data-valid="true">✓ Valid for the current secret <span className="muted small">({source})</span></div>
  ) : (
    <div className="wh-verdict is-bad" data-testid="signature-result" data-valid="false">✕ Not valid for the current secret <span className="muted small">({source}; signed with another secret, or the secret was rotated since)</span></div>
  );
}

export function SignatureCheck({ endpointId, header, rawBody }: Props) {
  const kept = useWebhooksUi((s) => s.secrets[endpointId]);
  const [pasted, setPasted] = useState('');
  const secret = pasted.trim() || kept || '';
  const [result, setResult] = useState<{ for: string; check: Check } | null>(null);
  const inputKey = `${secret}|${header ?? ''}|${rawBody}`;

  useEffect(() => {
    if (!secret) return undefined;
    let current = true;
    checkSignature(header, rawBody, secret).then(
      (check) => { if (current) setResult({ for: inputKey, check }); },
      (error: unknown) => { if (current) setResult({ for: inputKey, check: { kind: 'malformed', reason: error instanceof Error ? error.message : String(error) } }); },
    );
    return () => { current = false; };
  }, [secret, header, rawBody, inputKey]);

  const check = result?.for === inputKey ? result.check : null;
  const signedAt = check && check.kind !== 'malformed' ? check.timestamp : null;
  const wallSeconds = useWallSeconds();
  return (
    <section className="wh-section" data-testid="signature-check">
      <h3>Signature check <span className="muted small">(in this browser)</span></h3>
      <label className="field">
        <span className="small muted">Current signing secret {kept && !pasted ? '· using the one shown at creation/rotation' : ''}</span>
        <input className="wh-input mono" value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder={kept ? 'Paste another to check it' : 'Paste the whsec_… secret'}
          spellCheck={false} autoComplete="off" data-testid="signature-secret" />
      </label>
      {secret ? <Verdict check={check} source={pasted.trim() ? 'pasted secret' : 'secret kept in memory'} /> : (
        <div className="wh-verdict is-idle" data-testid="signature-result" data-valid="unknown">The secret is shown only once, at creation or rotation. Paste it to check this signature.</div>
      )}
      {signedAt !== null ? (
        <p className="muted small wh-tight">
          Signed at t={signedAt} ({time(new Date(signedAt * 1000).toISOString())}, real time)<Age age={wallSeconds - signedAt} />.
          HMAC-SHA256 over <code>{'<t>.<raw body>'}</code>.
        </p>
      ) : null}
    </section>
  );
}
