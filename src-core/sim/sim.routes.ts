// Simulator routes: customers writing in, and what a simulated handset received (INTERFACES.md).
import { z } from 'zod';
import { simInboundBodySchema, type HandsetSentMessage } from '../contract/messaging.ts';
import type { Message } from '../contract/messaging.ts';
import type { MessagingService } from '../domains/messaging/index.ts';
import { AppError } from '../kernel/errors.ts';
import { queryInt } from '../kernel/pagination.ts';
import { defineRoute } from '../kernel/route.ts';
import { canonicalAddress } from './fixtures.ts';
import type { SimStore } from './sim.store.ts';

const handsetParams = z.object({ address: z.string().min(1).max(320) });
const handsetQuery = z.object({ organizationId: z.string().optional(), limit: queryInt('limit', { max: 1000 }).default(200) });

/**
 * The addresses a handset's address names, as stored: an email lower-cased, a phone in canonical form; a bare digit
 * string is a phone and also (second) an Instagram IGSID.
 */
function handsetAddresses(raw: string): [string] | [string, string] {
  if (raw.includes('@')) return [raw.toLowerCase()];
  if (!/^[+\d\s()-]+$/.test(raw)) return [raw.toLowerCase()];
  const phone = canonicalAddress('sms', raw);
  return /^\d+$/.test(raw) ? [phone, raw] : [phone];
}

/** The Instagram platform, as the simulated world delivers to it: whether an account is connected, and a user's message. */
export type SimInstagram = {
  connected: (orgId: string) => boolean;
  /** Delivers a direct message with what the platform knows of its sender (handle, name). */
  receive: (orgId: string, input: { from: string; text: string; name?: string | undefined }) => Message;
};

export function simRoutes(deps: { messaging: MessagingService; store: SimStore; instagram: SimInstagram }) {
  return [
    defineRoute({
      method: 'POST', path: '/sim/inbound', scope: 'dashboard', body: simInboundBodySchema, status: 201,
      // The schema checks `from`: a phone for whatsapp and sms, an IGSID (never a username) for instagram.
      handler: ({ orgId, body }) => {
        // Without a connected account no Instagram message reaches the organization (its routes answer 404 too).
        if (body.channel === 'instagram' && !deps.instagram.connected(orgId)) {
          throw new AppError('INTEGRATION_NOT_CONNECTED', 'Instagram is not connected: a customer can write in once an account is connected (Channels → Instagram)', {
            extra: { integration: 'instagram' },
          });
        }
        const from = canonicalAddress(body.channel, body.from);
        if (body.channel === 'instagram') return deps.instagram.receive(orgId, { from, text: body.text, name: body.name });
        return deps.messaging.receive({ orgId, channel: body.channel, from, text: body.text, name: body.name });
      },
    }),
    defineRoute({
      method: 'GET', path: '/sim/handsets/:address/messages', scope: 'dashboard',
      params: handsetParams, query: handsetQuery,
      handler: ({ orgId, params, query }) => {
        const [address, instagram] = handsetAddresses(params.address);
        const received = deps.store.received(address, orgId, query.limit);
        if (instagram === undefined) return { data: received };
        const asInstagram = deps.store.received(instagram, orgId, query.limit);
        return { data: [...received, ...asInstagram].sort((a, b) => a.at.localeCompare(b.at)).slice(0, query.limit) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/sim/handsets/:address/sent', scope: 'dashboard',
      params: handsetParams, query: handsetQuery,
      // The customer's own side: what was written in from this address, read from the messages the organization received.
      handler: ({ orgId, params, query }): { data: HandsetSentMessage[] } => ({
        data: deps.messaging.inboundFrom(orgId, handsetAddresses(params.address), query.limit)
          .map((message) => ({ messageId: message.id, channel: message.channel, text: message.text ?? '', at: message.createdAt })),
      }),
    }),
  ];
}
