// The Socket.IO gateway: dashboard token only, organization and call rooms, typed events fed from the bus.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { callRoom, orgRoom, type ClientToServerEvents, type ServerToClientEvents } from '../contract/stream.ts';
import type { Bus, BusEvent } from '../kernel/bus.ts';
import { safeEqual } from '../kernel/tokens.ts';
import { EVENT_ROOMS, STREAM_EVENTS, TRANSIENT_EVENTS } from './stream.events.ts';

export type Gateway = { close(): Promise<void>; io: Server<ClientToServerEvents, ServerToClientEvents> };

const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Why a handshake is refused, saying what to send: the token where the stream reads it (an `Authorization` header or
 * a `Bearer ` prefix is how `/v1` takes a key, not how the stream takes its token), and never an API key.
 */
function refusal(token: unknown, authorizationHeader: string | undefined): string {
  const how = 'send the dashboard token (the ready line\'s dashboardToken) in the handshake: io(url, { auth: { token } })';
  if (typeof token === 'string' && /^(Bearer\s+)?sk_(live|test)_/.test(token)) {
    return 'the stream serves the console only and takes the dashboard token, never an API key: an integrator\'s backend receives events by webhook';
  }
  if (typeof token === 'string' && /^Bearer\s/i.test(token)) return `the token goes without "Bearer ": ${how}`;
  if (typeof token === 'string' && token !== '') return 'this is not the server\'s dashboard token (a new one is made at every start: the ready line\'s dashboardToken)';
  if (authorizationHeader !== undefined) return `the stream does not read the Authorization header: ${how}`;
  return `no token: ${how}`;
}

type Ack = (result: { ok: boolean; error?: string }) => void;
/**
 * An emit's id and acknowledgement: the id given, undefined when none is (every one: `leave()`, `leave(ack)`, a null
 * id), null for one that is not text (nothing left, as before).
 */
function idAndAck(args: unknown[]): [string | null | undefined, Ack | undefined] {
  const ack = args.find((arg): arg is Ack => typeof arg === 'function');
  const [first] = args;
  return [typeof first === 'string' ? first : first === undefined || first === null || first === ack ? undefined : null, ack];
}

export function createGateway(deps: {
  server: HttpServer; bus: Bus; dashboardToken: string; orgExists: (id: string) => boolean;
  /** Whether the organization has an agent call with this id: a call's room is joined only through its organization's. */
  hasAgentCall: (orgId: string, callId: string) => boolean;
}): Gateway {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(deps.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: true },
  });

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token === 'string' && safeEqual(token, deps.dashboardToken)) return next();
    next(new Error(`unauthorized: ${refusal(token, socket.handshake.headers.authorization)}`));
  });

  io.on('connection', (socket) => {
    /** The organizations this socket joined: a call's room is joined only for a call of one of them. */
    const organizations = new Set<string>();
    socket.on('joinOrganization', (...args: unknown[]) => {
      const [organizationId, ack] = idAndAck(args);
      // Emitted with only an acknowledgement (it then comes first), the id forgotten: answered, where it went unanswered.
      if (typeof organizationId !== 'string' || !deps.orgExists(organizationId)) {
        ack?.({ ok: false, error: typeof organizationId === 'string' ? 'unknown organization' : 'no organization id: emit joinOrganization(organizationId)' });
        return;
      }
      organizations.add(organizationId);
      void socket.join(orgRoom(organizationId));
      ack?.({ ok: true });
    });
    // The seed names the leaves without an argument (`leaveOrganization`, `leaveCall`): emitted so, with or without an
    // acknowledgement (which then comes first), they leave every organization or call joined; they left none.
    socket.on('leaveOrganization', (...args: unknown[]) => {
      const [organizationId, ack] = idAndAck(args);
      for (const orgId of organizationId === undefined ? [...organizations] : organizationId === null ? [] : [organizationId]) {
        organizations.delete(orgId);
        void socket.leave(orgRoom(orgId));
      }
      ack?.({ ok: true });
    });
    // A typo, a stale id or another organization's call was acknowledged ok and joined a room nothing is ever sent to.
    socket.on('joinCall', (callId, ack) => {
      const ok = typeof callId === 'string' && ID_PATTERN.test(callId) && [...organizations].some((orgId) => deps.hasAgentCall(orgId, callId));
      if (!ok) {
        ack?.({ ok: false, error: organizations.size ? 'unknown call: no agent call of the organization joined has this id' : 'join an organization first (joinOrganization)' });
        return;
      }
      void socket.join(callRoom(callId));
      ack?.({ ok: true });
    });
    socket.on('leaveCall', (...args: unknown[]) => {
      const [callId, ack] = idAndAck(args);
      const joined = () => [...socket.rooms].filter((room) => room.startsWith(callRoom('')));
      const rooms = callId === undefined ? joined() : callId === null ? [] : [callRoom(callId)];
      for (const room of rooms) void socket.leave(room);
      ack?.({ ok: true });
    });
  });

  // Socket.IO encodes a packet before it looks for sockets: an organization with no console watching is skipped.
  const watched = (orgId: string | null): orgId is string => orgId !== null && io.sockets.adapter.rooms.has(orgRoom(orgId));
  const forward = (event: BusEvent): void => {
    const mapping = STREAM_EVENTS[event.type];
    if (!mapping) return;
    const roomOf = EVENT_ROOMS[event.type];
    const room = roomOf ? roomOf(event) : event.orgId === null ? null : orgRoom(event.orgId);
    // Nobody in the room: no payload is made (most events, when no console is open).
    if (room === null || !io.sockets.adapter.rooms.has(room)) return;
    const { name, payload } = mapping(event);
    io.to(room).emit(name, payload as never);
  };
  deps.bus.on('*', forward);
  deps.bus.onTransient((event) => {
    if (event.type === 'clock.changed') io.emit('clock:changed', event.data as { now: string });
    const name = TRANSIENT_EVENTS[event.type];
    if (name && watched(event.orgId)) io.to(orgRoom(event.orgId)).emit(name, event.data as never);
  });

  return {
    io,
    // Disconnects every socket but leaves the HTTP server to its owner, who closes it.
    close: async () => {
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
