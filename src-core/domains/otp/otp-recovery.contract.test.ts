// An OTP send a stop cut off while its code was with a provider that answers later (outside the send's transaction):
// the restarted server's recovery hands the code over again, and when that delivery fails the request ends as a
// failed send ends without a stop: no request recorded (none in the logs, nothing counted against the hourly cap),
// the message failed and refunded with its status event, instead of a request `sent` until it expires.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderOutcome } from '../messaging/index.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'sb-otp-recovery-'));
/** Every channel fails to this handset (the simulated world's rule). */
const UNREACHABLE = '+15005550001';

/** SMS the first server's provider holds unanswered, and who waits for one. */
const held: Array<(outcome: ProviderOutcome) => void> = [];
let heldWaiter: (() => void) | null = null;

let a: TestServer;
let key: string;
const balance = async (t: TestServer) => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;

beforeAll(async () => {
  // The SMS provider answers later, as a remote one does: the code is queued (recorded, charged) while it holds it.
  a = await createTestServer({
    providers: (simulated) => ({
      ...simulated,
      sms: { send: () => new Promise((resolve) => {
        held.push(resolve);
        heldWaiter?.();
      }) },
    }),
  });
  key = (await a.createKey({ rateLimitPerMinute: 10_000 })).key;
  await a.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
});
afterAll(async () => {
  for (const answer of held.splice(0)) answer({ ok: false, code: 'STOPPED', message: 'the test ended' });
  await a.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an OTP code a stop left queued, failing when the restarted server hands it over again', () => {
  it('ends as a failed send: no request, the charge refunded, the message failed with its event', async () => {
    const widgetId = (await a.dashboard('POST', '/dashboard/otp-widgets', { name: 'Login', maxSendsPerHour: 1 })).body.id as string;
    const before = await balance(a);
    const reached = new Promise<void>((resolve) => (heldWaiter = resolve));
    const answered = a.request('POST', '/v1/otp/send', { token: key, body: { widgetId, identifier: UNREACHABLE } });
    await reached;
    const stopped = stoppedCopy(a, join(dir, 'stopped.db'));
    for (const answer of held.splice(0)) answer({ ok: false, code: 'STOPPED', message: 'the first server stopped' });
    await answered;

    const b = await stopped.restart();
    try {
      // The restarted server's SMS provider is the simulated one: the handset is unreachable.
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: 1, interrupted: 0 });
      const logs = (await b.request('GET', '/v1/otp/logs', { token: key })).body;
      expect(logs.meta.total).toBe(0);
      expect((await b.request('GET', `/v1/otp/analytics?widgetId=${widgetId}`, { token: key })).body).toMatchObject({ totalSent: 0 });
      expect(await balance(b)).toBe(before);
      expect(b.server.services.wallet.audit(b.organizationId).balanced).toBe(true);
      const message = b.server.db.sql.prepare(`SELECT id, status, error_message FROM messages WHERE address = ?`).get(UNREACHABLE) as { id: string; status: string };
      expect(message.status).toBe('failed');
      await b.server.bus.flush();
      expect(b.server.bus.recent(b.organizationId, 50).filter((e) => e.type === 'sms.message.status' && e.data.includes(message.id))).toHaveLength(1);
      // Nothing counted against the hourly cap (one send an hour): a new send is refused only because the handset is unreachable.
      const again = await b.request('POST', '/v1/otp/send', { token: key, body: { widgetId, identifier: UNREACHABLE } });
      expect([again.status, again.body.code]).toEqual([400, 'NOT_DELIVERED']);
    } finally {
      await b.close();
    }
  });
});
