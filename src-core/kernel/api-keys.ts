// API keys: creation (plaintext shown once), listing, revocation, and verification of a presented key.
import { createHash } from 'node:crypto';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '../contract/api-keys.ts';
import type { Scope } from '../contract/scopes.ts';
import { canonicalIp } from './client-ip.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { AppError, invalidField, notFound } from './errors.ts';
import { newId, randomBase62 } from './ids.ts';
import { createApiKeysStore, type ApiKeyRow } from './api-keys.store.ts';

export type KeyIdentity = {
  keyId: string; orgId: string; environment: 'live' | 'test'; scopes: ReadonlySet<Scope>;
  /** Canonical (client-ip.ts), as the request's address is: compared as addresses, not as text. */
  ipWhitelistEnabled: boolean; allowedIps: ReadonlySet<string>; rateLimitPerMinute: number;
};

const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32}$/;
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id, name: row.name, prefix: row.prefix, environment: row.environment,
    scopes: JSON.parse(row.scopes) as Scope[], expiresAt: row.expires_at,
    ipWhitelistEnabled: row.ip_whitelist_enabled === 1, allowedIps: JSON.parse(row.allowed_ips) as string[],
    rateLimitPerMinute: row.rate_limit_per_minute, createdAt: row.created_at,
    revokedAt: row.revoked_at, lastUsedAt: row.last_used_at,
  };
}

/** The identity of a key row, built once per row object (the store caches rows between changes). */
const identities = new WeakMap<ApiKeyRow, KeyIdentity>();
function identityOf(row: ApiKeyRow): KeyIdentity {
  let identity = identities.get(row);
  if (!identity) {
    identity = {
      keyId: row.id, orgId: row.org_id, environment: row.environment,
      scopes: new Set(JSON.parse(row.scopes) as Scope[]),
      // Canonical again on reading: a key stored before addresses were made canonical may hold 0:0:0:0:0:0:0:1.
      ipWhitelistEnabled: row.ip_whitelist_enabled === 1,
      allowedIps: new Set((JSON.parse(row.allowed_ips) as string[]).map(canonicalIp).filter((ip) => ip !== null)),
      rateLimitPerMinute: row.rate_limit_per_minute,
    };
    identities.set(row, identity);
  }
  return identity;
}

/** The allow-list as stored: each address canonical, each once, in the order given. */
function canonicalIps(ips: string[]): string[] {
  const canonical = ips.map((ip, i) => {
    const address = canonicalIp(ip);
    if (address === null) throw invalidField(`Invalid body: allowedIps.${i}: must be an IP address (IPv4 or IPv6), e.g. 203.0.113.7`);
    return address;
  });
  return [...new Set(canonical)];
}

export function createApiKeys(deps: { db: Db; clock: Clock }) {
  const store = createApiKeysStore(deps.db.sql);
  const unauthorized = (why: string) => new AppError('UNAUTHORIZED', why);

  return {
    create(orgId: string, input: CreateApiKeyInput): CreatedApiKey {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
      if (expiresAt && Date.parse(expiresAt) <= deps.clock.now()) {
        // Keys expire on the server's clock, which the simulator moves: say which time it is, as it may not be the wall's.
        throw invalidField(`expiresAt must be in the future: it is now ${deps.clock.nowIso()} on the server's clock `
          + '(the virtual clock, which POST /sim/clock/advance moves; keys expire by it)');
      }
      const key = `sk_${input.environment}_${randomBase62(32)}`;
      const row = {
        id: newId('key'), org_id: orgId, name: input.name, prefix: key.slice(0, 12), key_hash: hashKey(key),
        environment: input.environment, scopes: JSON.stringify([...new Set(input.scopes)]), expires_at: expiresAt,
        ip_whitelist_enabled: input.ipWhitelistEnabled ? 1 : 0, allowed_ips: JSON.stringify(canonicalIps(input.allowedIps ?? [])),
        rate_limit_per_minute: input.rateLimitPerMinute ?? 60, created_at: deps.clock.nowIso(),
      };
      deps.db.tx(() => store.insert(row));
      return { ...toApiKey({ ...row, revoked_at: null, last_used_at: null }), key };
    },
    list: (orgId: string): ApiKey[] => store.byOrg(orgId).map(toApiKey),
    revoke(orgId: string, id: string): ApiKey {
      const row = store.byId(id, orgId);
      if (!row) throw notFound(`API key ${id}`);
      deps.db.tx(() => store.revoke(id, deps.clock.nowIso()));
      return toApiKey(store.byId(id, orgId) as ApiKeyRow);
    },
    /**
     * Resolves a presented bearer key (undefined: no Authorization header; '': one not of the form `Bearer <token>`), or
     * throws 401 (missing, malformed, unknown, revoked, expired).
     */
    verify(presented: string | undefined): KeyIdentity {
      if (presented === undefined) throw unauthorized('Missing API key: send Authorization: Bearer <API_KEY>');
      // The key sent bare (`Authorization: sk_test_…`) or under another scheme (`Token …`, `Basic …`) is not missing.
      if (!presented) throw unauthorized('The Authorization header is not of the form Bearer <API_KEY>: send the word Bearer, a space, then the key');
      const match = KEY_PATTERN.exec(presented);
      if (!match) throw unauthorized('Invalid API key');
      const row = store.byHash(hashKey(presented));
      if (!row || row.environment !== match[1]) throw unauthorized('Invalid API key');
      if (row.revoked_at) throw unauthorized('This API key has been revoked');
      if (row.expires_at && Date.parse(row.expires_at) <= deps.clock.now()) throw unauthorized('This API key has expired');
      return identityOf(row);
    },
  };
}
export type ApiKeys = ReturnType<typeof createApiKeys>;
