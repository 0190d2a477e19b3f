// The event catalogue with a sample `data` for each event (GET /webhooks/events, test deliveries); the samples' parts are in samples.ts.
import type { Channel, MessageStatus } from '../../contract/messaging.ts';
import { WEBHOOK_EVENTS, type WebhookCatalogueEntry, type WebhookEventType } from '../../contract/webhooks.ts';
import { AGENT_CALL_SAMPLE, sampleContact, sampleMessage, sampleOrder, VOICE_APP_SAMPLES as VOICE_APP } from './samples.ts';

const contact = sampleContact();
const conversationId = sampleMessage('whatsapp', 'received').conversationId;
const received = (channel: Channel) => ({
  message: sampleMessage(channel, 'received'), conversationId,
  contact: sampleContact(channel === 'instagram' ? { source: channel, username: sampleMessage(channel, 'received').address, phone: null, email: null } : { source: channel }),
});
const status = (channel: Channel, reached: MessageStatus) => ({ message: sampleMessage(channel, reached), status: reached });
const email = (reached: MessageStatus, address = 'alice@example.com') => ({ message: sampleMessage('email', reached, address), email: address });

const SAMPLES: Record<WebhookEventType, [string, Record<string, unknown>]> = {
  'contact.created': ['a contact is added from any channel or import', { contact, source: contact.source }],
  'contact.updated': ['a contact changes', { contact: sampleContact({ isBlocked: true, blockedReason: 'spam', blockedAt: '2026-01-15T09:05:00.000Z', updatedAt: '2026-01-15T09:05:00.000Z' }), changedFields: ['isBlocked', 'blockedReason'] }],
  'contact.lifecycle_changed': ['a contact moves between lifecycle stages', {
    contact: sampleContact({ lifecycleStageId: 'stage_customer', updatedAt: '2026-01-15T09:05:00.000Z' }), previousStageId: 'stage_lead', previousStageName: 'Lead',
    stageId: 'stage_customer', stageName: 'Customer', changedAt: '2026-01-15T09:05:00.000Z',
  }],
  'form.submitted': ['a visitor submits a form, popup or landing page', {
    formId: 'form_sample', formName: 'Festive offer sign-up', kind: 'popup', submissionId: 'fsub_sample', contactId: contact.id,
    fields: { name: 'Alice Smith', email: 'alice@example.com' }, submittedAt: '2026-01-15T09:05:00.000Z',
  }],
  'whatsapp.message.received': ['inbound whatsapp message', received('whatsapp')],
  'whatsapp.message.status': ['an outbound message becomes sent, delivered, read or failed', status('whatsapp', 'delivered')],
  'instagram.message.received': ['inbound instagram direct message', received('instagram')],
  'sms.message.received': ['inbound SMS on one of the account\'s numbers', received('sms')],
  'voice.call.completed': ['an agent-driven voice call finishes', AGENT_CALL_SAMPLE],
  'email.message.delivered': ['accepted by the recipient mail server', email('delivered')],
  'email.message.opened': ['recipient opens an email', email('read')],
  'email.message.clicked': ['recipient clicks a link', { ...email('read'), url: 'https://shop.example.com' }],
  'email.message.bounced': ['bounce; the address is added to the suppression list', { ...email('failed', 'bounce@sim.test'), suppressed: true }],
  'email.message.complained': ['recipient marks as spam; the address is added to the suppression list', email('delivered', 'complaint@sim.test')],
  'voice.app.call.inbound': ['someone dialled the business number and waits', VOICE_APP['voice.app.call.inbound']],
  'voice.app.call.incoming': ['an app user is being rung', VOICE_APP['voice.app.call.incoming']],
  'voice.app.call.answered': ['picked up', VOICE_APP['voice.app.call.answered']],
  'voice.app.call.completed': ['ended as COMPLETED, CANCELLED or FAILED', VOICE_APP['voice.app.call.completed']],
  'voice.app.call.missed': ['nobody answered', VOICE_APP['voice.app.call.missed']],
  'voice.app.call.rejected': ['declined', VOICE_APP['voice.app.call.rejected']],
  'voice.app.session.expired': ['booking only: a booking reached its expiry', VOICE_APP['voice.app.session.expired']],
  'shopify.order.created': ['new order in the connected store', sampleOrder(false)],
  'shopify.order.fulfilled': ['order fulfilled, with tracking when available', sampleOrder(true)],
  'sms.message.status': ['an outbound SMS becomes sent, delivered, read or failed', status('sms', 'delivered')],
  'rcs.message.status': ['an outbound RCS message becomes sent, delivered, read or failed', status('rcs', 'read')],
  'instagram.message.status': ['a direct message sent by the account becomes sent, delivered, read or failed', status('instagram', 'delivered')],
};

/**
 * Events of the seed's catalogue that this build never fires: none now (lifecycle stages and forms came). The set stays
 * for an event a later contract adds before it is fired: subscribable (`*` takes it when it comes), sent as a test with
 * its sample, and said `emitted: false` in the catalogue.
 */
export const NOT_EMITTED: ReadonlySet<WebhookEventType> = new Set<WebhookEventType>([]);

export const catalogue = (): WebhookCatalogueEntry[] =>
  WEBHOOK_EVENTS.map((type) => ({ type, description: SAMPLES[type][0], sample: SAMPLES[type][1], emitted: !NOT_EMITTED.has(type) }));
export const sampleOf = (type: WebhookEventType): Record<string, unknown> => SAMPLES[type][1];
export const isCatalogued = (type: string): type is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(type);
