// Which bus events reach the console's stream, under which typed name and payload.
import type { Contact } from '../contract/contacts.ts';
import { CHANNELS, type Message } from '../contract/messaging.ts';
import { CAMPAIGNS_CHANGED, callRoom, CHANNELS_CHANGED, type ServerToClientEvents } from '../contract/stream.ts';
import type { TranscriptChunk } from '../contract/voice-agents.ts';
import type { BusEvent } from '../kernel/bus.ts';

type StreamMapping = (event: BusEvent) => { name: keyof ServerToClientEvents; payload: unknown };

const contactChange = (name: 'contact:created' | 'contact:updated'): StreamMapping => (event) => {
  const data = event.data as { contact: Contact; changedFields?: string[] };
  return { name, payload: { contactId: data.contact.id, changedFields: data.changedFields ?? [], contact: data.contact } };
};

/** A status event of `sent` is the message's first appearance for the console; later ones update it. */
const messageStatus: StreamMapping = (event) => {
  const { message } = event.data as { message: Message };
  return { name: message.status === 'sent' || (message.status === 'failed' && !message.sentAt) ? 'message:new' : 'message:updated', payload: { message } };
};
const messageReceived: StreamMapping = (event) => ({ name: 'message:new', payload: { message: (event.data as { message: Message }).message } });

export const STREAM_EVENTS: Record<string, StreamMapping> = {
  'contact.created': contactChange('contact:created'),
  'contact.updated': contactChange('contact:updated'),
  'form.submitted': (event) => {
    const { formId, submissionId } = event.data as { formId: string; submissionId: string };
    return { name: 'form:submitted', payload: { formId, submissionId } };
  },
  'campaign.progress': (event) => ({ name: 'campaign:progress', payload: event.data }),
  // Written with the suppression they announce (see email.service.ts, onStatus and engagement).
  'email.message.bounced': (event) => ({ name: 'email:suppressed', payload: { email: (event.data as { email: string }).email, reason: 'bounced' } }),
  'email.message.complained': (event) => ({ name: 'email:suppressed', payload: { email: (event.data as { email: string }).email, reason: 'complained' } }),
  // Agent calls (seed 001, "Socket stream"): the lifecycle to the organization, each utterance to the call's room.
  'voice.call.initiated': (event) => ({ name: 'voice:call.initiated', payload: event.data }),
  'voice.call.ringing': (event) => ({ name: 'voice:call.ringing', payload: event.data }),
  'voice.call.answered': (event) => ({ name: 'voice:call.answered', payload: event.data }),
  'voice.call.completed': (event) => {
    const { callId, status, durationSeconds, sentiment, summary } = event.data as Record<string, unknown>;
    return { name: 'voice:call.ended', payload: { callId, status, durationSeconds, sentiment, summary } };
  },
  'voice.call.transcript': (event) => {
    const chunk = event.data as TranscriptChunk;
    return { name: 'voice:transcript.chunk', payload: chunk };
  },
  // Voice app calls: one event for every change of a call, so the console reads it again.
  ...Object.fromEntries(['inbound', 'incoming', 'answered', 'completed', 'missed', 'rejected'].map((event) => [`voice.app.call.${event}`, (bus: BusEvent) => {
    const data = bus.data as { callId: string; status?: string };
    return { name: 'voice:app.call' as const, payload: { callId: data.callId, event, status: data.status ?? null } };
  }])),
  // A conversation resolved, snoozed or reopened (conversation-state.ts): its data as it is.
  'conversation.resolved': (event) => ({ name: 'conversation:updated', payload: event.data }),
  'conversation.snoozed': (event) => ({ name: 'conversation:updated', payload: event.data }),
  'conversation.reopened': (event) => ({ name: 'conversation:updated', payload: event.data }),
  ...Object.fromEntries(CHANNELS.flatMap((channel) => [
    [`${channel}.message.status`, messageStatus],
    [`${channel}.message.received`, messageReceived],
  ])),
};

/**
 * Where an event goes when not to its organization's room: a transcript chunk to its call's (`call_{callId}`). Read
 * before the payload is made, so an event nobody watches costs no payload.
 */
export const EVENT_ROOMS: Record<string, (event: BusEvent) => string> = {
  'voice.call.transcript': (event) => callRoom((event.data as TranscriptChunk).callId),
};

/**
 * Events published on the bus without the outbox (`publishTransient`), forwarded to the organization's room under
 * their stream name with their data as it is. `clock.changed`, of no organization, goes to every console.
 */
export const TRANSIENT_EVENTS: Record<string, keyof ServerToClientEvents> = {
  'webhook.attempt': 'delivery:attempt',
  'request.logged': 'request:logged',
  'wallet.changed': 'wallet:changed',
  'automations.changed': 'automations:changed',
  'conversation.read': 'conversation:read',
  'otp.changed': 'otp:changed',
  [CHANNELS_CHANGED]: 'channels:changed',
  [CAMPAIGNS_CHANGED]: 'campaigns:changed',
  'integration.changed': 'integration:changed',
  // A phone's call ringing the team, which fires no webhook (voice-app.events.ts).
  'voice.app.call.ringing': 'voice:app.call',
};
