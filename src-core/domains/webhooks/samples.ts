// The sample `data` of each catalogued event: the seed's field names, id prefixes and enum values (seed
// 001 "Payload shapes" and "App call status", seed 000 for contacts, messages, orders and agent calls),
// and for the events this build fires, what it sends.
import type { Contact } from '../../contract/contacts.ts';
import type { Channel, Message, MessageStatus } from '../../contract/messaging.ts';
import type { ShopifyOrderStatus } from '../../contract/shopify.ts';

/** An id as Switchboard makes them: the prefix, `_`, 24 characters. */
const sampleId = (prefix: string): string => `${prefix}_sample${'0'.repeat(17)}1`;
const at = '2026-01-15T09:00:00.000Z';
const answeredAt = '2026-01-15T09:00:12.000Z';
const endedAt = '2026-01-15T09:01:44.000Z';

/** A contact as sent, with the seed's `lifecycleStageId` (in no stage unless `over` puts it in one). */
export const sampleContact = (over: Partial<Contact> & { lifecycleStageId?: string | null } = {}): Contact & { lifecycleStageId: string | null } => ({
  id: sampleId('cnt'), username: null, name: 'Alice Johnson', email: 'alice@example.com', phone: '+14155550101', profilePic: null,
  source: 'whatsapp', tags: ['vip'], isBlocked: false, blockedReason: null, blockedAt: null, createdAt: at, updatedAt: at, lifecycleStageId: null, ...over,
});

const ADDRESS: Record<Channel, string> = { whatsapp: '+14155550101', sms: '+14155550101', rcs: '+14155550101', email: 'alice@example.com', instagram: '6234817790112233' };
const SENDER: Record<Channel, string | null> = { whatsapp: null, sms: 'SWBORD', rcs: sampleId('bot'), email: 'orders@shop.example.com', instagram: 'shop.example' };
/** The provider's message id, as the simulated providers make them (`wamid_…` for WhatsApp). */
const EXTERNAL: Record<Channel, string> = { whatsapp: 'wamid', sms: 'sms', rcs: 'rcs', email: 'eml', instagram: 'igm' };
const REACHED: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 1, received: 0 };

/** One message as sent in events: an inbound one from Alice, or an outbound one to her that reached `status`. */
export function sampleMessage(channel: Channel, status: MessageStatus, address = ADDRESS[channel]): Message {
  const inbound = status === 'received';
  const text = inbound ? 'Hi! Is my order on its way?' : 'Your order #1001 has shipped.';
  const reached = REACHED[status];
  return {
    id: sampleId('msg'), channel, direction: inbound ? 'inbound' : 'outbound', status, contactId: sampleId('cnt'),
    conversationId: channel === 'email' ? null : sampleId('conv'), address, sender: inbound ? address : SENDER[channel],
    externalId: sampleId(inbound ? `in_${channel}` : EXTERNAL[channel]), type: 'text', text, content: { text },
    templateName: null, templateId: null, source: inbound ? 'INBOUND' : 'API', billingAmountPaise: inbound || channel === 'email' ? 0 : 35,
    errorCode: null, errorMessage: null, createdAt: at,
    sentAt: inbound ? null : at, deliveredAt: !inbound && reached >= 2 ? at : null, readAt: reached >= 3 ? at : null, failedAt: status === 'failed' ? at : null,
  };
}

// Voice app calls: an app user (the caller, on WEBRTC) calls a phone (PSTN), which phones see masked; not
// booking-based, so `sessionRef` is null. The incoming call is one between two registered identities.
const callId = sampleId('apc');
const roomId = sampleId('room');
const appToPhone = { callId, sessionRef: null, roomId, from: 'cust_1042', to: '+1******0101', callerLegTransport: 'WEBRTC', calleeLegTransport: 'PSTN' };
const ended = (status: string, endReason: string, durationSeconds: number) => ({ ...appToPhone, status, durationSeconds, endReason, endedAt });

export const VOICE_APP_SAMPLES = {
  'voice.app.call.inbound': {
    callId, roomId, status: 'RINGING', callerNumber: '+14155550101', calledNumber: '+18005550100', callerLegTransport: 'PSTN', connectWithinSeconds: 45, startedAt: at,
  },
  'voice.app.call.incoming': {
    callId, from: { externalId: 'cust_1042', displayName: 'Alice Johnson', role: 'CUSTOMER' }, to: { externalId: 'pro_7', displayName: 'Sam Rivera', role: 'PRO' },
  },
  'voice.app.call.answered': { ...appToPhone, status: 'ACCEPTED', answeredAt },
  'voice.app.call.completed': ended('COMPLETED', 'callee_hung_up', 92),
  'voice.app.call.missed': ended('MISSED', 'no_answer', 0),
  'voice.app.call.rejected': ended('REJECTED', 'declined', 0),
  'voice.app.session.expired': {
    externalRef: 'booking_1042', proExternalId: 'pro_7', customerExternalId: 'cust_1042', expiresAt: at, metadata: { bookingNumber: '1042' },
  },
};

/** An agent-driven call (seed 000 "Voice (agent-driven)"): its list fields, as it finished. */
export const AGENT_CALL_SAMPLE = {
  callId: sampleId('call'), agentId: sampleId('agt'), direction: 'OUTBOUND', callerNumber: '+18005550100',
  calledNumber: '+14155550101', status: 'COMPLETED', durationSeconds: 95, sentiment: 'POSITIVE',
  summary: 'Order Confirmation spoke with Alice Johnson: they confirmed and a booking was made.', wasConfirmed: true, wasBooked: true,
  billedAmountPaise: 400, endReason: 'callee_hung_up', startedAt: at, answeredAt: '2026-01-15T09:00:07.000Z', endedAt: '2026-01-15T09:01:42.000Z',
};

/** An order as `shopify.order.*` sends it: the order status of `GET /v1/shopify/orders/status` (seed 000 "Order status" plus id, name, email). */
export const sampleOrder = (fulfilled: boolean): ShopifyOrderStatus => ({
  id: '5102938475610', orderNumber: '1001', name: '#1001', email: 'alice@example.com', financialStatus: 'paid',
  fulfillmentStatus: fulfilled ? 'fulfilled' : null, totalPrice: '49.90', currency: 'INR',
  lineItems: [{ title: 'Linen shirt', quantity: 1, price: '49.90' }],
  tracking: fulfilled ? { carrier: 'BlueDart', number: 'BD123', url: 'https://track.example.com/BD123' } : null, createdAt: at,
});
