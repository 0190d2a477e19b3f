// Console routes of the wallet: balance and prices, top-ups and the ledger (INTERFACES.md, /dashboard/wallet).
import { organizationField } from '../../contract/common.ts';
import { z } from 'zod';
import { pricesBodySchema, topUpBodySchema } from '../../contract/wallet.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import type { WalletService } from './wallet.service.ts';

const org = organizationField;

export function walletRoutes(service: WalletService) {
  return [
    defineRoute({
      method: 'GET', path: '/dashboard/wallet', scope: 'dashboard', query: z.object(org),
      handler: ({ orgId }) => service.get(orgId),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/wallet/top-up', scope: 'dashboard', body: topUpBodySchema.safeExtend(org),
      handler: ({ orgId, body }) => service.topUp(orgId, body),
    }),
    defineRoute({
      method: 'PUT', path: '/dashboard/wallet/prices', scope: 'dashboard', body: pricesBodySchema.extend(org),
      handler: ({ orgId, body }) => service.setPrices(orgId, body.prices),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/wallet/ledger', scope: 'dashboard',
      query: z.object(org).extend(paginationQuery({ defaultLimit: 50, maxLimit: 200 }).shape),
      handler: ({ orgId, query }) => service.ledger(orgId, toPageRequest(query)),
    }),
  ];
}
