// Shopify routes of seed 000 (read-only: products, collections, orders, customers, discount codes; each also on the
// console) and the console's connection.
import { z } from 'zod';
import {
  connectShopifyBodySchema, customerIdentifierSchema, orderIdentifierSchema, shopifyCollectionProductsSchema, shopifyCollectionsSchema, shopifyCustomerOrdersSchema,
  shopifyDiscountValidationSchema, shopifyOrderStatusSchema, shopifyProductSchema, shopifyProductTypesSchema, shopifySearchSchema,
} from '../../contract/shopify.ts';
import { queryInt } from '../../kernel/pagination.ts';
import { defineRoute, reply } from '../../kernel/route.ts';
import type { ShopifyService } from './shopify.service.ts';

// An id as sent, as on every route: a blank one is looked up (and not found); an empty one is no route (kernel/http.ts).
const idParams = z.object({ id: z.string().min(1).max(64) });

export function shopifyRoutes(service: ShopifyService) {
  return [
    defineRoute({
      method: 'GET', path: '/v1/shopify/products/search', scope: 'shopify:products:read', console: true,
      query: z.object({ q: z.string().trim().min(1).max(255), limit: queryInt('limit', { clampTo: 50 }).default(10) }), response: shopifySearchSchema,
      handler: ({ orgId, query }) => service.searchProducts(orgId, query.q, query.limit),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/products/types', scope: 'shopify:products:read', console: true, response: shopifyProductTypesSchema,
      handler: ({ orgId }) => service.productTypes(orgId),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/products/:id', scope: 'shopify:products:read', console: true, params: idParams, response: shopifyProductSchema,
      handler: ({ orgId, params }) => service.product(orgId, params.id),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/collections', scope: 'shopify:products:read', console: true, response: shopifyCollectionsSchema,
      handler: ({ orgId }) => service.collections(orgId),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/collections/:id/products', scope: 'shopify:products:read', console: true, params: idParams,
      query: z.object({ limit: queryInt('limit', { clampTo: 250 }).default(50) }), response: shopifyCollectionProductsSchema,
      handler: ({ orgId, params, query }) => service.collectionProducts(orgId, params.id, query.limit),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/orders/status', scope: 'shopify:orders:read', console: true,
      query: z.object({ identifier: orderIdentifierSchema }), response: shopifyOrderStatusSchema,
      handler: ({ orgId, query }) => service.orderStatus(orgId, query.identifier),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/customers/orders', scope: 'shopify:orders:read', console: true,
      query: z.object({ identifier: customerIdentifierSchema }), response: shopifyCustomerOrdersSchema,
      handler: ({ orgId, query }) => service.customerOrders(orgId, query.identifier),
    }),
    defineRoute({
      method: 'GET', path: '/v1/shopify/discounts/validate', scope: 'shopify:discounts:read', console: true,
      query: z.object({ code: z.string().trim().min(1).max(255) }), response: shopifyDiscountValidationSchema,
      handler: ({ orgId, query }) => service.validateDiscount(orgId, query.code),
    }),

    defineRoute({
      method: 'GET', path: '/dashboard/shopify/connection', scope: 'dashboard',
      handler: ({ orgId }) => service.connection(orgId),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/shopify/connection', scope: 'dashboard', body: connectShopifyBodySchema,
      handler: ({ orgId, body }) => {
        const { created, connection } = service.connect(orgId, body);
        return reply(created ? 201 : 200, connection);
      },
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/shopify/connection', scope: 'dashboard',
      handler: ({ orgId }) => service.disconnect(orgId),
    }),
  ];
}
