// The only SQL of campaigns: the campaign rows and one row per recipient whose state follows its message.
import type { Sql } from '../../kernel/db.ts';

export type CampaignRow = {
  id: string; org_id: string; channel: string; name: string; status: string; config: string; total_recipients: number; price_paise: number;
  scheduled_at: string | null; schedule_timezone: string | null; refunded_recipients: number; created_at: string; launched_at: string | null;
  started_at: string | null; completed_at: string | null; cancelled_at: string | null;
  sent_count: number; delivered_count: number; read_count: number; failed_count: number; cancelled_count: number;
  clicked_count: number; replied_count: number; converted_count: number; complained_count: number;
};
export type RecipientRow = {
  campaign_id: string; seq: number; address: string; state: string; message_id: string | null; error: string | null; error_code: string | null;
};
export type CountsRow = {
  total: number; pending: number; sending: number; sent: number; delivered: number; read: number; failed: number; cancelled: number;
  clicked: number; replied: number; converted: number; complained: number;
};

type Tally = { sent: number; delivered: number; read: number; failed: number };
/** What a recipient in `state` adds to the campaign's counters. */
const tally = (state: string | null): Tally => ({
  sent: state === 'sent' || state === 'delivered' || state === 'read' ? 1 : 0, delivered: state === 'delivered' || state === 'read' ? 1 : 0,
  read: state === 'read' ? 1 : 0, failed: state === 'failed' ? 1 : 0,
});

/**
 * A recipient's state only moves forward: pending → sending → sent → delivered → read; failed and cancelled are final.
 * `sent` from `sending`: a message whose send was cut off (a stop) is settled by the next start's recovery, not by the
 * dispatch that queued it, which a cancel may never run again.
 */
const FORWARD: Record<string, string[]> = { sent: ['sending'], delivered: ['sending', 'sent'], read: ['sending', 'sent', 'delivered'], failed: ['sending', 'sent'] };

/**
 * The next recipients in a state. INDEXED BY: without statistics SQLite walks the primary key in seq
 * order past every recipient already sent (quadratic over a dispatch: 0.4 ms a slice by the end of 10,000).
 */
export const IN_STATE_SQL = `SELECT * FROM campaign_recipients INDEXED BY campaign_recipients_state
  WHERE campaign_id = ? AND state = ? ORDER BY seq LIMIT ?`;

/**
 * Pending recipients at any of the addresses of `@refused` (a JSON array of `{address, error}`) fail with its error, as
 * blocked. INDEXED BY: without statistics SQLite loops over every recipient and scans the JSON for each (2.4 s for 500
 * addresses among 10,000 recipients); by the address index it probes once per address (2 ms).
 */
export const FAIL_BLOCKED_SQL = `UPDATE campaign_recipients INDEXED BY campaign_recipients_address
  SET state = 'failed', error = b.error, error_code = 'CONTACT_BLOCKED'
  FROM (SELECT json_extract(value, '$.address') AS address, json_extract(value, '$.error') AS error FROM json_each(@refused)) AS b
  WHERE campaign_recipients.address = b.address AND campaign_recipients.campaign_id = @campaignId AND campaign_recipients.state = 'pending'`;

export function createCampaignsStore(sql: Sql) {
  const insert = sql.prepare(`INSERT INTO campaigns (id, org_id, channel, name, status, config, total_recipients, scheduled_at, schedule_timezone, created_at)
    VALUES (@id, @org_id, @channel, @name, @status, @config, @total_recipients, @scheduled_at, @schedule_timezone, @created_at)`);
  const insertRecipient = sql.prepare(`INSERT INTO campaign_recipients (campaign_id, seq, address) VALUES (?, ?, ?)`);
  const byId = sql.prepare(`SELECT * FROM campaigns WHERE id = ? AND org_id = ?`);
  const list = sql.prepare(`SELECT * FROM campaigns WHERE org_id = @orgId AND channel = @channel AND (@status IS NULL OR status = @status)
    ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`);
  const count = sql.prepare(`SELECT COUNT(*) FROM campaigns WHERE org_id = @orgId AND channel = @channel AND (@status IS NULL OR status = @status)`).pluck();
  /** The counters recomputed from the recipient rows (a check on the kept ones). */
  const recount = sql.prepare(`SELECT COUNT(*) AS total,
      COALESCE(SUM(state = 'pending'), 0) AS pending, COALESCE(SUM(state = 'sending'), 0) AS sending,
      COALESCE(SUM(state IN ('sent', 'delivered', 'read')), 0) AS sent, COALESCE(SUM(state IN ('delivered', 'read')), 0) AS delivered,
      COALESCE(SUM(state = 'read'), 0) AS read, COALESCE(SUM(state = 'failed'), 0) AS failed, COALESCE(SUM(state = 'cancelled'), 0) AS cancelled,
      COUNT(clicked_at) AS clicked, COUNT(replied_at) AS replied, COUNT(converted_at) AS converted, COUNT(complained_at) AS complained
    FROM campaign_recipients WHERE campaign_id = ?`);
  const bump = sql.prepare(`UPDATE campaigns SET sent_count = sent_count + @sent, delivered_count = delivered_count + @delivered,
    read_count = read_count + @read, failed_count = failed_count + @failed WHERE id = @id`);
  const move = (campaignId: string, from: string | null, to: string): void => {
    const a = tally(from);
    const b = tally(to);
    bump.run({ id: campaignId, sent: b.sent - a.sent, delivered: b.delivered - a.delivered, read: b.read - a.read, failed: b.failed - a.failed });
  };
  const stateOf = sql.prepare(`SELECT campaign_id, state FROM campaign_recipients WHERE message_id = ?`);
  const inState = sql.prepare(IN_STATE_SQL);
  const markSending = sql.prepare(`UPDATE campaign_recipients SET state = 'sending', message_id = ? WHERE campaign_id = ? AND seq = ? AND state IN ('pending', 'sending')`);
  const settle = sql.prepare(`UPDATE campaign_recipients SET state = ?, error = ?, error_code = ? WHERE campaign_id = ? AND seq = ? AND state IN ('pending', 'sending')`);
  const advance = sql.prepare(`UPDATE campaign_recipients SET state = @state, error = COALESCE(@error, error), error_code = COALESCE(@errorCode, error_code)
    WHERE message_id = @messageId AND state = @old`);
  const failures = sql.prepare(`SELECT address, message_id, error, error_code FROM campaign_recipients INDEXED BY campaign_recipients_state
    WHERE campaign_id = ? AND state = 'failed' ORDER BY seq LIMIT ? OFFSET ?`);
  const blockedCount = sql.prepare(`SELECT COUNT(*) FROM campaign_recipients INDEXED BY campaign_recipients_state
    WHERE campaign_id = ? AND state = 'failed' AND error_code = 'CONTACT_BLOCKED'`).pluck();
  /** The failed recipients by code, most first (no code last), the blocked ones left out: they are counted apart. */
  const failureReasons = sql.prepare(`SELECT error_code AS code, COUNT(*) AS count FROM campaign_recipients INDEXED BY campaign_recipients_state
    WHERE campaign_id = ? AND state = 'failed' AND error_code IS NOT 'CONTACT_BLOCKED'
    GROUP BY error_code ORDER BY count DESC, error_code IS NULL, error_code`);
  const failureCount = sql.prepare(`SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ? AND state = 'failed'`).pluck();
  const cancelPending = sql.prepare(`UPDATE campaign_recipients SET state = 'cancelled' WHERE campaign_id = ? AND state = 'pending'`);
  const failPending = sql.prepare(`UPDATE campaign_recipients SET state = 'failed', error = ?, error_code = ? WHERE campaign_id = ? AND state = 'pending'`);
  const failBlocked = sql.prepare(FAIL_BLOCKED_SQL);
  const countCancelled = sql.prepare(`UPDATE campaigns SET cancelled_count = cancelled_count + ? WHERE id = ?`);
  const removeRecipients = sql.prepare(`DELETE FROM campaign_recipients WHERE campaign_id = ?`);
  const removeDraft = sql.prepare(`DELETE FROM campaigns WHERE id = ? AND status = 'DRAFT'`);
  const listed = sql.prepare(`SELECT address FROM campaign_recipients WHERE campaign_id = ? ORDER BY seq`).pluck();
  const lastSeq = sql.prepare(`SELECT COALESCE(MAX(seq), 0) FROM campaign_recipients WHERE campaign_id = ?`).pluck();
  const addTotal = sql.prepare(`UPDATE campaigns SET total_recipients = total_recipients + ? WHERE id = ?`);
  const byMessage = sql.prepare(`SELECT r.*, c.org_id FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id WHERE r.message_id = ?`);
  const engageCount = {
    clicked: sql.prepare(`UPDATE campaigns SET clicked_count = clicked_count + 1 WHERE id = ?`),
    replied: sql.prepare(`UPDATE campaigns SET replied_count = replied_count + 1 WHERE id = ?`),
    converted: sql.prepare(`UPDATE campaigns SET converted_count = converted_count + 1 WHERE id = ?`),
    complained: sql.prepare(`UPDATE campaigns SET complained_count = complained_count + 1 WHERE id = ?`),
  };
  const engage = {
    clicked: sql.prepare(`UPDATE campaign_recipients SET clicked_at = ? WHERE message_id = ? AND clicked_at IS NULL RETURNING campaign_id`).pluck(),
    replied: sql.prepare(`UPDATE campaign_recipients SET replied_at = ? WHERE message_id = ? AND replied_at IS NULL RETURNING campaign_id`).pluck(),
    converted: sql.prepare(`UPDATE campaign_recipients SET converted_at = ? WHERE message_id = ? AND converted_at IS NULL RETURNING campaign_id`).pluck(),
    complained: sql.prepare(`UPDATE campaign_recipients SET complained_at = ? WHERE message_id = ? AND complained_at IS NULL RETURNING campaign_id`).pluck(),
  };
  /** The latest campaign message to an address on a channel sent since `sinceIso` (a reply is credited to it). */
  const latestTo = sql.prepare(`SELECT r.message_id FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
    WHERE r.address = ? AND c.org_id = ? AND c.channel = ? AND r.message_id IS NOT NULL AND r.state IN ('sent', 'delivered', 'read')
      AND COALESCE(c.started_at, c.created_at) >= ?
    ORDER BY c.started_at DESC LIMIT 1`).pluck();

  return {
    insert: (row: Pick<CampaignRow, 'id' | 'org_id' | 'channel' | 'name' | 'status' | 'config' | 'total_recipients' | 'scheduled_at' | 'schedule_timezone' | 'created_at'>) => void insert.run(row),
    /** Appends recipients after the ones already there (must run inside a transaction). */
    addRecipients(campaignId: string, addresses: string[]): number {
      const start = lastSeq.get(campaignId) as number;
      addresses.forEach((address, i) => insertRecipient.run(campaignId, start + i + 1, address));
      addTotal.run(addresses.length, campaignId);
      return addresses.length;
    },
    byId: (orgId: string, id: string) => byId.get(id, orgId) as CampaignRow | undefined,
    /** Every recipient's address, in list order. */
    addresses: (campaignId: string) => listed.all(campaignId) as string[],
    /** Deletes a DRAFT and its recipients (must run inside a transaction); false when it is no longer a DRAFT. */
    removeDraft(id: string): boolean {
      removeRecipients.run(id);
      return removeDraft.run(id).changes === 1;
    },
    list(orgId: string, channel: string, status: string | undefined, limit: number, offset: number) {
      const params = { orgId, channel, status: status ?? null, limit, offset };
      return { rows: list.all(params) as CampaignRow[], total: count.get(params) as number };
    },
    recount: (campaignId: string) => recount.get(campaignId) as CountsRow,
    inState: (campaignId: string, state: string, limit: number) => inState.all(campaignId, state, limit) as RecipientRow[],
    /** Moves a campaign on: `fields` are the timestamps and totals this step sets. */
    update(id: string, fields: Partial<Pick<CampaignRow, 'status' | 'config' | 'price_paise' | 'launched_at' | 'started_at' | 'completed_at' | 'cancelled_at' | 'refunded_recipients' | 'scheduled_at'>>): void {
      const keys = Object.keys(fields);
      if (keys.length === 0) return;
      sql.prepare(`UPDATE campaigns SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
    },
    markSending: (campaignId: string, seq: number, messageId: string) => markSending.run(messageId, campaignId, seq).changes === 1,
    /**
     * A recipient still pending or sending gets its outcome (neither of those states counts, so the counters just add it).
     * `errorCode`, of a failure: the refusal's (a blocked contact, a template gone) or the failed message's, for the
     * results' reasons (`failureReasons`) and to tell blocked contacts apart.
     */
    settle(campaignId: string, seq: number, state: 'sent' | 'delivered' | 'read' | 'failed', error: string | null, errorCode: string | null = null): void {
      if (settle.run(state, error, errorCode, campaignId, seq).changes > 0) move(campaignId, null, state);
    },
    /**
     * A message's receipt moves its recipient forward (never back), a failure with its reason and code; returns the
     * recipient's campaign and the state it moved from, or null when none moved.
     */
    advance(messageId: string, state: 'sent' | 'delivered' | 'read' | 'failed', error: string | null = null, errorCode: string | null = null): { campaignId: string; from: string } | null {
      const current = stateOf.get(messageId) as { campaign_id: string; state: string } | undefined;
      if (!current || !FORWARD[state]?.includes(current.state)) return null;
      const failed = state === 'failed';
      if (advance.run({ state, messageId, old: current.state, error: failed ? error : null, errorCode: failed ? errorCode : null }).changes === 0) return null;
      move(current.campaign_id, current.state, state);
      return { campaignId: current.campaign_id, from: current.state };
    },
    cancelPending(campaignId: string): number {
      const n = cancelPending.run(campaignId).changes;
      countCancelled.run(n, campaignId);
      return n;
    },
    /** Every recipient still pending fails with `error` and its code, counted; returns how many. */
    failPending(campaignId: string, error: string, errorCode: string): number {
      const n = failPending.run(error, errorCode, campaignId).changes;
      bump.run({ id: campaignId, sent: 0, delivered: 0, read: 0, failed: n });
      return n;
    },
    /**
     * Every pending recipient at one of `refused`'s addresses fails with its error and the code `CONTACT_BLOCKED`, counted:
     * one statement, however many recipients (a launch's, for contacts blocked at that moment). Returns how many.
     */
    failBlocked(campaignId: string, refused: Array<{ address: string; error: string }>): number {
      if (refused.length === 0) return 0;
      const n = failBlocked.run({ campaignId, refused: JSON.stringify(refused) }).changes;
      bump.run({ id: campaignId, sent: 0, delivered: 0, read: 0, failed: n });
      return n;
    },
    /** The failed recipients in list order, with the reason kept for each (null: failed after sending, no reason given). */
    failures(campaignId: string, limit: number, offset: number) {
      return {
        rows: failures.all(campaignId, limit, offset) as Array<Pick<RecipientRow, 'address' | 'message_id' | 'error' | 'error_code'>>,
        total: failureCount.get(campaignId) as number,
      };
    },
    /** Of the failed recipients, those refused because their contact is blocked (never a message). */
    blockedCount: (campaignId: string) => blockedCount.get(campaignId) as number,
    /** The failed recipients not blocked, counted by their code (null: failed without one), most first. */
    failureReasons: (campaignId: string) => failureReasons.all(campaignId) as Array<{ code: string | null; count: number }>,
    byMessage: (messageId: string) => byMessage.get(messageId) as (RecipientRow & { org_id: string }) | undefined,
    /** Records a recipient's first click, reply, conversion or complaint, counted; returns its campaign's id, or null when it was already recorded. */
    engage(kind: keyof typeof engage, messageId: string, at: string): string | null {
      const campaignId = engage[kind].get(at, messageId) as string | undefined;
      if (!campaignId) return null;
      engageCount[kind].run(campaignId);
      return campaignId;
    },
    latestTo: (orgId: string, channel: string, address: string, sinceIso: string) => (latestTo.get(address, orgId, channel, sinceIso) as string | undefined) ?? null,
  };
}
export type CampaignsStore = ReturnType<typeof createCampaignsStore>;
