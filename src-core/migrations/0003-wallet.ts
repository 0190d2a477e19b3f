// The wallet: balances and credits per organization, prices per channel, and the ledger.
import type { Migration } from '../kernel/migrate.store.ts';

export const walletMigration: Migration = {
  id: 3,
  name: 'wallet',
  sql: `
CREATE TABLE wallets (
  org_id TEXT PRIMARY KEY REFERENCES organizations(id),
  balance_paise INTEGER NOT NULL DEFAULT 0,
  email_credits INTEGER NOT NULL DEFAULT 0 CHECK (email_credits >= 0),
  updated_at TEXT NOT NULL
);
CREATE TABLE wallet_prices (
  org_id TEXT NOT NULL REFERENCES organizations(id),
  channel TEXT NOT NULL,
  price_paise INTEGER NOT NULL CHECK (price_paise >= 0),
  PRIMARY KEY (org_id, channel)
);
CREATE TABLE ledger (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  kind TEXT NOT NULL,
  channel TEXT,
  amount_paise INTEGER NOT NULL,
  email_credits INTEGER NOT NULL DEFAULT 0,
  balance_after_paise INTEGER NOT NULL,
  email_credits_after INTEGER NOT NULL,
  reference_type TEXT,
  reference_id TEXT,
  description TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX ledger_org ON ledger(org_id, seq DESC);
CREATE INDEX ledger_reference ON ledger(reference_type, reference_id);
`,
};
