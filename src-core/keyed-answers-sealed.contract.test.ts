// The first answer kept beside an Idempotency-Key is sealed at rest: the database file holds no answer in the clear (a
// webhook's signing secret among them), a replay answers it as first answered, an answer kept in the clear before
// answers were sealed still replays, and a sealed answer moved to another key or organization does not open (409).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testing/test-server.ts';
import { startWebhookReceiver, startWebhookTestServer, type WebhookReceiver } from './testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let receiver: WebhookReceiver;
/** The database file read and written from outside the server (its own connection). */
let file: Database.Database;
beforeAll(async () => {
  ({ t, key } = await startWebhookTestServer());
  receiver = await startWebhookReceiver();
  file = new Database(t.dataFile);
});
afterAll(async () => {
  file.close();
  await receiver.close();
  await t.close();
});

type KeptRow = { org_id: string; idem_key: string; request_hash: string; route: string; status_code: number; response: string };
const kept = (idempotencyKey: string, orgId?: string): KeptRow => file
  .prepare(`SELECT * FROM idempotency_keys WHERE idem_key = ? AND (? IS NULL OR org_id = ?)`).get(idempotencyKey, orgId ?? null, orgId ?? null) as KeptRow;
const keyed = (method: string, path: string, idempotencyKey: string, body?: unknown, token = key) =>
  t.request(method, path, { token, body, headers: { 'idempotency-key': idempotencyKey } });
const endpointsAt = async (url: string, token = key) =>
  ((await t.request('GET', '/v1/webhooks?limit=100', { token })).body.data as Array<{ url: string }>).filter((e) => e.url === url).length;

describe('a kept answer is sealed at rest', () => {
  it('a keyed webhook create and rotate-secret: the stored rows hold neither secret nor any of the answer, and the replays answer both', async () => {
    const body = { url: `${receiver.url}/sealed`, events: ['sms.message.status'] };
    const created = await keyed('POST', '/v1/webhooks', 'sealed-create', body);
    expect([created.status, typeof created.body.secret]).toEqual([201, 'string']);
    const rotated = await keyed('POST', `/v1/webhooks/${created.body.id}/rotate-secret`, 'sealed-rotate');
    expect([rotated.status, typeof rotated.body.secret]).toEqual([200, 'string']);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    for (const [idempotencyKey, answer] of [['sealed-create', created], ['sealed-rotate', rotated]] as const) {
      const row = kept(idempotencyKey);
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(answer.body.secret);
      expect(stored).not.toContain(answer.body.secret.replace(/^[a-z]+_/, ''));
      expect(row.response).toMatch(/^v1\./);
      expect(row.response).not.toContain(created.body.id);
      expect(row.status_code).toBe(answer.status);
    }
    const createdAgain = await keyed('POST', '/v1/webhooks', 'sealed-create', body);
    expect([createdAgain.status, createdAgain.headers.get('idempotent-replayed'), createdAgain.text]).toEqual([201, 'true', created.text]);
    const rotatedAgain = await keyed('POST', `/v1/webhooks/${created.body.id}/rotate-secret`, 'sealed-rotate');
    expect([rotatedAgain.status, rotatedAgain.headers.get('idempotent-replayed'), rotatedAgain.body]).toEqual([200, 'true', rotated.body]);
    expect(await endpointsAt(body.url)).toBe(1);
  });

  it('a refusal kept under a key is sealed too, and replayed as the route rendered it', async () => {
    const refused = await keyed('POST', '/v1/webhooks/whk_missing/rotate-secret', 'sealed-refusal');
    expect(refused.status).toBe(404);
    expect(kept('sealed-refusal').response).not.toContain('whk_missing');
    const again = await keyed('POST', '/v1/webhooks/whk_missing/rotate-secret', 'sealed-refusal');
    expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([404, 'true', refused.body]);
  });

  it('an answer kept in the clear before answers were sealed still replays, as kept', async () => {
    const body = { url: `${receiver.url}/before-sealing`, events: ['sms.message.status'] };
    const created = await keyed('POST', '/v1/webhooks', 'kept-plain', body);
    // What an older build kept: the answer's JSON.
    file.prepare(`UPDATE idempotency_keys SET response = ? WHERE idem_key = 'kept-plain'`).run(JSON.stringify(created.body));
    const again = await keyed('POST', '/v1/webhooks', 'kept-plain', body);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([201, 'true', created.body]);
    expect(await endpointsAt(body.url)).toBe(1);
  });

  it('a sealed answer moved to another key or another organization does not open: 409, and the request is not run again', async () => {
    const body = { url: `${receiver.url}/moved`, events: ['sms.message.status'] };
    const created = await keyed('POST', '/v1/webhooks', 'move-from', body);
    const from = kept('move-from');
    const copy = file.prepare(`INSERT INTO idempotency_keys (org_id, idem_key, request_hash, route, state, status_code, response, created_ms)
      SELECT ?, ?, request_hash, route, state, status_code, response, created_ms FROM idempotency_keys WHERE org_id = ? AND idem_key = 'move-from'`);
    // The same organization, another key: the same request under it matches the kept fingerprint, but its answer is not its own.
    copy.run(from.org_id, 'move-to', from.org_id);
    const moved = await keyed('POST', '/v1/webhooks', 'move-to', body);
    expect([moved.status, moved.body.code, moved.body.message]).toEqual([409, 'CONFLICT', expect.stringContaining('cannot be opened')]);
    expect(JSON.stringify(moved.body)).not.toContain(created.body.secret);
    expect(await endpointsAt(body.url)).toBe(1);

    // Another organization, the same key.
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Moved to' })).body.id as string;
    const otherKey = (await t.createKey({ organizationId: other, rateLimitPerMinute: 10_000 })).key;
    copy.run(other, 'move-from', from.org_id);
    const elsewhere = await keyed('POST', '/v1/webhooks', 'move-from', body, otherKey);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([409, 'CONFLICT']);
    expect(await endpointsAt(body.url, otherKey)).toBe(0);
    // Where it was sealed, it still opens.
    expect((await keyed('POST', '/v1/webhooks', 'move-from', body)).body).toEqual(created.body);
  });
});
