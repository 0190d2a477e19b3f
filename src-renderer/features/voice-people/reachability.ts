// Why a person of the voice app can or cannot be rung, in words: the core's `reachable` (active, and a VoIP push token,
// or a phone while phone calling is on) explained by the same rule: a VoIP device rings them in the app, else their phone.
import type { ConsoleVoiceIdentity } from '../../../src-core/contract/index.ts';

export function reachability(person: Pick<ConsoleVoiceIdentity, 'isActive' | 'reachable' | 'maskedPhone' | 'voipDeviceCount'>): string {
  if (!person.isActive) return 'No: deactivated';
  // A notification-only device counts in deviceCount but cannot ring: only a VoIP one keeps the call in the app.
  if (person.reachable) return person.voipDeviceCount === 0 && person.maskedPhone ? 'Yes, by phone' : 'Yes';
  // Active with a phone yet not reachable: no device can ring them and their phone is not rung while phone calling is off.
  if (person.maskedPhone) return 'No: phone calling is off';
  return 'No: no VoIP token or phone';
}
