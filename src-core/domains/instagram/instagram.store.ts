// The only SQL of Instagram: the organization's connection and the handles known per customer IGSID.
import type { Sql } from '../../kernel/db.ts';

export type ConnectionRow = {
  org_id: string; instagram_account_id: string; page_id: string; page_name: string | null; username: string; name: string | null;
  biography: string | null; website: string | null; profile_picture_url: string | null; followers_count: number; follows_count: number;
  media_count: number; connected_at: string; updated_at: string;
};
export type SenderRow = { org_id: string; igsid: string; username: string; name: string | null; updated_at: string };

export function createInstagramStore(sql: Sql) {
  const connection = sql.prepare(`SELECT * FROM instagram_connections WHERE org_id = ?`);
  const upsertConnection = sql.prepare(`INSERT INTO instagram_connections (org_id, instagram_account_id, page_id, page_name, username, name,
      biography, website, profile_picture_url, followers_count, follows_count, media_count, connected_at, updated_at)
    VALUES (@org_id, @instagram_account_id, @page_id, @page_name, @username, @name, @biography, @website, @profile_picture_url,
      @followers_count, @follows_count, @media_count, @connected_at, @updated_at)
    ON CONFLICT (org_id) DO UPDATE SET instagram_account_id = excluded.instagram_account_id, page_id = excluded.page_id,
      page_name = excluded.page_name, username = excluded.username, name = excluded.name, biography = excluded.biography,
      website = excluded.website, profile_picture_url = excluded.profile_picture_url, followers_count = excluded.followers_count,
      follows_count = excluded.follows_count, media_count = excluded.media_count, updated_at = excluded.updated_at`);
  const deleteConnection = sql.prepare(`DELETE FROM instagram_connections WHERE org_id = ?`);
  const upsertSender = sql.prepare(`INSERT INTO instagram_senders (org_id, igsid, username, name, updated_at)
    VALUES (@org_id, @igsid, @username, @name, @updated_at)
    ON CONFLICT (org_id, igsid) DO UPDATE SET username = excluded.username, name = COALESCE(excluded.name, instagram_senders.name),
      updated_at = excluded.updated_at`);
  const sender = sql.prepare(`SELECT * FROM instagram_senders WHERE org_id = ? AND igsid = ?`);
  return {
    connection: (orgId: string) => connection.get(orgId) as ConnectionRow | undefined,
    /** Connects, or replaces the profile of a connected account (keeping when it was first connected). */
    saveConnection: (row: ConnectionRow) => void upsertConnection.run(row),
    deleteConnection: (orgId: string) => deleteConnection.run(orgId).changes === 1,
    saveSender: (row: SenderRow) => void upsertSender.run(row),
    sender: (orgId: string, igsid: string) => sender.get(orgId, igsid) as SenderRow | undefined,
  };
}
export type InstagramStore = ReturnType<typeof createInstagramStore>;
