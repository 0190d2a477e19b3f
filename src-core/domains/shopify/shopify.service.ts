// The rules of Shopify: the organization's connected shop (without it every Shopify route is 404), and the
// read-only answers about its catalogue, orders, customers and discount codes, read from the shop through the port.
import type {
  ConnectShopifyInput, CustomerIdentifier, OrderIdentifier, ShopifyCollection, ShopifyCollectionProducts, ShopifyCollections, ShopifyConnection, ShopifyConnectionState,
  ShopifyCustomerOrders, ShopifyDiscountValidation, ShopifyOrderStatus, ShopifyProduct, ShopifyProductSummary, ShopifyProductTypes, ShopifySearch,
} from '../../contract/shopify.ts';
import type { IntegrationChange } from '../../contract/stream.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import { AppError, notFound } from '../../kernel/errors.ts';
import type { Shop, ShopCollection, ShopifyStorePort, ShopOrderNotice, ShopProduct } from './provider.ts';
import { customerOrders, orderStatus, toStatus, validateDiscount } from './shopify.orders.ts';
import type { ShopifyConnectionRow, ShopifyStore } from './shopify.store.ts';

const byTitle = (a: { title: string; id: string }, b: { title: string; id: string }): number =>
  a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }) || a.title.localeCompare(b.title, 'en') || a.id.localeCompare(b.id);

const summary = (product: ShopProduct): ShopifyProductSummary => ({
  id: product.id, title: product.title, vendor: product.vendor, productType: product.productType, tags: product.tags,
  variants: product.variants.map(({ id, title, price, inventoryQuantity }) => ({ id, title, price, inventoryQuantity })),
});

/** Whether `query` (lower-cased) is in the product's title, one of its tags, its vendor or its type. */
const mentions = (product: ShopProduct, query: string): boolean =>
  [product.title, product.vendor, product.productType, ...product.tags].some((field) => field.toLowerCase().includes(query));

export function createShopifyService(deps: { store: ShopifyStore; clock: Clock; bus: Bus; port: ShopifyStorePort }) {
  const { store, clock, bus, port } = deps;

  function connectedShop(orgId: string): Shop {
    const row = store.connection(orgId);
    const shop = row ? port.shop(row.shop_domain) : null;
    if (!shop) {
      throw new AppError('INTEGRATION_NOT_CONNECTED', 'Shopify integration is not connected for this organization: connect a Shopify store in the dashboard first', {
        extra: { integration: 'shopify' },
      });
    }
    return shop;
  }

  function toConnection(row: ShopifyConnectionRow, shop: Shop): ShopifyConnection {
    return {
      shopDomain: row.shop_domain, shopName: row.shop_name, currency: shop.currency, connectedAt: row.connected_at,
      counts: {
        products: port.products(shop.domain).length, collections: port.collections(shop.domain).length, customers: port.customers(shop.domain).length,
        orders: port.orders(shop.domain).length, discounts: port.discounts(shop.domain).length,
      },
    };
  }

  function toCollection(collection: ShopCollection): ShopifyCollection {
    const { id, title, handle, collectionType, productIds } = collection;
    return { id, title, handle, productsCount: productIds.length, collectionType };
  }

  return {
    connectedShop,
    /** Whether the organization has a shop connected (what an automation on Shopify's orders needs). */
    isConnected: (orgId: string): boolean => {
      const row = store.connection(orgId);
      return Boolean(row && port.shop(row.shop_domain));
    },
    /**
     * A shop's order notice (its webhook, as the platform would receive it): `shopify.order.created` or
     * `shopify.order.fulfilled` for every organization connected to that shop now, with the order as the order-status
     * route answers it. Runs in the transaction that changed the order; a shop nobody is connected to raises nothing.
     */
    onOrderNotice(notice: ShopOrderNotice): void {
      const shop = port.shop(notice.domain);
      if (!shop) return;
      const data = toStatus(shop, notice.order);
      for (const orgId of store.orgsConnectedTo(shop.domain)) bus.emit(orgId, `shopify.order.${notice.topic}`, data);
    },
    connection(orgId: string): ShopifyConnectionState {
      const row = store.connection(orgId);
      const shop = row ? port.shop(row.shop_domain) : null;
      return row && shop ? { connected: true, connection: toConnection(row, shop) } : { connected: false, connection: null };
    },
    /** Connects the shop (reconnecting the same one keeps when it was first connected); answers whether it was new. */
    connect(orgId: string, input: ConnectShopifyInput): { created: boolean; connection: ShopifyConnection } {
      const existing = store.connection(orgId);
      const shop = port.connect(input.shopDomain, { name: input.shopName, currency: input.currency });
      const same = existing?.shop_domain === shop.domain;
      const row = { org_id: orgId, shop_domain: shop.domain, shop_name: shop.name, connected_at: same ? existing.connected_at : clock.nowIso() };
      store.saveConnection(row);
      bus.publishTransient(orgId, 'integration.changed', { integration: 'shopify', connected: true } satisfies IntegrationChange);
      return { created: !same, connection: toConnection(row, shop) };
    },
    /** Disconnects; the shop keeps its data and shows it again on reconnecting. */
    disconnect(orgId: string): { success: true; connected: false; wasConnected: boolean } {
      const wasConnected = store.deleteConnection(orgId);
      if (wasConnected) bus.publishTransient(orgId, 'integration.changed', { integration: 'shopify', connected: false } satisfies IntegrationChange);
      return { success: true, connected: false, wasConnected };
    },

    /** Products whose title, tags, vendor or type contain `query` (any case), by title. */
    searchProducts(orgId: string, query: string, limit: number): ShopifySearch {
      const shop = connectedShop(orgId);
      const needle = query.toLowerCase();
      const data = port.products(shop.domain).filter((product) => mentions(product, needle)).sort(byTitle).slice(0, limit).map(summary);
      return { data, meta: { count: data.length, query } };
    },
    productTypes(orgId: string): ShopifyProductTypes {
      const shop = connectedShop(orgId);
      const types = [...new Set(port.products(shop.domain).map((product) => product.productType).filter(Boolean))];
      const data = types.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b, 'en'));
      return { data, meta: { count: data.length } };
    },
    product(orgId: string, id: string): ShopifyProduct {
      const shop = connectedShop(orgId);
      const product = port.products(shop.domain).find((candidate) => candidate.id === id);
      if (!product) throw notFound(`Product ${id}`);
      return { ...product, currency: shop.currency };
    },
    collections(orgId: string): ShopifyCollections {
      const shop = connectedShop(orgId);
      const data = port.collections(shop.domain).sort(byTitle).map(toCollection);
      return { data, meta: { count: data.length } };
    },
    /** A collection's products by title, at most `limit` of them (`meta.total` counts them all). */
    collectionProducts(orgId: string, id: string, limit: number): ShopifyCollectionProducts {
      const shop = connectedShop(orgId);
      const collection = port.collections(shop.domain).find((candidate) => candidate.id === id);
      if (!collection) throw notFound(`Collection ${id}`);
      const members = new Set(collection.productIds);
      const all = port.products(shop.domain).filter((product) => members.has(product.id)).sort(byTitle);
      const data = all.slice(0, limit).map(summary);
      return { data, meta: { count: data.length, total: all.length, limit, collection: toCollection(collection) } };
    },
    orderStatus(orgId: string, identifier: OrderIdentifier): ShopifyOrderStatus {
      const shop = connectedShop(orgId);
      return orderStatus(port, shop, identifier);
    },
    customerOrders(orgId: string, identifier: CustomerIdentifier): ShopifyCustomerOrders {
      const shop = connectedShop(orgId);
      return customerOrders(port, shop, identifier);
    },
    validateDiscount(orgId: string, code: string): ShopifyDiscountValidation {
      const shop = connectedShop(orgId);
      return validateDiscount(port.discounts(shop.domain), code, clock.nowIso());
    },
  };
}
export type ShopifyService = ReturnType<typeof createShopifyService>;
