// Billing rules for app calls (seed 001): per started minute of talk (at least one), transcription per minute when
// something was said, and a phone charge per minute for each side on a phone; one ledger line per charge, at the end.
import { formatPaise } from '../../contract/common.ts';
import { VOICE_APP_LIMITS, VOICE_APP_PRICES_PAISE } from '../../contract/voice-app.ts';
import { maskPhone } from '../../contract/voice-identities.ts';
import { AppError } from '../../kernel/errors.ts';
import type { WalletService } from '../wallet/index.ts';
import { calleePerson, callerPerson } from './voice-app.console.ts';
import type { IdentityPort } from './voice-app.events.ts';
import type { PhoneLegs } from './voice-app.phone-leg.ts';
import type { AppCallRow } from './voice-app.store.ts';

const P = VOICE_APP_PRICES_PAISE;
export const hadSpeech = (durationSeconds: number): boolean => durationSeconds >= VOICE_APP_LIMITS.speechAfterSeconds;
type Legs = Pick<AppCallRow, 'caller_transport' | 'callee_transport'>;
const phoneSideCount = (row: Legs): number => (row.caller_transport === 'PSTN' ? 1 : 0) + (row.callee_transport === 'PSTN' ? 1 : 0);

/** What one minute of a call costs at most: talk, transcription and its phone sides. */
export const perMinutePaise = (row: Legs): number => P.talkPerMinute + P.transcriptionPerMinute + phoneSideCount(row) * P.phoneSidePerMinute;

export function createVoiceAppBilling(deps: { wallet: WalletService; phoneLegs: PhoneLegs; identities?: IdentityPort | undefined }) {
  /** Each phone side as its ledger line names it, masked (a person rung on their phone by their externalId too). */
  const phoneSides = (row: AppCallRow): string[] => [
    row.caller_transport === 'PSTN' ? maskPhone(row.from_party) : null, row.callee_transport === 'PSTN' ? deps.phoneLegs.calleeBilled(row) : null,
  ].filter((x): x is string => x !== null);
  /**
   * Who the call was between, as its ledger lines name it: an app user by name with their external id ("Alice Johnson
   * (cust_1042)", the id alone when nameless), a phone masked, the team or the AI agent a business number rang.
   */
  function between(row: AppCallRow): string {
    const [caller, callee] = [callerPerson(row), calleePerson(row)];
    const people = [caller, callee].filter((id): id is string => id !== null);
    const names = people.length > 0 && deps.identities ? deps.identities.displayNames(row.org_id, people) : new Map<string, string>();
    const person = (id: string): string => (names.has(id) ? `${names.get(id)} (${id})` : id);
    const to = callee !== null ? person(callee) : row.routed_to === 'team' ? 'the team' : row.routed_to === 'ai' ? 'the AI agent' : maskPhone(row.to_party);
    return `${caller !== null ? person(caller) : maskPhone(row.from_party)} → ${to}`;
  }
  return {
    /** 400 INSUFFICIENT_BALANCE when the wallet cannot pay the call's first minute (nothing is placed). */
    mustAfford(orgId: string, row: Legs): void {
      const balance = deps.wallet.get(orgId).balancePaise;
      const minute = perMinutePaise(row);
      if (balance < minute) {
        throw new AppError('INSUFFICIENT_BALANCE', `Insufficient wallet balance: this call costs up to ${formatPaise(minute)} per started minute and needs `
          + `one minute's worth to be placed; the balance is ${formatPaise(balance)}`);
      }
    },
    /**
     * Charges a COMPLETED call in the caller's transaction; answers the total (not refused: the call was made). Each line
     * names the call by who it was between ("Voice app call · Alice Johnson (cust_1042) → Sam Rivera (pro_7) · talk ·
     * 2 min × ₹1.00"); its id is the line's reference.
     */
    charge(row: AppCallRow): number {
      const minutes = Math.max(1, Math.ceil(row.duration_seconds / 60));
      const reference = { type: 'voice_app_call', id: row.id };
      const call = `Voice app call · ${between(row)}`;
      const line = (amount: number, what: string): number => {
        deps.wallet.chargeUsage(row.org_id, 'voice_app', reference, amount, `${call} · ${what} · ${minutes} min × ${formatPaise(amount / minutes)}`);
        return amount;
      };
      let total = line(minutes * P.talkPerMinute, 'talk');
      if (hadSpeech(row.duration_seconds)) total += line(minutes * P.transcriptionPerMinute, 'transcription');
      for (const phone of phoneSides(row)) total += line(minutes * P.phoneSidePerMinute, `phone side ${phone}`);
      return total;
    },
  };
}
export type VoiceAppBilling = ReturnType<typeof createVoiceAppBilling>;
