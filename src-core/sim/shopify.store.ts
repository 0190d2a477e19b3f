// The only SQL of the simulated shops: each shop, and its records as JSON in the order they were made.
import type { Sql } from '../kernel/db.ts';

export type SimShopRow = { domain: string; name: string; currency: string; created_at: string };
export type SimShopifyKind = 'product' | 'collection' | 'customer' | 'order' | 'discount';

export function createSimShopifyStore(sql: Sql) {
  const shop = sql.prepare(`SELECT * FROM sim_shopify_shops WHERE domain = ?`);
  const insertShop = sql.prepare(`INSERT INTO sim_shopify_shops (domain, name, currency, created_at) VALUES (@domain, @name, @currency, @created_at)`);
  const insert = sql.prepare(`INSERT INTO sim_shopify_records (shop_domain, kind, id, body) VALUES (?, ?, ?, ?)`);
  const update = sql.prepare(`UPDATE sim_shopify_records SET body = ? WHERE shop_domain = ? AND kind = ? AND id = ?`);
  const list = sql.prepare(`SELECT body FROM sim_shopify_records WHERE shop_domain = ? AND kind = ? ORDER BY rowid`).pluck();
  return {
    shop: (domain: string) => shop.get(domain) as SimShopRow | undefined,
    insertShop: (row: SimShopRow) => void insertShop.run(row),
    insert: (domain: string, kind: SimShopifyKind, id: string, body: unknown) => void insert.run(domain, kind, id, JSON.stringify(body)),
    update: (domain: string, kind: SimShopifyKind, id: string, body: unknown) => void update.run(JSON.stringify(body), domain, kind, id),
    list: <T>(domain: string, kind: SimShopifyKind): T[] => (list.all(domain, kind) as string[]).map((body) => JSON.parse(body) as T),
  };
}
export type SimShopifyStore = ReturnType<typeof createSimShopifyStore>;
