// A webhook receiver: a node:http server on 127.0.0.1 that verifies each delivery's signature over the raw body
// (README, "Receiving webhooks"), skips event ids it has already handled (delivery is at least once), answers 200
// and logs the event. It registers itself as an endpoint for every event (`*`) and asks for a test delivery; Ctrl-C
// removes the endpoint again.
//
// Run it against a local server that accepts loopback webhook URLs (the hosted service takes only public https):
//   npm run serve -- --seed demo --allow-private-webhooks     (terminal 1)
//   npm run cli -- keys create --name examples --scopes all   (the key needs webhooks:write)
//   SWITCHBOARD_API_KEY=sk_test_… node examples/webhook-receiver.mjs [--once]
// SWITCHBOARD_URL defaults to http://127.0.0.1:4800; WEBHOOK_PORT to 0 (any free port). With --once it replays the
// test delivery (the same event id, so it is skipped as a duplicate), removes the endpoint and exits.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { createServer } from 'node:http';

const BASE = process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:4800';
const API_KEY = process.env.SWITCHBOARD_API_KEY;
if (!API_KEY) {
  console.error('Set SWITCHBOARD_API_KEY (see the comment at the top of this file).');
  process.exit(2);
}

async function api(method, path, body) {
  const response = await fetch(`${BASE}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${API_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).catch((error) => {
    throw new Error(`cannot reach Switchboard at ${BASE} (${error.cause?.code ?? error.message}): is it running?`);
  });
  const answer = response.status === 204 ? null : await response.json();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

// Exactly as the README shows: `t=<unix seconds>,v1=<hex>`, HMAC-SHA256 of `${t}.${rawBody}` with the secret.
function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const pairs = (header ?? '').split(',').map((part) => part.split('='));
  const t = Number(pairs.find(([k]) => k === 't')?.[1]);
  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return pairs.filter(([k]) => k === 'v1').some(([, hex]) => {
    const given = Buffer.from(hex ?? '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let secret = null; // the endpoint's signing secret: given once, when the endpoint is registered
const handled = new Set(); // event ids already processed (keep them in your database in production)
const arrivals = new EventEmitter(); // emits each verified delivery's event id

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks).toString('utf8'); // verify these bytes, before any JSON.parse
    if (!secret || !verify(rawBody, request.headers['x-service-signature'], secret)) {
      console.log('refused a delivery: its signature does not verify');
      response.writeHead(400).end(); // not 2xx: Switchboard retries it
      return;
    }
    const eventId = request.headers['x-service-event-id'];
    const attempt = request.headers['x-service-delivery-attempt'];
    response.writeHead(200).end(); // answer at once; work that takes long belongs in a queue
    if (handled.has(eventId)) {
      console.log(`duplicate ${eventId} (attempt ${attempt}): already handled, skipped`);
    } else {
      handled.add(eventId);
      const event = JSON.parse(rawBody);
      console.log(`verified ${event.type} ${event.id} (attempt ${attempt}): ${JSON.stringify(event.data)}`);
    }
    arrivals.emit(eventId);
  });
});
await new Promise((resolve) => server.listen(Number(process.env.WEBHOOK_PORT ?? 0), '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/webhooks`;
console.log(`listening on ${url}`);

const endpoint = await api('POST', '/webhooks', { url, events: ['*'], description: 'examples/webhook-receiver.mjs' });
secret = endpoint.secret;
console.log(`registered endpoint ${endpoint.id}`);

async function stop() {
  await api('DELETE', `/webhooks/${endpoint.id}`);
  console.log(`removed endpoint ${endpoint.id}`);
  process.exit(0);
}
process.once('SIGINT', stop).once('SIGTERM', stop);

// A test delivery (202: queued). It may arrive before this answer does, hence the check of `handled`.
const test = await api('POST', `/webhooks/${endpoint.id}/test`, {});
console.log(`asked for a test delivery: event ${test.eventId}`);

if (process.argv.includes('--once')) {
  if (!handled.has(test.eventId)) await once(arrivals, test.eventId);
  const again = once(arrivals, test.eventId);
  await api('POST', `/webhooks/deliveries/${test.deliveryId}/replay`, {}); // re-sent with the same event id
  await again;
  await stop();
}
