// The assistant endpoint over real HTTP, with the protocol's own client: sessions, the seed's revision, tools listed
// and called on the key's behalf (its scopes, rate limit and request log), writes withheld without the header.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../contract/scopes.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped - ACME' });
  await t.request('POST', '/v1/whatsapp/templates', {
    token: key, body: { name: 'shipped', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Your order {{1}} has shipped' }] },
  });
  await t.advance(60);
});
afterAll(async () => {
  await t.close();
});

async function connect(token = key, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'contract-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(t.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } } });
  await client.connect(transport);
  return { client, transport };
}
const writes = { 'X-Service-MCP-Writes': 'true' };
const textOf = (result: Record<string, unknown>): string => ((result.content as Array<{ text: string }>)[0] as { text: string }).text;
const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const mcpPost = (body: unknown, token: string | undefined, headers: Record<string, string> = {}) =>
  t.request('POST', '/mcp', { token, body, headers: { accept: 'application/json, text/event-stream', ...headers } });

describe('sessions and the protocol', () => {
  it('issues a session id on initialize and speaks the seed revision, whatever the client asks for', async () => {
    const res = await mcpPost({ ...initialize, params: { ...initialize.params, protocolVersion: '2025-11-25' } }, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toMatch(/^mcps_/);
    expect(res.body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'switchboard' }, capabilities: { tools: {} } });
    const { client, transport } = await connect();
    expect(transport.sessionId).toMatch(/^mcps_/);
    expect(client.getServerVersion()?.name).toBe('switchboard');
    await client.close();
  });

  it('refuses a request without a valid key (401) or from an address the key does not allow (403), in the envelope', async () => {
    const none = await mcpPost(initialize, undefined);
    expect([none.status, none.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const elsewhere = (await t.createKey({ ipWhitelistEnabled: true, allowedIps: ['203.0.113.9'] })).key;
    const refused = await mcpPost(initialize, elsewhere);
    expect([refused.status, refused.body.code]).toEqual([403, 'IP_NOT_ALLOWED']);
  });

  it('answers GET with 405 (no server-initiated streams), and a request outside a session with 400', async () => {
    const get = await t.request('GET', '/mcp', { token: key });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');
    const outside = await mcpPost({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, key);
    expect(outside.status).toBe(400);
    expect(outside.body.error.message).toMatch(/starts with an initialize request/);
  });

  it('answers a body it cannot read as JSON-RPC does (malformed JSON: 400, -32700 Parse error, id null); the key first, REST routes in the envelope', async () => {
    const malformed = await mcpPost('{"jsonrpc": "2.0", "id": 1, "method": ', key);
    expect([malformed.status, malformed.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
    expect(malformed.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error: ./) } });
    // Past the kernel's limits (JSON, but not a request it takes): Invalid Request; not a JSON body: as the SDK's transport.
    const deep = await mcpPost(`${'['.repeat(40)}${']'.repeat(40)}`, key);
    expect([deep.status, deep.body]).toEqual([400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: nested deeper than 32 levels' } }]);
    const text = await mcpPost('hello', key, { 'content-type': 'text/plain' });
    expect([text.status, text.body.jsonrpc, text.body.id, text.body.error.code]).toEqual([415, '2.0', null, -32000]);
    // The key is checked before the body is read, and its refusal stays in the envelope; REST routes keep theirs.
    const keyless = await mcpPost('{"jsonrpc":', undefined);
    expect([keyless.status, keyless.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const rest = await t.request('POST', '/v1/contacts', { token: key, body: '{"name":' });
    expect([rest.status, rest.body]).toEqual([400, expect.objectContaining({ statusCode: 400, error: 'Bad Request', code: 'MALFORMED_JSON' })]);
  });

  it('refuses a JSON-RPC batch (taken out of revision 2025-06-18) with 400 -32600, running none of it, an empty one too', async () => {
    const opened = await mcpPost(initialize, key);
    const asSession = { 'mcp-session-id': opened.headers.get('mcp-session-id') as string, 'mcp-protocol-version': '2025-06-18' };
    const refusal = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: a batch (a JSON array) is not part of protocol revision 2025-06-18: send one JSON-RPC message per POST' } };
    const sends = async () => (await t.dashboard('GET', '/sim/handsets/+14155550177/messages')).body.data.length as number;
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'send_sms', arguments: { senderId: 'ACMEIN', to: ['+14155550177'], message: 'Your order 1001 has shipped - ACME' } } });
    for (const body of [[call(1), call(2)], [], [initialize]]) {
      const res = await mcpPost(body, key, { ...asSession, 'x-service-mcp-writes': 'true' });
      expect([res.status, res.body], JSON.stringify(body)).toEqual([400, refusal]);
    }
    expect(await sends()).toBe(0);
    // One message per POST is answered as ever.
    expect((await mcpPost({ jsonrpc: '2.0', id: 3, method: 'ping' }, key, asSession)).body).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('takes requests of a session in the seed revision only, the one initialize answered: another is 400, naming it', async () => {
    const opened = await mcpPost(initialize, key);
    const session = opened.headers.get('mcp-session-id') as string;
    const ping = { jsonrpc: '2.0', id: 4, method: 'ping' };
    for (const version of ['2024-11-05', '2025-11-25', '1999-01-01']) {
      const res = await mcpPost(ping, key, { 'mcp-session-id': session, 'mcp-protocol-version': version });
      expect([res.status, res.body.error], version).toEqual([400, {
        code: -32000, message: `Unsupported protocol version ${version}: this endpoint speaks 2025-06-18, the revision its initialize answered`,
      }]);
    }
    expect((await mcpPost(ping, key, { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' })).body.result).toEqual({});
    expect((await mcpPost(ping, key, { 'mcp-session-id': session })).body.result).toEqual({});
  });

  it('keeps a session to the key that opened it, and ends it on DELETE', async () => {
    const opened = await mcpPost(initialize, key);
    const session = opened.headers.get('mcp-session-id') as string;
    const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
    const asSession = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    expect((await mcpPost(list, key, asSession)).status).toBe(200);
    const other = (await t.createKey()).key;
    const stolen = await mcpPost(list, other, asSession);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.message).toMatch(/Session not found/);
    expect((await t.request('DELETE', '/mcp', { token: key, headers: asSession })).status).toBe(200);
    expect((await mcpPost(list, key, asSession)).status).toBe(404);
  });
});

describe('tools', () => {
  it('lists the read tools, and the write tools only to a request with X-Service-MCP-Writes: true', async () => {
    const reader = await connect();
    const readNames = (await reader.client.listTools()).tools.map((tool) => tool.name);
    expect(readNames).toContain('list_contacts');
    expect(readNames).toContain('get_whatsapp_message');
    expect(readNames.some((name) => name.startsWith('send_'))).toBe(false);
    const writer = await connect(key, writes);
    const all = (await writer.client.listTools()).tools;
    const writeNames = all.map((tool) => tool.name).filter((name) => !readNames.includes(name));
    // The seed's fifteen.
    expect(writeNames).toEqual([
      'send_message', 'send_email', 'send_whatsapp_template', 'send_sms', 'send_rcs', 'send_instagram_message', 'send_otp', 'verify_otp',
      'block_contact', 'create_campaign', 'launch_campaign', 'cancel_campaign', 'place_outbound_call', 'create_webhook_endpoint', 'replay_webhook_delivery',
    ]);
    const send = all.find((tool) => tool.name === 'send_message');
    expect(send?.annotations?.readOnlyHint).toBe(false);
    expect(send?.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['to', 'channel']) });
    const launch = all.find((tool) => tool.name === 'launch_campaign');
    expect(launch?.inputSchema.properties?.channel).toEqual({ type: 'string', enum: ['whatsapp', 'sms'] });
    await reader.client.close();
    await writer.client.close();
  });

  it('tells an assistant each list tool\'s default limit and page, and no maximum where a larger limit is clamped', async () => {
    const { client } = await connect();
    const tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>]));
    for (const [name, defaultLimit] of [['list_contacts', 50], ['list_voice_calls', 20], ['search_shopify_products', 10], ['list_shopify_collection_products', 50]] as const) {
      const limit = tools.get(name)?.limit;
      expect(limit, name).toMatchObject({ type: 'integer', minimum: 1, default: defaultLimit });
      expect(limit?.maximum, name).toBeUndefined();
    }
    expect(tools.get('list_contacts')?.page).toMatchObject({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 });
    await client.close();
  });

  it('answers a read tool with what its /v1 route answers, logged as the key’s request', async () => {
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550142', text: 'Hello there' });
    const own = await t.createKey();
    const { client } = await connect(own.key);
    const result = await client.callTool({ name: 'list_contacts', arguments: { limit: 5, search: 'Hello' } });
    const direct = await t.request('GET', '/v1/contacts?limit=5&search=Hello', { token: own.key });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toEqual(direct.body);
    expect(result.structuredContent).toEqual(direct.body);
    // The tool's request is the key's, from the caller's address, in the request log beside the direct one.
    const log = (await t.dashboard('GET', `/dashboard/request-log?keyId=${own.id}`)).body.data as Array<Record<string, unknown>>;
    expect(log.map((entry) => [entry.method, entry.endpoint, entry.query, entry.statusCode, entry.sourceIp])).toEqual([
      ['GET', '/v1/contacts', 'limit=5&search=Hello', 200, '127.0.0.1'], ['GET', '/v1/contacts', 'limit=5&search=Hello', 200, '127.0.0.1'],
    ]);
    await client.close();
  });

  it('checks the key’s scopes on the route a tool calls', async () => {
    const narrow = (await t.createKey({ scopes: SCOPES.filter((scope: Scope) => scope !== 'sms:logs:read') })).key;
    const { client } = await connect(narrow);
    const refused = await client.callTool({ name: 'list_sms_logs', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/answered 403[\s\S]*Insufficient scope\. Required: sms:logs:read/);
    await client.close();
  });

  it('withholds a write tool without the header, saying so, and sends nothing', async () => {
    const { client } = await connect();
    const withheld = await client.callTool({ name: 'send_message', arguments: { to: '+14155550177', channel: 'sms', message: 'Hi' } });
    expect(withheld.isError).toBe(true);
    expect(textOf(withheld)).toMatch(/withheld[\s\S]*X-Service-MCP-Writes: true/);
    expect(await t.handset('+14155550177')).toEqual([]);
    await client.close();
  });

  it('calls a write tool with the header: the send goes out as through /v1', async () => {
    const { client } = await connect(key, writes);
    // WhatsApp fails for this fixture number: the unified send falls back to SMS, as through /v1.
    const sent = await client.callTool({
      name: 'send_message',
      arguments: {
        to: '+15005550002', channel: 'whatsapp', fallbackChannels: ['sms'], message: 'Your order 1001 has shipped - ACME',
        template: { name: 'shipped', languageCode: 'en', variables: { 1: '1001' } }, sms: { senderId: 'ACMEIN' },
      },
    });
    expect(sent.isError, textOf(sent)).toBeFalsy();
    expect(sent.structuredContent).toMatchObject({ status: 'sent', channelUsed: 'sms' });
    expect((await t.handset('+15005550002')).map((message) => [message.channel, message.text])).toEqual([['sms', 'Your order 1001 has shipped - ACME']]);
    const contacts = (await t.request('GET', '/v1/contacts?limit=100', { token: key })).body.data as Array<{ id: string; phone: string | null }>;
    const target = contacts.find((contact) => contact.phone === '+14155550142') as { id: string };
    const block = await client.callTool({ name: 'block_contact', arguments: { id: target.id, reason: 'asked by the assistant' } });
    expect(block.isError).toBeFalsy();
    const listed = (await t.request('GET', '/v1/contacts?limit=100', { token: key })).body.data as Array<{ id: string; isBlocked: boolean }>;
    expect(listed.find((contact) => contact.id === target.id)?.isBlocked).toBe(true);
    // A voice agent places a call as through /v1 (the call starts INITIATED).
    const agent = await t.request('POST', '/v1/voice/agents', { token: key, body: { name: 'Assistant caller', greeting: 'Hello.', instructions: 'Confirm.' } });
    const call = await client.callTool({ name: 'place_outbound_call', arguments: { agentId: agent.body.id, toNumber: '+14155550143' } });
    expect(call.isError, textOf(call)).toBeFalsy();
    expect(call.structuredContent).toMatchObject({ status: 'INITIATED', direction: 'OUTBOUND', agentId: agent.body.id, calledNumber: '+14155550143' });
    await client.close();
  });

  it('answers a channel send its provider failed as /v1 does: status failed, errorCode and error saying why (not a tool error)', async () => {
    const { client } = await connect(key, writes);
    const failed = await client.callTool({
      name: 'send_whatsapp_template', arguments: { to: '15005550001', templateName: 'shipped', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: '1002' }] }] },
    });
    expect(failed.isError, textOf(failed)).toBeFalsy();
    expect(failed.structuredContent).toMatchObject({ status: 'failed', errorCode: 'SIM_UNREACHABLE', error: 'The simulated handset +15005550001 is unreachable on every channel' });
    expect(textOf(failed)).toContain('"errorCode": "SIM_UNREACHABLE"');
    await client.close();
  });

  it('reports missing path parameters, a wrong channel and invalid arguments as tool errors; an unknown tool as a protocol error', async () => {
    const { client } = await connect(key, writes);
    const missing = await client.callTool({ name: 'get_email_template', arguments: {} });
    expect([missing.isError, textOf(missing)]).toEqual([true, 'Missing id: get_email_template needs it to name what it acts on; given: no arguments']);
    // A guessed name is not taken for the tool's own: the refusal names the argument expected and each one given.
    const guessed = await client.callTool({ name: 'get_webhook_delivery', arguments: { id: 'whd_x' } });
    expect([guessed.isError, textOf(guessed)]).toEqual([true, 'Missing deliveryId: get_webhook_delivery needs it to name what it acts on; given: id (not an argument of this tool)']);
    const empty = await client.callTool({ name: 'list_webhook_deliveries', arguments: { id: '', status: 'FAILED' } });
    expect(textOf(empty)).toBe('Missing id: list_webhook_deliveries needs it to name what it acts on; given: id (empty), status');
    const channel = await client.callTool({ name: 'launch_campaign', arguments: { channel: 'rcs', id: 'cmp_x' } });
    expect([channel.isError, textOf(channel)]).toEqual([true, 'channel must be one of: whatsapp, sms; given: rcs']);
    const noChannel = await client.callTool({ name: 'launch_campaign', arguments: { id: 'cmp_x' } });
    expect(textOf(noChannel)).toBe('channel must be one of: whatsapp, sms; given: no channel');
    const invalid = await client.callTool({ name: 'list_contacts', arguments: { limit: 'many' } });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toMatch(/answered 400[\s\S]*limit: must be a whole number/);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool: no_such_tool/);
    await client.close();
  });

  it('says a huge tool name, argument name or channel back cut at 100 characters, not whole', async () => {
    const { client } = await connect(key, writes);
    const huge = 'x'.repeat(100_000);
    const cut = `${'x'.repeat(100)}…`;
    await expect(client.callTool({ name: huge, arguments: {} })).rejects.toThrow(new RegExp(`Unknown tool: ${cut}$`));
    const argument = await client.callTool({ name: 'get_email_template', arguments: { [huge]: 1 } });
    expect(textOf(argument)).toBe(`Missing id: get_email_template needs it to name what it acts on; given: ${cut} (not an argument of this tool)`);
    const many = await client.callTool({ name: 'get_email_template', arguments: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`a${i}`, 1])) });
    expect(textOf(many)).toMatch(/; given: a0 \(not an argument of this tool\), .*a9 \(not an argument of this tool\) and 2 more$/);
    const channel = await client.callTool({ name: 'launch_campaign', arguments: { channel: huge, id: 'cmp_x' } });
    expect(textOf(channel)).toBe(`channel must be one of: whatsapp, sms; given: ${cut}`);
    await client.close();
  });

  it('answers params that are not the protocol\'s (arguments null or a list, a name missing) with -32602, naming each, not an internal error', async () => {
    const opened = await mcpPost(initialize, key);
    const asSession = { 'mcp-session-id': opened.headers.get('mcp-session-id') as string, 'mcp-protocol-version': '2025-06-18' };
    const cases: Array<[unknown, string]> = [
      [{ name: 'list_contacts', arguments: null }, 'Invalid params of tools/call: params.arguments: must be an object, not null'],
      [{ name: 'list_contacts', arguments: [1] }, 'Invalid params of tools/call: params.arguments: must be an object, not a list'],
      [{}, 'Invalid params of tools/call: params.name: is required'],
    ];
    for (const [params, message] of cases) {
      const res = await mcpPost({ jsonrpc: '2.0', id: 7, method: 'tools/call', params }, key, asSession);
      expect([res.status, res.body], JSON.stringify(params)).toEqual([200, { jsonrpc: '2.0', id: 7, error: { code: -32602, message } }]);
    }
    const list = await mcpPost({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: { cursor: 5 } }, key, asSession);
    expect(list.body.error).toEqual({ code: -32602, message: 'Invalid params of tools/list: params.cursor: must be text, not a number' });
    // The session goes on.
    const ok = await mcpPost({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'list_contacts', arguments: { limit: 1 } } }, key, asSession);
    expect(ok.body.result.isError).toBeUndefined();
  });

  it('answers an initialize whose params are not the protocol\'s with 400 -32602 naming each, not "Server not initialized"; no session', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'params.protocolVersion: is required; params.capabilities: is required; params.clientInfo: is required'],
      [{ ...initialize.params, clientInfo: { name: 'x' } }, 'params.clientInfo.version: is required'],
    ];
    for (const [params, problems] of cases) {
      const res = await mcpPost({ jsonrpc: '2.0', id: 5, method: 'initialize', params }, key);
      expect([res.status, res.headers.get('mcp-session-id'), res.body], JSON.stringify(params))
        .toEqual([400, null, { jsonrpc: '2.0', id: 5, error: { code: -32602, message: `Invalid params of initialize: ${problems}` } }]);
    }
    const none = await mcpPost({ jsonrpc: '2.0', id: 6, method: 'initialize' }, key);
    expect([none.status, none.body.error.message]).toEqual([400, 'Invalid params of initialize: params: is required']);
  });

  it('counts each tool call against the key’s rate limit, not the session’s own requests', async () => {
    const limited = (await t.createKey({ rateLimitPerMinute: 2 })).key;
    const { client } = await connect(limited);
    for (let i = 0; i < 3; i++) await client.listTools();
    expect((await client.callTool({ name: 'list_webhook_endpoints', arguments: {} })).isError).toBeFalsy();
    expect((await client.callTool({ name: 'list_webhook_endpoints', arguments: {} })).isError).toBeFalsy();
    const third = await client.callTool({ name: 'list_webhook_endpoints', arguments: {} });
    expect([third.isError, textOf(third)]).toEqual([true, expect.stringMatching(/answered 429[\s\S]*Rate limit of 2 requests per minute exceeded/)]);
    await client.close();
  });

  it('says where the key\'s window stands on every answer, X-RateLimit-Limit and -Remaining, after the tool calls it counted', async () => {
    const limited = (await t.createKey({ rateLimitPerMinute: 5 })).key;
    const window = (res: { headers: Headers }) => [res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining')];
    const opened = await mcpPost(initialize, limited);
    expect(window(opened)).toEqual(['5', '5']);
    const asSession = { 'mcp-session-id': opened.headers.get('mcp-session-id') as string };
    expect(window(await mcpPost({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, limited, asSession))).toEqual(['5', '5']);
    const call = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_webhook_endpoints', arguments: {} } };
    expect(window(await mcpPost(call, limited, asSession))).toEqual(['5', '4']);
    expect(window(await mcpPost(call, limited, asSession))).toEqual(['5', '3']);
    expect(window(await t.request('GET', '/v1/webhooks', { token: limited }))).toEqual(['5', '2']);
  });

  it('describes itself to the console: its URL, revision, the writes header and each tool with the scopes it needs', async () => {
    const res = await t.dashboard('GET', '/dashboard/mcp');
    expect(res.body).toMatchObject({ url: t.mcpUrl, protocolVersion: '2025-06-18', writesHeader: 'X-Service-MCP-Writes' });
    const byName = new Map((res.body.tools as Array<{ name: string }>).map((tool) => [tool.name, tool]));
    expect(byName.get('list_sms_logs')).toEqual({ name: 'list_sms_logs', description: expect.any(String), write: false, scopes: ['sms:logs:read'] });
    expect(byName.get('launch_campaign')).toMatchObject({ write: true, scopes: ['whatsapp:campaigns:write', 'sms:campaigns:write'] });
    expect(byName.get('send_message')).toMatchObject({ write: true, scopes: null });
    expect(byName.get('place_outbound_call')).toMatchObject({ write: true, scopes: ['voice:calls:write'] });
    expect((await t.request('GET', '/dashboard/mcp', { token: key })).status).toBe(401);
  });
});
