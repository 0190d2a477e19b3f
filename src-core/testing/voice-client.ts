// An app on the voice server for tests: a real websocket client (ws) that queues the server's JSON messages and
// resolves `closed` with the close code and reason. Every client made is kept in `opened`, to terminate at the end.
import { WebSocket } from 'ws';

export type VoiceClient = {
  ws: WebSocket; messages: Array<Record<string, unknown>>; closed: Promise<{ code: number; reason: string }>;
  /** The next message from the server (one already received first). */
  next(): Promise<Record<string, unknown>>;
  send(message: unknown): void;
};

export function connectVoice(url: string, opened: WebSocket[]): VoiceClient {
  const ws = new WebSocket(url);
  opened.push(ws);
  const messages: Array<Record<string, unknown>> = [];
  const waiting: Array<(message: Record<string, unknown>) => void> = [];
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const next = (): Promise<Record<string, unknown>> => {
    const ready = messages.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
  };
  return { ws, messages, closed, next, send: (message) => ws.send(JSON.stringify(message)) };
}
