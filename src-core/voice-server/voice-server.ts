// The local voice server: a websocket endpoint at /voice on the API's own HTTP server, where an app joins one call
// with its per-call join token (seed 001: the app "connects to the voice server"). Offline there is no audio: it
// admits, keeps and reports presence (joins and leaves), and answers pings; audio frames are ignored.
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Clock } from '../kernel/clock.ts';

export const VOICE_PATH = '/voice';
/** Who a join token lets in: one participant (an external id, or a phone leg's id) of one call of one organization. */
export type JoinGrant = { orgId: string; callId: string; participant: string };
export type VoiceServerHooks = {
  /** The join-token check (the calls domain's join-token module): the grant, or null for a token invalid or expired. */
  verify(token: string): Promise<JoinGrant | null>;
  /** A participant joined (again after a drop, too: it may come more than once). */
  onJoin(grant: JoinGrant): void;
  /**
   * A participant's connection ended on its side (it left, or lost the network), or the server is stopping: not a
   * hang-up, the call goes on.
   */
  onLeave(grant: JoinGrant): void;
};
/** Close codes (4000–4999 are the application's), each with its reason text. */
export const VOICE_CLOSE = {
  left: { code: 1000, reason: 'left the call' },
  shuttingDown: { code: 1001, reason: 'the voice server is stopping' },
  checkFailed: { code: 1011, reason: 'the join token could not be checked' },
  tokenMissing: { code: 4400, reason: 'no join token: connect to voiceServerUrl?token=<join token>' },
  tokenRefused: { code: 4401, reason: 'invalid or expired join token: ask POST /voice/app/calls/{callId}/token for a new one' },
  replaced: { code: 4409, reason: 'the same participant joined this call from another connection' },
  callEnded: { code: 4410, reason: 'the call has ended' },
} as const;
/** Messages the server sends (JSON text frames). */
export type VoiceServerMessage =
  | { type: 'joined'; callId: string; participant: string }
  | { type: 'pong' }
  | { type: 'error'; message: string };

/** `http://127.0.0.1:4800` → `ws://127.0.0.1:4800/voice` (and https → wss). */
export const voiceServerUrlOf = (baseUrl: string): string => `${baseUrl.replace(/^http/, 'ws').replace(/\/$/, '')}${VOICE_PATH}`;
const keyOf = (grant: JoinGrant): string => JSON.stringify([grant.orgId, grant.callId, grant.participant]);
/** How long (real ms) a stop waits for clients to answer the close before it cuts them off. */
const CLOSE_GRACE_MS = 1_000;

export function createVoiceServer(deps: { server: HttpServer; clock: Clock; log: (msg: string) => void; hooks: VoiceServerHooks }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  /** Who is in which call now: one connection per participant of a call, with its leave (reported once). */
  const present = new Map<string, { ws: WebSocket; grant: JoinGrant; leave: () => void }>();
  /** Connections the server itself closed (replaced, call ended, stopping): their close is not a leave. */
  const closedByServer = new WeakSet<WebSocket>();
  let stopping = false;
  const send = (ws: WebSocket, message: VoiceServerMessage): void => ws.send(JSON.stringify(message));
  const closeBy = (ws: WebSocket, close: { code: number; reason: string }): void => {
    closedByServer.add(ws);
    ws.close(close.code, close.reason);
  };
  const hook = (name: 'onJoin' | 'onLeave', grant: JoinGrant): void => {
    try {
      deps.hooks[name](grant);
    } catch (error) {
      deps.log(`voice server: ${name} for ${grant.participant} in ${grant.callId} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  function onMessage(ws: WebSocket, data: RawData, isBinary: boolean, leave: () => void): void {
    if (isBinary) return; // audio: offline there is none to carry
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return send(ws, { type: 'error', message: 'messages are JSON text: {"type": "ping"} or {"type": "leave"}' });
    }
    const type = (message as { type?: unknown } | null)?.type;
    if (type === 'ping') return send(ws, { type: 'pong' });
    if (type === 'leave') {
      leave();
      return ws.close(VOICE_CLOSE.left.code, VOICE_CLOSE.left.reason);
    }
    send(ws, { type: 'error', message: `unknown message type ${JSON.stringify(type ?? null)}: the server takes "ping" and "leave"` });
  }

  async function admit(ws: WebSocket, token: string | null): Promise<void> {
    if (!token) return closeBy(ws, VOICE_CLOSE.tokenMissing);
    let grant: JoinGrant | null;
    try {
      grant = await deps.hooks.verify(token);
    } catch (error) {
      deps.log(`voice server: verifying a join token failed: ${error instanceof Error ? error.message : String(error)}`);
      return closeBy(ws, VOICE_CLOSE.checkFailed);
    }
    if (ws.readyState !== ws.OPEN) return; // the app went away while its token was checked
    if (!grant || stopping) return closeBy(ws, stopping ? VOICE_CLOSE.shuttingDown : VOICE_CLOSE.tokenRefused);
    const key = keyOf(grant);
    const previous = present.get(key);
    if (previous) closeBy(previous.ws, VOICE_CLOSE.replaced);
    // A leave is reported once: when the app says so, when its connection ends on its side, or at a stop.
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      if (present.get(key)?.ws === ws) present.delete(key);
      hook('onLeave', grant);
    };
    present.set(key, { ws, grant, leave });
    ws.on('message', (data, isBinary) => onMessage(ws, data, isBinary, leave));
    ws.on('close', () => {
      if (present.get(key)?.ws === ws) present.delete(key);
      if (!closedByServer.has(ws)) leave();
    });
    hook('onJoin', grant);
    send(ws, { type: 'joined', callId: grant.callId, participant: grant.participant });
  }

  // Only /voice is ours; Socket.IO's own upgrade listener takes /socket.io/ (and ends any other upgrade).
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(request.url ?? '/', 'http://voice.local');
    if (url.pathname !== VOICE_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', (error) => deps.log(`voice server: ${error.message}`));
      void admit(ws, url.searchParams.get('token'));
    });
  };
  deps.server.on('upgrade', onUpgrade);

  return {
    /** The participants connected to a call now. */
    participants: (orgId: string, callId: string): string[] =>
      [...present.values()].filter(({ grant }) => grant.orgId === orgId && grant.callId === callId).map(({ grant }) => grant.participant),
    /** Closes every connection of a call that has ended (4410); no leave is reported for them. */
    endCall(orgId: string, callId: string): void {
      for (const [key, { ws, grant }] of [...present.entries()]) {
        if (grant.orgId !== orgId || grant.callId !== callId) continue;
        present.delete(key);
        closeBy(ws, VOICE_CLOSE.callEnded);
      }
    },
    /**
     * Closes every connection (1001) and stops taking new ones; the HTTP server is its owner's to close. A stop is
     * everyone leaving: each app in a room is reported gone first (its connection's own close is then not a leave).
     */
    async close(): Promise<void> {
      stopping = true;
      deps.server.off('upgrade', onUpgrade);
      for (const { leave } of [...present.values()]) leave();
      const open = [...wss.clients];
      await Promise.all(open.map((ws) => new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        closeBy(ws, VOICE_CLOSE.shuttingDown);
        const cutOff = deps.clock.realTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
        ws.once('close', () => cutOff.cancel());
      })));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
export type VoiceServer = ReturnType<typeof createVoiceServer>;
