// Which channels a contact can be sent a message on from its panel (Send a message), the address each goes to, and
// why a channel cannot be used: a phone reaches WhatsApp, SMS and RCS, an email address email, and Instagram only a
// user who has written in (its send takes the page-scoped id of a conversation, never a username).
import type { Channel, Contact, Conversation } from '../../../src-core/contract/index.ts';

/** One channel of the composer: the address a send goes to, or (null) why none can be made there. */
export type SendChannel = { channel: Channel; address: string; why: null } | { channel: Channel; address: null; why: string };

/** The composer's channels, in the order it offers them. */
export const SEND_CHANNELS: readonly Channel[] = ['whatsapp', 'sms', 'rcs', 'email', 'instagram'];

const NO_PHONE = 'This contact has no phone number: add one with Edit to send on WhatsApp, SMS or RCS.';
const NO_EMAIL = 'This contact has no email address: add one with Edit to send an email.';
const NO_INSTAGRAM = 'Instagram lets a business message only someone who has written to its account: this contact has no Instagram conversation yet.';

/**
 * Every channel with its address: the contact's phone or email, and on Instagram the address (IGSID) of its most recent
 * Instagram conversation. `conversations`: the contact's, as its panel lists them.
 */
export function sendChannelsOf(contact: Pick<Contact, 'phone' | 'email'>, conversations: ReadonlyArray<Pick<Conversation, 'channel' | 'address' | 'lastMessageAt'>>): SendChannel[] {
  const phone = contact.phone?.trim() || null;
  const email = contact.email?.trim() || null;
  const instagram = conversations.filter((c) => c.channel === 'instagram')
    .sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''))[0]?.address ?? null;
  const addressOf: Record<Channel, [string | null, string]> = {
    whatsapp: [phone, NO_PHONE], sms: [phone, NO_PHONE], rcs: [phone, NO_PHONE], email: [email, NO_EMAIL], instagram: [instagram, NO_INSTAGRAM],
  };
  return SEND_CHANNELS.map((channel) => {
    const [address, why] = addressOf[channel];
    return address ? { channel, address, why: null } : { channel, address: null, why };
  });
}

/** The channel first offered: the one of the contact's latest conversation that can be sent on, else the first that can. */
export function firstChannelOf(channels: SendChannel[], conversations: ReadonlyArray<Pick<Conversation, 'channel' | 'lastMessageAt'>>): Channel {
  const usable = new Set(channels.filter((c) => c.address).map((c) => c.channel));
  const latest = [...conversations].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '')).find((c) => usable.has(c.channel));
  return latest?.channel ?? channels.find((c) => c.address)?.channel ?? 'whatsapp';
}

/** Two phone numbers written alike but for their formatting ("+" and spaces): a conversation's address against the contact's phone. */
export const sameAddress = (a: string, b: string): boolean => {
  const digits = (s: string) => (/^\+?[\d\s().-]+$/.test(s) ? s.replace(/\D/g, '') : s.toLowerCase());
  return digits(a) === digits(b);
};

/** The contact's conversation on `channel` at `address` (the one a send there goes to), if there is one yet. */
export function conversationAt<C extends Pick<Conversation, 'channel' | 'address'>>(conversations: readonly C[], channel: Channel, address: string): C | null {
  return conversations.find((c) => c.channel === channel && sameAddress(c.address, address)) ?? null;
}
