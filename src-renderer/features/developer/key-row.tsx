// One API key in the keys table: its scopes by name (the first few, and all of them grouped by domain a click
// away), rate limit and allowed IPs, when it was created, when it expires on the virtual clock, and its state.
// Revoke asks in a row of its own under the key: the Status column is too narrow to hold the question.
import { Fragment, useRef, useState } from 'react';
import type { ApiKey, Scope } from '../../../src-core/contract/index.ts';
import { ConfirmQuestion } from '../../components/confirm-button.tsx';
import { thenFocus, useFocusAfterChange } from '../../components/focus.ts';
import { DateTime } from '../../components/date-time.tsx';
import { relativeTime } from '../../components/format.ts';

const INLINE_SCOPES = 2;
const REVOKE_QUESTION = 'Its calls fail from now on.';
export const KEY_COLUMNS = 7;

/** Scopes grouped by their domain (`otp:send` → `otp`), in the order given. */
function byDomain(scopes: Scope[]): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const scope of scopes) {
    const [domain = scope, ...rest] = scope.split(':');
    groups.set(domain, [...(groups.get(domain) ?? []), rest.join(':')]);
  }
  return [...groups];
}

/** A scope's name, which may break after each colon: `contacts:notes:read` must not widen the keys table past a narrow window. */
const breakable = (scope: string) => scope.split(':').map((part, i) => <Fragment key={i}>{i > 0 ? <>:<wbr /></> : null}{part}</Fragment>);

function Expiry({ expiresAt, now }: { expiresAt: string | null; now: string | undefined }) {
  if (!expiresAt) return <span className="muted" data-testid="key-expires" data-expired="false">Never</span>;
  const expired = now !== undefined && expiresAt <= now;
  return (
    <span className="key-when" data-testid="key-expires" data-expired={expired}>
      <span><DateTime iso={expiresAt} /></span>
      <span className={`small ${expired ? 'neg' : 'muted'}`}>{expired ? `expired ${relativeTime(expiresAt, now)}` : relativeTime(expiresAt, now)}</span>
    </span>
  );
}

export function KeyRow({ apiKey, allScopes, now, onRevoke }: { apiKey: ApiKey; allScopes: number; now: string | undefined; onRevoke(): void }) {
  const [open, setOpen] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const asking = revoking && !apiKey.revokedAt;
  const all = allScopes > 0 && apiKey.scopes.length >= allScopes;
  // A third chip rather than "+1 more".
  const inline = all ? [] : apiKey.scopes.length <= INLINE_SCOPES + 1 ? apiKey.scopes : apiKey.scopes.slice(0, INLINE_SCOPES);
  const more = apiKey.scopes.length - inline.length;
  const expired = apiKey.expiresAt !== null && now !== undefined && apiKey.expiresAt <= now;
  // Revoke goes once the key is revoked: the focus moves to the state that took its place.
  const revoked = useRef<HTMLSpanElement>(null);
  const revoke = useRef<HTMLButtonElement>(null);
  // Answering the question gives the focus back to Revoke (Cancel), or to it until "revoked" takes its place.
  const answered = () => thenFocus(() => setRevoking(false), () => revoke.current);
  useFocusAfterChange(apiKey.revokedAt !== null, revoked);
  return (
    <Fragment>
      <tr data-testid="key-row" data-key-id={apiKey.id} className={open || asking ? 'is-open' : undefined}>
        <td><strong>{apiKey.name}</strong><span className="key-prefix"><code>{apiKey.prefix}…</code> <span className="chip">{apiKey.environment}</span></span></td>
        <td>
          <span className="key-scopes" data-testid="key-scopes">
            {all ? <span className="chip">all {apiKey.scopes.length} scopes</span> : inline.map((scope) => <span key={scope} className="chip" data-scope={scope}>{breakable(scope)}</span>)}
            {more > 0 ? (
              <button type="button" className="link small" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="key-scopes-toggle">
                {open ? 'Hide' : all ? 'Show them' : `+${more} more`}
              </button>
            ) : null}
          </span>
        </td>
        <td>
          <span>{apiKey.rateLimitPerMinute}/min</span>
          {apiKey.ipWhitelistEnabled && apiKey.allowedIps.length
            ? <ul className="key-ips small" data-testid="key-ips" aria-label="Allowed IPs">{apiKey.allowedIps.map((ip) => <li key={ip}>{ip}</li>)}</ul>
            : <span className="key-ips small muted" data-testid="key-ips">any IP</span>}
        </td>
        <td className="muted key-time" data-testid="key-created"><DateTime iso={apiKey.createdAt} /></td>
        <td><Expiry expiresAt={apiKey.expiresAt} now={now} /></td>
        <td className="muted key-time"><DateTime iso={apiKey.lastUsedAt} /></td>
        <td><div className="key-state">
          {apiKey.revokedAt ? <span ref={revoked} tabIndex={-1} className="badge danger">Revoked</span> : expired ? <span className="badge danger">Expired</span> : <span className="badge ok">Active</span>}
          {apiKey.revokedAt ? null : (
            <button ref={revoke} type="button" className="button danger-outline small" aria-expanded={asking} onClick={() => setRevoking(true)} aria-label={`Revoke key ${apiKey.name}`} data-testid="revoke-key">Revoke</button>
          )}
        </div></td>
      </tr>
      {asking ? (
        <tr className={`key-confirm-row${open ? ' is-open' : ''}`}>
          <td colSpan={KEY_COLUMNS}>
            <ConfirmQuestion question={REVOKE_QUESTION} confirmLabel="Revoke key" testId="revoke-key" onCancel={answered}
              onConfirm={() => { answered(); onRevoke(); }} />
          </td>
        </tr>
      ) : null}
      {open ? (
        <tr className="key-scopes-row" data-testid="key-scopes-all">
          <td colSpan={KEY_COLUMNS}>
            <dl className="key-scope-groups">
              {byDomain(apiKey.scopes).map(([domain, names]) => (
                <div key={domain}><dt>{domain}</dt><dd>{names.map((name) => <span key={name} className="chip" data-scope={`${domain}:${name}`}>{name}</span>)}</dd></div>
              ))}
            </dl>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
