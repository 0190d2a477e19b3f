// The simulated shop's records as `POST /sim/shopify/...` takes them: what a merchant would set up in Shopify's admin.
import { z } from 'zod';
import { isoDateTimeSchema, nullAsAbsent } from './common.ts';
import {
  formatMoney, moneyCents, SHOPIFY_DISCOUNT_TYPES, SHOPIFY_FINANCIAL_STATUSES, SHOPIFY_FULFILLMENT_STATUSES,
} from './shopify.ts';

/** An amount given as "19.99", "19.9" or "19" (text, as Shopify writes prices), kept as "19.99", "19.90", "19.00". */
export const moneyInputSchema = z.string().trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount such as "19.99"')
  .transform((amount) => formatMoney(moneyCents(amount)));

const text = (max: number) => z.string().trim().min(1).max(max);
const handleSchema = z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens, such as linen-tote').max(255);
const org = { organizationId: z.string().optional() };
/** A field with a default, `null` taken as absent (as `nullAsAbsent`), typed as always present once parsed. */
const withDefault = <T extends z.ZodType>(schema: T, value: z.input<T> & z.output<T>) =>
  z.preprocess((given) => (given === null ? undefined : given), schema.default(value as never) as z.ZodDefault<T>);

export const simShopifyProductBodySchema = z.object({
  ...org,
  title: text(255),
  handle: nullAsAbsent(handleSchema),
  description: withDefault(z.string().max(5000), ''),
  vendor: withDefault(z.string().trim().max(255), ''),
  productType: withDefault(z.string().trim().max(255), ''),
  tags: withDefault(z.array(text(255)).max(250), []),
  options: withDefault(z.array(z.object({ name: text(255), values: z.array(text(255)).min(1).max(100) })).max(3), []),
  variants: z.array(z.object({
    title: withDefault(text(255), 'Default Title'),
    sku: nullAsAbsent(text(255)),
    price: moneyInputSchema,
    compareAtPrice: nullAsAbsent(moneyInputSchema),
    inventoryQuantity: withDefault(z.number().int().min(-1_000_000).max(1_000_000), 0),
  })).min(1).max(100),
});
export type SimShopifyProductInput = z.infer<typeof simShopifyProductBodySchema>;

export const SHOPIFY_RULE_COLUMNS = ['title', 'tag', 'vendor', 'product_type'] as const;
/** A custom collection lists its products; a smart one holds every product that meets all its rules. */
export const simShopifyCollectionBodySchema = z.object({
  ...org,
  title: text(255),
  handle: nullAsAbsent(handleSchema),
  productIds: nullAsAbsent(z.array(text(64)).max(5000)),
  rules: nullAsAbsent(z.array(z.object({
    column: z.enum(SHOPIFY_RULE_COLUMNS), relation: z.enum(['equals', 'contains']), condition: text(255),
  })).min(1).max(60)),
}).superRefine((body, ctx) => {
  if (body.productIds && body.rules) ctx.addIssue({ code: 'custom', path: ['rules'], message: 'a collection takes productIds (custom) or rules (smart), not both' });
});
export type SimShopifyCollectionInput = z.infer<typeof simShopifyCollectionBodySchema>;

export const simShopifyCustomerBodySchema = z.object({
  ...org,
  firstName: text(255),
  lastName: nullAsAbsent(text(255)),
  email: nullAsAbsent(z.string().trim().toLowerCase().pipe(z.email())),
  phone: nullAsAbsent(z.string().trim().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, such as +14155550101')),
}).superRefine((body, ctx) => {
  if (!body.email && !body.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: 'a customer needs an email or a phone' });
});
export type SimShopifyCustomerInput = z.infer<typeof simShopifyCustomerBodySchema>;

/** An order's line: a variant of the shop's (its title and price taken from it), or a title and price of its own. */
const lineItemSchema = z.object({
  variantId: nullAsAbsent(text(64)),
  title: nullAsAbsent(text(255)),
  price: nullAsAbsent(moneyInputSchema),
  quantity: z.number().int().min(1).max(10_000),
}).superRefine((line, ctx) => {
  if (!line.variantId && (!line.title || !line.price)) ctx.addIssue({ code: 'custom', path: ['variantId'], message: 'a line names a variantId, or a title and a price' });
});

/** A shipment's tracking: its carrier, number and (optionally) the carrier's tracking page. */
const trackingInputSchema = z.object({ carrier: text(100), number: text(100), url: nullAsAbsent(z.url().max(2048)) });

/** The shop numbers its orders from 1001 in the order they are placed. */
export const simShopifyOrderBodySchema = z.object({
  ...org,
  customerId: nullAsAbsent(text(64)),
  email: nullAsAbsent(z.string().trim().toLowerCase().pipe(z.email())),
  financialStatus: withDefault(z.enum(SHOPIFY_FINANCIAL_STATUSES), 'paid'),
  fulfillmentStatus: nullAsAbsent(z.enum(SHOPIFY_FULFILLMENT_STATUSES)),
  lineItems: z.array(lineItemSchema).min(1).max(250),
  tracking: nullAsAbsent(trackingInputSchema),
  /** When it was placed; default the virtual now. */
  createdAt: nullAsAbsent(isoDateTimeSchema),
});
export type SimShopifyOrderInput = z.infer<typeof simShopifyOrderBodySchema>;

/** Fulfilling an order (`POST /sim/shopify/orders/{id}/fulfill`): the shipment's tracking, when the merchant has it. */
export const simShopifyFulfillBodySchema = z.object({
  ...org,
  tracking: nullAsAbsent(trackingInputSchema),
});
export type SimShopifyFulfillInput = z.infer<typeof simShopifyFulfillBodySchema>;

export const simShopifyDiscountBodySchema = z.object({
  ...org,
  code: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _'),
  type: z.enum(SHOPIFY_DISCOUNT_TYPES),
  value: z.number().min(0).max(1_000_000),
  minimumOrderAmount: withDefault(moneyInputSchema, '0.00'),
  startsAt: nullAsAbsent(isoDateTimeSchema),
  expiresAt: nullAsAbsent(isoDateTimeSchema),
  usageLimit: nullAsAbsent(z.number().int().min(1).max(100_000_000)),
  usageCount: withDefault(z.number().int().min(0).max(100_000_000), 0),
}).superRefine((body, ctx) => {
  if (body.type === 'percentage' && body.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage is at most 100' });
});
export type SimShopifyDiscountInput = z.infer<typeof simShopifyDiscountBodySchema>;
