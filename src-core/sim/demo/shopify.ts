// Demo fixtures for Shopify: the connected shop example-store.myshopify.com (INR) with a dozen products, four
// collections, customers (Alice among them) with orders #1001 to #1005, and discount codes in each state.
import type { ShopifyService, ShopProduct } from '../../domains/shopify/index.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { SimShopifyAdmin } from '../shopify.ts';

export const DEMO_SHOP_DOMAIN = 'example-store.myshopify.com';
const DAY_MS = 24 * 3600 * 1000;

type DemoProduct = {
  title: string; productType: string; vendor: string; tags: string[]; description: string;
  /** The one option and a price per value (or one price for all); no option: a single default variant. */
  option?: { name: string; values: string[] }; price: string | string[]; compareAtPrice?: string; stock: number;
};

const PRODUCTS: DemoProduct[] = [
  { title: 'Linen Tote Bag', productType: 'Bags', vendor: 'Example Store', tags: ['linen', 'eco', 'bestseller'], description: 'A roomy tote in washed linen with an inner pocket.', option: { name: 'Color', values: ['Sand', 'Olive', 'Charcoal'] }, price: '1299.00', stock: 24 },
  { title: 'Canvas Weekender', productType: 'Bags', vendor: 'Example Store', tags: ['canvas', 'travel'], description: 'Waxed canvas holdall that fits a weekend away.', option: { name: 'Color', values: ['Navy', 'Khaki'] }, price: '3499.00', compareAtPrice: '3999.00', stock: 8 },
  { title: 'Everyday Crossbody', productType: 'Bags', vendor: 'Example Store', tags: ['everyday', 'vegan'], description: 'A light crossbody with an adjustable strap.', option: { name: 'Color', values: ['Black', 'Tan'] }, price: '1899.00', stock: 15 },
  { title: 'Ceramic Pour-Over Set', productType: 'Kitchen', vendor: 'Clay & Co.', tags: ['coffee', 'ceramic', 'bestseller'], description: 'Hand-thrown dripper and carafe for two cups.', option: { name: 'Color', values: ['White', 'Speckled'] }, price: '2199.00', stock: 11 },
  { title: 'Stoneware Mug', productType: 'Kitchen', vendor: 'Clay & Co.', tags: ['coffee', 'ceramic'], description: 'A glazed stoneware mug, dishwasher safe.', option: { name: 'Size', values: ['250 ml', '350 ml'] }, price: ['549.00', '649.00'], stock: 40 },
  { title: 'Bamboo Cutlery Set', productType: 'Kitchen', vendor: 'Green Roots', tags: ['eco', 'travel'], description: 'Fork, spoon, knife and chopsticks in a cotton pouch.', price: '399.00', stock: 60 },
  { title: 'Organic Cotton Tee', productType: 'Apparel', vendor: 'Example Store', tags: ['organic', 'cotton', 'bestseller'], description: 'A heavyweight tee in GOTS-certified cotton.', option: { name: 'Size', values: ['S', 'M', 'L', 'XL'] }, price: '899.00', stock: 30 },
  { title: 'Linen Shirt', productType: 'Apparel', vendor: 'Example Store', tags: ['linen', 'summer', 'sale'], description: 'A relaxed shirt in breathable linen.', option: { name: 'Size', values: ['S', 'M', 'L'] }, price: '2499.00', compareAtPrice: '2999.00', stock: 12 },
  { title: 'Merino Beanie', productType: 'Apparel', vendor: 'Woolly Co.', tags: ['winter', 'wool', 'sale'], description: 'A soft merino beanie, rib knit.', option: { name: 'Color', values: ['Grey', 'Rust'] }, price: '1199.00', compareAtPrice: '1499.00', stock: 0 },
  { title: 'Soy Candle', productType: 'Home', vendor: 'Wick & Wax', tags: ['home', 'gift'], description: 'Hand-poured soy wax, 40 hours of burn.', option: { name: 'Scent', values: ['Sandalwood', 'Jasmine', 'Vetiver'] }, price: '749.00', stock: 35 },
  { title: 'Cotton Throw Blanket', productType: 'Home', vendor: 'Example Store', tags: ['home', 'cotton', 'gift'], description: 'A handloom throw with fringed ends.', option: { name: 'Color', values: ['Ivory', 'Indigo'] }, price: '2999.00', stock: 6 },
  { title: 'Gift Card', productType: 'Gift Cards', vendor: 'Example Store', tags: ['gift'], description: 'Delivered by email, valid for a year.', option: { name: 'Denomination', values: ['₹500', '₹1000', '₹2000'] }, price: ['500.00', '1000.00', '2000.00'], stock: 9999 },
];

const sku = (title: string, value: string): string => `${title.replace(/[^A-Za-z]/g, '').slice(0, 6)}-${value.replace(/[^A-Za-z0-9]/g, '')}`.toUpperCase();

function addProducts(admin: SimShopifyAdmin, domain: string): Map<string, ShopProduct> {
  const made = new Map<string, ShopProduct>();
  for (const { option, price, compareAtPrice, stock, ...product } of PRODUCTS) {
    const values = option?.values ?? ['Default Title'];
    made.set(product.title, admin.addProduct(domain, {
      ...product, options: option ? [option] : [],
      variants: values.map((value, i) => ({
        title: value, sku: sku(product.title, value), price: Array.isArray(price) ? (price[i] as string) : price, compareAtPrice,
        inventoryQuantity: stock,
      })),
    }));
  }
  return made;
}

export function seedShopifyDemo(deps: { orgId: string; shopify: ShopifyService; shopifyAdmin: SimShopifyAdmin; clock: Clock }): void {
  const { orgId, shopifyAdmin: admin, clock } = deps;
  // The shop's history comes before the organization connects it, as a real shop's would: its past orders raise no
  // `shopify.order.*` events (the shop notifies only the organizations connected to it).
  const domain = admin.openShop(DEMO_SHOP_DOMAIN, { name: 'Example Store', currency: 'INR' }).domain;
  const products = addProducts(admin, domain);
  const variant = (title: string, option = 'Default Title'): string => {
    const found = products.get(title)?.variants.find((v) => v.title === option);
    if (!found) throw new Error(`demo seed: no variant ${title} / ${option}`);
    return found.id;
  };
  admin.addCollection(domain, { title: 'Bestsellers', productIds: ['Linen Tote Bag', 'Ceramic Pour-Over Set', 'Organic Cotton Tee'].map((t) => products.get(t)?.id as string) });
  admin.addCollection(domain, { title: 'Bags', rules: [{ column: 'product_type', relation: 'equals', condition: 'Bags' }] });
  admin.addCollection(domain, { title: 'Kitchen & Coffee', handle: 'kitchen', rules: [{ column: 'product_type', relation: 'equals', condition: 'Kitchen' }] });
  admin.addCollection(domain, { title: 'Sale', rules: [{ column: 'tag', relation: 'equals', condition: 'sale' }] });

  const ago = (days: number): string => new Date(clock.now() - days * DAY_MS).toISOString();
  const alice = admin.addCustomer(domain, { firstName: 'Alice', lastName: 'Johnson', email: 'alice@example.com', phone: '+14155550101' });
  const leo = admin.addCustomer(domain, { firstName: 'Leo', lastName: 'Martins', email: 'leo.martins@example.com', phone: '+351912345678' });
  const maya = admin.addCustomer(domain, { firstName: 'Maya', lastName: 'Fernandes', email: 'maya.fernandes@example.com', phone: '+919820012345' });
  const priya = admin.addCustomer(domain, { firstName: 'Priya', lastName: 'Menon', email: 'priya.menon@example.com', phone: '+919845098450' });
  const paid = { financialStatus: 'paid' as const };
  admin.addOrder(domain, {
    ...paid, customerId: alice.id, fulfillmentStatus: 'fulfilled', createdAt: ago(6),
    lineItems: [{ variantId: variant('Linen Tote Bag', 'Sand'), quantity: 1 }, { variantId: variant('Stoneware Mug', '350 ml'), quantity: 2 }],
    tracking: { carrier: 'UPS', number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
  });
  admin.addOrder(domain, {
    ...paid, customerId: leo.id, fulfillmentStatus: 'fulfilled', createdAt: ago(4),
    lineItems: [{ variantId: variant('Canvas Weekender', 'Navy'), quantity: 1 }],
    tracking: { carrier: 'DHL Express', number: '4728391056', url: 'https://www.dhl.com/en/express/tracking.html?AWB=4728391056' },
  });
  admin.addOrder(domain, {
    ...paid, customerId: priya.id, fulfillmentStatus: 'partial', createdAt: ago(2),
    lineItems: [{ variantId: variant('Ceramic Pour-Over Set', 'White'), quantity: 1 }, { variantId: variant('Soy Candle', 'Sandalwood'), quantity: 1 }],
    tracking: { carrier: 'Blue Dart', number: '77312045981', url: 'https://www.bluedart.com/tracking?awb=77312045981' },
  });
  admin.addOrder(domain, { ...paid, customerId: alice.id, createdAt: ago(1), lineItems: [{ variantId: variant('Organic Cotton Tee', 'M'), quantity: 2 }] });
  admin.addOrder(domain, { ...paid, customerId: maya.id, createdAt: ago(0.06), lineItems: [{ variantId: variant('Linen Tote Bag', 'Sand'), quantity: 1 }] });

  admin.addDiscount(domain, { code: 'WELCOME10', type: 'percentage', value: 10, minimumOrderAmount: '499.00', startsAt: ago(120), usageCount: 37 });
  admin.addDiscount(domain, { code: 'EXPIRED20', type: 'percentage', value: 20, minimumOrderAmount: '0.00', startsAt: ago(90), expiresAt: ago(30), usageCount: 112 });
  admin.addDiscount(domain, { code: 'FREESHIP999', type: 'free_shipping', value: 0, minimumOrderAmount: '999.00', usageCount: 8 });
  admin.addDiscount(domain, { code: 'FESTIVE250', type: 'fixed_amount', value: 250, minimumOrderAmount: '1999.00', usageLimit: 100, usageCount: 100 });
  deps.shopify.connect(orgId, { shopDomain: domain, shopName: 'Example Store', currency: 'INR' });
}
