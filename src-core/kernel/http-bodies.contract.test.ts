// Contract tests over real HTTP of how a request's body is read, before any route sees it: its media type and
// charset, its bytes (UTF-8, no NUL), its JSON (well formed, not too deep, no unpaired surrogate, no number too large).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '../testing/envelope.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('request bodies', () => {
  it('malformed JSON answers 400', async () => {
    const key = await t.createKey();
    const res = await t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body: '{"reason": ' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ...envelope(400), code: 'MALFORMED_JSON' });
  });
  it('malformed JSON says where, as a line and column, and never quotes the body back', async () => {
    const key = await t.createKey();
    const cases = [
      ['{"reason": "x" "y"}', "Malformed JSON body: Expected ',' or '}' after property value at line 1, column 16"],
      ['{\n  "reason": "spam",\n  "note": "sk_live_secret"\n  "x": 1\n}', "Malformed JSON body: Expected ',' or '}' after property value at line 4, column 3"],
      ['{"reason": ', 'Malformed JSON body: Unexpected end of JSON input'],
      ['{"reason": sk_live_secret}', "Malformed JSON body: Unexpected token 's'"],
    ] as const;
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body });
      expect([res.status, res.body], body).toEqual([400, { ...envelope(400), code: 'MALFORMED_JSON', message }]);
    }
    // The unified send's message-only errors and the MCP endpoint's -32700 say the same.
    const unified = await t.request('POST', '/v1/messages/send', { token: key.key, body: cases[0][0] });
    expect([unified.status, unified.body]).toEqual([400, { message: cases[0][1] }]);
    const mcp = await t.request('POST', '/mcp', { token: key.key, body: cases[0][0] });
    expect(mcp.body.error).toEqual({ code: -32700, message: "Parse error: Expected ',' or '}' after property value at line 1, column 16" });
  });
  it('a body nested too deep, or text with an unpaired surrogate, answers 400 before any route sees it', async () => {
    const key = await t.createKey();
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const body = `{"to":"14155550101","templateName":"x","languageCode":"en","components":[{"type":"body","parameters":[{"type":"text","text":"1","extra":${deep}}]}]}`;
    for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Array<Record<string, string>>) {
      const res = await t.request('POST', '/v1/whatsapp/send-template', { token: key.key, body, headers });
      expect([res.status, res.body.message]).toEqual([400, 'Invalid body: nested deeper than 32 levels']);
    }
    const unpaired = await t.request('POST', '/v1/contacts', { token: key.key, body: '{"name":"\\ud800x","phone":"+14155550109"}' });
    expect([unpaired.status, unpaired.body.message]).toEqual([400, expect.stringContaining('unpaired UTF-16 surrogate')]);
    expect((await t.request('GET', '/v1/contacts?search=14155550109', { token: key.key })).body.data).toEqual([]);
  });
  it('a number too large to hold (1e400, read as infinity) answers 400 before any route sees it, not stored as null', async () => {
    const key = await t.createKey();
    const steps = (seconds: string) => `{"name":"big","trigger":{"type":"contact.created"},"steps":[{"type":"wait","config":{"seconds":${seconds}}}]}`;
    for (const [path, body] of [
      ['/v1/automations', steps('1e400')], ['/v1/automations', steps('-1e400')],
      ['/v1/voice/calls/outbound', '{"agentId":"agt_x","toNumber":"+14155550101","callContext":{"n":1e400}}'],
    ] as const) {
      const res = await t.request('POST', path, { token: key.key, body });
      expect([res.status, res.body.code, res.body.message], body).toEqual([400, 'VALIDATION_FAILED', 'Invalid body: a number is too large to hold (beyond about 1.8e308 either way)']);
    }
    expect((await t.request('GET', '/v1/automations', { token: key.key })).body.data).toEqual([]);
    const huge = await t.request('POST', '/sim/clock/advance', { token: t.dashboardToken, body: '{"seconds":1e400}' });
    expect([huge.status, huge.body.message]).toEqual([400, 'Invalid body: a number is too large to hold (beyond about 1.8e308 either way)']);
  });
  it('bytes that are not UTF-8 and the NUL character are refused with 400, in a body, a query or a path', async () => {
    const key = await t.createKey();
    const bytes = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('","phone":"+14155550108"}')]);
    const latin1 = await fetch(`${t.url}/v1/contacts`, { method: 'POST', headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' }, body: bytes });
    expect([latin1.status, await latin1.json()]).toEqual([400, expect.objectContaining({ code: 'MALFORMED_JSON', message: 'Malformed JSON body: the bytes are not valid UTF-8' })]);
    const nul = await t.request('POST', '/v1/contacts', { token: key.key, body: '{"name":"a\\u0000b","phone":"+14155550108"}' });
    expect([nul.status, nul.body.message]).toEqual([400, 'Invalid body: a text holds a NUL character (\\u0000)']);
    expect((await t.request('GET', '/v1/contacts?search=14155550108', { token: key.key })).body.data).toEqual([]);
    // A NUL in a search ended the SQLite string early: a 500 on contacts, every contact on email contacts.
    for (const path of ['/v1/contacts?search=a%00b', '/v1/email/contacts?search=%00', '/v1/contacts/cnt_%00x/notes']) {
      const res = await t.request('GET', path, { token: key.key });
      expect([res.status, res.body.code, res.body.message], path).toEqual([400, 'VALIDATION_FAILED', expect.stringContaining('must not contain a NUL character')]);
    }
  });
  it('a body without Content-Type: application/json is refused with 415', async () => {
    const key = await t.createKey();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.request('POST', '/v1/contacts/cnt_x/block', { token: key.key, body: 'reason=x', headers: { 'content-type': contentType } });
      expect(res.status, contentType).toBe(415);
      expect(res.body).toMatchObject(envelope(415));
    }
  });
  it('an empty request is no body whatever its content type: curl -d \'\' and PHP label one form-encoded, fetch with body \'\' text/plain', async () => {
    const key = await t.createKey();
    const contact = await t.dashboard('POST', '/dashboard/contacts', { name: 'Empty', phone: '+14155550178' });
    const post = (path: string, contentType: string, body = '') =>
      fetch(`${t.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key.key}`, 'content-type': contentType }, body });
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'application/xml']) {
      const unblocked = await post(`/v1/contacts/${contact.body.id}/unblock`, contentType);
      expect([unblocked.status, (await unblocked.json()).isBlocked], contentType).toEqual([200, false]);
      // A route that needs a body says so, as to an empty JSON request; one with bytes is still 415.
      const send = await post('/v1/sms/send', contentType);
      expect([send.status, (await send.json()).message], contentType).toEqual([400, 'Invalid body: body: is required']);
      expect((await post(`/v1/contacts/${contact.body.id}/unblock`, contentType, 'x')).status, contentType).toBe(415);
    }
  });
  it('a JSON body declared in a charset other than UTF-8 (or US-ASCII) is refused with 415 naming it, nothing stored', async () => {
    const key = await t.createKey();
    const post = (path: string, body: Buffer<ArrayBuffer> | string, contentType: string, authorization = `Bearer ${key.key}`) =>
      fetch(`${t.url}${path}`, { method: 'POST', headers: { authorization, 'content-type': contentType }, body });
    const contact = (email: string) => JSON.stringify({ email });
    const refusal = (charset: string) => ({
      statusCode: 415, error: 'Unsupported Media Type', code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `Unsupported charset "${charset}": a JSON body must be UTF-8 (Content-Type: application/json, or application/json; charset=utf-8)`,
    });
    const refused: Array<[Buffer<ArrayBuffer> | string, string, string]> = [
      [Buffer.from(`\uFEFF${contact('utf16@example.com')}`, 'utf16le'), 'application/json; charset=utf-16', 'utf-16'],
      [contact('utf16@example.com'), 'application/json;charset=UTF-16LE', 'utf-16le'],
      [Buffer.from(contact('caf\u00e9@example.com'), 'latin1'), 'application/json; charset="ISO-8859-1"', 'iso-8859-1'],
      [contact('latin@example.com'), 'application/json; charset=windows-1252', 'windows-1252'],
    ];
    for (const [body, contentType, charset] of refused) {
      const res = await post('/v1/email/contacts', body, contentType);
      expect([res.status, await res.json()], contentType).toEqual([415, refusal(charset)]);
      expect((await post('/v1/email/contacts', body, contentType, 'Bearer sk_test_bogus')).status, contentType).toBe(401);
    }
    expect((await t.request('GET', '/v1/email/contacts', { token: key.key })).body.meta.total).toBe(0);
    const unified = await post('/v1/messages/send', JSON.stringify({ to: '+14155550101', channel: 'sms' }), 'application/json; charset=utf-16');
    expect([unified.status, await unified.json()]).toEqual([415, { message: refusal('utf-16').message }]);
    const taken = ['application/json', 'application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;charset=utf8', 'application/json; charset=us-ascii'];
    for (const [i, contentType] of taken.entries()) expect((await post('/v1/email/contacts', contact(`taken${i}@example.com`), contentType)).status, contentType).toBe(201);
    // An empty request is no body, whatever its header says.
    const blocked = await t.dashboard('POST', '/dashboard/contacts', { name: 'Charset', phone: '+14155550177' });
    expect((await post(`/v1/contacts/${blocked.body.id}/unblock`, '', 'application/json; charset=utf-16')).status).toBe(200);
  });
});
