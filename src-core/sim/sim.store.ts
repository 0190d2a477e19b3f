// The only SQL of the simulated world: what each simulated phone, mailbox or instagram user received.
import type { HandsetMessage } from '../contract/messaging.ts';
import type { Sql } from '../kernel/db.ts';

type Row = {
  id: string; org_id: string; address: string; channel: string; sender: string; text: string; message_id: string; external_id: string; payload: string; at: string;
};

export function createSimStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO sim_handset_messages (id, org_id, address, channel, sender, text, message_id, external_id, payload, at)
    VALUES (@id, @org_id, @address, @channel, @sender, @text, @message_id, @external_id, @payload, @at)`);
  const byMessage = sql.prepare(`SELECT external_id FROM sim_handset_messages WHERE message_id = ? LIMIT 1`).pluck();
  const byAddress = sql.prepare(`SELECT * FROM sim_handset_messages WHERE address = ? AND (? IS NULL OR org_id = ?) ORDER BY at, rowid LIMIT ?`);
  return {
    insert: (row: Row) => void insert.run(row),
    /** The external id already given to `messageId`, if it was delivered. */
    externalIdOf: (messageId: string): string | null => (byMessage.get(messageId) as string | null | undefined) ?? null,
    received(address: string, orgId: string | null, limit: number): HandsetMessage[] {
      return (byAddress.all(address, orgId, orgId, limit) as Row[]).map((row) => ({
        id: row.id, channel: row.channel as HandsetMessage['channel'], from: row.sender, text: row.text, at: row.at,
        messageId: row.message_id, externalId: row.external_id, payload: JSON.parse(row.payload) as Record<string, unknown>,
      }));
    },
  };
}
export type SimStore = ReturnType<typeof createSimStore>;
