// A webhook receiver for tests, on 127.0.0.1 and a free port: records every request (headers and raw
// body) and answers `status` with `body(status)`, or never answers while `hang` is set.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestServer, type TestServer } from './test-server.ts';

export type Received = { headers: IncomingHttpHeaders; body: string };
export type WebhookReceiver = { url: string; received: Received[]; status: number; hang: boolean; close(): Promise<void> };

export async function startWebhookReceiver(options: { path?: string; body?: (status: number) => string } = {}): Promise<WebhookReceiver> {
  const answer = options.body ?? ((status: number) => `answer ${status}`);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (receiver.hang) return;
      response.writeHead(receiver.status, { 'content-type': 'text/plain' }).end(answer(receiver.status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.path ?? '/hooks'}`, received: [], status: 200, hang: false,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return receiver;
}

/** A test server that delivers to 127.0.0.1 with a short timeout, and a key with room for many calls. */
export async function startWebhookTestServer(): Promise<{ t: TestServer; key: string }> {
  const t = await createTestServer({ allowPrivateWebhooks: true, webhooks: { timeoutMs: 300 } });
  return { t, key: (await t.createKey({ rateLimitPerMinute: 10_000 })).key };
}

/** Lets the deliveries due now run: the clock moves a hair, the events are dispatched, and it moves again. */
export async function settleDeliveries(t: TestServer): Promise<void> {
  await t.advance(0.001);
  await t.server.bus.flush();
  await t.advance(0.001);
}

/**
 * The set-up webhook contract tests share, registered as the file's beforeAll/afterAll: a server, a key,
 * receivers (closed at the end), the API with that key, and `settle`.
 */
export function webhookSuite() {
  const state: { t?: TestServer; key: string } = { key: '' };
  const receivers: WebhookReceiver[] = [];
  const server = (): TestServer => state.t as TestServer;
  const api = (method: string, path: string, body?: unknown) => server().request(method, path, { token: state.key, body });
  beforeAll(async () => {
    Object.assign(state, await startWebhookTestServer());
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await state.t?.close();
  });
  return {
    server,
    key: (): string => state.key,
    async receiver(status?: number): Promise<WebhookReceiver> {
      const r = await startWebhookReceiver();
      if (status !== undefined) r.status = status;
      receivers.push(r);
      return r;
    },
    api,
    settle: () => settleDeliveries(server()),
    /**
     * An endpoint whose receiver answers 503 to five tests until it has failed 15 times in a row (three
     * attempts each, through the 10 s and 1 min retries): what disables an endpoint on its own.
     */
    async failingFifteenTimes(): Promise<{ r: WebhookReceiver; endpointId: string }> {
      const r = await this.receiver(503);
      const endpointId = (await api('POST', '/v1/webhooks', { url: r.url, events: ['form.submitted'] })).body.id as string;
      for (let i = 0; i < 5; i++) await api('POST', `/v1/webhooks/${endpointId}/test`, {});
      await settleDeliveries(server());
      await server().advance(10);
      await server().advance(60);
      return { r, endpointId };
    },
  };
}
