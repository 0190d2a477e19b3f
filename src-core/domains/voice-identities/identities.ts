// The rules of voice app identities and their devices: an idempotent upsert (the phone sealed at rest, shown masked),
// deactivation, reachability, and the lookups the calls domain makes.
import type { ListEnvelope } from '../../contract/common.ts';
import {
  maskPhone, type ConsoleVoiceIdentity, type IdentitiesFilter, type PhoneNotRung, type IdentityRole, type RegisterDeviceInput, type UpsertIdentityInput, type VoiceDevice, type VoiceIdentity,
} from '../../contract/voice-identities.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { conflict, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { seal, unseal } from '../../kernel/sealed.ts';
import type { DeviceRow, IdentityRow, IdentityView, VoiceIdentitiesStore } from './voice-identities.store.ts';

/** What the calls domain learns of a party it rings: who they are, shown as `from`/`to` of `voice.app.call.incoming`. */
export type IdentityParty = { externalId: string; displayName: string | null; role: IdentityRole };

const toDevice = (row: DeviceRow): VoiceDevice => ({ token: row.token, platform: row.platform, isVoip: row.is_voip === 1, registeredAt: row.registered_at });
const columnsOf = ({ device_count: _count, ringable_devices: _ringable, ...row }: IdentityView): IdentityRow => row;

/**
 * `pstnEnabled`: whether the organization's phone calling is on (the voice app's setting), read each time;
 * `phoneRefusal`: why a call of the organization would not dial `phone` (it has no business number to show, or `phone`
 * is one of its own: such a call is refused), null when it would, read each time.
 */
export function createIdentities(deps: {
  store: VoiceIdentitiesStore; db: Db; clock: Clock; phoneKey: Buffer; pstnEnabled: (orgId: string) => boolean;
  phoneRefusal: (orgId: string, phone: string) => Exclude<PhoneNotRung, 'phone_calling_off'> | null;
}) {
  const { store, db, clock, phoneKey } = deps;
  // The phone is bound to its organization and identity: a sealed value copied onto another row does not open.
  const boundTo = (row: IdentityRow): string => `${row.org_id}/${row.id}`;
  const phoneOfRow = (row: IdentityRow): string | null => (row.phone_sealed ? unseal(phoneKey, row.phone_sealed, boundTo(row)) : null);
  /**
   * `reachable`: a call could ring them: active, and a device that can ring (a VoIP push token) or, with phone calling
   * on (`pstn`), a phone for the fallback leg that a call would dial (what placing the call decides the same way).
   */
  const toIdentity = (row: IdentityView, pstn: boolean): VoiceIdentity & Pick<ConsoleVoiceIdentity, 'phoneNotRung'> => {
    const phone = phoneOfRow(row);
    const isActive = row.is_active === 1;
    const phoneNotRung = phone === null ? null : !pstn ? 'phone_calling_off' : deps.phoneRefusal(row.org_id, phone);
    return {
      id: row.id, externalId: row.external_id, role: row.role, displayName: row.display_name, isActive, lastSeenAt: row.last_seen_at,
      deviceCount: row.device_count, reachable: isActive && (row.ringable_devices > 0 || (phone !== null && phoneNotRung === null)),
      maskedPhone: phone ? maskPhone(phone) : null, createdAt: row.created_at, updatedAt: row.updated_at, phoneNotRung,
    };
  };
  /**
   * `forConsole`: with the console's `voipDeviceCount` (how a reachable person is rung) and `phoneNotRung` (why their
   * phone would not be); `/v1` answers the seed's shape.
   */
  const shown = (row: IdentityView, pstn: boolean, forConsole: boolean): VoiceIdentity | ConsoleVoiceIdentity => {
    const { phoneNotRung, ...identity } = toIdentity(row, pstn);
    return forConsole ? { ...identity, voipDeviceCount: row.ringable_devices, phoneNotRung } : identity;
  };
  const identityOf = (orgId: string, externalId: string): VoiceIdentity => shown(mustIdentity(orgId, externalId), deps.pstnEnabled(orgId), false);
  const mustIdentity = (orgId: string, externalId: string): IdentityView => {
    const row = store.identity(orgId, externalId);
    if (!row) throw notFound(`Identity ${externalId}`);
    return row;
  };
  const mustActive = (orgId: string, externalId: string): IdentityView => {
    const row = mustIdentity(orgId, externalId);
    if (row.is_active !== 1) throw conflict(`Identity ${externalId} is deactivated: POST /voice/app/identities with its externalId and role reactivates it`);
    return row;
  };

  return {
    /**
     * Creates the identity or brings it up to date (safe to replay for a roster sync); a deactivated one comes back.
     * An absent `displayName` or `phone` keeps what is there, `null` clears it. The role cannot change while the
     * identity is a party of an active session (409).
     */
    upsert(orgId: string, input: UpsertIdentityInput): { identity: VoiceIdentity; created: boolean } {
      return db.tx(() => {
        const now = clock.nowIso();
        const existing = store.identity(orgId, input.externalId);
        if (!existing) {
          const row: IdentityRow = {
            id: newId('idn'), org_id: orgId, external_id: input.externalId, role: input.role, display_name: input.displayName ?? null, phone_sealed: null,
            is_active: 1, last_seen_at: null, created_at: now, updated_at: now,
          };
          if (input.phone) row.phone_sealed = seal(phoneKey, input.phone, boundTo(row));
          store.insertIdentity(row);
          return { identity: identityOf(orgId, input.externalId), created: true };
        }
        if (existing.role !== input.role && store.activeSessionsOf(orgId, input.externalId, now) > 0) {
          throw conflict(`Identity ${input.externalId} is a ${existing.role} in an active session: its role cannot become ${input.role} until the session ends or is revoked`);
        }
        const row = columnsOf(existing);
        const phone = input.phone === undefined ? row.phone_sealed : input.phone === null ? null : seal(phoneKey, input.phone, boundTo(row));
        store.updateIdentity({
          ...row, role: input.role, display_name: input.displayName === undefined ? row.display_name : input.displayName, phone_sealed: phone,
          is_active: 1, updated_at: now,
        });
        return { identity: identityOf(orgId, input.externalId), created: false };
      });
    },
    /** Newest first, of one role, active or deactivated, and/or whose externalId or displayName contains `search`. */
    list(orgId: string, filter: IdentitiesFilter, page: PageRequest, forConsole = false): ListEnvelope<VoiceIdentity | ConsoleVoiceIdentity> {
      const where = { role: filter.role ?? null, active: filter.active ?? null, search: filter.search ?? null };
      const { rows, total } = store.identities(orgId, where, page.limit, page.offset);
      const pstn = deps.pstnEnabled(orgId);
      return pageEnvelope(rows.map((row) => shown(row, pstn, forConsole)), total, page);
    },
    get: (orgId: string, externalId: string, forConsole = false): VoiceIdentity | ConsoleVoiceIdentity =>
      shown(mustIdentity(orgId, externalId), deps.pstnEnabled(orgId), forConsole),
    /**
     * Deactivates: `isActive` false, its devices dropped and its phone erased; it can no longer be rung nor join a
     * new session. It stays readable (history names it) and an upsert brings it back. Repeating it is harmless.
     */
    deactivate(orgId: string, externalId: string): VoiceIdentity {
      return db.tx(() => {
        const row = columnsOf(mustIdentity(orgId, externalId));
        store.deleteDevicesOf(row.id);
        if (row.is_active === 1 || row.phone_sealed) store.updateIdentity({ ...row, is_active: 0, phone_sealed: null, updated_at: clock.nowIso() });
        return identityOf(orgId, externalId);
      });
    },

    /** Registers a push token (again: updated, 200); a token another identity held moves here. Counts as being seen. */
    registerDevice(orgId: string, externalId: string, input: RegisterDeviceInput): { device: VoiceDevice; created: boolean } {
      return db.tx(() => {
        const identity = mustActive(orgId, externalId);
        const now = clock.nowIso();
        const before = store.device(orgId, input.token);
        const row: DeviceRow = {
          org_id: orgId, token: input.token, identity_id: identity.id, platform: input.platform,
          is_voip: (input.isVoip ?? input.platform === 'ios') ? 1 : 0, registered_at: now,
        };
        store.upsertDevice(row);
        store.updateIdentity({ ...columnsOf(identity), last_seen_at: now, updated_at: now });
        return { device: toDevice(row), created: before?.identity_id !== identity.id };
      });
    },
    /** The identity's devices, the latest registered first (the console lists them; the seed has no list route). */
    devices: (orgId: string, externalId: string): VoiceDevice[] => store.devicesOf(mustIdentity(orgId, externalId).id).map(toDevice),
    removeDevice(orgId: string, externalId: string, token: string): { success: true; token: string } {
      db.tx(() => {
        const identity = mustIdentity(orgId, externalId);
        if (!store.deleteDevice(orgId, identity.id, token)) throw notFound(`Device ${token} of identity ${externalId}`);
      });
      return { success: true, token };
    },

    /** The active identity `externalId` as a call shows it, or null (unknown or deactivated). */
    find(orgId: string, externalId: string): IdentityParty | null {
      const row = store.identity(orgId, externalId);
      return row && row.is_active === 1 ? { externalId: row.external_id, displayName: row.display_name, role: row.role } : null;
    },
    /** Whether `externalId` is an identity that was deactivated (known, not active): such a person can no longer be rung. */
    isDeactivated(orgId: string, externalId: string): boolean {
      return store.identity(orgId, externalId)?.is_active === 0;
    },
    /** Any identity's row, active or not (sessions check their parties with it). */
    row: (orgId: string, externalId: string): IdentityView | undefined => store.identity(orgId, externalId),
    /** The full phone of an active identity, for the phone fallback leg only; null without one. */
    phoneOf(orgId: string, externalId: string): string | null {
      const row = store.identity(orgId, externalId);
      return row && row.is_active === 1 ? phoneOfRow(row) : null;
    },
    /**
     * The phone to ring for an active identity that has no device that can ring it (no VoIP push token) but a phone:
     * the callee leg of an app call to them goes to that phone. Null otherwise (rung in the app as ever).
     */
    fallbackPhone(orgId: string, externalId: string): string | null {
      const row = store.identity(orgId, externalId);
      return row && row.is_active === 1 && row.ringable_devices === 0 ? phoneOfRow(row) : null;
    },
    /** The identity joined a call on the voice server: `lastSeenAt` moves to now (unknown ids are ignored). */
    seen(orgId: string, externalId: string): void {
      db.tx(() => {
        const row = store.identity(orgId, externalId);
        if (row) store.updateIdentity({ ...columnsOf(row), last_seen_at: clock.nowIso() });
      });
    },
  };
}
export type Identities = ReturnType<typeof createIdentities>;
