// Billing rules for app calls (seed 001): per started minute of talk (at least one), transcription per minute when
// something was said, and a phone charge per minute for each side on a phone; one ledger line per charge, at the end.
import { formatPaise } from '../../contract/common.ts';
import { VOICE_APP_LIMITS, VOICE_APP_PRICES_PAISE } from '../../contract/voice-app.ts';
import { maskPhone } from '../../contract/voice-identities.ts';
import { AppError } from '../../kernel/errors.ts';
import type { WalletService } from '../wallet/index.ts';
import type { PhoneLegs } from './voice-app.phone-leg.ts';
import type { AppCallRow } from './voice-app.store.ts';

const P = VOICE_APP_PRICES_PAISE;
export const hadSpeech = (durationSeconds: number): boolean => durationSeconds >= VOICE_APP_LIMITS.speechAfterSeconds;
type Legs = Pick<AppCallRow, 'caller_transport' | 'callee_transport'>;
const phoneSideCount = (row: Legs): number => (row.caller_transport === 'PSTN' ? 1 : 0) + (row.callee_transport === 'PSTN' ? 1 : 0);

/** What one minute of a call costs at most: talk, transcription and its phone sides. */
export const perMinutePaise = (row: Legs): number => P.talkPerMinute + P.transcriptionPerMinute + phoneSideCount(row) * P.phoneSidePerMinute;

export function createVoiceAppBilling(deps: { wallet: WalletService; phoneLegs: PhoneLegs }) {
  /** Each phone side as its ledger line names it, masked (a person rung on their phone by their externalId too). */
  const phoneSides = (row: AppCallRow): string[] => [
    row.caller_transport === 'PSTN' ? maskPhone(row.from_party) : null, row.callee_transport === 'PSTN' ? deps.phoneLegs.calleeBilled(row) : null,
  ].filter((x): x is string => x !== null);
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
    /** Charges a COMPLETED call in the caller's transaction; answers the total (not refused: the call was made). */
    charge(row: AppCallRow): number {
      const minutes = Math.max(1, Math.ceil(row.duration_seconds / 60));
      const reference = { type: 'voice_app_call', id: row.id };
      const line = (amount: number, what: string): number => {
        deps.wallet.chargeUsage(row.org_id, 'voice_app', reference, amount, `${what} · ${minutes} min × ${formatPaise(amount / minutes)}`);
        return amount;
      };
      let total = line(minutes * P.talkPerMinute, `voice app call talk · ${row.id}`);
      if (hadSpeech(row.duration_seconds)) total += line(minutes * P.transcriptionPerMinute, `voice app call transcription · ${row.id}`);
      for (const phone of phoneSides(row)) total += line(minutes * P.phoneSidePerMinute, `voice app call phone side ${phone} · ${row.id}`);
      return total;
    },
  };
}
export type VoiceAppBilling = ReturnType<typeof createVoiceAppBilling>;
