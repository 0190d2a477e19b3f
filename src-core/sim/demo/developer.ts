// Demo fixtures for the Developer pages: the API keys the demo business's integrations use, and their calls made through
// the real HTTP pipeline (auth, scopes, validation, the request log), so the request log holds what the server wrote.
import type { ApiKeys } from '../../kernel/api-keys.ts';
import type { HttpMethod, InnerAnswer, InnerRequest } from '../../kernel/route.ts';
import type { HandsetMessage } from '../../contract/messaging.ts';
import type { Scope } from '../../contract/scopes.ts';

/** The demo's keys: the shop's backend (its texts and sign-in codes), the CRM reading contacts, and the shop's old key, revoked. */
export const DEMO_KEYS = {
  storefront: { name: 'Storefront (demo)', scopes: ['sms:send', 'whatsapp:send', 'otp:send', 'otp:verify'] as Scope[], ip: '203.0.113.10' },
  crm: { name: 'CRM sync (demo)', scopes: ['contacts:read', 'contacts:notes:read', 'webhooks:read'] as Scope[], ip: '198.51.100.24' },
  /** Replaced by `storefront` when the story starts; a deploy that still has it is refused (401). */
  oldStorefront: { name: 'Storefront, old key (demo)', scopes: ['sms:send', 'whatsapp:send', 'otp:send', 'otp:verify'] as Scope[], ip: '203.0.113.7' },
} as const;

export type DemoApiCaller = (method: HttpMethod, url: string, body?: unknown) => Promise<InnerAnswer>;
/** Calls the demo's integrations make, each under its own key and from its own address. */
export type DemoApi = Record<keyof typeof DEMO_KEYS, DemoApiCaller>;

type Deps = { orgId: string; apiKeys: ApiKeys; api: (request: InnerRequest) => Promise<InnerAnswer> };

/**
 * Creates the demo's keys (the old storefront key revoked at once: it was rotated) and answers their callers. A caller
 * throws on an answer other than the one expected: the seed must not go on past a step that did not happen.
 */
export function seedApiKeysDemo({ orgId, apiKeys, api }: Deps): DemoApi {
  const callerOf = (which: keyof typeof DEMO_KEYS): DemoApiCaller => {
    const { name, scopes, ip } = DEMO_KEYS[which];
    const created = apiKeys.create(orgId, { name, environment: 'test', scopes, rateLimitPerMinute: which === 'crm' ? 60 : 120 });
    return (method, url, body) => api({ method, url, authorization: `Bearer ${created.key}`, clientIp: ip, body });
  };
  const callers: DemoApi = { oldStorefront: callerOf('oldStorefront'), storefront: callerOf('storefront'), crm: callerOf('crm') };
  const old = apiKeys.list(orgId).find((key) => key.name === DEMO_KEYS.oldStorefront.name);
  if (old) apiKeys.revoke(orgId, old.id);
  return callers;
}

/** `answer` as expected, or an error naming the call: a seed step that failed stops the seed (its transaction undone). */
export function expectAnswer(answer: InnerAnswer, status: number, what: string): InnerAnswer {
  if (answer.status !== status) throw new Error(`demo seed: ${what} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * The CRM's first sync, once its webhooks are connected: it reads the contacts, looks Alice up, and tries to write a note
 * back, which its read-only key may not (403, the scope named).
 */
export async function crmSyncDemo(crm: DemoApiCaller): Promise<void> {
  expectAnswer(await crm('GET', '/v1/contacts?limit=100'), 200, 'the CRM reading contacts');
  const found = expectAnswer(await crm('GET', '/v1/contacts?search=alice%40example.com'), 200, 'the CRM finding Alice');
  const alice = (found.body as { data: Array<{ id: string }> }).data[0];
  if (!alice) throw new Error('demo seed: the CRM did not find Alice');
  expectAnswer(await crm('GET', `/v1/contacts/${alice.id}/notes`), 200, 'the CRM reading Alice\'s notes');
  expectAnswer(await crm('POST', `/v1/contacts/${alice.id}/notes`, { content: 'Synced from CRM: lifetime value ₹12,400.' }), 403, 'the CRM writing a note');
}

/** The code of the newest sign-in message a simulated phone received (the shopper reads it off their phone). */
export function codeOnHandset(received: HandsetMessage[]): string {
  for (const message of [...received].reverse()) {
    const code = /^(\d{4,8}) is your verification code/.exec(message.text)?.[1];
    if (code) return code;
  }
  throw new Error('demo seed: no verification code reached the phone');
}

/** A code one digit off `code`: the shopper mistyping it. */
export const mistyped = (code: string): string => `${code.slice(0, -1)}${(Number(code.at(-1)) + 1) % 10}`;
