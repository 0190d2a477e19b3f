// Business numbers (each with its routing) and the phone-calling setting, every change of which is kept.
import {
  canonicalAppPhone, isAppPhone, type BusinessNumber, type RouteTo, type SettingsChange, type VoiceAppSettings,
} from '../../contract/voice-app.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import type { NumberRow, VoiceAppStore } from './voice-app.store.ts';

/** How many of the setting's changes `GET /voice/app/settings` shows, newest first. */
export const SETTINGS_HISTORY_SHOWN = 50;
/** Numbers handed out when the dashboard asks for one without naming it: the simulated carrier's toll-free block. */
const POOL_PREFIX = '+1800555';
const POOL_START = 142;

const toNumber = (row: NumberRow): BusinessNumber => ({ number: row.number, routeTo: row.route_to as RouteTo, createdAt: row.created_at });
/** A number as a path or body names it: `+` optional, spaces and dashes ignored. */
const canonicalNumber = (raw: string): string => {
  const compact = canonicalAppPhone(raw);
  return compact.startsWith('+') ? compact : `+${compact}`;
};

export function createVoiceAppNumbers(deps: { store: VoiceAppStore; db: Db; clock: Clock }) {
  const { store, db, clock } = deps;
  const mustNumber = (orgId: string, raw: string): NumberRow => {
    const row = store.numberAnyOrg(canonicalNumber(raw));
    if (!row || row.org_id !== orgId) throw notFound(`Business number ${raw}`);
    return row;
  };
  const settings = (orgId: string): VoiceAppSettings => {
    const history: SettingsChange[] = store.changes(orgId, SETTINGS_HISTORY_SHOWN).map((row) => ({
      pstnEnabled: row.pstn_enabled === 1, changedAt: row.changed_at, changedVia: row.changed_via as SettingsChange['changedVia'], apiKeyId: row.api_key_id,
    }));
    return { pstnEnabled: history[0]?.pstnEnabled ?? false, history };
  };

  return {
    list: (orgId: string): { data: BusinessNumber[] } => ({ data: store.numbers(orgId).map(toNumber) }),
    /** Whether `raw` is one of the organization's own business numbers. */
    owns: (orgId: string, raw: string): boolean => store.numberAnyOrg(canonicalNumber(raw))?.org_id === orgId,
    /** The organization's number `raw` names (404 when it has none such), or its first number. */
    find: (orgId: string, raw: string | undefined): NumberRow | undefined => (raw === undefined ? store.numbers(orgId)[0] : mustNumber(orgId, raw)),
    /** Adds a business number (the dashboard's "get a number"): the one named, or the next free one of the pool. */
    provision(orgId: string, input: { number?: string | undefined; routeTo?: RouteTo | undefined }): BusinessNumber {
      return db.tx(() => {
        let number: string;
        if (input.number !== undefined) {
          if (!isAppPhone(canonicalNumber(input.number))) throw invalidField(`Invalid number ${input.number}: give it in international format, e.g. +18005550142`);
          number = canonicalNumber(input.number);
          if (store.numberAnyOrg(number)) throw conflict(`Business number ${number} is already in use`);
        } else {
          let n = POOL_START;
          while (store.numberAnyOrg(`${POOL_PREFIX}${String(n).padStart(4, '0')}`)) n++;
          number = `${POOL_PREFIX}${String(n).padStart(4, '0')}`;
        }
        const row: NumberRow = { number, org_id: orgId, route_to: input.routeTo ?? 'app', created_at: clock.nowIso() };
        store.insertNumber(row);
        return toNumber(row);
      });
    },
    setRoute(orgId: string, raw: string, routeTo: RouteTo): { number: string; routeTo: RouteTo } {
      const row = mustNumber(orgId, raw);
      db.tx(() => store.setRoute(orgId, row.number, routeTo));
      return { number: row.number, routeTo };
    },
    settings,
    pstnEnabled: (orgId: string): boolean => settings(orgId).pstnEnabled,
    /** Turns phone calling on or off; a change is recorded (who, when), a PATCH to the value it has records nothing. */
    setPstn(orgId: string, pstnEnabled: boolean, by: { via: 'api' | 'dashboard'; apiKeyId: string | null }): VoiceAppSettings {
      db.tx(() => {
        if (settings(orgId).pstnEnabled === pstnEnabled && store.changes(orgId, 1).length > 0) return;
        if (!pstnEnabled && store.changes(orgId, 1).length === 0) return;
        store.insertChange({ org_id: orgId, pstn_enabled: pstnEnabled ? 1 : 0, changed_at: clock.nowIso(), changed_via: by.via, api_key_id: by.apiKeyId });
      });
      return settings(orgId);
    },
    mustPstn(orgId: string, what: string): void {
      if (!settings(orgId).pstnEnabled) {
        throw new AppError('FORBIDDEN', `Phone calling is off: ${what} needs it. Turn it on with PATCH /v1/voice/app/settings {"pstnEnabled": true} or in the dashboard`);
      }
    },
  };
}
export type VoiceAppNumbers = ReturnType<typeof createVoiceAppNumbers>;
