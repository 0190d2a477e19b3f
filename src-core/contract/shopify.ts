// Shopify (seed 000, "Shopify (read-only)"): the organization's connected shop and the /v1/shopify answers.
import { z } from 'zod';
import { nullAsAbsent, timestampSchema } from './common.ts';

export const SHOPIFY_CURRENCIES = ['INR', 'USD'] as const;
export type ShopifyCurrency = (typeof SHOPIFY_CURRENCIES)[number];

/** A shop's permanent domain, `example-store.myshopify.com`; given with `https://` or a trailing slash, it is read without them. */
export const shopDomainSchema = z.string().trim().toLowerCase()
  .transform((domain) => domain.replace(/^https?:\/\//, '').replace(/\/+$/, ''))
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}\.myshopify\.com$/, 'must be a shop domain such as example-store.myshopify.com'));

/** `POST /dashboard/shopify/connection`: name and currency are the shop's, taken when a simulated shop is first connected. */
export const connectShopifyBodySchema = z.object({
  organizationId: z.string().optional(),
  shopDomain: shopDomainSchema,
  shopName: nullAsAbsent(z.string().trim().min(1).max(100)),
  currency: nullAsAbsent(z.enum(SHOPIFY_CURRENCIES)),
});
export type ConnectShopifyInput = z.infer<typeof connectShopifyBodySchema>;

export const shopifyStoreCountsSchema = z.object({
  products: z.number().int(), collections: z.number().int(), customers: z.number().int(), orders: z.number().int(), discounts: z.number().int(),
});
export type ShopifyStoreCounts = z.infer<typeof shopifyStoreCountsSchema>;

export const shopifyConnectionSchema = z.object({
  shopDomain: z.string(),
  shopName: z.string(),
  currency: z.enum(SHOPIFY_CURRENCIES),
  connectedAt: timestampSchema,
  /** What the shop holds, read from it at each request. */
  counts: shopifyStoreCountsSchema,
});
export type ShopifyConnection = z.infer<typeof shopifyConnectionSchema>;

/** `GET /dashboard/shopify/connection`. */
export const shopifyConnectionStateSchema = z.object({ connected: z.boolean(), connection: shopifyConnectionSchema.nullable() });
export type ShopifyConnectionState = z.infer<typeof shopifyConnectionStateSchema>;

/** A price or amount as Shopify writes it: a decimal string with two places, in the shop's currency. */
export const moneyStringSchema = z.string().regex(/^\d+\.\d{2}$/);

export const shopifyVariantSummarySchema = z.object({
  id: z.string(), title: z.string(), price: moneyStringSchema, inventoryQuantity: z.number().int(),
});
/** The seed's product summary (search, a collection's products). */
export const shopifyProductSummarySchema = z.object({
  id: z.string(), title: z.string(), vendor: z.string(), productType: z.string(), tags: z.array(z.string()),
  variants: z.array(shopifyVariantSummarySchema),
});
export type ShopifyProductSummary = z.infer<typeof shopifyProductSummarySchema>;

export const shopifyOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export const shopifyVariantSchema = shopifyVariantSummarySchema.extend({
  sku: z.string().nullable(), compareAtPrice: moneyStringSchema.nullable(),
});
/** `GET /v1/shopify/products/{id}` (not shown in the seed): the summary's fields and the product's full detail. */
export const shopifyProductSchema = shopifyProductSummarySchema.extend({
  handle: z.string(), description: z.string(), options: z.array(shopifyOptionSchema), variants: z.array(shopifyVariantSchema),
  currency: z.enum(SHOPIFY_CURRENCIES), createdAt: timestampSchema, updatedAt: timestampSchema,
});
export type ShopifyProduct = z.infer<typeof shopifyProductSchema>;

export const shopifySearchSchema = z.object({ data: z.array(shopifyProductSummarySchema), meta: z.object({ count: z.number().int(), query: z.string() }) });
export type ShopifySearch = z.infer<typeof shopifySearchSchema>;
export const shopifyProductTypesSchema = z.object({ data: z.array(z.string()), meta: z.object({ count: z.number().int() }) });
export type ShopifyProductTypes = z.infer<typeof shopifyProductTypesSchema>;

export const SHOPIFY_COLLECTION_TYPES = ['custom', 'smart'] as const;
export const shopifyCollectionSchema = z.object({
  id: z.string(), title: z.string(), handle: z.string(), productsCount: z.number().int(), collectionType: z.enum(SHOPIFY_COLLECTION_TYPES),
});
export type ShopifyCollection = z.infer<typeof shopifyCollectionSchema>;
export const shopifyCollectionsSchema = z.object({ data: z.array(shopifyCollectionSchema), meta: z.object({ count: z.number().int() }) });
export type ShopifyCollections = z.infer<typeof shopifyCollectionsSchema>;
/** `GET /v1/shopify/collections/{id}/products` (not shown): the collection's products, and `meta.total` of all of them. */
export const shopifyCollectionProductsSchema = z.object({
  data: z.array(shopifyProductSummarySchema),
  meta: z.object({ count: z.number().int(), total: z.number().int(), limit: z.number().int(), collection: shopifyCollectionSchema }),
});
export type ShopifyCollectionProducts = z.infer<typeof shopifyCollectionProductsSchema>;

export const SHOPIFY_FINANCIAL_STATUSES = ['pending', 'authorized', 'paid', 'partially_refunded', 'refunded', 'voided'] as const;
/** Shopify's: null until something is shipped. */
export const SHOPIFY_FULFILLMENT_STATUSES = ['partial', 'fulfilled'] as const;
export const shopifyTrackingSchema = z.object({ carrier: z.string(), number: z.string(), url: z.string().nullable() });
/** The seed's order status, plus the order's `id`, `name` ("#1001") and `email`; `orderNumber` as the webhooks' `shopify.order.*` samples carry it ("1001"). */
export const shopifyOrderStatusSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  financialStatus: z.enum(SHOPIFY_FINANCIAL_STATUSES),
  fulfillmentStatus: z.enum(SHOPIFY_FULFILLMENT_STATUSES).nullable(),
  totalPrice: moneyStringSchema,
  currency: z.enum(SHOPIFY_CURRENCIES),
  lineItems: z.array(z.object({ title: z.string(), quantity: z.number().int(), price: moneyStringSchema })),
  tracking: shopifyTrackingSchema.nullable(),
  createdAt: timestampSchema,
});
export type ShopifyOrderStatus = z.infer<typeof shopifyOrderStatusSchema>;

/** `customer` of `GET /v1/shopify/customers/orders` (not shown). */
export const shopifyCustomerSchema = z.object({
  id: z.string(), firstName: z.string(), lastName: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(),
  ordersCount: z.number().int(), totalSpent: moneyStringSchema, currency: z.enum(SHOPIFY_CURRENCIES), createdAt: timestampSchema,
});
export type ShopifyCustomer = z.infer<typeof shopifyCustomerSchema>;
export const shopifyCustomerOrdersSchema = z.object({ customer: shopifyCustomerSchema, orders: z.array(shopifyOrderStatusSchema) });
export type ShopifyCustomerOrders = z.infer<typeof shopifyCustomerOrdersSchema>;

export const SHOPIFY_DISCOUNT_TYPES = ['percentage', 'fixed_amount', 'free_shipping'] as const;
/** Why a code is not valid now; null when it is. */
export const SHOPIFY_DISCOUNT_REASONS = ['not_found', 'expired', 'not_started', 'usage_limit_reached'] as const;
export type ShopifyDiscountReason = (typeof SHOPIFY_DISCOUNT_REASONS)[number];
/** The seed's discount validation, plus `reason` and `message`; an unknown code has null in the discount's own fields. */
export const shopifyDiscountValidationSchema = z.object({
  valid: z.boolean(),
  code: z.string(),
  type: z.enum(SHOPIFY_DISCOUNT_TYPES).nullable(),
  value: z.number().nullable(),
  minimumOrderAmount: moneyStringSchema.nullable(),
  startsAt: timestampSchema.nullable(),
  expiresAt: timestampSchema.nullable(),
  usageCount: z.number().int().nullable(),
  usageLimit: z.number().int().nullable(),
  reason: z.enum(SHOPIFY_DISCOUNT_REASONS).nullable(),
  message: z.string(),
});
export type ShopifyDiscountValidation = z.infer<typeof shopifyDiscountValidationSchema>;

/** Cents to Shopify's decimal string: 1999 → "19.99". */
export const formatMoney = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** Shopify's decimal string to cents: "19.9" → 1990. */
export function moneyCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/** `identifier` of `GET /v1/shopify/orders/status`: an order number (`1001` or `#1001`) or the customer's email. */
export const orderIdentifierSchema = z.string().trim().min(1).max(320).transform((value, ctx) => {
  const number = /^#?\s*(\d{1,12})$/.exec(value);
  if (number) return { kind: 'orderNumber' as const, orderNumber: String(Number(number[1])) };
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { kind: 'email' as const, email: value.toLowerCase() };
  ctx.addIssue({ code: 'custom', message: 'must be an order number (1001 or #1001) or a customer email' });
  return z.NEVER;
});
export type OrderIdentifier = z.output<typeof orderIdentifierSchema>;

/** `identifier` of `GET /v1/shopify/customers/orders`: a phone (E.164, or local digits) or an email. */
export const customerIdentifierSchema = z.string().trim().min(1).max(320).transform((value, ctx) => {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { kind: 'email' as const, email: value.toLowerCase() };
  const digits = value.replace(/[\s().-]/g, '');
  if (/^\+?\d{6,15}$/.test(digits)) return { kind: 'phone' as const, e164: digits.startsWith('+'), digits: digits.replace(/^\+/, '') };
  ctx.addIssue({ code: 'custom', message: 'must be a phone number (+14155550101 or 4155550101) or an email' });
  return z.NEVER;
});
export type CustomerIdentifier = z.output<typeof customerIdentifierSchema>;
