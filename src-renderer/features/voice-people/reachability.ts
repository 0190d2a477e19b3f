// Why a person of the voice app can or cannot be rung, in words: the core's `reachable` (active, and a VoIP push token,
// or a phone while phone calling is on) explained from what the person shows.
import type { VoiceIdentity } from '../../../src-core/contract/index.ts';

export function reachability(person: Pick<VoiceIdentity, 'isActive' | 'reachable' | 'maskedPhone' | 'deviceCount'>): string {
  if (!person.isActive) return 'No: deactivated';
  if (person.reachable) return person.maskedPhone && person.deviceCount === 0 ? 'Yes, by phone' : 'Yes';
  // Active with a phone yet not reachable: no device can ring them and their phone is not rung while phone calling is off.
  if (person.maskedPhone) return 'No: phone calling is off';
  return 'No: no VoIP token or phone';
}
