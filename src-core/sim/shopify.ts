// The simulated Shopify: shops holding products, collections, customers, orders and discount codes, read by the
// Shopify domain through its port (as it would read Shopify's Admin API), and filled the way a merchant would,
// by `POST /sim/shopify/...` and the demo seed.
import { randomInt } from 'node:crypto';
import { formatMoney, moneyCents, type ShopifyCurrency } from '../contract/shopify.ts';
import type {
  SimShopifyCollectionInput, SimShopifyCustomerInput, SimShopifyDiscountInput, SimShopifyFulfillInput, SimShopifyOrderInput, SimShopifyProductInput,
} from '../contract/shopify-sim.ts';
import type {
  Shop, ShopCollection, ShopCustomer, ShopDiscount, ShopifyStorePort, ShopOrder, ShopOrderNotice, ShopProduct,
} from '../domains/shopify/index.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Db } from '../kernel/db.ts';
import { conflict, invalidField, notFound } from '../kernel/errors.ts';
import { createSimShopifyStore, type SimShopRow } from './shopify.store.ts';

type Rule = NonNullable<SimShopifyCollectionInput['rules']>[number];
/** A collection as the shop keeps it: a custom one's list of products, or a smart one's rules. */
type StoredCollection = { id: string; title: string; handle: string; productIds: string[] | null; rules: Rule[] | null; updatedAt: string };

/** Shopify's ids are 13-digit numbers, written as strings here (as its GraphQL ids carry them). */
const shopifyId = (): string => `${randomInt(1, 10)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
const slug = (title: string): string => title.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'item';
/** `example-store.myshopify.com` → "Example Store". */
const nameFromDomain = (domain: string): string =>
  (domain.split('.')[0] ?? domain).split('-').filter(Boolean).map((word) => word[0]?.toUpperCase() + word.slice(1)).join(' ');

function meets(product: ShopProduct, rule: Rule): boolean {
  const values = rule.column === 'tag' ? product.tags
    : [rule.column === 'title' ? product.title : rule.column === 'vendor' ? product.vendor : product.productType];
  const condition = rule.condition.toLowerCase();
  return values.some((value) => (rule.relation === 'equals' ? value.toLowerCase() === condition : value.toLowerCase().includes(condition)));
}

export function createSimShopify(deps: { db: Db; clock: Clock }) {
  const store = createSimShopifyStore(deps.db.sql);
  const toShop = (row: SimShopRow): Shop => ({ domain: row.domain, name: row.name, currency: row.currency as ShopifyCurrency, createdAt: row.created_at });
  const products = (domain: string): ShopProduct[] => store.list<ShopProduct>(domain, 'product');
  const customers = (domain: string): ShopCustomer[] => store.list<ShopCustomer>(domain, 'customer');
  const discounts = (domain: string): ShopDiscount[] => store.list<ShopDiscount>(domain, 'discount');
  const orders = (domain: string): ShopOrder[] => store.list<ShopOrder>(domain, 'order');
  /** Who hears of orders (the platform's webhook endpoint, as it were): told inside the transaction of the change. */
  const orderListeners: Array<(notice: ShopOrderNotice) => void> = [];
  const notify = (notice: ShopOrderNotice): void => {
    for (const listener of orderListeners) listener(notice);
  };

  /** The shop at `domain`, made (empty) if there is none yet: what a merchant opening a store does. */
  function openShop(domain: string, init: { name?: string | undefined; currency?: ShopifyCurrency | undefined }): Shop {
    const existing = store.shop(domain);
    if (existing) return toShop(existing);
    const row = { domain, name: init.name ?? nameFromDomain(domain), currency: init.currency ?? 'USD', created_at: deps.clock.nowIso() };
    store.insertShop(row);
    return toShop(row);
  }

  function collections(domain: string): ShopCollection[] {
    const all = products(domain);
    return store.list<StoredCollection>(domain, 'collection').map(({ rules, productIds, ...collection }) => ({
      ...collection,
      collectionType: rules ? 'smart' : 'custom',
      productIds: rules ? all.filter((product) => rules.every((rule) => meets(product, rule))).map((product) => product.id) : (productIds ?? []),
    }));
  }

  /** The handle asked for, or one made from the title; made unique in the shop by a number (`linen-tote-2`). */
  function uniqueHandle(taken: string[], title: string, asked: string | undefined): string {
    const base = asked ?? slug(title);
    let handle = base;
    for (let n = 2; taken.includes(handle); n++) handle = `${base}-${n}`;
    return handle;
  }

  const port: ShopifyStorePort = {
    connect: openShop,
    shop: (domain) => {
      const row = store.shop(domain);
      return row ? toShop(row) : null;
    },
    products,
    collections,
    customers,
    orders,
    discounts,
    onOrder: (listener) => void orderListeners.push(listener),
  };

  /** What a merchant adds in the shop's admin; each answers the record as the shop holds it. */
  const admin = {
    openShop,
    addProduct(domain: string, input: SimShopifyProductInput): ShopProduct {
      const at = deps.clock.nowIso();
      const product: ShopProduct = {
        id: shopifyId(), title: input.title, handle: uniqueHandle(products(domain).map((p) => p.handle), input.title, input.handle),
        description: input.description, vendor: input.vendor, productType: input.productType, tags: input.tags,
        options: input.options.length ? input.options : [{ name: 'Title', values: ['Default Title'] }],
        variants: input.variants.map((variant) => ({
          id: shopifyId(), title: variant.title, sku: variant.sku ?? null, price: variant.price, compareAtPrice: variant.compareAtPrice ?? null,
          inventoryQuantity: variant.inventoryQuantity,
        })),
        createdAt: at, updatedAt: at,
      };
      store.insert(domain, 'product', product.id, product);
      return product;
    },
    addCollection(domain: string, input: SimShopifyCollectionInput): ShopCollection {
      const known = new Set(products(domain).map((product) => product.id));
      const unknown = (input.productIds ?? []).filter((id) => !known.has(id));
      if (unknown.length) throw invalidField(`productIds: the shop has no product ${unknown.join(', ')}`);
      const existing = store.list<StoredCollection>(domain, 'collection');
      const collection: StoredCollection = {
        id: shopifyId(), title: input.title, handle: uniqueHandle(existing.map((c) => c.handle), input.title, input.handle),
        productIds: input.rules ? null : [...new Set(input.productIds ?? [])], rules: input.rules ?? null, updatedAt: deps.clock.nowIso(),
      };
      store.insert(domain, 'collection', collection.id, collection);
      return collections(domain).find((c) => c.id === collection.id) as ShopCollection;
    },
    addCustomer(domain: string, input: SimShopifyCustomerInput): ShopCustomer {
      const taken = customers(domain).find((c) => (input.email && c.email === input.email) || (input.phone && c.phone === input.phone));
      if (taken) throw conflict(`The shop already has a customer with this ${taken.email === input.email ? 'email' : 'phone'} (${taken.id})`);
      const customer: ShopCustomer = {
        id: shopifyId(), firstName: input.firstName, lastName: input.lastName ?? null, email: input.email ?? null, phone: input.phone ?? null,
        createdAt: deps.clock.nowIso(),
      };
      store.insert(domain, 'customer', customer.id, customer);
      return customer;
    },
    addOrder(domain: string, input: SimShopifyOrderInput): ShopOrder {
      const customer = input.customerId ? customers(domain).find((c) => c.id === input.customerId) : undefined;
      if (input.customerId && !customer) throw invalidField(`customerId: the shop has no customer ${input.customerId}`);
      const variants = new Map(products(domain).flatMap((product) => product.variants.map((variant) => [variant.id, { product, variant }] as const)));
      const lineItems = input.lineItems.map((line, index) => {
        const found = line.variantId ? variants.get(line.variantId) : undefined;
        if (line.variantId && !found) throw invalidField(`lineItems.${index}.variantId: the shop has no variant ${line.variantId}`);
        const title = line.title ?? (found?.variant.title === 'Default Title' ? found.product.title : `${found?.product.title} - ${found?.variant.title}`);
        return { title, quantity: line.quantity, price: line.price ?? (found?.variant.price as string) };
      });
      const orderNumber = String(1001 + orders(domain).length);
      const order: ShopOrder = {
        id: shopifyId(), orderNumber, name: `#${orderNumber}`, email: input.email ?? customer?.email ?? null, customerId: customer?.id ?? null,
        financialStatus: input.financialStatus, fulfillmentStatus: input.fulfillmentStatus ?? null,
        totalPrice: formatMoney(lineItems.reduce((sum, line) => sum + moneyCents(line.price) * line.quantity, 0)),
        lineItems, tracking: input.tracking ? { ...input.tracking, url: input.tracking.url ?? null } : null,
        createdAt: input.createdAt ?? deps.clock.nowIso(),
      };
      deps.db.tx(() => {
        store.insert(domain, 'order', order.id, order);
        notify({ domain, topic: 'created', order });
      });
      return order;
    },
    /**
     * Fulfills the rest of an order (a `partial` one too): `fulfilled`, with the shipment's tracking if given (else
     * what it had). An unknown order is 404, one already fulfilled 409.
     */
    fulfillOrder(domain: string, id: string, input: SimShopifyFulfillInput): ShopOrder {
      const order = orders(domain).find((candidate) => candidate.id === id);
      if (!order) throw notFound(`Order ${id}`);
      if (order.fulfillmentStatus === 'fulfilled') throw conflict(`Order ${order.name} is already fulfilled`);
      const tracking = input.tracking ? { ...input.tracking, url: input.tracking.url ?? null } : order.tracking;
      const fulfilled: ShopOrder = { ...order, fulfillmentStatus: 'fulfilled', tracking };
      deps.db.tx(() => {
        store.update(domain, 'order', id, fulfilled);
        notify({ domain, topic: 'fulfilled', order: fulfilled });
      });
      return fulfilled;
    },
    addDiscount(domain: string, input: SimShopifyDiscountInput): ShopDiscount {
      if (discounts(domain).some((d) => d.code.toLowerCase() === input.code.toLowerCase())) throw conflict(`The shop already has the discount code ${input.code}`);
      if (input.startsAt && input.expiresAt && input.expiresAt <= input.startsAt) throw invalidField('expiresAt: must be after startsAt');
      const discount: ShopDiscount = {
        id: shopifyId(), code: input.code, type: input.type, value: input.value, minimumOrderAmount: input.minimumOrderAmount,
        startsAt: input.startsAt ?? null, expiresAt: input.expiresAt ?? null, usageLimit: input.usageLimit ?? null, usageCount: input.usageCount,
        createdAt: deps.clock.nowIso(),
      };
      store.insert(domain, 'discount', discount.id, discount);
      return discount;
    },
  };
  return { port, admin };
}
export type SimShopify = ReturnType<typeof createSimShopify>;
export type SimShopifyAdmin = SimShopify['admin'];
