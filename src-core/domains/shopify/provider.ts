// The port to the shop: the store's data lives at Shopify, and the domain reads it through here. The simulated
// world implements it (sim/shopify.ts); a client of Shopify's Admin API could too.
import type { ShopifyCurrency, ShopifyOrderStatus, ShopifyProduct } from '../../contract/shopify.ts';

export type Shop = { domain: string; name: string; currency: ShopifyCurrency; createdAt: string };
/** A product as the shop holds it (the detail the API answers, without the shop's currency). */
export type ShopProduct = Omit<ShopifyProduct, 'currency'>;
/** A collection with its products resolved (a smart collection's from its rules), in the collection's order. */
export type ShopCollection = { id: string; title: string; handle: string; collectionType: 'custom' | 'smart'; productIds: string[]; updatedAt: string };
export type ShopCustomer = {
  id: string; firstName: string; lastName: string | null; email: string | null; phone: string | null; createdAt: string;
};
export type ShopOrder = Omit<ShopifyOrderStatus, 'currency'> & { customerId: string | null };
export type ShopDiscount = {
  id: string; code: string; type: 'percentage' | 'fixed_amount' | 'free_shipping'; value: number; minimumOrderAmount: string;
  startsAt: string | null; expiresAt: string | null; usageLimit: number | null; usageCount: number; createdAt: string;
};

/**
 * What the shop tells the platform about an order, as Shopify's `orders/create` and `orders/fulfilled` webhooks
 * would: which shop, what happened, and the order as it now stands.
 */
export type ShopOrderNotice = { domain: string; topic: 'created' | 'fulfilled'; order: ShopOrder };
export interface ShopifyStorePort {
  /**
   * Installs the app on the shop at `domain` and answers the shop. A simulated shop connected for the first time is
   * made then, empty, with this name (default: from its domain) and currency (default USD).
   */
  connect(domain: string, init: { name?: string | undefined; currency?: ShopifyCurrency | undefined }): Shop;
  shop(domain: string): Shop | null;
  products(domain: string): ShopProduct[];
  collections(domain: string): ShopCollection[];
  customers(domain: string): ShopCustomer[];
  orders(domain: string): ShopOrder[];
  discounts(domain: string): ShopDiscount[];
  /**
   * Subscribes to every shop's order notices. The listener runs inside the transaction that records the order's
   * change, so what it writes (outbox events) commits or rolls back with it.
   */
  onOrder(listener: (notice: ShopOrderNotice) => void): void;
}
