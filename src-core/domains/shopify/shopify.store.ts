// The only SQL of Shopify: which shop each organization connected (the shop's data stays at the shop).
import type { Sql } from '../../kernel/db.ts';

export type ShopifyConnectionRow = { org_id: string; shop_domain: string; shop_name: string; connected_at: string };

export function createShopifyStore(sql: Sql) {
  const connection = sql.prepare(`SELECT * FROM shopify_connections WHERE org_id = ?`);
  const upsert = sql.prepare(`INSERT INTO shopify_connections (org_id, shop_domain, shop_name, connected_at)
    VALUES (@org_id, @shop_domain, @shop_name, @connected_at)
    ON CONFLICT (org_id) DO UPDATE SET shop_domain = excluded.shop_domain, shop_name = excluded.shop_name, connected_at = excluded.connected_at`);
  const remove = sql.prepare(`DELETE FROM shopify_connections WHERE org_id = ?`);
  const connectedTo = sql.prepare(`SELECT org_id FROM shopify_connections WHERE shop_domain = ? ORDER BY org_id`).pluck();
  return {
    connection: (orgId: string) => connection.get(orgId) as ShopifyConnectionRow | undefined,
    saveConnection: (row: ShopifyConnectionRow) => void upsert.run(row),
    deleteConnection: (orgId: string) => remove.run(orgId).changes === 1,
    /** The organizations whose connection is the shop at `domain`. */
    orgsConnectedTo: (domain: string) => connectedTo.all(domain) as string[],
  };
}
export type ShopifyStore = ReturnType<typeof createShopifyStore>;
