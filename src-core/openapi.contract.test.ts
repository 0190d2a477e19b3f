// GET /openapi.json: the OpenAPI 3.1 document of every /v1 route, drawn from the route table, served without a key.
import OpenAPIParser from '@readme/openapi-parser';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, startServeProcess } from './testing/serve-process.ts';
import { createTestServer, type TestServer } from './testing/test-server.ts';

type Operation = {
  operationId: string; security: Array<Record<string, string[]>>; 'x-scopes': string[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required: boolean; content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
};
type Document = { openapi: string; info: { description: string }; servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

let t: TestServer;
let doc: Document;
beforeAll(async () => {
  t = await createTestServer();
  const res = await fetch(`${t.url}/openapi.json`);
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
  doc = (await res.json()) as Document;
});
afterAll(() => t?.close());

const op = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document served at this server’s /v1, with every /v1 route once, under its contract path', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // Checked against the OpenAPI 3.1 schema by a validator (a copy: it resolves the document in place).
    await expect(OpenAPIParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc.servers).toEqual([{ url: `${t.url}/v1` }]);
    expect(doc.info.description).toContain('A query parameter given with an empty value (`?status=`) is the same as absent.');
    const v1 = t.server.routes.filter((route) => route.path.startsWith('/v1/'));
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} /v1${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(listed.sort()).toEqual(v1.map((route) => `${route.method} ${route.path}`).sort());
    expect(new Set(listed.map((key) => key)).size).toBe(listed.length);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names each route’s scope, its path parameters (required), its query with defaults and bounds, and its body', () => {
    const logs = op('get', '/whatsapp/logs');
    expect(logs.security).toEqual([{ apiKey: ['whatsapp:logs:read'] }]);
    const limit = logs.parameters?.find((p) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false });
    expect(limit?.schema).toMatchObject({ default: 50, description: 'at most 100: a larger value is taken as 100' });
    const contact = op('get', '/contacts/{id}/notes');
    expect(contact.parameters?.filter((p) => p.in === 'path')).toEqual([expect.objectContaining({ name: 'id', required: true })]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, o] of Object.entries(ops)) {
        expect(o.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? [], `${method} ${path}`).toEqual(names);
      }
    }
    // A filter read through a transform (a comma list of statuses, a date or date-time) says what it takes: its input
    // side is a bare string, which told an integrator nothing (`?status=FAILED` on deliveries, `from` on analytics).
    expect(op('get', '/webhooks/{id}/deliveries').parameters?.find((p) => p.name === 'status')?.schema)
      .toEqual({ type: 'string', description: 'one of: PENDING, SUCCEEDED, FAILED, EXHAUSTED, HELD, or several of them separated by commas (FAILED,EXHAUSTED)' });
    expect(op('get', '/voice/analytics').parameters?.find((p) => p.name === 'from')?.schema).toMatchObject({ description: expect.stringContaining('YYYY-MM-DD') });
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, o] of Object.entries(ops)) {
        for (const p of o.parameters ?? []) expect(p.schema, `${method} ${path} ${p.name}`).not.toEqual({ type: 'string' });
        // So too a body field (an OTP identifier, an agent call's toNumber, a campaign's scheduledAt or audienceType).
        const fields = o.requestBody?.content['application/json']?.schema.properties ?? {};
        for (const [name, schema] of Object.entries(fields)) expect([{}, { type: 'string' }], `${method} ${path} body ${name}`).not.toContainEqual(schema);
      }
    }
    expect(op('post', '/sms/campaigns').requestBody?.content['application/json']?.schema.properties?.audienceType).toMatchObject({ description: expect.stringContaining('segment') });
    const send = op('post', '/email/send');
    expect(send.security).toEqual([{ apiKey: ['email:send'] }]);
    const body = send.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['templateId', 'recipient', 'fromEmail']));
    expect(send.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
  });

  it("gives each dedicated send's answer why its provider failed it: errorCode and error, always there, null or a string", () => {
    for (const path of ['/whatsapp/send-template', '/rcs/send', '/instagram/messages', '/email/send']) {
      const answer = op('post', path).responses['200'] as { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
      const schema = answer.content['application/json']?.schema;
      expect(schema?.required, path).toEqual(expect.arrayContaining(['errorCode', 'error']));
      for (const field of ['errorCode', 'error']) {
        expect(schema?.properties[field], `${path} ${field}`).toMatchObject({ type: ['string', 'null'], description: expect.stringContaining('null when it did not fail') });
      }
    }
  });

  it('marks a request body required only where the route refuses a request without one', async () => {
    const { key } = await t.createKey({ rateLimitPerMinute: 10_000 });
    const bare = async (path: string) => String((await t.request('POST', `/v1${path}`, { token: key })).body?.message ?? '');
    // Block, a webhook test and an app call's end take no body at all (every field optional): a generated client must
    // not be made to send one.
    const hook = await t.request('POST', '/v1/webhooks', { token: key, body: { url: 'https://hooks.sim.test/x', events: '*' } });
    for (const [path, sent] of [['/contacts/{id}/block', '/contacts/cnt_none/block'], ['/webhooks/{id}/test', `/webhooks/${hook.body.id}/test`],
      ['/voice/app/calls/{callId}/end', '/voice/app/calls/apc_none/end']] as const) {
      expect(op('post', path).requestBody?.required, path).toBe(false);
      expect(await bare(sent), path).not.toMatch(/body: is required/);
    }
    expect(op('post', '/email/send').requestBody?.required).toBe(true);
    expect(await bare('/email/send')).toBe('Invalid body: body: is required');
  });

  it('leaves out a field a body names only to refuse it (an email send\'s html, an automation PATCH\'s active), there and in "the body takes"', async () => {
    expect(op('post', '/email/send').requestBody?.content['application/json']?.schema.properties).not.toHaveProperty('html');
    expect(op('patch', '/automations/{id}').requestBody?.content['application/json']?.schema.properties).not.toHaveProperty('active');
    const { key } = await t.createKey({ rateLimitPerMinute: 10_000 });
    const html = await t.request('POST', '/v1/email/send', { token: key, body: { html: '<p>x</p>', foo: 1 } });
    expect(html.body.message).toContain('html: Raw HTML is not accepted');
    expect(html.body.message).toContain('(the body takes templateId, recipient, variables, subject, fromName, fromEmail, replyTo)');
    const page = await (await fetch(`${t.url}/docs`)).text();
    const emailSend = page.slice(page.indexOf('id="post-/email/send"'), page.indexOf('</section>', page.indexOf('id="post-/email/send"')));
    expect(emailSend).toContain('<code>fromEmail</code>');
    expect(emailSend).not.toContain('<code>html</code>');
  });

  it('says the unified send’s scope follows the channels its body names, and an upload is multipart with its one file field', () => {
    const unified = op('post', '/messages/send');
    expect(unified.security).toEqual([{ apiKey: [] }]);
    expect(unified.requestBody?.content['application/json']?.schema.properties).toHaveProperty('channel');
    const upload = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).find((o) => o.requestBody?.content['multipart/form-data']);
    expect(upload?.requestBody?.content['multipart/form-data']?.schema.required).toEqual(['file']);
  });

  it('reads as a page at GET /docs: every operation with its scope and fields, every text escaped, no script', async () => {
    const res = await fetch(`${t.url}/docs`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const page = await res.text();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method}-${path}`));
    expect([...page.matchAll(/<section class="op" id="([^"]+)">/g)].map((m) => m[1]).sort()).toEqual(operations.sort());
    expect(page).toContain('<code>&lt;channel&gt;:send</code> for each channel the body names');
    expect(page).not.toMatch(/<script|<channel>/);
    expect(page).toContain('<a href="/openapi.json">');
    // A query's default and clamp, and a body's required field, as the document has them.
    expect(page).toMatch(/<code>limit<\/code><\/td><td>query<\/td><td>integer · ≥ 1 · default <code>50<\/code> · at most 100: a larger value is taken as 100/);
    expect(page).toContain('<code>templateId</code> <span class="req">required</span>');
    // What each success answers: a named shape, a list of one, or the object's fields.
    const section = (id: string) => page.slice(page.indexOf(`id="${id}"`), page.indexOf('</section>', page.indexOf(`id="${id}"`)));
    expect(section('get-/contacts')).toContain('200 answers a list of <code>Contact</code>');
    expect(section('post-/contacts/{id}/notes')).toContain('201 answers <code>ContactNote</code>');
    expect(section('post-/whatsapp/send-template')).toContain('200 answers {<code>wamid</code>, <code>conversationId</code>, <code>status</code>, <code>errorCode</code>, <code>error</code>}');
    expect(section('delete-/webhooks/{id}')).not.toMatch(/204 answers/);
  });

  it('documents the statuses a route answers: a DELETE that answers 204 says 204, an upsert 201 and 200, the unified send its 502', async () => {
    const { key } = await t.createKey({ rateLimitPerMinute: 10_000 });
    const api = (method: string, path: string, body?: unknown) => t.request(method, `/v1${path}`, { token: key, body });
    const successes = (o: Operation) => Object.keys(o.responses).filter((code) => code.startsWith('2'));
    const hook = await api('POST', '/webhooks', { url: 'https://hooks.sim.test/x', events: '*' });
    const hookGone = await api('DELETE', `/webhooks/${hook.body.id}`);
    expect([hookGone.status, successes(op('delete', '/webhooks/{id}'))]).toEqual([204, ['204']]);
    const automation = await api('POST', '/automations', { name: 'x', trigger: { type: 'contact.created' }, steps: [] });
    const automationGone = await api('DELETE', `/automations/${automation.body.id}`);
    expect([automationGone.status, successes(op('delete', '/automations/{id}'))]).toEqual([204, ['204']]);
    // An upsert answers 201 when it makes the identity and 200 when it is sent again: the document names both.
    const upserts = [await api('POST', '/voice/app/identities', { externalId: 'pro_1', role: 'PRO' }), await api('POST', '/voice/app/identities', { externalId: 'pro_1', role: 'PRO' })];
    expect([upserts.map((res) => res.status), successes(op('post', '/voice/app/identities'))]).toEqual([[201, 200], ['200', '201']]);
    expect(successes(op('post', '/voice/app/sessions'))).toEqual(['200', '201']);
    // No sender id is registered on this server: the one channel fails, and the send answers 502.
    const failed = await api('POST', '/messages/send', { to: '+14155550188', channel: 'sms', message: 'Hi', sms: { senderId: 'ACMEIN' } });
    expect([failed.status, Object.keys(failed.body).sort()]).toEqual([502, ['attempts', 'message']]);
    expect(op('post', '/messages/send').responses['502']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/AllChannelsFailed' } } } });
    expect(op('post', '/sms/send').responses).not.toHaveProperty('502');
    // A route with a body also answers what the kernel refuses of one: another content type (415), too large (413).
    const wrongType = await t.request('POST', '/v1/sms/send', { token: key, body: 'to=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const tooLarge = await t.request('POST', '/v1/sms/send', { token: key, body: JSON.stringify({ message: 'x'.repeat(3 * 1024 * 1024) }) });
    expect([wrongType.status, tooLarge.status]).toEqual([415, 413]);
    for (const [method, path] of [['post', '/sms/send'], ['post', '/whatsapp/header-media/upload'], ['patch', '/webhooks/{id}']] as const) {
      expect(Object.keys(op(method, path).responses), `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']));
    }
    expect(Object.keys(op('get', '/contacts').responses)).not.toContain('415');
    // A conflict is a write's: no read lists 409 (every 409 the services raise is on a write).
    const reads = Object.values(doc.paths).flatMap((ops) => (ops.get ? [ops.get] : []));
    expect(reads.filter((o) => '409' in o.responses).map((o) => o.operationId)).toEqual([]);
    expect(Object.keys(op('post', '/webhooks').responses)).toContain('409');
  });

  it('types a success answer where the route declares its schema, with the shapes it shares as components; every error answer is the envelope', () => {
    type Json = { $ref?: string; properties?: Record<string, Json>; items?: Json; required?: string[] };
    const success = (method: string, path: string, status = '200') =>
      (op(method, path).responses[status] as { content?: Record<string, { schema: Json }> }).content?.['application/json']?.schema;
    const schemas = doc.components.schemas as Record<string, Json>;
    // A list: the contract's envelope of a shared shape, by reference, with its pagination meta.
    const contacts = success('get', '/contacts');
    expect(contacts?.properties?.data?.items).toEqual({ $ref: '#/components/schemas/Contact' });
    expect(contacts?.properties?.meta?.required).toEqual(['total', 'page', 'limit', 'totalPages']);
    expect(schemas.Contact?.required).toEqual(expect.arrayContaining(['id', 'name', 'email', 'phone', 'tags', 'isBlocked', 'createdAt']));
    expect(success('get', '/contacts/{id}/notes')?.properties?.meta).toEqual({ $ref: '#/components/schemas/PageMeta' });
    expect(success('post', '/contacts/{id}/notes', '201')).toEqual({ $ref: '#/components/schemas/ContactNote' });
    // No integer says it may be ±2^53−1 (zod's bounds of a whole number, which bound nothing).
    expect(JSON.stringify(doc)).not.toContain('9007199254740991');
    // A DELETE that answers nothing has no schema.
    expect(op('delete', '/webhooks/{id}').responses['204']).toEqual({ description: 'No content' });
    // Every error answer is the one envelope (the unified send's its `{message}` and its 502), named once.
    expect(schemas.Error?.required).toEqual(['statusCode', 'error', 'code', 'message']);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, o] of Object.entries(ops)) {
        for (const [code, answer] of Object.entries(o.responses).filter(([status]) => Number(status) >= 400)) {
          const shape = path === '/messages/send' ? (code === '502' ? 'AllChannelsFailed' : 'MessageError') : 'Error';
          expect(answer, `${method} ${path} ${code}`).toMatchObject({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${shape}` } } } });
        }
      }
    }
  });

  it('says every reason a route answers 403: a missing scope, an IP outside the key\'s allow-list, and the route\'s own', async () => {
    const forbidden = (method: string, path: string) => (op(method, path).responses['403'] as { description: string }).description;
    // The IP allow-list refuses with 403 too, on any route a key calls: the document said "lacks the scope" alone.
    const { key } = await t.createKey({ ipWhitelistEnabled: true, allowedIps: ['203.0.113.7'] });
    const refused = await t.request('GET', '/v1/contacts', { token: key, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect([refused.status, refused.body.code]).toEqual([403, 'IP_NOT_ALLOWED']);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) expect(forbidden(method, path), `${method} ${path}`).toMatch(/INSUFFICIENT_SCOPE.*IP_NOT_ALLOWED/);
    }
    // A blocked contact's conversation by phone is 403 CONTACT_BLOCKED (the seed), which only that route answers.
    const { key: all } = await t.createKey({ rateLimitPerMinute: 10_000 });
    await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550177', text: 'hi' });
    const contact = (await t.request('GET', '/v1/contacts?search=14155550177', { token: all })).body.data[0];
    await t.request('POST', `/v1/contacts/${contact.id}/block`, { token: all, body: { reason: 'Abuse' } });
    const lookup = await t.request('GET', '/v1/whatsapp/conversations/by-phone?phone=14155550177', { token: all });
    expect([lookup.status, lookup.body.code]).toEqual([403, 'CONTACT_BLOCKED']);
    expect(forbidden('get', '/whatsapp/conversations/by-phone')).toContain('CONTACT_BLOCKED');
    expect(forbidden('get', '/contacts')).not.toContain('CONTACT_BLOCKED');
    // Phone calling off refuses a call to a phone (the seed: "any phone-ringing action").
    const call = await t.request('POST', '/v1/voice/app/calls', { token: all, body: { type: 'phone', from: 'pro_1', to: '+14155550123' } });
    expect([call.status, call.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(forbidden('post', '/voice/app/calls')).toContain('phone calling is off');
    expect(forbidden('post', '/voice/app/calls/{callId}/connect')).toContain('phone calling is off');
  });

  it('is served at the address the client reached, never at a wildcard one (`serve --host 0.0.0.0`)', async () => {
    // A raw request, to send the Host header (or none, as HTTP/1.0 may): the document's server and /docs' base URL.
    const served = (port: number, host: string | null, path = '/openapi.json') => new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(`GET ${path} HTTP/1.0\r\n${host === null ? '' : `Host: ${host}\r\n`}\r\n`));
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString())).on('end', () => resolve(text.slice(text.indexOf('\r\n\r\n') + 4))).on('error', reject);
    });
    const port = Number(new URL(t.url).port);
    expect(JSON.parse(await served(port, 'switchboard.local:8443')).servers).toEqual([{ url: 'http://switchboard.local:8443/v1' }]);
    expect(await served(port, 'switchboard.local:8443', '/docs')).toContain('Base URL: <code>http://switchboard.local:8443/v1</code>');
    // A Host that is no host name is not echoed into the document.
    expect(JSON.parse(await served(port, 'evil.test/"><script>')).servers).toEqual([{ url: `${t.url}/v1` }]);
    // Started on every interface, as a user does to reach it from another machine: a request without a Host header is
    // told a loopback address (it said http://0.0.0.0:port, which is no address to send a request to).
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-openapi-'));
    const { child, ready } = await startServeProcess(join(dir, 'wildcard.db'), { args: ['--host', '0.0.0.0'] });
    try {
      const wildcardPort = Number(new URL(ready.url).port);
      expect(JSON.parse(await served(wildcardPort, null)).servers).toEqual([{ url: `http://127.0.0.1:${wildcardPort}/v1` }]);
      expect(JSON.parse(await served(wildcardPort, `0.0.0.0:${wildcardPort}`)).servers).toEqual([{ url: `http://127.0.0.1:${wildcardPort}/v1` }]);
      expect(JSON.parse(await served(wildcardPort, `192.0.2.10:${wildcardPort}`)).servers).toEqual([{ url: `http://192.0.2.10:${wildcardPort}/v1` }]);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('needs no key, and is the same document on every read', async () => {
    const again = await (await fetch(`${t.url}/openapi.json`, { headers: { authorization: 'Bearer sk_test_bogus' } })).json();
    expect(again).toEqual(doc);
  });
});
