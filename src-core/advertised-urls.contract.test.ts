// The addresses an answer hands out (a WhatsApp media link, the recordings' links, the voice server's address, the
// assistant endpoint's URL) point where the request reached the server, as /openapi.json's server does: on a server
// started on every interface (`serve --host 0.0.0.0`) they said http://0.0.0.0:port, which no client can send to.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
let port: number;
let agentId: string;

type Answer = { status: number; headers: Record<string, unknown>; body: Record<string, unknown> };

/** A request without a Host header, as HTTP/1.0 may send one (HTTP/1.1 requires it). */
function withoutHost(method: string, path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const lines = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)) }).map(([name, value]) => `${name}: ${value}\r\n`);
    const socket = connect(port, '127.0.0.1', () => socket.end(`${method} ${path} HTTP/1.0\r\n${lines.join('')}\r\n${body}`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString())).on('error', reject).on('end', () => {
      const [head = '', rest = ''] = text.split('\r\n\r\n');
      const fields = head.split('\r\n').slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
      resolve({ status: Number(head.split(' ')[1]), headers: Object.fromEntries(fields), body: JSON.parse(rest) as Record<string, unknown> });
    });
  });
}

/**
 * A request to the server with the Host header `host` (fetch sends the URL's own), or none for null; `raw` a body that
 * is no JSON.
 */
function at(host: string | null, method: string, path: string, init: { token?: string; body?: unknown; raw?: { bytes: Buffer; type: string }; headers?: Record<string, string> } = {}) {
  const payload = init.raw?.bytes ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const headers: Record<string, string> = { authorization: `Bearer ${init.token ?? key}`, ...init.headers };
  if (payload !== undefined) headers['content-type'] = init.raw?.type ?? 'application/json';
  if (host === null) return withoutHost(method, path, headers, payload?.toString() ?? '');
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString())).on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) as Record<string, unknown> : {} });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every address the server hands out, asked with the Host header `host`. */
async function addressesAt(host: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')], { type: 'image/png' }), 'box.png');
  const encoded = new Response(form);
  const raw = { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') as string };
  const media = (await at(host, 'POST', '/v1/whatsapp/header-media/upload', { raw })).body;
  const appCall = (await at(host, 'POST', '/v1/voice/app/calls', { body: { type: 'app', from: 'cust_1', to: 'pro_1' } })).body;
  const callPath = `/v1/voice/app/calls/${String(appCall.callId)}`;
  const accepted = (await at(host, 'POST', `${callPath}/accept`, { body: { asExternalId: 'pro_1' } })).body;
  const rejoined = (await at(host, 'POST', `${callPath}/token`, { body: { asExternalId: 'cust_1' } })).body;
  await at(host, 'POST', `${callPath}/end`, { body: {} });
  const agentCall = (await at(host, 'POST', '/v1/voice/calls/outbound', { body: { agentId, toNumber: '+14155550101' } })).body;
  await t.advance(120);
  const link = async (path: string) => ((await at(host, 'GET', path)).body.data as { url: string }).url;
  return {
    media: media.url,
    voiceServer: [appCall.voiceServerUrl, accepted.voiceServerUrl, rejoined.voiceServerUrl],
    appCallRecording: await link(`${callPath}/recording`),
    agentCallRecording: await link(`/v1/voice/calls/${String(agentCall.id)}/recording`),
    mcp: (await at(host, 'GET', '/dashboard/mcp', { token: t.dashboardToken })).body.url,
  };
}

const expected = (origin: string) => ({
  media: expect.stringMatching(new RegExp(`^http://${origin}/media/media_`)),
  voiceServer: [`ws://${origin}/voice`, `ws://${origin}/voice`, `ws://${origin}/voice`],
  appCallRecording: expect.stringMatching(new RegExp(`^http://${origin}/voice-app/recordings/apc_\\w+\\.wav\\?expires=`)),
  agentCallRecording: expect.stringMatching(new RegExp(`^http://${origin}/recordings/call_\\w+\\.wav\\?expires=`)),
  mcp: `http://${origin}/mcp`,
});

beforeAll(async () => {
  // Listening on every interface, as `serve --host 0.0.0.0` does to be reached from another machine.
  t = await createTestServer({ host: '0.0.0.0' });
  port = Number(new URL(t.url).port);
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  agentId = (await t.request('POST', '/v1/voice/agents', { token: key, body: { name: 'Confirm', greeting: 'Hello', instructions: 'Confirm.' } })).body.id as string;
});
afterAll(async () => {
  await t.close();
});

describe('the addresses an answer hands out', () => {
  it('are at the host the request reached (its Host header), as another machine reaches a server on 0.0.0.0', async () => {
    expect(await addressesAt(`192.0.2.10:${port}`)).toEqual(expected(`192.0.2.10:${port}`));
    expect(await addressesAt(`switchboard.lan:${port}`)).toEqual(expected(`switchboard.lan:${port}`));
  });

  it('are at a loopback address, never the wildcard one, for a request that reached 0.0.0.0 or named no usable host', async () => {
    expect(await addressesAt(`0.0.0.0:${port}`)).toEqual(expected(`127.0.0.1:${port}`));
    // A Host that is no host name is not echoed into a link.
    expect(await addressesAt('evil.test/"><script>')).toEqual(expected(`127.0.0.1:${port}`));
  });

  it('are at the host the assistant endpoint was reached at, in a tool\'s answer', async () => {
    const placed = (await at(`192.0.2.10:${port}`, 'POST', '/v1/voice/calls/outbound', { body: { agentId, toNumber: '+14155550102' } })).body;
    await t.advance(120);
    const recordingVia = async (host: string | null) => {
      const mcp = (id: number, method: string, params: unknown, session?: string) => at(host, 'POST', '/mcp', {
        headers: { accept: 'application/json, text/event-stream', ...(session ? { 'mcp-session-id': session } : {}) },
        body: { jsonrpc: '2.0', id, method, params },
      });
      const opened = await mcp(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
      const called = await mcp(2, 'tools/call', { name: 'get_voice_call_recording', arguments: { id: placed.id } }, opened.headers['mcp-session-id'] as string);
      const result = called.body.result as { content: Array<{ text: string }> };
      return JSON.parse(result.content[0]?.text ?? '{}').data.url as string;
    };
    expect(await recordingVia(`192.0.2.10:${port}`)).toMatch(new RegExp(`^http://192\\.0\\.2\\.10:${port}/recordings/call_`));
    // Without a Host, the tool's inner request is not light-my-request's `localhost:80`, but where the outer one reached.
    expect(await recordingVia(null)).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/recordings/call_`));
  });
});
