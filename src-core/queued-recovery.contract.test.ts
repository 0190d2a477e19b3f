// An email a stop left queued (recorded and charged, handed to the organization's SMTP server, its answer never heard) is
// settled by the restarted server itself, with no retry from the client: handed over again as recorded (sent, or failed
// and refunded), or, with nothing of its hand-over kept, failed as interrupted and refunded. The stop is what it leaves:
// the database as committed while the SMTP server held the email, on which a second server starts.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, stoppedCopy, type TestServer } from './testing/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'sb-queued-recovery-'));
const INTERRUPTED = 'Interrupted: the server stopped before the provider answered; it is not known whether it was delivered';

/**
 * The organization's SMTP server, answering each email as `mode` says: `accept`; `refuse` (550); `hold` (no answer yet);
 * `accept-held` (taken, its answer held: an email accepted just before a stop). `arrived`: every email handed to it;
 * `accepted`: those it took.
 */
let mode: 'accept' | 'refuse' | 'hold' | 'accept-held' = 'accept';
const arrived: string[] = [];
const accepted: string[] = [];
const held: Array<(error?: Error) => void> = [];
let heldWaiter: { count: number; resolve(): void } | null = null;
const smtp = new SMTPServer({
  secure: false, authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'],
  onData: (stream, _session, callback) => {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    stream.on('end', () => {
      arrived.push(raw);
      if (mode === 'refuse') return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (mode !== 'hold') accepted.push(raw);
      if (mode === 'accept') return callback();
      held.push(mode === 'hold' ? (error) => (error ? callback(error) : (accepted.push(raw), callback())) : callback);
      if (heldWaiter && held.length >= heldWaiter.count) heldWaiter.resolve();
    });
  },
});
/** Resolves once the SMTP server holds `count` emails unanswered. */
const heldCount = (count: number): Promise<void> => (held.length >= count ? Promise.resolve() : new Promise((resolve) => (heldWaiter = { count, resolve })));

let a: TestServer;
let key: string;
let templateId: string;
let stops = 0;
const body = (to: string) => ({ templateId, recipient: { to, firstName: 'Ana' }, fromName: 'Acme', fromEmail: 'ops@smtp.acme.test' });
const send = (t: TestServer, to: string, idempotencyKey?: string) =>
  t.request('POST', '/v1/email/send', { token: key, body: body(to), ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}) });
const credits = async (t: TestServer): Promise<number> => (await t.dashboard('GET', '/dashboard/wallet')).body.emailCredits as number;
/** The email log of `address`, as the console reads it (its conversation's messages). */
async function logged(t: TestServer, address: string) {
  const conversation = (await t.dashboard('GET', `/dashboard/conversations?channel=email&search=${encodeURIComponent(address)}`)).body.data[0];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers
  return (await t.dashboard('GET', `/dashboard/conversations/${conversation.id}/messages`)).body.data as any[];
}
const header = (raw: string | undefined, name: string): string | undefined => new RegExp(`^${name}: (.+?)\r?$`, 'im').exec(raw ?? '')?.[1];

/**
 * Sends on the first server and, once the SMTP server holds the email (as `holdAs`), starts a second server on what a
 * stop at that instant leaves, the database as committed (`edit` first changes that copy), with the SMTP server now
 * answering as `then`. The first server's email is then refused, out of the second's sight.
 */
async function stopWhileHeld(request: () => Promise<{ body: { messageId: string } }>, holdAs: 'hold' | 'accept-held', then: typeof mode, edit?: (db: Database.Database) => void) {
  mode = holdAs;
  const reached = heldCount(1);
  const answered = request();
  await reached;
  const file = join(dir, `stopped-${++stops}.db`);
  const stopped = stoppedCopy(a, file);
  mode = then;
  for (const answer of held.splice(0)) answer(new Error('the first server stopped'));
  const messageId = (await answered).body.messageId;
  const acceptedBefore = accepted.splice(0);
  if (edit) {
    const db = new Database(file);
    edit(db);
    db.close();
  }
  arrived.length = 0;
  return { b: await stopped.restart(), messageId, acceptedBefore };
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  a = await createTestServer();
  key = (await a.createKey({ rateLimitPerMinute: 10_000 })).key;
  await a.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 20 });
  await a.dashboard('PUT', '/dashboard/email/smtp', { host: '127.0.0.1', port: (smtp.server.address() as AddressInfo).port, fromEmail: 'ops@smtp.acme.test' });
  templateId = (await a.request('POST', '/v1/email/templates', { token: key, body: { name: 'Hi', subject: 'Hello {{first_name}}', html: '<p>Hello {{first_name}}</p>' } })).body.id;
});
afterAll(async () => {
  await a.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('an email a stop left queued, settled by the restarted server without a retry', () => {
  it('unkeyed: delivered once by the restarted server, charged once, logged sent, its status announced', async () => {
    const before = await credits(a);
    const { b, messageId } = await stopWhileHeld(() => send(a, 'una@customer.io'), 'hold', 'accept');
    try {
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: 1, interrupted: 0 });
      expect(accepted).toHaveLength(1);
      expect(accepted[0]).toContain('Subject: Hello Ana');
      expect(header(accepted[0], 'X-Service-Message-Id')).toBe(messageId);
      expect(header(accepted[0], 'Message-ID')).toBe(`<${messageId}@smtp.acme.test>`);
      const [message] = await logged(b, 'una@customer.io');
      expect(message).toMatchObject({ id: messageId, status: 'sent', externalId: `<${messageId}@smtp.acme.test>` });
      expect(await credits(b)).toBe(before - 1);
      await b.server.bus.flush();
      const statuses = b.server.bus.recent(b.organizationId, 50).filter((e) => e.type === 'email.message.status' && e.data.includes(messageId));
      expect(statuses.map((e) => (JSON.parse(e.data) as { status: string }).status)).toEqual(['sent']);
      expect(b.server.db.sql.prepare('SELECT COUNT(*) AS n FROM queued_sends').get()).toEqual({ n: 0 });
    } finally {
      await b.close();
    }
    // Nothing is left to recover at the next start.
    const again = await createTestServer({ dataFile: b.dataFile, clock: { kind: 'manual', startMs: a.server.clock.now() } });
    try {
      expect(await again.server.queuedRecovery()).toEqual({ handedOver: 0, interrupted: 0 });
      expect(accepted).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('the SMTP server refusing it: failed with its reason, and the credit refunded', async () => {
    const before = await credits(a);
    const { b, messageId } = await stopWhileHeld(() => send(a, 'rui@customer.io'), 'hold', 'refuse');
    try {
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: 1, interrupted: 0 });
      expect([arrived.length, accepted.length]).toEqual([1, 0]);
      const [message] = await logged(b, 'rui@customer.io');
      expect(message).toMatchObject({ id: messageId, status: 'failed', errorCode: 'SMTP_ERROR', errorMessage: expect.stringContaining('Mailbox unavailable') });
      expect(await credits(b)).toBe(before);
      const ledger = (await b.dashboard('GET', '/dashboard/wallet/ledger?limit=1')).body.data;
      expect(ledger[0]).toMatchObject({ kind: 'email_credit_refunded', emailCredits: 1, referenceId: messageId, description: 'email message to Ana (rui@customer.io) not sent · mailbox unavailable (SMTP 550)' });
    } finally {
      await b.close();
    }
  });

  it('with nothing of its hand-over kept (queued before every hand-over was, as migration 30 records it): failed as interrupted, refunded, handed to nobody', async () => {
    const before = await credits(a);
    const { b, messageId } = await stopWhileHeld(() => send(a, 'ivo@customer.io'), 'hold', 'accept', (db) => db.prepare('UPDATE queued_sends SET payload = NULL').run());
    try {
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: 0, interrupted: 1 });
      expect(arrived).toEqual([]);
      const [message] = await logged(b, 'ivo@customer.io');
      expect(message).toMatchObject({ id: messageId, status: 'failed', errorCode: 'INTERRUPTED', errorMessage: INTERRUPTED });
      expect(await credits(b)).toBe(before);
      const ledger = (await b.dashboard('GET', '/dashboard/wallet/ledger?limit=1')).body.data;
      expect(ledger[0]).toMatchObject({ kind: 'email_credit_refunded', emailCredits: 1, referenceId: messageId, description: 'email message to Ana (ivo@customer.io) not sent · interrupted by a restart' });
    } finally {
      await b.close();
    }
  });

  it('at least once: accepted just before the stop, it is handed over again with the same Message-ID and X-Service-Message-Id', async () => {
    const { b, messageId, acceptedBefore } = await stopWhileHeld(() => send(a, 'eva@customer.io'), 'accept-held', 'accept');
    try {
      expect(acceptedBefore).toHaveLength(1);
      expect(await b.server.queuedRecovery()).toEqual({ handedOver: 1, interrupted: 0 });
      expect(accepted).toHaveLength(1);
      expect((await logged(b, 'eva@customer.io'))[0]).toMatchObject({ id: messageId, status: 'sent' });
      // The receiver has it twice: the copy taken before the stop, and this one, which it can tell is the same email.
      for (const copy of [acceptedBefore[0], accepted[0]]) {
        expect([header(copy, 'Message-ID'), header(copy, 'X-Service-Message-Id')]).toEqual([`<${messageId}@smtp.acme.test>`, messageId]);
      }
    } finally {
      await b.close();
    }
  });
});

describe('a keyed email a stop left queued', () => {
  it('recovered at start, then retried with its key: answers sent, without a second email or a second credit', async () => {
    const before = await credits(a);
    const { b, messageId } = await stopWhileHeld(() => send(a, 'kai@customer.io', 'recovered-then-retried'), 'hold', 'accept');
    try {
      await b.server.queuedRecovery();
      expect(accepted).toHaveLength(1);
      const again = await send(b, 'kai@customer.io', 'recovered-then-retried');
      expect([again.status, again.headers.get('idempotent-replayed'), again.body.status, again.body.messageId]).toEqual([200, null, 'sent', `<${messageId}@smtp.acme.test>`]);
      expect(accepted).toHaveLength(1);
      expect(await credits(b)).toBe(before - 1);
    } finally {
      await b.close();
    }
  });

  it('resumed by its key while the recovery hands it over: waits for that hand-over and answers it, handing over nothing itself', async () => {
    const { b, messageId } = await stopWhileHeld(() => send(a, 'lou@customer.io', 'retried-while-recovering'), 'hold', 'hold');
    try {
      await heldCount(1);
      expect(arrived).toHaveLength(1);
      // The keyed re-run's own lookup (see `keyedAnswer`): the message is queued, with its hand-over kept.
      const answer = b.server.services.messaging.keyedAnswer({ source: 'API', messageId: () => messageId }, 'email', () => b.server.services.email.resume(b.organizationId));
      mode = 'accept';
      for (const release of held.splice(0)) release();
      expect((await answer)?.status).toBe('sent');
      await b.server.queuedRecovery();
      expect([arrived.length, accepted.length]).toEqual([1, 1]);
    } finally {
      await b.close();
    }
  });
});
