// Simulator routes that fill the organization's connected (simulated) shop, as its merchant would in Shopify's
// admin: products, collections, customers, orders (and their fulfillment) and discount codes. 404 while no shop is
// connected.
import { z } from 'zod';
import {
  simShopifyCollectionBodySchema, simShopifyCustomerBodySchema, simShopifyDiscountBodySchema, simShopifyFulfillBodySchema, simShopifyOrderBodySchema,
  simShopifyProductBodySchema,
} from '../contract/shopify-sim.ts';
import { defineRoute } from '../kernel/route.ts';
import type { SimShopifyAdmin } from './shopify.ts';

export function simShopifyRoutes(deps: { admin: SimShopifyAdmin; shopOf: (orgId: string) => string }) {
  const { admin, shopOf } = deps;
  return [
    defineRoute({
      method: 'POST', path: '/sim/shopify/products', scope: 'dashboard', body: simShopifyProductBodySchema, status: 201,
      handler: ({ orgId, body }) => admin.addProduct(shopOf(orgId), body),
    }),
    defineRoute({
      method: 'POST', path: '/sim/shopify/collections', scope: 'dashboard', body: simShopifyCollectionBodySchema, status: 201,
      handler: ({ orgId, body }) => admin.addCollection(shopOf(orgId), body),
    }),
    defineRoute({
      method: 'POST', path: '/sim/shopify/customers', scope: 'dashboard', body: simShopifyCustomerBodySchema, status: 201,
      handler: ({ orgId, body }) => admin.addCustomer(shopOf(orgId), body),
    }),
    defineRoute({
      method: 'POST', path: '/sim/shopify/orders', scope: 'dashboard', body: simShopifyOrderBodySchema, status: 201,
      handler: ({ orgId, body }) => admin.addOrder(shopOf(orgId), body),
    }),
    defineRoute({
      method: 'POST', path: '/sim/shopify/orders/:id/fulfill', scope: 'dashboard', params: z.object({ id: z.string().trim().min(1).max(64) }),
      body: simShopifyFulfillBodySchema.optional(),
      handler: ({ orgId, params, body }) => admin.fulfillOrder(shopOf(orgId), params.id, body ?? {}),
    }),
    defineRoute({
      method: 'POST', path: '/sim/shopify/discounts', scope: 'dashboard', body: simShopifyDiscountBodySchema, status: 201,
      handler: ({ orgId, body }) => admin.addDiscount(shopOf(orgId), body),
    }),
  ];
}
