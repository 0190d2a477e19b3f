// The demo's booking feature: a pro and a customer of the voice app, each with a phone that can be rung (a VoIP push
// token), and a booking between them that lasts a week (the clock does not move).
import type { VoiceIdentitiesService } from '../../domains/voice-identities/index.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';

export const DEMO_PRO = 'pro_7';
export const DEMO_CUSTOMER = 'cust_1042';
export const DEMO_BOOKING = 'booking_1042';

export function seedVoiceIdentitiesDemo(deps: { orgId: string; voiceIdentities: VoiceIdentitiesService; clock: Clock }): void {
  const { identities, sessions } = deps.voiceIdentities;
  identities.upsert(deps.orgId, { externalId: DEMO_PRO, role: 'PRO', displayName: 'Sam Rivera', phone: '+14155550142' });
  identities.upsert(deps.orgId, { externalId: DEMO_CUSTOMER, role: 'CUSTOMER', displayName: 'Alice Johnson', phone: '+14155550101' });
  identities.registerDevice(deps.orgId, DEMO_PRO, { token: 'demo-apns-voip-pro-7', platform: 'ios', isVoip: true });
  identities.registerDevice(deps.orgId, DEMO_CUSTOMER, { token: 'demo-fcm-cust-1042', platform: 'android', isVoip: true });
  sessions.create(deps.orgId, {
    externalRef: DEMO_BOOKING, proExternalId: DEMO_PRO, customerExternalId: DEMO_CUSTOMER,
    expiresAt: toIso(deps.clock.now() + 7 * 24 * 3_600_000), metadata: { bookingNumber: '1042', service: 'Kitchen sink repair' },
  });
}
