// An id a body names is at most 100 characters (`ID_MAX`): a longer one is refused by its length with a 400 that names
// the field, never looked up and echoed back whole (a 100,000-character template id made a 100 KB error message).
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
