// A webhook receiver for tests, on 127.0.0.1 and a free port: records every request (headers and raw
// body) and answers `status` with `body(status)`, or never answers while `hang` is set.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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
