// Who wrote in, as the Simulator's confirmation names them: by the name the inbox lists them under, with their address
// beside it as the customer knows it: the number on WhatsApp and SMS, on Instagram the handle (@maya.designs) the
// platform knows for the user, else "Instagram ID …" as a contact known only by that id is shown: never the bare id.
import type { Conversation, InstagramConversation, Message } from '../../../src-core/contract/index.ts';
import type { Api } from '../../api/http.ts';
import { instagramHandle } from '../../components/format.ts';

export type WrittenIn = Pick<Message, 'channel' | 'address' | 'conversationId'>;
type Known = { name: string | null; handle: string | null };

/** "Maya Fernandes (@maya.designs)", "Alice Johnson (+14155550101)", "Instagram ID 6234817790112299", "+14155550123". */
export function customerNamed(message: Pick<WrittenIn, 'channel' | 'address'>, known: Known): string {
  const address = message.channel !== 'instagram' ? message.address : known.handle ? `@${known.handle}` : `Instagram ID ${message.address}`;
  return known.name ? `${known.name} (${address})` : address;
}

/**
 * The customer of a message just written in, read as the inbox has them now: their conversation's name (a typed name a
 * named contact did not take is not theirs), and on Instagram the sender's handle. Null when either read fails.
 */
export async function readCustomerNamed(api: Api, message: WrittenIn): Promise<string | null> {
  if (!message.conversationId) return null;
  try {
    const [conversation, instagram] = await Promise.all([
      api.get<Conversation>(`/dashboard/conversations/${encodeURIComponent(message.conversationId)}`),
      message.channel === 'instagram'
        ? api.get<InstagramConversation>(`/dashboard/instagram/conversations/${encodeURIComponent(message.address)}/messages?limit=1`) : null,
    ]);
    return customerNamed(message, { name: conversation.customerName ?? instagram?.senderName ?? null, handle: handleKnown(conversation, instagram) });
  } catch {
    return null;
  }
}

/** The handle the inbox shows for the conversation's customer (their contact's), else the one the platform knows. */
const handleKnown = (conversation: Conversation, instagram: InstagramConversation | null): string | null =>
  instagramHandle(conversation.customerUsername) ?? instagram?.senderUsername ?? null;

/**
 * The Instagram user a handset's address (digits: an IGSID, or a phone typed without its +) is, named as the inbox names
 * them ("Maya Fernandes (@maya.designs)"); null when no Instagram conversation has that IGSID (or Instagram is not connected).
 */
export async function readInstagramUserNamed(api: Api, igsid: string): Promise<string | null> {
  if (!/^\d+$/.test(igsid)) return null;
  try {
    const instagram = await api.get<InstagramConversation>(`/dashboard/instagram/conversations/${encodeURIComponent(igsid)}/messages?limit=1`);
    const conversation = await api.get<Conversation>(`/dashboard/conversations/${encodeURIComponent(instagram.id)}`);
    return customerNamed({ channel: 'instagram', address: igsid }, { name: conversation.customerName ?? instagram.senderName, handle: handleKnown(conversation, instagram) });
  } catch {
    return null;
  }
}
