// The event catalogue with a sample `data` for each event (GET /webhooks/events, test deliveries).
import { WEBHOOK_EVENTS, type WebhookCatalogueEntry, type WebhookEventType } from '../../contract/webhooks.ts';

const at = '2026-01-15T09:00:00.000Z';
const contact = { id: 'cnt_sample000000000000000001', name: 'Alice Johnson', email: 'alice@example.com', phone: '+14155550101', tags: ['vip'], lifecycleStageId: null, createdAt: at };
const message = (channel: string, direction: string, status: string) => ({
  id: 'msg_sample000000000000000001', channel, direction, status, address: channel === 'instagram' ? '6234817790112233' : '+14155550101',
  text: 'Hi! Is my order on its way?', externalId: `${channel}_sample`, createdAt: at,
});
const call = { callId: 'call_sample00000000000000001', sessionRef: 'sess_sample', roomId: 'room_sample', from: 'alice', to: '+1415***0101' };

const SAMPLES: Record<WebhookEventType, [string, Record<string, unknown>]> = {
  'contact.created': ['a contact is added from any channel or import', { contact, source: 'whatsapp' }],
  'contact.updated': ['a contact changes', { contact, changedFields: ['isBlocked', 'blockedReason'] }],
  'contact.lifecycle_changed': ['a contact moves between lifecycle stages', { contact, fromStageId: null, toStageId: 'stage_customer' }],
  'form.submitted': ['a visitor submits a form, popup or landing page', { formId: 'form_sample', fields: { email: 'alice@example.com' } }],
  'whatsapp.message.received': ['inbound whatsapp message', { message: message('whatsapp', 'inbound', 'received'), contact, conversationId: 'conv_sample' }],
  'whatsapp.message.status': ['an outbound message becomes sent, delivered, read or failed', { message: message('whatsapp', 'outbound', 'delivered'), status: 'delivered' }],
  'instagram.message.received': ['inbound instagram direct message', { message: message('instagram', 'inbound', 'received'), contact, conversationId: 'conv_sample' }],
  'sms.message.received': ['inbound SMS on one of the account\'s numbers', { message: message('sms', 'inbound', 'received'), contact, conversationId: 'conv_sample' }],
  'voice.call.completed': ['an agent-driven voice call finishes', { callId: 'call_sample', durationSeconds: 95, status: 'COMPLETED', sentiment: 'POSITIVE', summary: 'Order status given.' }],
  'email.message.delivered': ['accepted by the recipient mail server', { message: message('email', 'outbound', 'delivered'), email: 'alice@example.com' }],
  'email.message.opened': ['recipient opens an email', { message: message('email', 'outbound', 'read'), email: 'alice@example.com' }],
  'email.message.clicked': ['recipient clicks a link', { message: message('email', 'outbound', 'read'), email: 'alice@example.com', url: 'https://shop.example.com' }],
  'email.message.bounced': ['bounce; the address is added to the suppression list', { message: message('email', 'outbound', 'failed'), email: 'bounce@sim.test', suppressed: true }],
  'email.message.complained': ['recipient marks as spam', { message: message('email', 'outbound', 'delivered'), email: 'complaint@sim.test' }],
  'voice.app.call.inbound': ['someone dialled the business number and waits', { callId: call.callId, roomId: call.roomId, status: 'RINGING', callerNumber: '+14155550101', calledNumber: '+18005550100', callerLegTransport: 'pstn', connectWithinSeconds: 45, startedAt: at }],
  'voice.app.call.incoming': ['an app user is being rung', { callId: call.callId, from: { externalId: 'user_1', displayName: 'Alice', role: 'customer' }, to: { externalId: 'agent_7', displayName: 'Sam', role: 'agent' } }],
  'voice.app.call.answered': ['picked up', { ...call, status: 'ACCEPTED', callerLegTransport: 'app', calleeLegTransport: 'pstn', answeredAt: at }],
  'voice.app.call.completed': ['ended as COMPLETED, CANCELLED or FAILED', { ...call, status: 'COMPLETED', callerLegTransport: 'app', calleeLegTransport: 'pstn', durationSeconds: 92, endReason: 'hangup', endedAt: at }],
  'voice.app.call.missed': ['nobody answered', { ...call, status: 'MISSED', endReason: 'no_answer', endedAt: at }],
  'voice.app.call.rejected': ['declined', { ...call, status: 'REJECTED', endReason: 'declined', endedAt: at }],
  'voice.app.session.expired': ['booking only: a booking reached its expiry', { sessionRef: 'sess_sample', expiredAt: at }],
  'shopify.order.created': ['new order in the connected store', { orderNumber: '1001', totalPrice: '49.90', currency: 'INR', customer: { email: 'alice@example.com' } }],
  'shopify.order.fulfilled': ['order fulfilled, with tracking when available', { orderNumber: '1001', tracking: { carrier: 'BlueDart', number: 'BD123', url: 'https://track.example.com/BD123' } }],
  'sms.message.status': ['an outbound SMS becomes sent, delivered, read or failed', { message: message('sms', 'outbound', 'delivered'), status: 'delivered' }],
  'rcs.message.status': ['an outbound RCS message becomes sent, delivered, read or failed', { message: message('rcs', 'outbound', 'read'), status: 'read' }],
  'instagram.message.status': ['a direct message sent by the account becomes sent, delivered, read or failed', { message: message('instagram', 'outbound', 'delivered'), status: 'delivered' }],
};

/**
 * Events of the seed's catalogue that this build never fires: the features behind them (agent voice calls,
 * the voice app, Shopify, forms, lifecycle stages) are not here yet. They stay subscribable (the contract
 * lists them, and `*` takes them when they come) and can be sent as tests; the catalogue says `emitted: false`.
 */
export const NOT_EMITTED: ReadonlySet<WebhookEventType> = new Set<WebhookEventType>([
  'contact.lifecycle_changed', 'form.submitted', 'voice.call.completed',
  'voice.app.call.inbound', 'voice.app.call.incoming', 'voice.app.call.answered', 'voice.app.call.completed', 'voice.app.call.missed',
  'voice.app.call.rejected', 'voice.app.session.expired', 'shopify.order.created', 'shopify.order.fulfilled',
]);

export const catalogue = (): WebhookCatalogueEntry[] =>
  WEBHOOK_EVENTS.map((type) => ({ type, description: SAMPLES[type][0], sample: SAMPLES[type][1], emitted: !NOT_EMITTED.has(type) }));
export const sampleOf = (type: WebhookEventType): Record<string, unknown> => SAMPLES[type][1];
export const isCatalogued = (type: string): type is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(type);
