// The rules of booking sessions (seed 001, "Booking session"): create, extend or reactivate by externalRef, revoke,
// and expiry as a durable job on the virtual clock that fires `voice.app.session.expired`.
import type { ListEnvelope } from '../../contract/common.ts';
import {
  SESSION_DEFAULT_EXPIRY_MS, SESSION_MAX_EXPIRY_MS, type BookingSession, type CreateSessionInput, type IdentityRole, type SessionExpiredData,
  type SessionStatus,
} from '../../contract/voice-identities.ts';
import type { Bus } from '../../kernel/bus.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { Identities } from './identities.ts';
import type { SessionRow, VoiceIdentitiesStore } from './voice-identities.store.ts';

export const SESSION_EXPIRY_JOB = 'voice.app.session.expire';
export type SessionExpiry = { sessionId: string };
/** What the calls domain needs of a booking it places a call for (`metadata` is echoed on the call's webhooks). */
export type ActiveSession = { externalRef: string; proExternalId: string; customerExternalId: string; metadata: Record<string, unknown> };

export function createSessions(deps: { store: VoiceIdentitiesStore; identities: Identities; db: Db; clock: Clock; bus: Bus; jobs: JobRunner }) {
  const { store, db, clock, bus, jobs } = deps;
  const metadataOf = (row: SessionRow): Record<string, unknown> => JSON.parse(row.metadata) as Record<string, unknown>;
  const isLive = (row: SessionRow): boolean => row.status === 'active' && Date.parse(row.expires_at) > clock.now();
  // An active session past its expiry is expired already, whether or not its job has run yet (it runs at once).
  const statusOf = (row: SessionRow): SessionStatus => (row.status === 'active' && !isLive(row) ? 'expired' : row.status);
  const toSession = (row: SessionRow): BookingSession => ({
    externalRef: row.external_ref, proExternalId: row.pro_external_id, customerExternalId: row.customer_external_id, expiresAt: row.expires_at,
    metadata: metadataOf(row), status: statusOf(row), createdAt: row.created_at, updatedAt: row.updated_at,
  });
  const mustSession = (orgId: string, externalRef: string): SessionRow => {
    const row = store.session(orgId, externalRef);
    if (!row) throw notFound(`Session ${externalRef}`);
    return row;
  };
  /** A party must be an active identity (404) of the role its field names (409). */
  const mustParty = (orgId: string, field: string, externalId: string, role: IdentityRole): void => {
    const row = deps.identities.row(orgId, externalId);
    if (!row || row.is_active !== 1) throw notFound(`${field}: identity ${externalId}`);
    if (row.role !== role) throw conflict(`${field}: identity ${externalId} is a ${row.role}, not a ${role}`);
  };
  /** The expiry asked for, in ms: in the future and at most 90 days ahead (400 otherwise). */
  const expiryOf = (expiresAt: string | undefined, fallback: number): number => {
    if (expiresAt === undefined) return fallback;
    const at = Date.parse(expiresAt);
    if (at <= clock.now()) throw invalidField(`Invalid body: expiresAt: must be in the future (it is now ${clock.nowIso()})`);
    if (at > clock.now() + SESSION_MAX_EXPIRY_MS) {
      throw invalidField(`Invalid body: expiresAt: must be at most 90 days ahead (no later than ${toIso(clock.now() + SESSION_MAX_EXPIRY_MS)})`);
    }
    return at;
  };
  const scheduleExpiry = (row: SessionRow): void => {
    const dueAt = Date.parse(row.expires_at);
    jobs.schedule({ type: SESSION_EXPIRY_JOB, orgId: row.org_id, payload: { sessionId: row.id } satisfies SessionExpiry, dueAt, dedupeKey: `${SESSION_EXPIRY_JOB}:${row.id}:${dueAt}` });
  };

  return {
    /**
     * Creates a session (201), or, with an `externalRef` the organization has, extends it (an active one) or
     * reactivates it (revoked or expired), 200: there is never a second session. Without `expiresAt` it lasts 24 hours
     * from now (an active one is never shortened by that default); `metadata` absent keeps what it had. The parties of
     * an existing session cannot change (409).
     */
    create(orgId: string, input: CreateSessionInput): { session: BookingSession; created: boolean } {
      return db.tx(() => {
        mustParty(orgId, 'proExternalId', input.proExternalId, 'PRO');
        mustParty(orgId, 'customerExternalId', input.customerExternalId, 'CUSTOMER');
        const now = clock.nowIso();
        const existing = store.session(orgId, input.externalRef);
        const byDefault = clock.now() + SESSION_DEFAULT_EXPIRY_MS;
        if (!existing) {
          const row: SessionRow = {
            id: newId('vss'), org_id: orgId, external_ref: input.externalRef, pro_external_id: input.proExternalId,
            customer_external_id: input.customerExternalId, status: 'active', expires_at: toIso(expiryOf(input.expiresAt, byDefault)),
            metadata: JSON.stringify(input.metadata ?? {}), created_at: now, updated_at: now,
          };
          store.insertSession(row);
          scheduleExpiry(row);
          return { session: toSession(row), created: true };
        }
        if (existing.pro_external_id !== input.proExternalId || existing.customer_external_id !== input.customerExternalId) {
          throw conflict(`Session ${input.externalRef} is between ${existing.pro_external_id} and ${existing.customer_external_id}: its parties cannot change (use another externalRef)`);
        }
        const fallback = isLive(existing) ? Math.max(Date.parse(existing.expires_at), byDefault) : byDefault;
        const row: SessionRow = {
          ...existing, status: 'active', expires_at: toIso(expiryOf(input.expiresAt, fallback)),
          metadata: input.metadata === undefined ? existing.metadata : JSON.stringify(input.metadata), updated_at: now,
        };
        store.updateSession(row);
        scheduleExpiry(row);
        return { session: toSession(row), created: false };
      });
    },
    list(orgId: string, status: SessionStatus | undefined, page: PageRequest): ListEnvelope<BookingSession> {
      const { rows, total } = store.sessions(orgId, status ?? null, page.limit, page.offset);
      return pageEnvelope(rows.map(toSession), total, page);
    },
    get: (orgId: string, externalRef: string): BookingSession => toSession(mustSession(orgId, externalRef)),
    /** Revokes an active session (no new calls; a call in progress finishes); a revoked or expired one is left as it is. */
    revoke(orgId: string, externalRef: string): BookingSession {
      return db.tx(() => {
        const row = mustSession(orgId, externalRef);
        if (!isLive(row)) return toSession(row);
        const revoked: SessionRow = { ...row, status: 'revoked', updated_at: clock.nowIso() };
        store.updateSession(revoked);
        return toSession(revoked);
      });
    },
    /** The session `externalRef` if it is active and not past its expiry, else null. */
    active(orgId: string, externalRef: string): ActiveSession | null {
      const row = store.session(orgId, externalRef);
      if (!row || !isLive(row)) return null;
      return { externalRef: row.external_ref, proExternalId: row.pro_external_id, customerExternalId: row.customer_external_id, metadata: metadataOf(row) };
    },
    /** The expiry job (in its transaction): an active session whose time has come expires, with its event; else nothing. */
    expire(orgId: string, { sessionId }: SessionExpiry): void {
      const row = store.sessionById(orgId, sessionId);
      if (!row || row.status !== 'active' || Date.parse(row.expires_at) > clock.now()) return;
      store.updateSession({ ...row, status: 'expired', updated_at: clock.nowIso() });
      const data: SessionExpiredData = {
        externalRef: row.external_ref, proExternalId: row.pro_external_id, customerExternalId: row.customer_external_id, expiresAt: row.expires_at,
        metadata: metadataOf(row),
      };
      bus.emit(orgId, 'voice.app.session.expired', data);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
