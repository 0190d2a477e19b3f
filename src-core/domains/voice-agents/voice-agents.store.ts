// The only SQL of voice agents: agents, their calls, and each call's transcript (one row per utterance).
import type { Sql } from '../../kernel/db.ts';

export type VoiceAgentRow = {
  id: string; org_id: string; name: string; description: string | null; language: string; stt_provider: string; tts_provider: string;
  llm_provider: string; llm_model: string; voice: string; greeting: string; instructions: string; max_duration_seconds: number; is_active: number;
  created_at: string; updated_at: string;
};
export type VoiceCallRow = {
  id: string; org_id: string; agent_id: string; direction: string; caller_number: string; called_number: string; caller_name: string | null;
  status: string; call_context: string; agent_config: string; duration_seconds: number; sentiment: string | null; summary: string | null; was_confirmed: number;
  was_booked: number; billed_amount_paise: number; end_reason: string | null; recording_secret: string | null; started_at: string;
  answered_at: string | null; ended_at: string | null;
};
export type VoiceTurnRow = { call_id: string; seq: number; role: 'agent' | 'user'; content: string; at: string };
export type CallFilter = { status?: string | undefined; direction?: string | undefined; agentId?: string | undefined };

export function createVoiceAgentsStore(sql: Sql) {
  const agentColumns = `id, org_id, name, description, language, stt_provider, tts_provider, llm_provider, llm_model, voice, greeting, instructions,
    max_duration_seconds, is_active, created_at, updated_at`;
  const insertAgent = sql.prepare(`INSERT INTO voice_agents (${agentColumns}) VALUES (@id, @org_id, @name, @description, @language, @stt_provider,
    @tts_provider, @llm_provider, @llm_model, @voice, @greeting, @instructions, @max_duration_seconds, @is_active, @created_at, @updated_at)`);
  const updateAgent = sql.prepare(`UPDATE voice_agents SET name = @name, description = @description, language = @language, stt_provider = @stt_provider,
    tts_provider = @tts_provider, llm_provider = @llm_provider, llm_model = @llm_model, voice = @voice, greeting = @greeting,
    instructions = @instructions, max_duration_seconds = @max_duration_seconds, is_active = @is_active, updated_at = @updated_at
    WHERE id = @id AND org_id = @org_id`);
  const deleteAgent = sql.prepare(`DELETE FROM voice_agents WHERE org_id = ? AND id = ?`);
  const agentById = sql.prepare(`SELECT * FROM voice_agents WHERE org_id = ? AND id = ?`);
  const agents = sql.prepare(`SELECT * FROM voice_agents WHERE org_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`);
  const countAgents = sql.prepare(`SELECT COUNT(*) FROM voice_agents WHERE org_id = ?`).pluck();

  const insertCall = sql.prepare(`INSERT INTO voice_calls (id, org_id, agent_id, direction, caller_number, called_number, caller_name, status,
    call_context, agent_config, duration_seconds, sentiment, summary, was_confirmed, was_booked, billed_amount_paise, end_reason, recording_secret, started_at,
    answered_at, ended_at) VALUES (@id, @org_id, @agent_id, @direction, @caller_number, @called_number, @caller_name, @status, @call_context, @agent_config,
    @duration_seconds, @sentiment, @summary, @was_confirmed, @was_booked, @billed_amount_paise, @end_reason, @recording_secret, @started_at,
    @answered_at, @ended_at)`);
  const updateCall = sql.prepare(`UPDATE voice_calls SET status = @status, duration_seconds = @duration_seconds, sentiment = @sentiment,
    summary = @summary, was_confirmed = @was_confirmed, was_booked = @was_booked, billed_amount_paise = @billed_amount_paise,
    end_reason = @end_reason, recording_secret = @recording_secret, answered_at = @answered_at, ended_at = @ended_at WHERE id = @id`);
  const callById = sql.prepare(`SELECT * FROM voice_calls WHERE org_id = ? AND id = ?`);
  const callByIdAnyOrg = sql.prepare(`SELECT * FROM voice_calls WHERE id = ?`);
  const liveCallsOfAgent = sql.prepare(`SELECT * FROM voice_calls WHERE org_id = ? AND agent_id = ? AND status IN ('INITIATED', 'RINGING')`);
  const filtered = `WHERE org_id = @orgId AND (@status IS NULL OR status = @status) AND (@direction IS NULL OR direction = @direction)
    AND (@agentId IS NULL OR agent_id = @agentId)`;
  const calls = sql.prepare(`SELECT * FROM voice_calls ${filtered} ORDER BY started_at DESC, rowid DESC LIMIT @limit OFFSET @offset`);
  const countCalls = sql.prepare(`SELECT COUNT(*) FROM voice_calls ${filtered}`).pluck();
  const analytics = sql.prepare(`SELECT COUNT(*) AS total,
      SUM(status = 'COMPLETED') AS completed, SUM(status = 'FAILED') AS failed, SUM(status = 'NO_ANSWER') AS no_answer,
      SUM(status = 'BUSY') AS busy, SUM(status = 'CANCELLED') AS cancelled,
      SUM(CASE WHEN status = 'COMPLETED' THEN duration_seconds ELSE 0 END) AS duration,
      SUM(sentiment = 'POSITIVE') AS positive, SUM(sentiment = 'NEUTRAL') AS neutral, SUM(sentiment = 'NEGATIVE') AS negative,
      SUM(billed_amount_paise) AS cost, SUM(was_confirmed) AS confirmed, SUM(was_booked) AS booked
    FROM voice_calls WHERE org_id = ? AND started_at >= ? AND started_at <= ?`);

  const insertTurn = sql.prepare(`INSERT INTO voice_call_turns (call_id, seq, role, content, at) VALUES (@call_id, @seq, @role, @content, @at)`);
  const turns = sql.prepare(`SELECT * FROM voice_call_turns WHERE call_id = ? ORDER BY seq`);

  return {
    insertAgent: (row: VoiceAgentRow) => void insertAgent.run(row),
    updateAgent: (row: VoiceAgentRow) => void updateAgent.run(row),
    deleteAgent: (orgId: string, id: string) => deleteAgent.run(orgId, id).changes === 1,
    agentById: (orgId: string, id: string) => agentById.get(orgId, id) as VoiceAgentRow | undefined,
    agents: (orgId: string, limit: number, offset: number) => ({
      rows: agents.all(orgId, limit, offset) as VoiceAgentRow[], total: countAgents.get(orgId) as number,
    }),

    insertCall: (row: VoiceCallRow) => void insertCall.run(row),
    updateCall: (row: VoiceCallRow) => void updateCall.run(row),
    callById: (orgId: string, id: string) => callById.get(orgId, id) as VoiceCallRow | undefined,
    /** A call by its id alone (a signed recording link names no organization). */
    callByIdAnyOrg: (id: string) => callByIdAnyOrg.get(id) as VoiceCallRow | undefined,
    /** An agent's calls not yet answered (INITIATED or RINGING). */
    liveCallsOfAgent: (orgId: string, agentId: string) => liveCallsOfAgent.all(orgId, agentId) as VoiceCallRow[],
    calls(orgId: string, filter: CallFilter, limit: number, offset: number) {
      const params = { orgId, status: filter.status ?? null, direction: filter.direction ?? null, agentId: filter.agentId ?? null };
      return { rows: calls.all({ ...params, limit, offset }) as VoiceCallRow[], total: countCalls.get(params) as number };
    },
    /** Counts and sums over the calls started from `fromIso` to `toIso`, both included. */
    analytics: (orgId: string, fromIso: string, toIso: string) => analytics.get(orgId, fromIso, toIso) as Record<string, number | null>,

    insertTurn: (row: VoiceTurnRow) => void insertTurn.run(row),
    turns: (callId: string) => turns.all(callId) as VoiceTurnRow[],
  };
}
export type VoiceAgentsStore = ReturnType<typeof createVoiceAgentsStore>;
