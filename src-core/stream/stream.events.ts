// Which bus events reach the console's stream, under which typed name and payload.
import type { Contact } from '../contract/contacts.ts';
import type { ServerToClientEvents } from '../contract/stream.ts';
import type { BusEvent } from '../kernel/bus.ts';

type StreamMapping = (event: BusEvent) => { name: keyof ServerToClientEvents; payload: unknown };

const contactChange = (name: 'contact:created' | 'contact:updated'): StreamMapping => (event) => {
  const data = event.data as { contact: Contact; changedFields?: string[] };
  return { name, payload: { contactId: data.contact.id, changedFields: data.changedFields ?? [], contact: data.contact } };
};

export const STREAM_EVENTS: Record<string, StreamMapping> = {
  'contact.created': contactChange('contact:created'),
  'contact.updated': contactChange('contact:updated'),
};
