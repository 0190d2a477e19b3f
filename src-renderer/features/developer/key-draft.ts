// The new-key form as typed (text in each field) and what the core would make of it: the contract's own schema
// checks each allowed IP and the rate limit, and the expiry is compared with the virtual clock as the core does.
import { allowListEmpty, createApiKeyBodySchema, type CreateApiKeyInput, type Environment, type Scope } from '../../../src-core/contract/index.ts';
import { time } from '../../components/format.ts';

export type KeyDraft = { name: string; environment: Environment; scopes: Scope[]; expiresAt: string; ips: string; rate: string };
export type KeyField = 'expiresAt' | 'ips' | 'rate';
export type KeyProblems = Partial<Record<KeyField, string>>;
export type CheckedKey = { ok: true; body: CreateApiKeyInput } | { ok: false; problems: KeyProblems };

const { allowedIps, rateLimitPerMinute } = createApiKeyBodySchema.shape;
const ipSchema = allowedIps.unwrap().element;
const rateSchema = rateLimitPerMinute.unwrap();

/** The range of requests per minute the core accepts, read from the contract. */
export const RATE_LIMITS = { min: rateSchema.minValue ?? 1, max: rateSchema.maxValue ?? Number.MAX_SAFE_INTEGER };

/** "203.0.113.7, 198.51.100.2" → the addresses, blanks dropped. */
export const ipsOf = (text: string): string[] => text.split(',').map((ip) => ip.trim()).filter(Boolean);

/** The allow-list is on when its field holds anything: text that names no address (", ,") is refused, as the core refuses an empty list. */
function ipProblem(text: string, ips: string[]): string | undefined {
  if (allowListEmpty({ ipWhitelistEnabled: text.trim() !== '', allowedIps: ips })) return 'The IP allow-list names no address: write one, or leave the field blank to allow every IP';
  const bad = ips.filter((ip) => !ipSchema.safeParse(ip).success);
  if (bad.length === 0) {
    const list = allowedIps.unwrap().safeParse(ips);
    return list.success ? undefined : `The IP allow-list ${list.error.issues[0]?.message ?? 'is refused'}`;
  }
  return `${bad.map((ip) => `“${ip}”`).join(', ')} ${bad.length === 1 ? 'is not an IP address' : 'are not IP addresses'} (IPv4 or IPv6, e.g. 203.0.113.7)`;
}

function rateProblem(rate: number | undefined): string | undefined {
  if (rate === undefined || rateSchema.safeParse(rate).success) return undefined;
  return `Requests per minute must be a whole number from ${RATE_LIMITS.min} to ${RATE_LIMITS.max}`;
}

/** The expiry (a datetime-local value, read in the browser's zone) as an instant; a problem when the virtual clock has reached it. */
function expiryOf(local: string, now: string | undefined): { at?: string; problem?: string } {
  if (!local) return {};
  const at = new Date(local);
  if (Number.isNaN(at.getTime())) return { problem: 'Expiry is not a date and time' };
  if (now && at.getTime() <= Date.parse(now)) {
    return { problem: `Expiry must be in the future: it is now ${time(now)} on the clock` };
  }
  return { at: at.toISOString() };
}

/** The body the core would accept, or each field's problem; a blank rate limit is left to the core's default. */
export function checkKey(draft: KeyDraft, now: string | undefined): CheckedKey {
  const ips = ipsOf(draft.ips);
  const rate = draft.rate.trim() === '' ? undefined : /^\d+$/.test(draft.rate.trim()) ? Number(draft.rate) : Number.NaN;
  const expiry = expiryOf(draft.expiresAt, now);
  const problems: KeyProblems = { ips: ipProblem(draft.ips, ips), rate: rateProblem(rate), expiresAt: expiry.problem };
  if (problems.ips || problems.rate || problems.expiresAt) return { ok: false, problems };
  return {
    ok: true,
    body: {
      name: draft.name, environment: draft.environment, scopes: draft.scopes,
      ...(rate !== undefined ? { rateLimitPerMinute: rate } : {}),
      ...(expiry.at ? { expiresAt: expiry.at } : {}),
      ...(ips.length ? { ipWhitelistEnabled: true, allowedIps: ips } : {}),
    },
  };
}
