// Walks the whole route table with hostile input: no route ever answers 5xx to bad input, and every
// refusal comes in the contract's envelope (or the unified send's {message}). An id a body names is at most 100
// characters (`ID_MAX`): a longer one is refused by its length with a 400 that names the field, never looked up and
// echoed back whole (a 100,000-character template id made a 100 KB error message).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX } from './contract/common.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

const PARAM_VALUES = ['x', '%00', '..%2F..%2Fetc', 'cnt_' + 'A'.repeat(24), '9'.repeat(40), '%F0%9F%92%A9'];
const BODIES: unknown[] = ['{', '[]', '"text"', '123', 'null', '{"__proto__":{"polluted":1}}', { a: { b: { c: [1, 2, { d: null }] } } },
  { to: 12, channel: [], phones: 'x', name: 5, text: {}, seconds: 'soon', reason: 'r'.repeat(10_000) },
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`, '{"name":"\\ud800x","text":"\\udc00"}', '{"name":"a\\u0000","search":"\\u0000","text":"x"}'];
const QUERIES = ['?limit=-1', '?page=0', '?limit=abc&page=1.5', '?search=%22%27%3B--', '?status=NOPE&from=2020-13-45', '?phone=abc', '?search=a%00b&phone=%00'];

const fill = (path: string, value: string): string => path.replace(/:([A-Za-z]+)/g, () => value);

describe('bad input on every route', () => {
  it('never answers 5xx (but 502 from unified send), and refuses in the envelope', async () => {
    const failures: string[] = [];
    for (const route of t.server.routes) {
      const token = route.path.startsWith('/v1/') ? key : t.dashboardToken;
      const probes: Array<{ path: string; body?: unknown }> = [];
      for (const value of PARAM_VALUES) probes.push({ path: fill(route.path, value) });
      if (route.method === 'GET' || route.method === 'DELETE') for (const query of QUERIES) probes.push({ path: fill(route.path, 'x') + query });
      else for (const body of BODIES) probes.push({ path: fill(route.path, 'x'), body });
      for (const probe of probes) {
        const res = await t.request(route.method, probe.path, { token, body: probe.body });
        const allowed = res.status < 500 || (res.status === 502 && route.path === '/v1/messages/send');
        const shaped = res.status < 400 || typeof res.body?.message === 'string';
        if (!allowed || !shaped) failures.push(`${route.method} ${probe.path} ${JSON.stringify(probe.body)?.slice(0, 60)} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});

const LONG = 'T'.repeat(100_000);
const SENDS: Array<[string, string, Record<string, unknown>]> = [
  ['POST', '/v1/email/send', { templateId: LONG, recipient: { to: 'a@example.com' }, fromName: 'Shop', fromEmail: 'shop@example.com' }],
  ['POST', '/v1/rcs/send', { to: '+14155550123', templateId: LONG }],
  ['POST', '/v1/rcs/send', { to: '+14155550123', templateId: 'rct_1', smsFallback: { sender: 'SHOPPE', message: 'Hi', templateId: LONG } }],
  ['POST', '/v1/sms/send', { senderId: 'SHOPPE', to: ['+14155550123'], message: 'Hi', templateId: LONG }],
  ['POST', '/v1/whatsapp/campaigns', { templateId: LONG, phones: ['+14155550123'] }],
  ['POST', '/v1/rcs/campaigns', { botId: LONG, templateId: 'rct_1', numbers: ['+14155550123'] }],
  ['POST', '/v1/sms/campaigns', { name: 'x', messageBody: 'Hi', templateId: LONG }],
  ['POST', '/dashboard/email/campaigns', { name: 'x', templateId: LONG, fromName: 'Shop', fromEmail: 'shop@example.com' }],
];

describe('ids longer than 100 characters', () => {
  it('are refused by their length with a 400 naming the field, the answer short', async () => {
    for (const [method, path, body] of SENDS) {
      const res = await t.request(method, path, { token: path.startsWith('/v1/') ? key : t.dashboardToken, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.message, `${method} ${path}`).toMatch(new RegExp(`(templateId|botId).*at most ${ID_MAX}`));
      expect(res.text.length, `${method} ${path}`).toBeLessThan(1_000);
    }
  });
});
