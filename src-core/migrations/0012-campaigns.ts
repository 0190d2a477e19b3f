// Campaigns of every channel on one engine: the campaign, and one row per recipient with its own state.
import type { Migration } from '../kernel/migrate.store.ts';

export const campaignsMigration: Migration = {
  id: 12,
  name: 'campaigns',
  sql: `
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  channel TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL,
  config TEXT NOT NULL,
  total_recipients INTEGER NOT NULL DEFAULT 0,
  price_paise INTEGER NOT NULL DEFAULT 0,
  scheduled_at TEXT,
  schedule_timezone TEXT,
  refunded_recipients INTEGER NOT NULL DEFAULT 0,
  -- Counters kept by the statements that move recipients, so a campaign's numbers cost one row read.
  sent_count INTEGER NOT NULL DEFAULT 0,
  delivered_count INTEGER NOT NULL DEFAULT 0,
  read_count INTEGER NOT NULL DEFAULT 0,
  failed_count INTEGER NOT NULL DEFAULT 0,
  cancelled_count INTEGER NOT NULL DEFAULT 0,
  clicked_count INTEGER NOT NULL DEFAULT 0,
  replied_count INTEGER NOT NULL DEFAULT 0,
  converted_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  launched_at TEXT,
  started_at TEXT,
  completed_at TEXT,
  cancelled_at TEXT
);
CREATE INDEX campaigns_org ON campaigns(org_id, channel, created_at DESC);

CREATE TABLE campaign_recipients (
  campaign_id TEXT NOT NULL REFERENCES campaigns(id),
  seq INTEGER NOT NULL,
  address TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending',
  message_id TEXT,
  error TEXT,
  clicked_at TEXT,
  replied_at TEXT,
  converted_at TEXT,
  PRIMARY KEY (campaign_id, seq)
) WITHOUT ROWID;
CREATE INDEX campaign_recipients_state ON campaign_recipients(campaign_id, state, seq);
CREATE INDEX campaign_recipients_message ON campaign_recipients(message_id) WHERE message_id IS NOT NULL;
CREATE INDEX campaign_recipients_address ON campaign_recipients(address, campaign_id);
`,
};
