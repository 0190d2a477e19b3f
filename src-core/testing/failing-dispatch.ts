// A campaign whose dispatch fails, for the tests of what settles it (a dispatch that gives up, a cancel during its
// retry wait): the WhatsApp provider answers outside the send's transaction, as a remote one does, so a slice stays
// queued until it answers; and recording a provider's `sent` fails (a TEMP trigger), so every attempt fails with its
// first slice queued.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createTestServer, type TestServer } from './test-server.ts';

export const RECIPIENTS = 14;
/** The recipients the first (failing) attempt queues and hands over before recording fails. */
export const FIRST_SLICE = 10;

export type FailingDispatch = {
  t: TestServer; key: string; dir: string;
  /** The organization's wallet balance (of `server`, default this one). */
  balance(server?: TestServer): Promise<number>;
  /** One value of a query on the server's database. */
  one(sql: string, ...args: unknown[]): unknown;
  /** Ends the injected fault (before a restart). */
  heal(): void;
  close(): Promise<void>;
};

/** A funded server with a key, its provider answering outside the send's transaction. */
export async function failingDispatchServer(name: string): Promise<FailingDispatch> {
  const t = await createTestServer({ providers: (simulated) => ({ ...simulated, whatsapp: { send: (message) => simulated.whatsapp.send(message) } }) });
  const key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await t.advance(60);
  const dir = mkdtempSync(join(tmpdir(), `sb-${name}-`));
  return {
    t, key, dir,
    balance: async (server = t) => (await server.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number,
    one: (sql, ...args) => t.server.db.sql.prepare(sql).pluck().get(...args),
    heal: () => t.server.db.sql.exec('DROP TRIGGER temp.fail_sent'),
    async close() {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A WhatsApp campaign to RECIPIENTS phones (`phonePrefix` + 4 digits) on an approved template, launched with the fault
 * in place: answers its id and the balance before it was charged.
 */
export async function launchFailing(f: FailingDispatch, template: string, phonePrefix: string): Promise<{ id: string; before: number }> {
  const { t, key } = f;
  const templateId = (await t.dashboard('POST', '/dashboard/whatsapp/templates', {
    name: template, category: 'MARKETING', language: 'en', components: [{ type: 'BODY', text: 'Hi {{1}}, the sale is on' }],
  })).body.id as string;
  await t.advance(60);
  const before = await f.balance();
  t.server.db.sql.exec(`CREATE TEMP TRIGGER fail_sent BEFORE UPDATE OF status ON messages WHEN NEW.status = 'sent'
    BEGIN SELECT RAISE(ABORT, 'recording a sent message fails (injected)'); END`);
  const phones = Array.from({ length: RECIPIENTS }, (_, i) => `${phonePrefix}${String(i).padStart(4, '0')}`);
  const id = (await t.request('POST', '/v1/whatsapp/campaigns', {
    token: key, body: { templateId, phones, templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }] },
  })).body.id as string;
  expect((await t.request('POST', `/v1/whatsapp/campaigns/${id}/launch`, { token: key })).status).toBe(202);
  return { id, before };
}
