// Messages of every channel, conversations per channel, and the simulated handsets' inboxes.
import type { Migration } from '../kernel/migrate.store.ts';

export const messagingMigration: Migration = {
  id: 4,
  name: 'messaging',
  sql: `
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  channel TEXT NOT NULL,
  address TEXT NOT NULL,
  contact_id TEXT,
  last_message TEXT,
  last_message_at TEXT,
  unread_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  UNIQUE (org_id, channel, address)
);
CREATE INDEX conversations_recent ON conversations(org_id, channel, last_message_at DESC);

CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  channel TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('inbound', 'outbound')),
  status TEXT NOT NULL,
  contact_id TEXT,
  conversation_id TEXT,
  address TEXT NOT NULL,
  sender TEXT,
  external_id TEXT,
  type TEXT NOT NULL,
  text TEXT,
  content TEXT NOT NULL DEFAULT '{}',
  template_name TEXT,
  template_id TEXT,
  source TEXT NOT NULL,
  billing_amount_paise INTEGER NOT NULL DEFAULT 0,
  error_code TEXT,
  error_message TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  delivered_at TEXT,
  read_at TEXT,
  failed_at TEXT
);
CREATE INDEX messages_org_channel ON messages(org_id, channel, created_at DESC);
CREATE INDEX messages_conversation ON messages(conversation_id, created_at DESC);
CREATE UNIQUE INDEX messages_external ON messages(channel, external_id) WHERE external_id IS NOT NULL;

CREATE TABLE sim_handset_messages (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  address TEXT NOT NULL,
  channel TEXT NOT NULL,
  sender TEXT NOT NULL,
  text TEXT NOT NULL,
  message_id TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  at TEXT NOT NULL
);
CREATE INDEX sim_handset_address ON sim_handset_messages(address, at);
`,
};
