// Simulator routes of voice app calls: a phone dialling the organization's business number (INTERFACES.md), and a
// phone on a call hanging up, as the phone network would deliver them.
import { z } from 'zod';
import { simHangupBodySchema, simInboundCallBodySchema } from '../contract/voice-app.ts';
import type { VoiceAppService } from '../domains/voice-app/index.ts';
import { defineRoute } from '../kernel/route.ts';

export function simVoiceAppRoutes(voiceApp: VoiceAppService) {
  return [
    defineRoute({
      method: 'POST', path: '/sim/voice/inbound-call', scope: 'dashboard', status: 201, body: simInboundCallBodySchema,
      handler: ({ orgId, body }) => voiceApp.inbound.receive(orgId, body),
    }),
    defineRoute({
      method: 'POST', path: '/sim/voice/app-calls/:callId/hangup', scope: 'dashboard', params: z.object({ callId: z.string().min(1).max(64) }),
      body: simHangupBodySchema,
      handler: ({ orgId, params, body }) => voiceApp.calls.get(orgId, voiceApp.inbound.hangUp(orgId, params.callId, body?.party).id),
    }),
  ];
}
