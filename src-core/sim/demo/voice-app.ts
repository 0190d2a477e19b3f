// The demo's voice app setup: a business number routed to the app, and phone calling on (its calls: demo/calls.ts).
import type { VoiceAppService } from '../../domains/voice-app/index.ts';

export const DEMO_BUSINESS_NUMBER = '+18005550142';

export function seedVoiceAppDemo(deps: { orgId: string; voiceApp: VoiceAppService }): void {
  deps.voiceApp.numbers.provision(deps.orgId, { number: DEMO_BUSINESS_NUMBER, routeTo: 'app' });
  deps.voiceApp.numbers.setPstn(deps.orgId, true, { via: 'dashboard', apiKeyId: null });
}
