// Simulator routes that fill the organization's connected (simulated) shop, as its merchant would in Shopify's
// admin: products, collections, customers, orders and discount codes. 404 while no shop is connected.
import {
  simShopifyCollectionBodySchema, simShopifyCustomerBodySchema, simShopifyDiscountBodySchema, simShopifyOrderBodySchema, simShopifyProductBodySchema,
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
      method: 'POST', path: '/sim/shopify/discounts', scope: 'dashboard', body: simShopifyDiscountBodySchema, status: 201,
      handler: ({ orgId, body }) => admin.addDiscount(shopOf(orgId), body),
    }),
  ];
}
