// Crash test: keyed sends (Idempotency-Key) in flight when the server is SIGKILLed are run again under
// their key after the restart: each request answers 200, and each recipient gets exactly one message,
// charged once, whether the stop came before, during or after its commit.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { crashTestServer, exited } from '../../testing/serve-process.ts';
import type { Ready } from '../../server.ts';

const crash = crashTestServer('sb-keyed-crash-');
const { dataFile, start } = crash;
const REQUESTS = 300;
const IN_FLIGHT = 40;
const TOP_UP = 10_000_000;
const SMS_TEXT = 'Your order #1001 has shipped - ACME';

async function call(ready: Ready, token: string, method: string, path: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) };
  const res = await fetch(`${ready.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return { status: res.status, body: (await res.json()) as any };
}

/** Request `i`: a WhatsApp template, an SMS to two numbers, or a unified send; every recipient its own number. */
function request(i: number): { path: string; body: unknown; phones: string[] } {
  const phone = (n: number) => `9198${String(i * 2 + n).padStart(8, '0')}`;
  if (i % 3 === 0) return { path: '/v1/whatsapp/send-template', body: { to: phone(0), templateName: 'crash_hello', languageCode: 'en' }, phones: [phone(0)] };
  if (i % 3 === 1) return { path: '/v1/sms/send', body: { senderId: 'ACMEIN', to: [phone(0), phone(1)], message: SMS_TEXT }, phones: [phone(0), phone(1)] };
  return { path: '/v1/messages/send', body: { to: `+${phone(0)}`, channel: 'whatsapp', template: { name: 'crash_hello', languageCode: 'en' } }, phones: [phone(0)] };
}

afterAll(crash.cleanUp);

describe('keyed sends across a crash', () => {
  it('runs a request cut short by SIGKILL again under its key: 200, one message per recipient, charged once', async () => {
    const first = await start();
    const dashboard = (method: string, path: string, body?: unknown) => call(first.ready, first.ready.dashboardToken, method, path, body);
    await dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: TOP_UP });
    const apiKey = (await dashboard('POST', '/dashboard/api-keys', { name: 'crash', environment: 'test', scopes: ['whatsapp:send', 'sms:send'], rateLimitPerMinute: 10_000 })).body.key as string;
    await dashboard('POST', '/dashboard/whatsapp/templates', { name: 'crash_hello', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello there' }] });
    await dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
    await dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
    await dashboard('POST', '/sim/clock/advance', { seconds: 61 });

    // Many keyed sends in flight; SIGKILL once a third have answered.
    let next = 0;
    let answered = 0;
    let killed = false;
    const worker = async (): Promise<void> => {
      while (!killed && next < REQUESTS) {
        const i = next++;
        const { path, body } = request(i);
        try {
          await call(first.ready, apiKey, 'POST', path, body, `crash-${i}`);
        } catch {
          return; // the connection died with the server
        }
        if (++answered === REQUESTS / 3 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await exited(first.child);

    // After the restart, every request is sent again with its key: each answers 200 (none "interrupted").
    const second = await start();
    const retried = [];
    for (let i = 0; i < REQUESTS; i++) {
      const { path, body } = request(i);
      const res = await call(second.ready, apiKey, 'POST', path, body, `crash-${i}`);
      retried.push([i, res.status, res.body.message]);
    }
    expect(retried.filter(([, status]) => status !== 200)).toEqual([]);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const db = new Database(dataFile, { readonly: true });
    try {
      const one = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;
      const recipients = Array.from({ length: REQUESTS }, (_, i) => request(i).phones).flat();
      expect(one(`SELECT COUNT(*) FROM messages WHERE direction = 'outbound'`)).toBe(recipients.length);
      expect(one(`SELECT COUNT(*) FROM (SELECT address FROM messages GROUP BY address HAVING COUNT(*) > 1)`)).toBe(0);
      expect(one(`SELECT COUNT(*) FROM sim_handset_messages`)).toBe(recipients.length);
      const balance = one(`SELECT balance_paise FROM wallets`);
      expect(balance).toBe(one(`SELECT SUM(amount_paise) FROM ledger`));
      expect(one(`SELECT COUNT(*) FROM ledger WHERE kind = 'charge'`)).toBe(recipients.length);
    } finally {
      db.close();
    }
  }, 240_000);
});
