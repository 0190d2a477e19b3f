// The Shopify domain: the organization's connected shop, read through the shop's port (read-only routes), and the
// shop's order notices turned into the connected organizations' `shopify.order.*` events.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { ShopifyStorePort } from './provider.ts';
import { shopifyRoutes } from './shopify.routes.ts';
import { createShopifyService } from './shopify.service.ts';
import { createShopifyStore } from './shopify.store.ts';

export function shopifyDomain(deps: CoreDeps & { shop: ShopifyStorePort }) {
  const service = createShopifyService({ store: createShopifyStore(deps.db.sql), clock: deps.clock, bus: deps.bus, port: deps.shop });
  // The shop's order webhooks, as the platform would receive them: each becomes the connected organizations' events.
  deps.shop.onOrder(service.onOrderNotice);
  return defineDomain({ name: 'shopify', routes: shopifyRoutes(service), service });
}
export type { ShopifyService } from './shopify.service.ts';
export type { Shop, ShopCollection, ShopCustomer, ShopDiscount, ShopifyStorePort, ShopOrder, ShopOrderNotice, ShopProduct } from './provider.ts';
