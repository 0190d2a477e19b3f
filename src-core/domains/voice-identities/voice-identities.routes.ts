// Identity, device and booking session routes of seed 001 ("Identities, devices, sessions"): voice:app:read to read,
// voice:app:write to change. A create answers 201, the same call again (an upsert, an extension) 200. The console
// alone lists an identity's devices (the seed has no such route).
import { z } from 'zod';
import { listAnswer, named, successAnswer } from '../../contract/answers.ts';
import { E164_PATTERN } from '../../contract/common.ts';
import {
  bookingSessionSchema, createSessionBodySchema, identitiesQuerySchema, maskPhone, registerDeviceBodySchema, sessionsQuerySchema, upsertIdentityBodySchema,
  voiceDeviceSchema, voiceIdentitySchema,
} from '../../contract/voice-identities.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { REDACTED, type LogMasks } from '../../kernel/request-log-bodies.ts';
import { defineRoute, reply } from '../../kernel/route.ts';
import type { VoiceIdentitiesService } from './voice-identities.service.ts';

const identityParams = z.object({ externalId: z.string().min(1) });
const deviceParams = identityParams.extend({ token: z.string().min(1) });
const sessionParams = z.object({ externalRef: z.string().min(1) });
const page = paginationQuery({ defaultLimit: 20, maxLimit: 100 });
const identity = named('VoiceIdentity', voiceIdentitySchema);
const session = named('BookingSession', bookingSessionSchema);
const createdOr = <T>(answer: { created: boolean } & T, value: unknown) => reply(answer.created ? 201 : 200, value);

/**
 * How the request log shows the phone an upsert sent (it is stored sealed): E.164 as answers mask it (`+1******0101`),
 * anything else with every digit but the last four hidden, so a refused one still shows its shape; `null` (erase) as
 * sent; a value that is not text `[redacted]`.
 */
function loggedPhone(phone: unknown): unknown {
  if (phone === null) return null;
  if (typeof phone !== 'string') return REDACTED;
  const trimmed = phone.trim();
  if (E164_PATTERN.test(trimmed)) return maskPhone(trimmed);
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (digit) => (++seen > digits - 4 ? digit : '*'));
}
const identityLogMasks: LogMasks = { phone: loggedPhone };

export function voiceIdentitiesRoutes(service: VoiceIdentitiesService) {
  const { identities, sessions } = service;
  return [
    defineRoute({
      method: 'POST', path: '/v1/voice/app/identities', scope: 'voice:app:write', console: true, statuses: [201, 200], body: upsertIdentityBodySchema, response: identity,
      logMasks: identityLogMasks,
      handler: ({ orgId, body }) => {
        const answer = identities.upsert(orgId, body);
        return createdOr(answer, answer.identity);
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/app/identities', scope: 'voice:app:read', console: true, query: identitiesQuerySchema.extend(page.shape), response: listAnswer(identity),
      // The console's twin adds voipDeviceCount (how a reachable person is rung); /v1 answers the seed's shape.
      handler: ({ orgId, query, caller }) => identities.list(orgId, { role: query.role, active: query.active, search: query.search }, toPageRequest(query), caller.kind === 'dashboard'),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/app/identities/:externalId', scope: 'voice:app:read', console: true, params: identityParams, response: identity,
      handler: ({ orgId, params, caller }) => identities.get(orgId, params.externalId, caller.kind === 'dashboard'),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/voice/app/identities/:externalId', scope: 'voice:app:write', console: true, params: identityParams, response: identity,
      handler: ({ orgId, params }) => identities.deactivate(orgId, params.externalId),
    }),
    defineRoute({
      method: 'POST', path: '/v1/voice/app/identities/:externalId/devices', scope: 'voice:app:write', console: true, statuses: [201, 200], params: identityParams,
      body: registerDeviceBodySchema, response: voiceDeviceSchema,
      handler: ({ orgId, params, body }) => {
        const answer = identities.registerDevice(orgId, params.externalId, body);
        return createdOr(answer, answer.device);
      },
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/voice/app/identities/:externalId/devices', scope: 'dashboard', params: identityParams,
      handler: ({ orgId, params }) => ({ data: identities.devices(orgId, params.externalId) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/voice/app/identities/:externalId/devices/:token', scope: 'voice:app:write', console: true, params: deviceParams, response: successAnswer({ token: z.string() }),
      handler: ({ orgId, params }) => identities.removeDevice(orgId, params.externalId, params.token),
    }),
    defineRoute({
      method: 'POST', path: '/v1/voice/app/sessions', scope: 'voice:app:write', console: true, statuses: [201, 200], body: createSessionBodySchema, response: session,
      handler: ({ orgId, body }) => {
        const answer = sessions.create(orgId, body);
        return createdOr(answer, answer.session);
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/app/sessions', scope: 'voice:app:read', console: true, query: sessionsQuerySchema.extend(page.shape), response: listAnswer(session),
      // The console's twin names each party (one look-up for the page); /v1 answers the seed's shape.
      handler: ({ orgId, query, caller }) => (caller.kind === 'dashboard' ? service.consoleSessions : sessions.list)(orgId, query.status, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/app/sessions/:externalRef', scope: 'voice:app:read', console: true, params: sessionParams, response: session,
      handler: ({ orgId, params }) => sessions.get(orgId, params.externalRef),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/voice/app/sessions/:externalRef', scope: 'voice:app:write', console: true, params: sessionParams, response: session,
      handler: ({ orgId, params }) => sessions.revoke(orgId, params.externalRef),
    }),
  ];
}
