// Looking up orders, customers and discount codes in a shop: which order an identifier names, which customer a
// phone in local form is, and whether a code is valid at the virtual now.
import type {
  CustomerIdentifier, OrderIdentifier, ShopifyCustomerOrders, ShopifyDiscountValidation, ShopifyOrderStatus,
} from '../../contract/shopify.ts';
import { formatMoney, moneyCents } from '../../contract/shopify.ts';
import { plural } from '../../contract/words.ts';
import { notFound } from '../../kernel/errors.ts';
import type { Shop, ShopCustomer, ShopDiscount, ShopifyStorePort, ShopOrder } from './provider.ts';

/** An order as the API answers it (and as the `shopify.order.*` events carry it): the shop's currency, no customer id. */
export const toStatus = (shop: Shop, { customerId: _customer, ...order }: ShopOrder): ShopifyOrderStatus => ({ ...order, currency: shop.currency });
/** Newest first; orders placed at the same instant by number, highest first. */
const newestFirst = (a: ShopOrder, b: ShopOrder): number => b.createdAt.localeCompare(a.createdAt) || Number(b.orderNumber) - Number(a.orderNumber);
/** Orders refunded in full or voided are not money the customer spent. */
const SPENT = (order: ShopOrder): boolean => order.financialStatus !== 'refunded' && order.financialStatus !== 'voided';

function ordersOf(port: ShopifyStorePort, shop: Shop, customer: ShopCustomer): ShopOrder[] {
  return port.orders(shop.domain)
    .filter((order) => order.customerId === customer.id || (order.customerId === null && customer.email !== null && order.email === customer.email))
    .sort(newestFirst);
}

/** One order: by its number, or the most recent one placed with this email (on the order or its customer). */
export function orderStatus(port: ShopifyStorePort, shop: Shop, identifier: OrderIdentifier): ShopifyOrderStatus {
  const orders = port.orders(shop.domain);
  if (identifier.kind === 'orderNumber') {
    const order = orders.find((candidate) => candidate.orderNumber === identifier.orderNumber);
    if (!order) throw notFound(`Order #${identifier.orderNumber}`);
    return toStatus(shop, order);
  }
  const customerIds = new Set(port.customers(shop.domain).filter((c) => c.email === identifier.email).map((c) => c.id));
  const latest = orders.filter((order) => order.email === identifier.email || (order.customerId !== null && customerIds.has(order.customerId))).sort(newestFirst)[0];
  if (!latest) throw notFound(`Order for ${identifier.email}`);
  return toStatus(shop, latest);
}

/**
 * Whether the customer's phone is `identifier`'s: E.164 digits equal, or local digits (a leading trunk 0 dropped)
 * that are the number after a country code of 1 to 3 digits.
 */
function samePhone(phone: string, identifier: Extract<CustomerIdentifier, { kind: 'phone' }>): boolean {
  const stored = phone.replace(/^\+/, '');
  if (stored === identifier.digits) return true;
  if (identifier.e164) return false;
  const local = identifier.digits.replace(/^0+/, '');
  const prefix = stored.length - local.length;
  return local.length >= 6 && prefix >= 1 && prefix <= 3 && stored.endsWith(local);
}

/** The customer (the first the shop had, if a local number names several) and every order of theirs, newest first. */
export function customerOrders(port: ShopifyStorePort, shop: Shop, identifier: CustomerIdentifier): ShopifyCustomerOrders {
  const customer = port.customers(shop.domain).find((candidate) => (identifier.kind === 'email'
    ? candidate.email === identifier.email
    : candidate.phone !== null && samePhone(candidate.phone, identifier)));
  // "Customer with phone +44155550101 not found": the number as it was given (with its + when it had one).
  const given = identifier.kind === 'email' ? `email ${identifier.email}` : `phone ${identifier.e164 ? '+' : ''}${identifier.digits}`;
  if (!customer) throw notFound(`Customer with ${given}`);
  const orders = ordersOf(port, shop, customer);
  return {
    customer: {
      ...customer, ordersCount: orders.length, currency: shop.currency,
      totalSpent: formatMoney(orders.filter(SPENT).reduce((sum, order) => sum + moneyCents(order.totalPrice), 0)),
    },
    orders: orders.map((order) => toStatus(shop, order)),
  };
}

const REASON_MESSAGE = {
  not_found: (code: string) => `The shop has no discount code ${code}`,
  expired: (code: string, d?: ShopDiscount) => `${code} expired at ${d?.expiresAt}`,
  not_started: (code: string, d?: ShopDiscount) => `${code} is valid from ${d?.startsAt}`,
  usage_limit_reached: (code: string, d?: ShopDiscount) => `${code} has been used ${plural(d?.usageCount ?? 0, 'time')}, its limit`,
} as const;

/** A code (any case) checked at `now`: expired, not yet started, or used up is `valid: false` with its reason. */
export function validateDiscount(discounts: ShopDiscount[], code: string, now: string): ShopifyDiscountValidation {
  const discount = discounts.find((candidate) => candidate.code.toLowerCase() === code.toLowerCase());
  if (!discount) {
    return {
      valid: false, code, type: null, value: null, minimumOrderAmount: null, startsAt: null, expiresAt: null, usageCount: null, usageLimit: null,
      reason: 'not_found', message: REASON_MESSAGE.not_found(code),
    };
  }
  const reason = discount.expiresAt !== null && discount.expiresAt <= now ? 'expired'
    : discount.startsAt !== null && discount.startsAt > now ? 'not_started'
      : discount.usageLimit !== null && discount.usageCount >= discount.usageLimit ? 'usage_limit_reached' : null;
  const { type, value, minimumOrderAmount, startsAt, expiresAt, usageCount, usageLimit } = discount;
  return {
    valid: reason === null, code: discount.code, type, value, minimumOrderAmount, startsAt, expiresAt, usageCount, usageLimit, reason,
    message: reason ? REASON_MESSAGE[reason](discount.code, discount) : `${discount.code} is valid`,
  };
}
