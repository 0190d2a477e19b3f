// The Socket.IO gateway with a real client: dashboard token only, rooms, typed events from the bus.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/stream.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let t: TestServer;
const clients: Client[] = [];

function connect(token: string | undefined): Client {
  const socket: Client = io(t.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  clients.push(socket);
  return socket;
}
const connected = (socket: Client) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  for (const socket of clients) socket.disconnect();
  await t.close();
});

describe('socket gateway', () => {
  it('refuses an API key and a missing token at connect, saying what to send', async () => {
    const key = await t.createKey();
    const how = "send the dashboard token (the ready line's dashboardToken) in the handshake: io(url, { auth: { token } })";
    await expect(connected(connect(key.key))).rejects.toThrow(
      "unauthorized: the stream serves the console only and takes the dashboard token, never an API key: an integrator's backend receives events by webhook");
    await expect(connected(connect(undefined))).rejects.toThrow(`unauthorized: no token: ${how}`);
    await expect(connected(connect(`Bearer ${t.dashboardToken}`))).rejects.toThrow(`unauthorized: the token goes without "Bearer ": ${how}`);
    await expect(connected(connect('dsh_stale'))).rejects.toThrow(
      "unauthorized: this is not the server's dashboard token (a new one is made at every start: the ready line's dashboardToken)");
    // The token in an Authorization header, as /v1 takes a key (extraHeaders reach the server on the polling transport).
    const inHeader: Client = io(t.url, { extraHeaders: { authorization: `Bearer ${t.dashboardToken}` }, transports: ['polling'], reconnection: false, forceNew: true });
    clients.push(inHeader);
    await expect(connected(inHeader)).rejects.toThrow(`unauthorized: the stream does not read the Authorization header: ${how}`);
  });

  it('delivers contact events to the organization room only after joinOrganization', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    const joined = await socket.emitWithAck('joinOrganization', t.organizationId);
    expect(joined).toEqual({ ok: true });
    expect(await socket.emitWithAck('joinOrganization', 'org_unknown')).toEqual({ ok: false, error: 'unknown organization' });
    // The id forgotten, the acknowledgement comes first: answered (it went unanswered).
    const emitRaw = socket.emit.bind(socket) as unknown as (event: string, ...args: unknown[]) => void;
    expect(await new Promise((resolve) => emitRaw('joinOrganization', resolve))).toEqual({ ok: false, error: 'no organization id: emit joinOrganization(organizationId)' });
    const outsider = connect(t.dashboardToken);
    await connected(outsider);
    let outsiderSaw = 0;
    outsider.on('contact:created', () => outsiderSaw++);

    const received = new Promise<Parameters<ServerToClientEvents['contact:updated']>[0]>((resolve) => socket.once('contact:updated', resolve));
    const created = await t.dashboard('POST', '/dashboard/contacts', { name: 'Stream Person' });
    await t.dashboard('POST', `/dashboard/contacts/${created.body.id}/block`, { reason: 'testing' });
    const event = await received;
    expect(event).toMatchObject({ contactId: created.body.id, changedFields: ['isBlocked', 'blockedReason'] });
    expect(event.contact.blockedReason).toBe('testing');
    expect(outsiderSaw).toBe(0);
  });

  it('streams new messages and their status changes as the clock moves', async () => {
    t.server.services.wallet.topUp(t.organizationId, { amountPaise: 1_000 });
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    const created = new Promise<Parameters<ServerToClientEvents['message:new']>[0]>((resolve) => socket.once('message:new', resolve));
    const sent = await t.server.services.messaging.send({ orgId: t.organizationId, channel: 'sms', to: '+14155550777', sender: 'ACME', type: 'text', text: 'Hi', source: 'API' });
    expect((await created).message).toMatchObject({ id: sent.id, status: 'sent' });
    const updated = new Promise<Parameters<ServerToClientEvents['message:updated']>[0]>((resolve) => socket.once('message:updated', resolve));
    await t.advance(2);
    expect((await updated).message).toMatchObject({ id: sent.id, status: 'delivered' });
    const inbound = new Promise<Parameters<ServerToClientEvents['message:new']>[0]>((resolve) => socket.once('message:new', resolve));
    await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550777', text: 'Thanks' });
    expect((await inbound).message).toMatchObject({ direction: 'inbound', text: 'Thanks' });
  });

  it('forwards campaign progress and webhook delivery attempts to the organization room', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    const progress = new Promise<Parameters<ServerToClientEvents['campaign:progress']>[0]>((resolve) => socket.once('campaign:progress', resolve));
    const payload = { campaignId: 'cmp_x', channel: 'whatsapp', status: 'RUNNING', totalRecipients: 10, sent: 4, failed: 1, pending: 5, cancelled: 0 };
    t.server.db.tx(() => t.server.bus.emit(t.organizationId, 'campaign.progress', payload));
    expect(await progress).toEqual(payload);
    const attempt = new Promise<Parameters<ServerToClientEvents['delivery:attempt']>[0]>((resolve) => socket.once('delivery:attempt', resolve));
    t.server.bus.publishTransient(t.organizationId, 'webhook.attempt', { deliveryId: 'whd_x', attempt: 1 });
    expect(await attempt).toMatchObject({ deliveryId: 'whd_x', attempt: 1 });
  });

  it('says when the wallet is topped up or its prices change, and when an email address is suppressed (a bounce or a complaint)', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    const topped = new Promise<Parameters<ServerToClientEvents['wallet:changed']>[0]>((resolve) => socket.once('wallet:changed', resolve));
    const wallet = await t.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 3 });
    expect(await topped).toEqual({ balancePaise: wallet.body.balancePaise, emailCredits: wallet.body.emailCredits });
    const priced = new Promise<Parameters<ServerToClientEvents['wallet:changed']>[0]>((resolve) => socket.once('wallet:changed', resolve));
    await t.dashboard('PUT', '/dashboard/wallet/prices', { prices: { sms: 30 } });
    expect(await priced).toEqual({ balancePaise: wallet.body.balancePaise, emailCredits: wallet.body.emailCredits });
    // The bounce's event is written with the suppression (email.service.ts); the stream names the address.
    const suppressed = new Promise<Parameters<ServerToClientEvents['email:suppressed']>[0]>((resolve) => socket.once('email:suppressed', resolve));
    t.server.db.tx(() => t.server.bus.emit(t.organizationId, 'email.message.bounced', { message: { id: 'msg_x' }, email: 'bounce@sim.test', suppressed: true }));
    expect(await suppressed).toEqual({ email: 'bounce@sim.test', reason: 'bounced' });
    // So is a spam complaint's (email.service.ts, engagement), with its own reason.
    const complained = new Promise<Parameters<ServerToClientEvents['email:suppressed']>[0]>((resolve) => socket.once('email:suppressed', resolve));
    t.server.db.tx(() => t.server.bus.emit(t.organizationId, 'email.message.complained', { message: { id: 'msg_y' }, email: 'complaint@sim.test' }));
    expect(await complained).toEqual({ email: 'complaint@sim.test', reason: 'complained' });
  });

  it('streams request-log lines of the organization', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    const key = await t.createKey({ name: 'streamed' });
    const logged = new Promise<Parameters<ServerToClientEvents['request:logged']>[0]>((resolve) => socket.once('request:logged', resolve));
    await t.request('GET', '/v1/contacts?limit=1', { token: key.key });
    expect(await logged).toMatchObject({ keyId: key.id, endpoint: '/v1/contacts', statusCode: 200, method: 'GET' });
  });

  it('says when automations or their runs change, and when an integration is connected or disconnected', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    type Change = Parameters<ServerToClientEvents['automations:changed']>[0];
    const nextChange = () => new Promise<Change>((resolve) => socket.once('automations:changed', resolve));
    const made = nextChange();
    const created = await t.dashboard('POST', '/dashboard/automations', { name: 'Welcome', trigger: { type: 'contact.created', config: {} }, steps: [] });
    expect(await made).toEqual({ automationIds: [created.body.id] });
    const activated = nextChange();
    await t.dashboard('POST', `/dashboard/automations/${created.body.id}/activate`);
    expect(await activated).toEqual({ automationIds: [created.body.id] });
    // A run, set off by a new contact, is a change of its automation too (the page shows its runs).
    const ran = nextChange();
    await t.dashboard('POST', '/dashboard/contacts', { name: 'Automated Person' });
    expect(await ran).toEqual({ automationIds: [created.body.id] });

    type Integration = Parameters<ServerToClientEvents['integration:changed']>[0];
    const nextIntegration = () => new Promise<Integration>((resolve) => socket.once('integration:changed', resolve));
    const instagram = nextIntegration();
    await t.dashboard('POST', '/dashboard/instagram/connection', { username: 'examplestore' });
    expect(await instagram).toEqual({ integration: 'instagram', connected: true });
    const dropped = nextIntegration();
    await t.dashboard('DELETE', '/dashboard/instagram/connection');
    expect(await dropped).toEqual({ integration: 'instagram', connected: false });
    const shopify = nextIntegration();
    await t.dashboard('POST', '/dashboard/shopify/connection', { shopDomain: 'stream-goods.myshopify.com' });
    expect(await shopify).toEqual({ integration: 'shopify', connected: true });
  });

  it('says when OTP requests change: sent, a code checked, expired on the clock', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    t.server.services.wallet.topUp(t.organizationId, { amountPaise: 1_000 });
    const { key } = await t.createKey({ scopes: ['otp:send', 'otp:verify'] });
    const widgetId = (await t.dashboard('POST', '/dashboard/otp-widgets', { name: 'Stream login', expirySeconds: 60 })).body.id as string;
    type Change = Parameters<ServerToClientEvents['otp:changed']>[0];
    const nextChange = () => new Promise<Change>((resolve) => socket.once('otp:changed', resolve));
    const sentChange = nextChange();
    const sent = await t.request('POST', '/v1/otp/send', { token: key, body: { widgetId, identifier: '+14155550177' } });
    expect(sent.status).toBe(200);
    const requestId = sent.body.requestId as string;
    expect(await sentChange).toEqual({ requestIds: [requestId] });
    const checked = nextChange();
    expect((await t.request('POST', '/v1/otp/verify', { token: key, body: { requestId, otp: '000000' } })).status).toBe(400);
    expect(await checked).toEqual({ requestIds: [requestId] });
    // Nobody reads the request when it expires: its job says so.
    const expired = nextChange();
    await t.advance(61);
    expect(await expired).toEqual({ requestIds: [requestId] });
  });

  it('says when a conversation with unread messages is read, and nothing when it had none', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    const reads: Array<Parameters<ServerToClientEvents['conversation:read']>[0]> = [];
    socket.on('conversation:read', (read) => reads.push(read));
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550166', text: 'Hello?' })).status).toBe(201);
    const listed = await t.dashboard('GET', '/dashboard/conversations?channel=sms&limit=100');
    const conversation = (listed.body.data as Array<{ id: string; address: string; unreadCount: number }>).find((c) => c.address === '+14155550166');
    expect(conversation?.unreadCount).toBe(1);
    const first = new Promise<unknown>((resolve) => socket.once('conversation:read', resolve));
    expect((await t.dashboard('POST', `/dashboard/conversations/${conversation?.id}/read`, {})).status).toBe(200);
    expect(await first).toMatchObject({ conversation: { id: conversation?.id, channel: 'sms', unreadCount: 0 } });
    // Read again: nothing to say (an acknowledged round trip after it shows nothing came before it).
    expect((await t.dashboard('POST', `/dashboard/conversations/${conversation?.id}/read`, {})).status).toBe(200);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    expect(reads).toHaveLength(1);
  });

  it('says when a template or a sending domain is submitted for review, when its review lands on the clock, and when an email template is made or edited', async () => {
    const socket = connect(t.dashboardToken);
    await connected(socket);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    type Change = Parameters<ServerToClientEvents['channels:changed']>[0];
    const nextChange = () => new Promise<Change>((resolve) => socket.once('channels:changed', resolve));
    const submitted = nextChange();
    const template = await t.dashboard('POST', '/dashboard/whatsapp/templates', {
      name: 'stream_review', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }],
    });
    expect(template.body.status).toBe('PENDING');
    expect(await submitted).toEqual({ ids: [template.body.id] });
    const added = nextChange();
    const domain = await t.dashboard('POST', '/dashboard/email/domains', { domain: 'stream-review.test' });
    expect(await added).toEqual({ ids: [domain.body.id] });
    // An email template made or edited elsewhere (the API, another window) reaches the console's lists and pickers too.
    const made = nextChange();
    const emailTemplate = await t.dashboard('POST', '/dashboard/email/templates', { name: 'Stream review', subject: 'Hi', html: '<p>Hi</p>' });
    expect(await made).toEqual({ ids: [emailTemplate.body.id] });
    const edited = nextChange();
    await t.dashboard('PUT', `/dashboard/email/templates/${emailTemplate.body.id}`, { name: 'Stream review', subject: 'Hello', html: '<p>Hello</p>' });
    expect(await edited).toEqual({ ids: [emailTemplate.body.id] });
    // Both reviews fall due in the one advance; whatever events they come in, each id is told.
    const reviewed: string[] = [];
    const landed = new Promise<void>((resolve) => socket.on('channels:changed', ({ ids }) => {
      reviewed.push(...ids);
      if (reviewed.includes(template.body.id) && reviewed.includes(domain.body.id)) resolve();
    }));
    await t.advance(61);
    await landed;
    expect((await t.dashboard('GET', '/dashboard/email/domains')).body.data.find((d: { id: string }) => d.id === domain.body.id).status).toBe('VERIFIED');
  });

  it('leaveOrganization and leaveCall without an id, as the seed names them, leave every organization and call joined', async () => {
    t.server.services.wallet.topUp(t.organizationId, { amountPaise: 10_000 });
    const { key } = await t.createKey({ scopes: ['voice:agents:write', 'voice:calls:write'] });
    const agentId = (await t.request('POST', '/v1/voice/agents', { token: key, body: { name: 'Leaver', greeting: 'Hello.', instructions: 'Help.' } })).body.id as string;
    const call = (await t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+14155550121' } })).body as { id: string };
    const leaver = connect(t.dashboardToken);
    const witness = connect(t.dashboardToken);
    await Promise.all([connected(leaver), connected(witness)]);
    for (const socket of [leaver, witness]) {
      expect(await socket.emitWithAck('joinOrganization', t.organizationId)).toEqual({ ok: true });
      expect(await socket.emitWithAck('joinCall', call.id)).toEqual({ ok: true });
    }
    // With no argument at all, and with only an acknowledgement (which then comes first): both left nothing.
    leaver.emit('leaveOrganization');
    const emitRaw = leaver.emit.bind(leaver) as unknown as (event: string, ...args: unknown[]) => void;
    expect(await new Promise((resolve) => emitRaw('leaveCall', resolve))).toEqual({ ok: true });
    const seen: string[] = [];
    leaver.onAny((event: string) => seen.push(event));
    const chunk = new Promise((resolve) => witness.once('voice:transcript.chunk', resolve));
    const ended = new Promise((resolve) => witness.once('voice:call.ended', resolve));
    await t.advance(120);
    await Promise.all([chunk, ended]);
    // One connection's packets arrive in order: whatever was sent to the leaver before this answer has arrived.
    expect(await leaver.emitWithAck('leaveCall', call.id)).toEqual({ ok: true });
    expect(seen.filter((event) => event.startsWith('voice:'))).toEqual([]);
  });

  it('joinCall is ok only for an agent call of an organization the socket joined; leaveCall answers; clock changes are broadcast', async () => {
    t.server.services.wallet.topUp(t.organizationId, { amountPaise: 10_000 });
    const { key } = await t.createKey({ scopes: ['voice:agents:write', 'voice:calls:write'] });
    const agentId = (await t.request('POST', '/v1/voice/agents', { token: key, body: { name: 'Desk', greeting: 'Hello.', instructions: 'Help.' } })).body.id as string;
    const call = (await t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+14155550120' } })).body as { id: string };
    const socket = connect(t.dashboardToken);
    await connected(socket);
    expect(await socket.emitWithAck('joinCall', call.id)).toEqual({ ok: false, error: 'join an organization first (joinOrganization)' });
    // Another organization's socket does not get this organization's call; an unknown id (it was acknowledged ok) neither.
    const other = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Elsewhere' })).body.id as string;
    expect(await socket.emitWithAck('joinOrganization', other)).toEqual({ ok: true });
    const unknown = { ok: false, error: 'unknown call: no agent call of the organization joined has this id' };
    expect(await socket.emitWithAck('joinCall', call.id)).toEqual(unknown);
    await socket.emitWithAck('joinOrganization', t.organizationId);
    expect(await socket.emitWithAck('joinCall', 'call_abc')).toEqual(unknown);
    expect(await socket.emitWithAck('joinCall', call.id)).toEqual({ ok: true });
    expect(await socket.emitWithAck('leaveCall', call.id)).toEqual({ ok: true });
    const tick = new Promise<{ now: string }>((resolve) => socket.once('clock:changed', resolve));
    const moved = await t.advance(10);
    expect((await tick).now).toBe(moved.body.now);
  });
});
