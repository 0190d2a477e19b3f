// Simulator routes: customers writing in, and what a simulated handset received (INTERFACES.md).
import { z } from 'zod';
import { simInboundBodySchema } from '../contract/messaging.ts';
import type { MessagingService } from '../domains/messaging/index.ts';
import { AppError } from '../kernel/errors.ts';
import { queryInt } from '../kernel/pagination.ts';
import { defineRoute } from '../kernel/route.ts';
import { canonicalAddress } from './fixtures.ts';
import type { SimStore } from './sim.store.ts';

export function simRoutes(deps: { messaging: MessagingService; store: SimStore; instagramConnected: (orgId: string) => boolean }) {
  return [
    defineRoute({
      method: 'POST', path: '/sim/inbound', scope: 'dashboard', body: simInboundBodySchema, status: 201,
      // The schema checks `from`: a phone for whatsapp and sms, an IGSID (never a username) for instagram.
      handler: ({ orgId, body }) => {
        // Without a connected account no Instagram message reaches the organization (its routes answer 404 too).
        if (body.channel === 'instagram' && !deps.instagramConnected(orgId)) {
          throw new AppError('INTEGRATION_NOT_CONNECTED', 'Instagram is not connected: a customer can write in once an account is connected (Channels → Instagram)', {
            extra: { integration: 'instagram' },
          });
        }
        return deps.messaging.receive({ orgId, channel: body.channel, from: canonicalAddress(body.channel, body.from), text: body.text });
      },
    }),
    defineRoute({
      method: 'GET', path: '/sim/handsets/:address/messages', scope: 'dashboard',
      params: z.object({ address: z.string().min(1).max(320) }),
      query: z.object({ organizationId: z.string().optional(), limit: queryInt('limit', { max: 1000 }).default(200) }),
      handler: ({ orgId, params, query }) => {
        const address = params.address.includes('@') ? params.address.toLowerCase()
          : /^[+\d\s()-]+$/.test(params.address) ? canonicalAddress('sms', params.address) : params.address.toLowerCase();
        const received = deps.store.received(address, orgId, query.limit);
        // An Instagram IGSID is digits too: a bare digit string also names that Instagram user.
        if (!/^\d+$/.test(params.address)) return { data: received };
        const instagram = deps.store.received(params.address, orgId, query.limit);
        return { data: [...received, ...instagram].sort((a, b) => a.at.localeCompare(b.at)).slice(0, query.limit) };
      },
    }),
  ];
}
