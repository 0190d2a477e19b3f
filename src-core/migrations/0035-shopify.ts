// Shopify: each organization's connected shop, and the simulated shops' data (what Shopify itself would hold),
// one JSON record per product, collection, customer, order or discount, in the order they were made.
import type { Migration } from '../kernel/migrate.store.ts';

export const shopifyMigration: Migration = {
  id: 35,
  name: 'shopify',
  sql: `
CREATE TABLE shopify_connections (
  org_id TEXT PRIMARY KEY REFERENCES organizations(id),
  shop_domain TEXT NOT NULL,
  shop_name TEXT NOT NULL,
  connected_at TEXT NOT NULL
);

CREATE TABLE sim_shopify_shops (
  domain TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE sim_shopify_records (
  shop_domain TEXT NOT NULL REFERENCES sim_shopify_shops(domain),
  kind TEXT NOT NULL CHECK (kind IN ('product', 'collection', 'customer', 'order', 'discount')),
  id TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (shop_domain, kind, id)
);
CREATE INDEX sim_shopify_records_by_kind ON sim_shopify_records(shop_domain, kind);
`,
};
