// The only SQL of voice app identities: identities (phone sealed), their push devices, and booking sessions.
import type { Sql } from '../../kernel/db.ts';

export type IdentityRow = {
  id: string; org_id: string; external_id: string; role: 'PRO' | 'CUSTOMER'; display_name: string | null; phone_sealed: string | null;
  is_active: number; last_seen_at: string | null; created_at: string; updated_at: string;
};
/** An identity with what its devices say: how many, and how many can be rung (a voice push token). */
export type IdentityView = IdentityRow & { device_count: number; ringable_devices: number };
export type DeviceRow = { org_id: string; token: string; identity_id: string; platform: 'ios' | 'android'; is_voip: number; registered_at: string };
export type SessionRow = {
  id: string; org_id: string; external_ref: string; pro_external_id: string; customer_external_id: string;
  status: 'active' | 'revoked' | 'expired'; expires_at: string; metadata: string; created_at: string; updated_at: string;
};

export function createVoiceIdentitiesStore(sql: Sql) {
  const view = `SELECT i.*, (SELECT COUNT(*) FROM voice_devices d WHERE d.identity_id = i.id) AS device_count,
    (SELECT COUNT(*) FROM voice_devices d WHERE d.identity_id = i.id AND d.is_voip = 1) AS ringable_devices FROM voice_identities i`;
  const insertIdentity = sql.prepare(`INSERT INTO voice_identities (id, org_id, external_id, role, display_name, phone_sealed, is_active, last_seen_at,
    created_at, updated_at) VALUES (@id, @org_id, @external_id, @role, @display_name, @phone_sealed, @is_active, @last_seen_at, @created_at, @updated_at)`);
  const updateIdentity = sql.prepare(`UPDATE voice_identities SET role = @role, display_name = @display_name, phone_sealed = @phone_sealed,
    is_active = @is_active, last_seen_at = @last_seen_at, updated_at = @updated_at WHERE id = @id`);
  const identityByExternalId = sql.prepare(`${view} WHERE i.org_id = ? AND i.external_id = ?`);
  const namedAmong = sql.prepare(`SELECT external_id, display_name FROM voice_identities WHERE org_id = ?
    AND external_id IN (SELECT value FROM json_each(?)) AND display_name IS NOT NULL`);
  // LIKE ignores the case of A-Z; the search's own % and _ are escaped, so they match themselves.
  const listed = `org_id = @orgId AND (@role IS NULL OR role = @role) AND (@active IS NULL OR is_active = @active)
    AND (@pattern IS NULL OR external_id LIKE @pattern ESCAPE '\\' OR display_name LIKE @pattern ESCAPE '\\')`;
  const identities = sql.prepare(`${view} WHERE ${listed}
    ORDER BY i.created_at DESC, i.rowid DESC LIMIT @limit OFFSET @offset`);
  const countIdentities = sql.prepare(`SELECT COUNT(*) FROM voice_identities WHERE ${listed}`).pluck();
  const patternOf = (search: string | null) => (search === null ? null : `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

  const upsertDevice = sql.prepare(`INSERT INTO voice_devices (org_id, token, identity_id, platform, is_voip, registered_at)
    VALUES (@org_id, @token, @identity_id, @platform, @is_voip, @registered_at) ON CONFLICT (org_id, token) DO UPDATE SET
    identity_id = excluded.identity_id, platform = excluded.platform, is_voip = excluded.is_voip, registered_at = excluded.registered_at`);
  const deviceOf = sql.prepare(`SELECT * FROM voice_devices WHERE org_id = ? AND token = ?`);
  const deleteDevice = sql.prepare(`DELETE FROM voice_devices WHERE org_id = ? AND identity_id = ? AND token = ?`);
  const deleteDevicesOf = sql.prepare(`DELETE FROM voice_devices WHERE identity_id = ?`);
  const devicesOf = sql.prepare(`SELECT * FROM voice_devices WHERE identity_id = ? ORDER BY registered_at DESC, rowid DESC`);

  const sessionColumns = 'id, org_id, external_ref, pro_external_id, customer_external_id, status, expires_at, metadata, created_at, updated_at';
  const insertSession = sql.prepare(`INSERT INTO voice_sessions (${sessionColumns}) VALUES (@id, @org_id, @external_ref, @pro_external_id,
    @customer_external_id, @status, @expires_at, @metadata, @created_at, @updated_at)`);
  const updateSession = sql.prepare(`UPDATE voice_sessions SET status = @status, expires_at = @expires_at, metadata = @metadata,
    updated_at = @updated_at WHERE id = @id`);
  const sessionByRef = sql.prepare(`SELECT * FROM voice_sessions WHERE org_id = ? AND external_ref = ?`);
  const sessionById = sql.prepare(`SELECT * FROM voice_sessions WHERE org_id = ? AND id = ?`);
  const activeSessionsOf = sql.prepare(`SELECT COUNT(*) FROM voice_sessions WHERE org_id = ? AND status = 'active' AND expires_at > ?
    AND (pro_external_id = ? OR customer_external_id = ?)`).pluck();
  const sessions = sql.prepare(`SELECT * FROM voice_sessions WHERE org_id = @orgId AND (@status IS NULL OR status = @status)
    ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset`);
  const countSessions = sql.prepare(`SELECT COUNT(*) FROM voice_sessions WHERE org_id = @orgId AND (@status IS NULL OR status = @status)`).pluck();

  return {
    insertIdentity: (row: IdentityRow) => void insertIdentity.run(row),
    updateIdentity: (row: IdentityRow) => void updateIdentity.run(row),
    identity: (orgId: string, externalId: string) => identityByExternalId.get(orgId, externalId) as IdentityView | undefined,
    /** The display names of those of `externalIds` that have one, active or not, in one read. */
    displayNames: (orgId: string, externalIds: readonly string[]) => (externalIds.length === 0 ? []
      : namedAmong.all(orgId, JSON.stringify(externalIds)) as Array<{ external_id: string; display_name: string }>),
    /**
     * A page of identities, newest first, of `role`, active or not (`active`), and containing `search` in the externalId
     * or displayName (null: any).
     */
    identities(orgId: string, filter: { role: string | null; active: boolean | null; search: string | null }, limit: number, offset: number) {
      const where = { orgId, role: filter.role, active: filter.active === null ? null : Number(filter.active), pattern: patternOf(filter.search) };
      return { rows: identities.all({ ...where, limit, offset }) as IdentityView[], total: countIdentities.get(where) as number };
    },

    /** Registers a device; a token another identity of the organization held moves to this one. */
    upsertDevice: (row: DeviceRow) => void upsertDevice.run(row),
    device: (orgId: string, token: string) => deviceOf.get(orgId, token) as DeviceRow | undefined,
    deleteDevice: (orgId: string, identityId: string, token: string) => deleteDevice.run(orgId, identityId, token).changes === 1,
    deleteDevicesOf: (identityId: string) => void deleteDevicesOf.run(identityId),
    /** An identity's devices, the latest registered first. */
    devicesOf: (identityId: string) => devicesOf.all(identityId) as DeviceRow[],

    insertSession: (row: SessionRow) => void insertSession.run(row),
    updateSession: (row: SessionRow) => void updateSession.run(row),
    session: (orgId: string, externalRef: string) => sessionByRef.get(orgId, externalRef) as SessionRow | undefined,
    sessionById: (orgId: string, id: string) => sessionById.get(orgId, id) as SessionRow | undefined,
    /** How many sessions, active and not yet past their expiry at `nowIso`, have `externalId` as a party. */
    activeSessionsOf: (orgId: string, externalId: string, nowIso: string) => activeSessionsOf.get(orgId, nowIso, externalId, externalId) as number,
    sessions(orgId: string, status: string | null, limit: number, offset: number) {
      return { rows: sessions.all({ orgId, status, limit, offset }) as SessionRow[], total: countSessions.get({ orgId, status }) as number };
    },
  };
}
export type VoiceIdentitiesStore = ReturnType<typeof createVoiceIdentitiesStore>;
