// The live event stream: Socket.IO on the same host as the API, the stream the console watches. As the contract
// says, it serves the dashboard only: it takes the dashboard token in the handshake, never an API key (integrator
// backends use webhooks: see webhook-receiver.mjs). After `joinOrganization` it gets the organization's events
// (messages, contacts, agent calls…); after `joinCall(callId)`, that call's live transcript. This prints each event
// as it comes and follows the transcript of every agent call that starts.
//
// Run it against a local server:
//   npm run serve -- --seed demo                 (terminal 1; it prints the Console URL, #token=dsh_…)
//   SWITCHBOARD_DASHBOARD_TOKEN=dsh_… node examples/stream.mjs [--until EVENT]
// SWITCHBOARD_URL defaults to http://127.0.0.1:4800; SWITCHBOARD_ORG_ID to the default organization. Then make
// something happen: send a message (send-and-track.mjs), or place an agent call from the console's Calls page.
// With --until EVENT (e.g. --until voice:call.ended) it exits after the first event of that name. Copied out of this
// repository, it needs `npm install socket.io-client`.
import { io } from 'socket.io-client';

const BASE = process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:4800';
const TOKEN = process.env.SWITCHBOARD_DASHBOARD_TOKEN;
if (!TOKEN) {
  console.error('Set SWITCHBOARD_DASHBOARD_TOKEN (see the comment at the top of this file).');
  process.exit(2);
}
const untilIndex = process.argv.indexOf('--until');
const until = untilIndex === -1 ? null : process.argv[untilIndex + 1];

/** The organization to watch: SWITCHBOARD_ORG_ID, or the default one (a console route, with the same token). */
async function organizationId() {
  if (process.env.SWITCHBOARD_ORG_ID) return process.env.SWITCHBOARD_ORG_ID;
  const headers = { authorization: `Bearer ${TOKEN}` };
  const response = await fetch(`${BASE}/dashboard/organizations`, { headers }).catch((error) => {
    throw new Error(`cannot reach Switchboard at ${BASE} (${error.cause?.code ?? error.message}): is it running?`);
  });
  if (!response.ok) {
    throw new Error(`GET /dashboard/organizations answered ${response.status}: ${await response.text()}`);
  }
  return (await response.json()).defaultOrganizationId;
}

const orgId = await organizationId();
const socket = io(BASE, { auth: { token: TOKEN } });

socket.on('connect_error', (error) => {
  console.error(`cannot connect to the stream: ${error.message}`);
  process.exit(1);
});

// Joined again on every (re)connection: rooms do not survive a dropped connection.
socket.on('connect', async () => {
  const joined = await socket.emitWithAck('joinOrganization', orgId);
  if (!joined.ok) {
    console.error(`joinOrganization ${orgId} refused: ${joined.error}`);
    process.exit(1);
  }
  console.log(`listening to ${orgId}`);
});

socket.onAny(async (name, payload) => {
  console.log(`${name} ${JSON.stringify(payload).slice(0, 200)}`);
  if (name === 'voice:call.initiated') {
    // Transcript chunks go to the call's own room, to those who asked for them.
    const { ok } = await socket.emitWithAck('joinCall', payload.callId);
    if (ok) console.log(`following the transcript of ${payload.callId}`);
  }
  if (name === 'voice:call.ended') socket.emit('leaveCall', payload.callId);
  if (name === until) {
    socket.close();
    process.exit(0);
  }
});
