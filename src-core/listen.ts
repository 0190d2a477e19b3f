// `switchboard listen --forward-to URL`: registers a development webhook endpoint on the running
// server, prints its signing secret, then prints each delivery and the receiver's answer as it happens.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from './contract/stream.ts';
import { onStopSignal } from './stop-signal.ts';

export type ServerInfo = { url: string; dashboardToken: string; organizationId: string; pid: number };
const out = (line: string): void => void process.stdout.write(`${line}\n`);
/** How long Ctrl-C waits for the server to remove the development endpoint. */
const REMOVE_TIMEOUT_MS = 5_000;
/** How long listen waits to join the live stream before it says it is ready anyway (with a warning). */
const JOIN_TIMEOUT_MS = 5_000;

/** Where `serve` says how to reach it (next to its database; readable by this user only). */
export const serverInfoFile = (dataFile: string): string => `${dataFile}.server.json`;
export function writeServerInfo(dataFile: string, info: ServerInfo): void {
  writeFileSync(serverInfoFile(dataFile), JSON.stringify(info), { mode: 0o600 });
}
export function removeServerInfo(dataFile: string): void {
  rmSync(serverInfoFile(dataFile), { force: true });
}
export function readServerInfo(dataFile: string): ServerInfo | null {
  try {
    return JSON.parse(readFileSync(serverInfoFile(dataFile), 'utf8')) as ServerInfo;
  } catch {
    return null;
  }
}

/**
 * Why the server could not be reached, in one line (fetch says only "fetch failed"); for a server on TLS whose
 * certificate this Node does not trust (`serve --tls-cert`), how to trust it.
 */
function unreachable(url: string, error: Error): string {
  const cause = (error.cause as Error | undefined)?.message ?? error.message;
  const trust = url.startsWith('https:') && /certificate|issuer/i.test(cause) ? ': trust its certificate with NODE_EXTRA_CA_CERTS=FILE (README, "Commands and flags")' : '';
  return `cannot reach the server at ${url} (${cause})${trust}`;
}

export async function listen(options: { server: ServerInfo; forwardTo: string; events: string[] }): Promise<number> {
  const { server } = options;
  const headers = { authorization: `Bearer ${server.dashboardToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/dashboard/webhooks`, {
    method: 'POST', headers, body: JSON.stringify({ url: options.forwardTo, events: options.events.length ? options.events : '*', description: 'switchboard listen' }),
  }).catch((error: Error) => {
    throw new Error(unreachable(server.url, error));
  });
  const body = (await created.json()) as { id?: string; secret?: string; message?: string };
  if (created.status !== 201 || !body.id) {
    process.stderr.write(`error: ${body.message ?? created.statusText}\n`);
    return 1;
  }
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(server.url, { auth: { token: server.dashboardToken }, transports: ['websocket'] });
  // In the organization's room before "Ready!": a delivery made as soon as the secret shows is printed too (joined
  // after it, listen missed the attempts made meanwhile). Again on every reconnect.
  const joined = new Promise<boolean>((resolve) => {
    socket.on('connect', () => socket.emit('joinOrganization', server.organizationId, (result) => resolve(result.ok)));
    socket.once('connect_error', () => resolve(false));
    AbortSignal.timeout(JOIN_TIMEOUT_MS).addEventListener('abort', () => resolve(false));
  });
  socket.on('delivery:attempt', (attempt) => {
    if (attempt.endpointId !== body.id) return;
    const answer = attempt.responseStatus === null ? `failed: ${attempt.error}` : `[${attempt.responseStatus}]`;
    out(`${attempt.at}  --> ${attempt.eventType} [${attempt.eventId}] attempt ${attempt.attempt}`);
    out(`${attempt.at}  <-- ${answer} POST ${options.forwardTo}${attempt.latencyMs === null ? '' : ` (${attempt.latencyMs} ms)`}`);
  });
  // Registered before the secret is printed: a Ctrl-C as soon as it shows still removes the endpoint.
  const stopped = new Promise<number>((resolve) => onStopSignal(() => {
    out(`Stopping: removing the development endpoint ${body.id}`);
    socket.disconnect();
    // 404: already gone (a receiver's 410 deletes it); anything else leaves it registered, and says so.
    // Bounded: a server that hangs must not keep listen (which now ignores further signals) from exiting.
    const signal = AbortSignal.timeout(REMOVE_TIMEOUT_MS);
    fetch(`${server.url}/dashboard/webhooks/${body.id}`, { method: 'DELETE', headers: { authorization: headers.authorization }, signal }).then(
      (answer) => (answer.ok || answer.status === 404 ? null : `the server answered ${answer.status}`),
      (error: Error) => (error.name === 'TimeoutError' ? `no answer in ${REMOVE_TIMEOUT_MS / 1000} s` : (error.cause as Error | undefined)?.message ?? error.message),
    ).then((problem) => {
      if (problem === null) out(`Removed the development endpoint ${body.id}`);
      else process.stderr.write(`error: could not remove the development endpoint ${body.id} (${problem}); delete it on the console's Webhooks page\n`);
      resolve(problem === null ? 0 : 1);
    });
  }));
  if (!(await joined)) process.stderr.write('warning: not connected to the server\'s live stream yet: deliveries are printed once it is\n');
  out(`Ready! Forwarding ${options.events.length ? options.events.join(', ') : 'all events'} to ${options.forwardTo}`);
  out(`Your webhook signing secret is ${body.secret} (endpoint ${body.id})`);
  return stopped;
}
