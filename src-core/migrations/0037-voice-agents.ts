// AI voice agents and the calls they place: agents' configuration, calls (with the agent's configuration as it was
// when the call was placed) and each call's transcript, one row per utterance.
import type { Migration } from '../kernel/migrate.store.ts';

export const voiceAgentsMigration: Migration = {
  id: 37,
  name: 'voice-agents',
  sql: `
CREATE TABLE voice_agents (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  description TEXT,
  language TEXT NOT NULL,
  stt_provider TEXT NOT NULL,
  tts_provider TEXT NOT NULL,
  llm_provider TEXT NOT NULL,
  llm_model TEXT NOT NULL,
  voice TEXT NOT NULL,
  greeting TEXT NOT NULL,
  instructions TEXT NOT NULL,
  max_duration_seconds INTEGER NOT NULL,
  is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX voice_agents_org ON voice_agents(org_id, created_at DESC);

CREATE TABLE voice_calls (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id),
  agent_id TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('INBOUND', 'OUTBOUND')),
  caller_number TEXT NOT NULL,
  called_number TEXT NOT NULL,
  caller_name TEXT,
  status TEXT NOT NULL,
  call_context TEXT NOT NULL,
  agent_config TEXT NOT NULL,
  duration_seconds INTEGER NOT NULL DEFAULT 0,
  sentiment TEXT,
  summary TEXT,
  was_confirmed INTEGER NOT NULL DEFAULT 0,
  was_booked INTEGER NOT NULL DEFAULT 0,
  billed_amount_paise INTEGER NOT NULL DEFAULT 0,
  end_reason TEXT,
  recording_secret TEXT,
  started_at TEXT NOT NULL,
  answered_at TEXT,
  ended_at TEXT
);
CREATE INDEX voice_calls_org ON voice_calls(org_id, started_at DESC);
CREATE INDEX voice_calls_agent ON voice_calls(agent_id);

CREATE TABLE voice_call_turns (
  call_id TEXT NOT NULL REFERENCES voice_calls(id),
  seq INTEGER NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('agent', 'user')),
  content TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (call_id, seq)
);
`,
};
