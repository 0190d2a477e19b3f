// How the HTTP server stops (what SIGTERM runs: the server's close). It lets the requests in flight finish, but not
// their connections live on after, and not forever: a client that reads a download slowly, or never, does not hold it.
import type { Server } from 'node:http';
import type { Clock } from './clock.ts';

/** How long (real ms) a stop waits for answers still being handled or sent before it cuts their connections. */
export const STOP_GRACE_MS = 10_000;

/**
 * The stop of `server`, in steps the HTTP layer calls: `begin` when the stop begins (before the server closes),
 * `answered` after each answer is sent, `ended` once the server has closed; `stopping()` says whether it has begun.
 *
 * The HTTP library closes the keep-alive connections idle when the stop begins; one that goes idle after (its answer
 * sent since) would be kept alive until its keep-alive timeout (72 s), holding the stop that long. So once it has begun,
 * an answer says `Connection: close` (the connection ends after it), and one whose headers went out before is closed as
 * soon as it is sent. An answer still not sent `graceMs` after the stop began (a client that stopped reading a recording
 * midway, the socket's buffers full) has its connection cut, logged: the stop ends in bounded time whatever a client does.
 */
export function createHttpStop(server: Server, deps: { clock: Clock; log: (msg: string) => void; graceMs?: number | undefined }) {
  const graceMs = deps.graceMs ?? STOP_GRACE_MS;
  let stopping = false;
  let cutOff: { cancel(): void } | null = null;
  return {
    stopping: () => stopping,
    begin(): void {
      stopping = true;
      cutOff = deps.clock.realTimeout(() => {
        deps.log(`stop: answers still being sent ${graceMs} ms after the stop began had their connections cut`);
        server.closeAllConnections();
      }, graceMs);
    },
    answered(): void {
      if (stopping) server.closeIdleConnections();
    },
    ended(): void {
      cutOff?.cancel();
    },
  };
}
