// An Idempotency-Key on any /v1 write, not only the sends: a repeat answers the first answer and changes nothing again,
// the same key with another request is 409; a write that does not honour a key (the console's and simulator's own)
// refuses it with 400 rather than ignore it.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testing/test-server.ts';
import { startWebhookReceiver, startWebhookTestServer, type WebhookReceiver } from './testing/webhook-receiver.ts';

let t: TestServer;
let key: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  ({ t, key } = await startWebhookTestServer());
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const keyed = (method: string, path: string, idempotencyKey: string, body?: unknown) =>
  t.request(method, path, { token: key, body, headers: { 'idempotency-key': idempotencyKey } });
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });

describe('Idempotency-Key on every /v1 write', () => {
  it('a repeated webhook create answers the first answer, marked replayed, and makes one endpoint; another body is 409', async () => {
    const body = { url: `${receiver.url}/once`, events: ['sms.message.status'] };
    const first = await keyed('POST', '/v1/webhooks', 'webhook-create-1', body);
    const again = await keyed('POST', '/v1/webhooks', 'webhook-create-1', { events: ['sms.message.status'], url: `${receiver.url}/once` });
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect([again.status, again.headers.get('idempotent-replayed'), again.body]).toEqual([201, 'true', first.body]);
    const listed = (await api('GET', '/v1/webhooks')).body.data.filter((e: { url: string }) => e.url === body.url);
    expect(listed).toHaveLength(1);
    const other = await keyed('POST', '/v1/webhooks', 'webhook-create-1', { ...body, url: `${receiver.url}/twice` });
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await api('GET', '/v1/webhooks')).body.data.filter((e: { url: string }) => e.url === `${receiver.url}/twice`)).toHaveLength(0);
  });

  it('does not remember a request refused for its own shape (nothing was run): the corrected one runs under the same key; a refusal of a run one is replayed', async () => {
    const url = `${receiver.url}/corrected`;
    const malformed = await keyed('POST', '/v1/webhooks', 'webhook-corrected', { url });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const corrected = await keyed('POST', '/v1/webhooks', 'webhook-corrected', { url, events: '*' });
    expect([corrected.status, corrected.headers.get('idempotent-replayed'), corrected.body.url]).toEqual([201, null, url]);
    // A request that ran and was refused (no such contact) is the key's answer: replayed, and another body is 409.
    const missing = await keyed('POST', '/v1/contacts/cnt_missing/block', 'block-missing', { reason: 'spam' });
    const missingAgain = await keyed('POST', '/v1/contacts/cnt_missing/block', 'block-missing', { reason: 'spam' });
    expect([missing.status, missingAgain.status, missingAgain.headers.get('idempotent-replayed')]).toEqual([404, 404, 'true']);
    expect((await keyed('POST', '/v1/contacts/cnt_missing/block', 'block-missing', { reason: 'other' })).status).toBe(409);
  });

  it('holds for a PATCH, a DELETE and a write without a body: each is done once and answered the same', async () => {
    const created = (await api('POST', '/v1/automations', { name: 'Keyed', trigger: { type: 'contact.created', config: {} }, steps: [] })).body;
    expect((await keyed('PATCH', `/v1/automations/${created.id}`, 'automation-rename', { name: 'Renamed' })).body.name).toBe('Renamed');
    await api('PATCH', `/v1/automations/${created.id}`, { name: 'Renamed since' });
    const renameAgain = await keyed('PATCH', `/v1/automations/${created.id}`, 'automation-rename', { name: 'Renamed' });
    expect([renameAgain.status, renameAgain.headers.get('idempotent-replayed'), renameAgain.body.name]).toEqual([200, 'true', 'Renamed']);
    // The replay changed nothing: the rename made since stands.
    expect((await api('GET', `/v1/automations/${created.id}`)).body.name).toBe('Renamed since');

    const activated = await keyed('POST', `/v1/automations/${created.id}/activate`, 'automation-activate');
    expect(activated.status).toBe(200);
    await api('POST', `/v1/automations/${created.id}/pause`);
    const activatedAgain = await keyed('POST', `/v1/automations/${created.id}/activate`, 'automation-activate');
    expect([activatedAgain.headers.get('idempotent-replayed'), activatedAgain.body]).toEqual(['true', activated.body]);
    expect((await api('GET', `/v1/automations/${created.id}`)).body.status).not.toBe('active');

    const removed = await keyed('DELETE', `/v1/automations/${created.id}`, 'automation-delete');
    const removedAgain = await keyed('DELETE', `/v1/automations/${created.id}`, 'automation-delete');
    expect([removedAgain.status, removedAgain.headers.get('idempotent-replayed')]).toEqual([removed.status, 'true']);
    // Without the key the same DELETE is a new request: the automation is gone.
    expect((await api('DELETE', `/v1/automations/${created.id}`)).status).toBe(404);
  });

  it('holds for an upload: the same file again is the first media, another file under the key is 409', async () => {
    const upload = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'box.png');
      return fetch(`${t.url}/v1/whatsapp/header-media/upload`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'upload-1' }, body: form });
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const first = await upload(png);
    const again = await upload(png);
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    expect((await again.json()).mediaId).toBe((await first.json()).mediaId);
    const other = await upload(Buffer.concat([png, Buffer.from('00', 'hex')]));
    expect(other.status).toBe(409);
  });

  it('an upsert keyed twice keeps its phone out of the stored fingerprint (an HMAC, not a digest anyone can test guesses against)', async () => {
    const body = { externalId: 'keyed_pro', role: 'PRO', phone: '+14155550188' };
    expect((await keyed('POST', '/v1/voice/app/identities', 'identity-upsert', body)).status).toBe(201);
    const again = await keyed('POST', '/v1/voice/app/identities', 'identity-upsert', body);
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    const stored = t.server.db.sql.prepare(`SELECT request_hash, response FROM idempotency_keys WHERE idem_key = 'identity-upsert'`).get() as { request_hash: string; response: string };
    expect(stored.response).not.toContain('4155550188');
    const { createHash } = await import('node:crypto');
    const canonicalBody = '{"body":{"externalId":"keyed_pro","phone":"+14155550188","role":"PRO"},"params":{},"query":{}}';
    expect(stored.request_hash).not.toBe(createHash('sha256').update(`POST /v1/voice/app/identities\n${canonicalBody}`).digest('hex'));
  });
});

/** A POST with header lines exactly as given (`fetch` would join a repeated header into one line before sending). */
function postWithLines(path: string, lines: string[], body: unknown): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, {
      // With the headers as lines, Node adds none of its own: the Host line is ours to send.
      method: 'POST', headers: ['host', new URL(t.url).host, 'authorization', `Bearer ${key}`, 'content-type', 'application/json', 'content-length', String(Buffer.byteLength(payload)), ...lines],
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; }).on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    req.on('error', reject).end(payload);
  });
}

describe('a repeated Idempotency-Key header', () => {
  it('is refused with 400 saying only one is allowed (not that the joined keys are malformed), nothing done, and neither key claimed', async () => {
    const body = { url: `${receiver.url}/two-keys`, events: ['sms.message.status'] };
    const twice = await postWithLines('/v1/webhooks', ['Idempotency-Key', 'two-keys-a', 'Idempotency-Key', 'two-keys-b'], body);
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([400, 'BAD_REQUEST',
      'Only one Idempotency-Key header is allowed: this request sent 2 (send the header once, with one key)']);
    const same = await postWithLines('/v1/webhooks', ['Idempotency-Key', 'two-keys-a', 'idempotency-key', 'two-keys-a'], body);
    expect([same.status, same.body.message]).toEqual([400, expect.stringMatching(/^Only one Idempotency-Key header is allowed/)]);
    expect((await api('GET', '/v1/webhooks')).body.data.filter((e: { url: string }) => e.url === body.url)).toHaveLength(0);
    // One line, its key free: the refusal claimed nothing.
    expect((await postWithLines('/v1/webhooks', ['Idempotency-Key', 'two-keys-a'], body)).status).toBe(201);
    // One line holding a comma and a space is one key, malformed as before.
    const joined = await postWithLines('/v1/webhooks', ['Idempotency-Key', 'two-keys-a, two-keys-b'], body);
    expect([joined.status, joined.body.message]).toEqual([400, 'Idempotency-Key must be 1 to 255 visible ASCII characters']);
  });
});

describe('a write that does not take an Idempotency-Key', () => {
  it('refuses one with 400 naming the route, before anything is done; a read ignores it', async () => {
    const refused = await t.request('POST', '/dashboard/organizations', { token: t.dashboardToken, body: { name: 'Keyed org' }, headers: { 'idempotency-key': 'org-1' } });
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, 'BAD_REQUEST',
      'POST /dashboard/organizations does not take an Idempotency-Key: send the request without it (the /v1 routes that change something take one)']);
    const organizations = (await t.dashboard('GET', '/dashboard/organizations')).body.data as Array<{ name: string }>;
    expect(organizations.map((o) => o.name)).not.toContain('Keyed org');
    const read = await t.request('GET', '/v1/webhooks', { token: key, headers: { 'idempotency-key': 'read-1' } });
    expect([read.status, read.headers.get('idempotent-replayed')]).toEqual([200, null]);
  });

  it('every /v1 write takes one, and every other write (the console twins of /v1 aside) that does not say so refuses one', async () => {
    const writes = t.server.routes.filter((r) => r.method !== 'GET');
    for (const route of writes.filter((r) => r.path.startsWith('/v1/'))) expect(route.idempotent, `${route.method} ${route.path}`).toBeTruthy();
    const fill = (path: string): string => path.replace(/:([A-Za-z]+)/g, (_m, name: string) => `${name}_probe`);
    for (const route of writes.filter((r) => /^\/(dashboard|sim)\//.test(r.path) && !r.idempotent)) {
      const res = await t.request(route.method, fill(route.path), { token: t.dashboardToken, headers: { 'idempotency-key': 'probe' } });
      expect([res.status, res.body.message], `${route.method} ${route.path}`).toEqual([400, expect.stringContaining('does not take an Idempotency-Key')]);
    }
  });
});
