// The catalogue's samples (GET /v1/webhooks/events, and what a test delivery sends) against the seeds:
// field names, id prefixes and enum values, each list written out here as the seed gives it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactSchema } from '../../contract/contacts.ts';
import { messageSchema } from '../../contract/messaging.ts';
import { shopifyOrderStatusSchema } from '../../contract/shopify.ts';
import { type Received, webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;

// Seed 001, "Call (app call)", "Identity", "App call status" and "Payload shapes".
const APP_CALL_STATUSES = ['RINGING', 'ACCEPTED', 'COMPLETED', 'CANCELLED', 'REJECTED', 'MISSED', 'FAILED'];
const TRANSPORTS = ['WEBRTC', 'PSTN'];
const ROLES = ['PRO', 'CUSTOMER'];
const END_REASONS = ['completed', 'caller_cancelled', 'callee_cancelled', 'callee_rejected', 'ring_timeout', 'ended_by_server', 'room_closed',
  'caller_hung_up', 'callee_hung_up', 'busy', 'declined', 'no_answer', 'dial_failed', 'not_connected'];
const CALL_FIELDS = ['callId', 'sessionRef', 'roomId', 'status', 'from', 'to', 'callerLegTransport', 'calleeLegTransport', 'durationSeconds', 'endReason', 'endedAt'];
const SHAPES: Record<string, string[]> = {
  'voice.app.call.inbound': ['callId', 'roomId', 'status', 'callerNumber', 'calledNumber', 'callerLegTransport', 'connectWithinSeconds', 'startedAt'],
  'voice.app.call.incoming': ['callId', 'from', 'to'],
  'voice.app.call.answered': ['callId', 'sessionRef', 'roomId', 'status', 'from', 'to', 'callerLegTransport', 'calleeLegTransport', 'answeredAt'],
  'voice.app.call.completed': CALL_FIELDS,
  'voice.app.call.missed': CALL_FIELDS,
  'voice.app.call.rejected': CALL_FIELDS,
};
/** The status each call event carries ("States"; completed: `COMPLETED`, `CANCELLED` or `FAILED`). */
const STATUS_OF: Record<string, string[]> = {
  'voice.app.call.inbound': ['RINGING'], 'voice.app.call.answered': ['ACCEPTED'], 'voice.app.call.completed': ['COMPLETED', 'CANCELLED', 'FAILED'],
  'voice.app.call.missed': ['MISSED'], 'voice.app.call.rejected': ['REJECTED'],
};
const SESSION_FIELDS = ['externalRef', 'proExternalId', 'customerExternalId', 'expiresAt', 'metadata'];
// Seed 000: the WhatsApp statuses, agent-driven calls and the order status.
const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed'];
const AGENT_CALL_STATUSES = ['INITIATED', 'RINGING', 'ANSWERED', 'COMPLETED', 'FAILED', 'NO_ANSWER', 'BUSY', 'CANCELLED'];
const ORDER_FIELDS = ['orderNumber', 'financialStatus', 'fulfillmentStatus', 'totalPrice', 'currency', 'lineItems', 'tracking', 'createdAt'];

type Entry = { type: string; sample: Record<string, unknown> };
const ID = /^[a-z]+_[0-9A-Za-z]{24}$/;

async function samples(): Promise<Record<string, Record<string, unknown>>> {
  const { body } = await api('GET', '/v1/webhooks/events');
  return Object.fromEntries((body.data as Entry[]).map((e) => [e.type, e.sample]));
}

describe('catalogue samples', () => {
  it('voice app calls: apc_ ids, WEBRTC/PSTN, PRO/CUSTOMER, the seed\'s statuses and end reasons, exactly the seed\'s fields', async () => {
    const all = await samples();
    for (const [type, fields] of Object.entries(SHAPES)) {
      const data = all[type] as Record<string, unknown>;
      expect(Object.keys(data).sort(), type).toEqual([...fields].sort());
      expect(data.callId, type).toMatch(/^apc_[0-9A-Za-z]{24}$/);
      for (const leg of ['callerLegTransport', 'calleeLegTransport']) if (leg in data) expect(TRANSPORTS, `${type} ${leg}`).toContain(data[leg]);
      if ('status' in data) expect(STATUS_OF[type], type).toContain(data.status);
      if ('endReason' in data) expect(END_REASONS, type).toContain(data.endReason);
      if (type === 'voice.app.call.incoming' || type === 'voice.app.call.inbound') continue;
      // On every event but incoming, the parties are plain strings; a phone party is masked.
      expect([typeof data.from, typeof data.to], type).toEqual(['string', 'string']);
      if (data.calleeLegTransport === 'PSTN') expect(data.to, type).toMatch(/^\+\d{1,3}\*+\d{4}$/);
    }
    expect(APP_CALL_STATUSES).toEqual(expect.arrayContaining(Object.values(STATUS_OF).flat()));
    const incoming = all['voice.app.call.incoming'] as { from: Record<string, unknown>; to: Record<string, unknown> };
    for (const party of [incoming.from, incoming.to]) {
      expect(Object.keys(party).sort()).toEqual(['displayName', 'externalId', 'role']);
      expect(ROLES).toContain(party.role);
    }
    expect(all['voice.app.call.inbound']?.callerLegTransport).toBe('PSTN');
    expect(all['voice.app.call.inbound']?.connectWithinSeconds).toBe(45);
    expect(Object.keys(all['voice.app.session.expired'] as object).sort()).toEqual([...SESSION_FIELDS].sort());
  });

  it('contacts, messages, agent calls and orders: the seeds\' fields, cnt_/msg_ ids and enum values', async () => {
    const all = await samples();
    for (const type of ['contact.created', 'contact.updated', 'contact.lifecycle_changed']) {
      const contact = all[type]?.contact as Record<string, unknown>;
      expect(contactSchema.extend({ lifecycleStageId: z.string().nullable() }).strict().safeParse(contact).success, type).toBe(true);
      expect(contact.id, type).toMatch(/^cnt_/);
    }
    expect(all['contact.created']?.source).toEqual(expect.any(String));
    expect(all['contact.updated']?.changedFields).toEqual(expect.arrayContaining([expect.any(String)]));
    for (const [type, data] of Object.entries(all).filter(([t]) => /\.message\./.test(t))) {
      const message = messageSchema.strict().parse(data.message);
      expect(message.id, type).toMatch(/^msg_/);
      expect(message.channel, type).toBe(type.split('.')[0]);
      if (type.endsWith('.received')) expect([message.direction, message.status, (data.contact as { id: string }).id], type).toEqual(['inbound', 'received', message.contactId]);
      if (type.endsWith('.status')) expect([MESSAGE_STATUSES.includes(message.status), data.status], type).toEqual([true, message.status]);
      if (type.startsWith('email.')) expect(data.email, type).toBe(message.address);
    }
    expect(all['email.message.clicked']?.url).toMatch(/^https:\/\//);
    const agentCall = all['voice.call.completed'] as Record<string, unknown>;
    expect(AGENT_CALL_STATUSES).toContain(agentCall.status);
    expect(['POSITIVE', 'NEUTRAL', 'NEGATIVE']).toContain(agentCall.sentiment);
    expect(['INBOUND', 'OUTBOUND']).toContain(agentCall.direction);
    expect(agentCall).toMatchObject({ callId: expect.stringMatching(ID), durationSeconds: expect.any(Number), summary: expect.any(String) });
    for (const type of ['shopify.order.created', 'shopify.order.fulfilled']) {
      // The seed's order status, and exactly what the order-status route answers (what the events send).
      expect(Object.keys(all[type] as object), type).toEqual(expect.arrayContaining(ORDER_FIELDS));
      expect(shopifyOrderStatusSchema.strict().safeParse(all[type]).success, type).toBe(true);
    }
    expect(all['shopify.order.fulfilled']?.tracking).toEqual({ carrier: expect.any(String), number: expect.any(String), url: expect.any(String) });
  });

  it('a test delivery with an eventType sends that sample as its data', async () => {
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const all = await samples();
    for (const eventType of ['voice.app.call.incoming', 'voice.app.call.completed']) await api('POST', `/v1/webhooks/${endpoint.id}/test`, { eventType });
    await settle();
    expect(r.received.map((x: Received) => JSON.parse(x.body)).map((e) => [e.type, e.data]).sort()).toEqual([
      ['voice.app.call.completed', all['voice.app.call.completed']], ['voice.app.call.incoming', all['voice.app.call.incoming']],
    ]);
  });
});
