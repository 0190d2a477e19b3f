// `serve --tls-cert FILE --tls-key FILE`: the real CLI serves everything on its one port over TLS (REST, the console's
// routes, the public forms pages, the Socket.IO stream, the voice server's websocket) and hands out only https:// and
// wss:// addresses; plain http to the port gets no answer; a missing, unreadable or mismatched file stops the start in
// one line. The certificate is the committed test pair src-core/testing/tls/localhost.{crt,key} (self-signed for
// localhost and 127.0.0.1, valid 100 years), trusted here as the only CA.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SCOPES } from './contract/scopes.ts';
import { SIM_RECEIVER_EXAMPLE_URL } from './contract/webhooks.ts';
import type { Ready } from './server.ts';
import { startServeProcess } from './testing/serve-process.ts';

const root = join(import.meta.dirname, '..');
const tlsDir = join(import.meta.dirname, 'testing', 'tls');
const CERT = join(tlsDir, 'localhost.crt');
const KEY = join(tlsDir, 'localhost.key');
const ca = readFileSync(CERT);
const dir = mkdtempSync(join(tmpdir(), 'sb-tls-'));
const children: ChildProcess[] = [];
let ready: Ready;
let key: string;

type Answer = { status: number; body: Record<string, unknown>; text: string };

/** A request over https, trusting only the test certificate. */
function secure(method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpsRequest(url, {
      method, ca, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString())).on('end', () => {
        const json = (res.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) as Record<string, unknown> : {};
        resolve({ status: res.statusCode ?? 0, body: json, text });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('serve --tls-cert --tls-key', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const started = await startServeProcess(join(dir, 'tls.db'), { args: ['--tls-cert', CERT, '--tls-key', KEY] });
    children.push(started.child);
    ready = started.ready;
    const created = await secure('POST', `${ready.url}/dashboard/api-keys`, ready.dashboardToken, { name: 'tls', environment: 'test', scopes: [...SCOPES] });
    if (created.status !== 201) throw new Error(`key not created: ${created.status} ${created.text}`);
    key = created.body.key as string;
  }, 120_000);

  it('says https in every URL of the ready line', () => {
    const { port } = new URL(ready.url);
    expect(ready).toMatchObject({
      url: `https://127.0.0.1:${port}`, apiBase: `https://127.0.0.1:${port}/v1`, mcpUrl: `https://127.0.0.1:${port}/mcp`,
      consoleUrl: `https://127.0.0.1:${port}/#token=${ready.dashboardToken}`,
    });
  });

  it('answers /v1 with a key, the console routes and the public forms pages over https, and hands out https addresses', async () => {
    const contacts = await secure('GET', `${ready.apiBase}/contacts`, key);
    expect(contacts.status, contacts.text).toBe(200);
    expect((await secure('GET', `${ready.url}/dashboard/mcp`, ready.dashboardToken)).body.url).toBe(ready.mcpUrl);
    const form = await secure('POST', `${ready.url}/dashboard/forms`, ready.dashboardToken, { name: 'Over TLS' });
    expect(form.status, form.text).toBe(201);
    expect(form.body.publicUrl).toBe(`${ready.url}/forms/${String(form.body.id)}`);
    const page = await secure('GET', form.body.publicUrl as string, '');
    expect([page.status, page.text]).toEqual([200, expect.stringContaining('Over TLS')]);
    expect((await secure('GET', `${ready.url}/openapi.json`, key)).body.servers).toEqual([{ url: ready.apiBase }]);
  });

  it('gets no answer to plain http on its port', async () => {
    const plain = new Promise((resolve, reject) => {
      httpRequest(ready.url.replace('https:', 'http:') + '/v1/contacts', { headers: { authorization: `Bearer ${key}` } }, resolve).on('error', reject).end();
    });
    await expect(plain).rejects.toThrow();
  });

  it('carries the Socket.IO stream over TLS (wss), trusting the certificate', async () => {
    const socket: Socket = io(ready.url, { auth: { token: ready.dashboardToken }, transports: ['websocket'], reconnection: false, forceNew: true, ca: ca.toString() });
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
      expect(await socket.emitWithAck('joinOrganization', ready.organizationId)).toEqual({ ok: true });
    } finally {
      socket.disconnect();
    }
  });

  it('hands an app call a wss:// voiceServerUrl, where the app joins over TLS', async () => {
    expect((await secure('POST', `${ready.url}/dashboard/wallet/top-up`, ready.dashboardToken, { amountPaise: 100_000 })).status).toBe(200);
    const placed = await secure('POST', `${ready.apiBase}/voice/app/calls`, key, { type: 'app', from: 'cust_1', to: 'pro_1' });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.voiceServerUrl).toBe(`wss://127.0.0.1:${new URL(ready.url).port}/voice`);
    const ws = new WebSocket(`${String(placed.body.voiceServerUrl)}?token=${encodeURIComponent(placed.body.token as string)}`, { ca });
    try {
      const first = await new Promise<Record<string, unknown>>((resolve, reject) => {
        ws.once('message', (data) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)).once('error', reject);
      });
      expect(first.type).toBe('joined');
    } finally {
      ws.terminate();
    }
  });

  it('is what `listen` reaches with NODE_EXTRA_CA_CERTS, and without it `listen` says how to trust the certificate', async () => {
    const { NODE_EXTRA_CA_CERTS: _ignored, ...env } = process.env;
    const args = ['--import', 'tsx', 'src-core/cli.ts', 'listen', '--forward-to', SIM_RECEIVER_EXAMPLE_URL, '--data', join(dir, 'tls.db')];
    const untrusted = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
    expect({ code: untrusted.status, stderr: untrusted.stderr }).toEqual({
      code: 1, stderr: `error: cannot reach the server at ${ready.url} (self-signed certificate): trust its certificate with NODE_EXTRA_CA_CERTS=FILE (README, "Commands and flags")\n`,
    });
    const trusted = spawn(process.execPath, args, { cwd: root, env: { ...env, NODE_EXTRA_CA_CERTS: CERT }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(trusted);
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: trusted.stdout as NodeJS.ReadableStream }).once('line', resolve);
      trusted.once('exit', (code) => reject(new Error(`listen exited with ${code}`)));
    });
    trusted.kill('SIGTERM');
    expect(line).toBe(`Ready! Forwarding all events to ${SIM_RECEIVER_EXAMPLE_URL}`);
  });
});

describe('serve with TLS flags as a person reads it', { timeout: 120_000 }, () => {
  it('says https in its human start-up lines', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--data', join(dir, 'human.db'), '--seed', 'none',
      '--tls-cert', CERT, '--tls-key', KEY], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    const lines: string[] = [];
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (lines.push(line) === 4) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${lines.join('\n')}`)));
    });
    child.kill('SIGTERM');
    const url = /^Switchboard is ready at (https:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    expect(url, lines.join('\n')).toBeDefined();
    expect(lines.slice(1, 4)).toEqual([`  API:      ${url}/v1`, `  MCP:      ${url}/mcp`, expect.stringMatching(new RegExp(`^  Console:  ${url}/#token=dsh_`))]);
  });
});

describe('serve refuses TLS flags it cannot use', { timeout: 120_000 }, () => {
  const serve = (...flags: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--data', join(dir, 'refused.db'), '--seed', 'none', ...flags],
      { cwd: root, encoding: 'utf8' });
    return { code: result.status, firstLine: result.stderr.split('\n')[0], stderr: result.stderr, stdout: result.stdout };
  };
  const refused = (result: ReturnType<typeof serve>, code: number, line: string) => {
    expect({ code: result.code, firstLine: result.firstLine, stdout: result.stdout }).toEqual({ code, firstLine: line, stdout: '' });
    expect(result.stderr).not.toMatch(/\n\s+at /);
  };

  it('one of the pair alone: a usage error (exit 2)', () => {
    refused(serve('--tls-cert', CERT), 2, '--tls-cert needs --tls-key too: serving over TLS takes the certificate and its private key');
    refused(serve('--tls-key', KEY), 2, '--tls-key needs --tls-cert too: serving over TLS takes the certificate and its private key');
  });

  it('a file it cannot read, no PEM in it, or a key that is not the certificate\'s: one line, exit 1', () => {
    const missing = join(dir, 'missing.crt');
    refused(serve('--tls-cert', missing, '--tls-key', KEY), 1, `error: cannot read --tls-cert ${missing}: no such file`);
    refused(serve('--tls-cert', CERT, '--tls-key', dir), 1, `error: cannot read --tls-key ${dir}: it is a directory`);
    const readme = join(root, 'README.md');
    refused(serve('--tls-cert', readme, '--tls-key', KEY), 1, `error: --tls-cert ${readme} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`);
    refused(serve('--tls-cert', CERT, '--tls-key', CERT), 1, `error: --tls-key ${CERT} is not a PEM private key (-----BEGIN PRIVATE KEY-----)`);
    const other = join(tlsDir, 'hooks.example.test.key');
    refused(serve('--tls-cert', CERT, '--tls-key', other), 1, `error: --tls-key ${other} is not the private key of the certificate in --tls-cert ${CERT}`);
  });
});
