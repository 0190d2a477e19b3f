// Why a person of the voice app can or cannot be rung, in words: the core's `reachable` (active, and a VoIP push token,
// or a phone a call would dial) explained by the same rule: a VoIP device rings them in the app, else their phone, and
// the core's `phoneNotRung` says why that phone would not be.
import type { ConsoleVoiceIdentity, PhoneNotRung } from '../../../src-core/contract/index.ts';

const PHONE_NOT_RUNG_WORDS: Record<PhoneNotRung, string> = {
  phone_calling_off: 'No: phone calling is off',
  no_business_number: 'No: no business number to call their phone from',
  own_business_number: 'No: their phone is this account\'s business number',
};

export function reachability(person: Pick<ConsoleVoiceIdentity, 'isActive' | 'reachable' | 'maskedPhone' | 'voipDeviceCount' | 'phoneNotRung'>): string {
  if (!person.isActive) return 'No: deactivated';
  // A notification-only device counts in deviceCount but cannot ring: only a VoIP one keeps the call in the app.
  if (person.reachable) return person.voipDeviceCount === 0 && person.maskedPhone ? 'Yes, by phone' : 'Yes';
  // Active with a phone yet not reachable: no device can ring them and a call would not ring their phone, for the core's reason.
  if (person.maskedPhone) return PHONE_NOT_RUNG_WORDS[person.phoneNotRung ?? 'phone_calling_off'];
  return 'No: no VoIP token or phone';
}
