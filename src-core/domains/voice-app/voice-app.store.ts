// The only SQL of voice app calls: business numbers, the phone-calling setting's changes, and the calls.
import type { Sql } from '../../kernel/db.ts';

export type NumberRow = { number: string; org_id: string; route_to: string; created_at: string };
export type SettingsChangeRow = { org_id: string; pstn_enabled: number; changed_at: string; changed_via: string; api_key_id: string | null };
export type AppCallRow = {
  id: string; org_id: string; room_id: string; direction: 'inbound' | 'outbound'; routed_to: string | null; business_number: string | null;
  from_party: string; to_party: string; caller_transport: 'WEBRTC' | 'PSTN'; callee_transport: 'WEBRTC' | 'PSTN' | null; status: string;
  end_reason: string | null; connect_by_ms: number | null; connected_at: string | null; started_at: string; answered_at: string | null;
  ended_at: string | null; duration_seconds: number; cost_paise: number | null; recording_secret: string | null; transcript_ready_at: string | null;
  /** A booking call's session (`externalRef`) and its metadata as JSON, kept from when the call was placed. */
  session_ref: string | null; session_metadata: string | null;
  /** Since when (ms on the clock) nobody has been in the room of an answered call waiting to close; null otherwise. */
  room_empty_since_ms: number | null;
  /**
   * The phone leg's number of a call to a person rung on their phone (`to_party` is then their externalId), sealed
   * (voice-app.phone-leg.ts); null for every other call, a call to a phone number keeping that number in `to_party`.
   */
  callee_phone_sealed: string | null;
};
const LIVE = `status IN ('RINGING', 'ACCEPTED')`;

export function createVoiceAppStore(sql: Sql) {
  const insertNumber = sql.prepare(`INSERT INTO voice_app_numbers (number, org_id, route_to, created_at) VALUES (@number, @org_id, @route_to, @created_at)`);
  const numberAnyOrg = sql.prepare(`SELECT * FROM voice_app_numbers WHERE number = ?`);
  const numbers = sql.prepare(`SELECT * FROM voice_app_numbers WHERE org_id = ? ORDER BY created_at, rowid`);
  const setRoute = sql.prepare(`UPDATE voice_app_numbers SET route_to = ? WHERE org_id = ? AND number = ?`);

  const insertChange = sql.prepare(`INSERT INTO voice_app_settings_changes (org_id, pstn_enabled, changed_at, changed_via, api_key_id)
    VALUES (@org_id, @pstn_enabled, @changed_at, @changed_via, @api_key_id)`);
  const changes = sql.prepare(`SELECT * FROM voice_app_settings_changes WHERE org_id = ? ORDER BY seq DESC LIMIT ?`);

  const columns = `id, org_id, room_id, direction, routed_to, business_number, from_party, to_party, caller_transport, callee_transport, status,
    end_reason, connect_by_ms, connected_at, started_at, answered_at, ended_at, duration_seconds, cost_paise, recording_secret, transcript_ready_at,
    session_ref, session_metadata, room_empty_since_ms, callee_phone_sealed`;
  const insertCall = sql.prepare(`INSERT INTO voice_app_calls (${columns}) VALUES (${columns.split(',').map((c) => `@${c.trim()}`).join(', ')})`);
  const updateCall = sql.prepare(`UPDATE voice_app_calls SET to_party = @to_party, callee_transport = @callee_transport, routed_to = @routed_to,
    status = @status, end_reason = @end_reason, connect_by_ms = @connect_by_ms, connected_at = @connected_at, answered_at = @answered_at,
    ended_at = @ended_at, duration_seconds = @duration_seconds, cost_paise = @cost_paise, recording_secret = @recording_secret,
    transcript_ready_at = @transcript_ready_at WHERE id = @id`);
  const setRoomEmptySince = sql.prepare(`UPDATE voice_app_calls SET room_empty_since_ms = ? WHERE org_id = ? AND id = ?`);
  const enterRoom = sql.prepare(`UPDATE voice_app_calls SET room_entered = 1, room_empty_since_ms = NULL WHERE org_id = ? AND id = ? AND ${LIVE}
    AND (room_entered = 0 OR room_empty_since_ms IS NOT NULL)`);
  const occupiedRooms = sql.prepare(`SELECT * FROM voice_app_calls WHERE status = 'ACCEPTED' AND room_entered = 1 AND room_empty_since_ms IS NULL`);
  const callById = sql.prepare(`SELECT * FROM voice_app_calls WHERE org_id = ? AND id = ?`);
  const callByIdAnyOrg = sql.prepare(`SELECT * FROM voice_app_calls WHERE id = ?`);
  const liveBetween = sql.prepare(`SELECT * FROM voice_app_calls WHERE org_id = @orgId AND ${LIVE}
    AND ((from_party = @a AND to_party = @b) OR (from_party = @b AND to_party = @a)) LIMIT 1`);
  const filtered = `WHERE org_id = @orgId AND (@identity IS NULL OR ((from_party = @identity AND caller_transport = 'WEBRTC')
    OR (to_party = @identity AND (callee_transport = 'WEBRTC' OR callee_phone_sealed IS NOT NULL))))`;
  const calls = sql.prepare(`SELECT * FROM voice_app_calls ${filtered} ORDER BY started_at DESC, rowid DESC LIMIT @limit OFFSET @offset`);
  const countCalls = sql.prepare(`SELECT COUNT(*) FROM voice_app_calls ${filtered}`).pluck();

  return {
    insertNumber: (row: NumberRow) => void insertNumber.run(row),
    numberAnyOrg: (number: string) => numberAnyOrg.get(number) as NumberRow | undefined,
    numbers: (orgId: string) => numbers.all(orgId) as NumberRow[],
    setRoute: (orgId: string, number: string, routeTo: string) => setRoute.run(routeTo, orgId, number).changes === 1,

    insertChange: (row: SettingsChangeRow) => void insertChange.run(row),
    /** The newest `limit` changes of the phone-calling setting, newest first. */
    changes: (orgId: string, limit: number) => changes.all(orgId, limit) as SettingsChangeRow[],

    insertCall: (row: AppCallRow) => void insertCall.run(row),
    updateCall: (row: AppCallRow) => void updateCall.run(row),
    /** Marks the call's room empty since `sinceMs`, or occupied (null). */
    setRoomEmptySince: (orgId: string, id: string, sinceMs: number | null) => void setRoomEmptySince.run(sinceMs, orgId, id),
    /** An app joined the live call's room: it is occupied (a pending close called off), and known to have been entered. */
    enterRoom: (orgId: string, id: string) => void enterRoom.run(orgId, id),
    /** Answered calls whose room the last process left with an app in it (nobody reported leaving: a kill). */
    occupiedRooms: () => occupiedRooms.all() as AppCallRow[],
    callById: (orgId: string, id: string) => callById.get(orgId, id) as AppCallRow | undefined,
    /** A call by its id alone (a signed recording link names no organization). */
    callByIdAnyOrg: (id: string) => callByIdAnyOrg.get(id) as AppCallRow | undefined,
    /** A live (RINGING or ACCEPTED) call between the two parties, either way round. */
    liveBetween: (orgId: string, a: string, b: string) => liveBetween.get({ orgId, a, b }) as AppCallRow | undefined,
    calls(orgId: string, identity: string | null, limit: number, offset: number) {
      const params = { orgId, identity };
      return { rows: calls.all({ ...params, limit, offset }) as AppCallRow[], total: countCalls.get(params) as number };
    },
  };
}
export type VoiceAppStore = ReturnType<typeof createVoiceAppStore>;
