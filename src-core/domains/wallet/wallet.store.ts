// The only SQL of the wallet: balances, prices and ledger lines.
import type { Sql } from '../../kernel/db.ts';

export type WalletRow = { org_id: string; balance_paise: number; email_credits: number; updated_at: string };
export type LedgerRow = {
  seq: number; id: string; org_id: string; kind: string; channel: string | null; amount_paise: number; email_credits: number;
  balance_after_paise: number; email_credits_after: number; reference_type: string | null; reference_id: string | null;
  description: string; created_at: string;
};
export type NewLedgerLine = Omit<LedgerRow, 'seq' | 'balance_after_paise' | 'email_credits_after'>;

export function createWalletStore(sql: Sql) {
  const ensure = sql.prepare(`INSERT INTO wallets (org_id, updated_at) VALUES (?, ?) ON CONFLICT(org_id) DO NOTHING`);
  const get = sql.prepare(`SELECT * FROM wallets WHERE org_id = ?`);
  const apply = sql.prepare(`UPDATE wallets SET balance_paise = balance_paise + @amount_paise, email_credits = email_credits + @email_credits,
    updated_at = @created_at WHERE org_id = @org_id RETURNING balance_paise, email_credits`);
  const insertLine = sql.prepare(`INSERT INTO ledger (id, org_id, kind, channel, amount_paise, email_credits, balance_after_paise,
      email_credits_after, reference_type, reference_id, description, created_at)
    VALUES (@id, @org_id, @kind, @channel, @amount_paise, @email_credits, @balance_after_paise, @email_credits_after,
      @reference_type, @reference_id, @description, @created_at)`);
  const prices = sql.prepare(`SELECT channel, price_paise FROM wallet_prices WHERE org_id = ?`);
  const setPrice = sql.prepare(`INSERT INTO wallet_prices (org_id, channel, price_paise) VALUES (?, ?, ?)
    ON CONFLICT(org_id, channel) DO UPDATE SET price_paise = excluded.price_paise`);
  const page = sql.prepare(`SELECT * FROM ledger WHERE org_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?`);
  const count = sql.prepare(`SELECT COUNT(*) AS n FROM ledger WHERE org_id = ?`);
  const sums = sql.prepare(`SELECT COALESCE(SUM(amount_paise), 0) AS paise, COALESCE(SUM(email_credits), 0) AS credits FROM ledger WHERE org_id = ?`);
  const byReference = sql.prepare(`SELECT * FROM ledger WHERE org_id = ? AND reference_type = ? AND reference_id = ? ORDER BY seq`);
  /** What the lines of one reference add up to, charges and refunds apart (money in paise, email credits). */
  const referenceTotals = sql.prepare(`SELECT COALESCE(SUM(MIN(amount_paise, 0)), 0) AS charged_paise, COALESCE(SUM(MAX(amount_paise, 0)), 0) AS refunded_paise,
      COALESCE(SUM(MIN(email_credits, 0)), 0) AS credits_spent, COALESCE(SUM(MAX(email_credits, 0)), 0) AS credits_refunded
    FROM ledger WHERE org_id = ? AND reference_type = ? AND reference_id = ?`);

  return {
    ensure: (orgId: string, at: string) => void ensure.run(orgId, at),
    get: (orgId: string) => get.get(orgId) as WalletRow | undefined,
    /**
     * Applies a line to the balance (creating the organization's wallet on first use) and records it with
     * the resulting balance; the caller holds the transaction.
     */
    record(line: NewLedgerLine): LedgerRow {
      type After = { balance_paise: number; email_credits: number };
      let after = apply.get(line) as After | undefined;
      if (!after) {
        ensure.run(line.org_id, line.created_at);
        after = apply.get(line) as After;
      }
      const row = { ...line, balance_after_paise: after.balance_paise, email_credits_after: after.email_credits };
      insertLine.run(row);
      return { ...row, seq: 0 };
    },
    prices: (orgId: string) => prices.all(orgId) as Array<{ channel: string; price_paise: number }>,
    setPrice: (orgId: string, channel: string, pricePaise: number) => void setPrice.run(orgId, channel, pricePaise),
    ledger: (orgId: string, limit: number, offset: number) => ({
      rows: page.all(orgId, limit, offset) as LedgerRow[],
      total: (count.get(orgId) as { n: number }).n,
    }),
    sums: (orgId: string) => sums.get(orgId) as { paise: number; credits: number },
    byReference: (orgId: string, type: string, id: string) => byReference.all(orgId, type, id) as LedgerRow[],
    referenceTotals: (orgId: string, type: string, id: string) =>
      referenceTotals.get(orgId, type, id) as { charged_paise: number; refunded_paise: number; credits_spent: number; credits_refunded: number },
  };
}
export type WalletStore = ReturnType<typeof createWalletStore>;
