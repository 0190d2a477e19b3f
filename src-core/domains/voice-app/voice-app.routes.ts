// Voice app routes of seed 001 ("Voice app calls", "Numbers and settings"), their console twins, the dashboard's
// number provisioning, and the recordings' signed links.
import { z } from 'zod';
import { dataAnswer, listAnswer, named } from '../../contract/answers.ts';
import {
  appCallSchema, appCallTranscriptSchema, appRecordingLinkSchema, businessNumberSchema, createAppCallResultSchema, joinTokenResultSchema, voiceAppSettingsSchema,
  appCallsQuerySchema, asExternalIdBodySchema, connectAppCallBodySchema, createAppCallBodySchema, endAppCallBodySchema, numberParamsSchema,
  provisionNumberBodySchema, rejectAppCallBodySchema, updateNumberBodySchema, updateSettingsBodySchema,
} from '../../contract/voice-app.ts';
import { rangedReply } from '../../kernel/byte-ranges.ts';
import { AppError } from '../../kernel/errors.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import { recordingLinkQuerySchema, silentWav } from '../../kernel/recordings.ts';
import type { VoiceAppCalls } from './voice-app.service.ts';
import type { VoiceAppNumbers } from './voice-app.numbers.ts';

const callParams = z.object({ callId: z.string().min(1).max(64) });
const page = paginationQuery({ defaultLimit: 20, maxLimit: 100 });
const CALLS = '/v1/voice/app/calls';
const appCall = named('AppCall', appCallSchema);
const joinToken = named('JoinToken', joinTokenResultSchema.extend({ call: appCall }));
const settings = named('VoiceAppSettings', voiceAppSettingsSchema);
/** The 403s of the calls' own (`FORBIDDEN`), for the API document. */
const PHONE_OFF = 'phone calling is off (`FORBIDDEN`: turn it on with PATCH /voice/app/settings)';
const NOT_THE_CALLEE = '`asExternalId` is not the user the call rings (`FORBIDDEN`)';

export function voiceAppRoutes(calls: VoiceAppCalls, numbers: VoiceAppNumbers) {
  return [
    defineRoute({
      method: 'POST', path: CALLS, scope: 'voice:app:write', console: true, status: 201, idempotent: true, body: createAppCallBodySchema, response: createAppCallResultSchema,
      forbidden: `${PHONE_OFF}; or, in the booking form, \`fromExternalId\` is not a party of the booking (\`FORBIDDEN\`)`,
      handler: ({ orgId, body, baseUrl }) => calls.create(orgId, body, baseUrl()),
    }),
    defineRoute({
      method: 'POST', path: `${CALLS}/:callId/accept`, scope: 'voice:app:write', console: true, params: callParams, body: asExternalIdBodySchema, forbidden: NOT_THE_CALLEE, response: joinToken,
      handler: ({ orgId, params, body, baseUrl }) => calls.accept(orgId, params.callId, body.asExternalId, baseUrl()),
    }),
    defineRoute({
      method: 'POST', path: `${CALLS}/:callId/reject`, scope: 'voice:app:write', console: true, params: callParams, body: rejectAppCallBodySchema, forbidden: NOT_THE_CALLEE, response: appCall,
      handler: ({ orgId, params, body }) => calls.reject(orgId, params.callId, body),
    }),
    defineRoute({
      method: 'POST', path: `${CALLS}/:callId/end`, scope: 'voice:app:write', console: true, params: callParams, body: endAppCallBodySchema, response: appCall,
      forbidden: '`asExternalId` is given and is not an app user on the call (`FORBIDDEN`)',
      handler: ({ orgId, params, body }) => calls.end(orgId, params.callId, body ?? {}),
    }),
    defineRoute({
      method: 'POST', path: `${CALLS}/:callId/token`, scope: 'voice:app:write', console: true, params: callParams, body: asExternalIdBodySchema,
      forbidden: '`asExternalId` is not an app user on the call (`FORBIDDEN`)', response: joinToken,
      handler: ({ orgId, params, body, baseUrl }) => calls.token(orgId, params.callId, body.asExternalId, baseUrl()),
    }),
    defineRoute({
      method: 'POST', path: `${CALLS}/:callId/connect`, scope: 'voice:app:write', console: true, params: callParams, body: connectAppCallBodySchema, response: appCall, forbidden: `\`type\` is \`phone\` and ${PHONE_OFF}`,
      handler: ({ orgId, params, body }) => calls.connect(orgId, params.callId, body),
    }),
    defineRoute({
      method: 'GET', path: CALLS, scope: 'voice:app:read', console: true, query: appCallsQuerySchema.extend(page.shape), response: listAnswer(appCall),
      // The console's read (the dashboard token) names the app users; `/v1` keeps its fields.
      handler: ({ orgId, query, caller }) => (caller.kind === 'dashboard' ? calls.consoleList : calls.list)(orgId, query.identityExternalId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: `${CALLS}/:callId`, scope: 'voice:app:read', console: true, params: callParams, response: appCall,
      handler: ({ orgId, params, caller }) => (caller.kind === 'dashboard' ? calls.consoleGet : calls.get)(orgId, params.callId),
    }),
    defineRoute({
      method: 'GET', path: `${CALLS}/:callId/recording`, scope: 'voice:app:read', console: true, params: callParams, response: appRecordingLinkSchema,
      handler: ({ orgId, params, baseUrl }) => calls.recording(orgId, params.callId, baseUrl()),
    }),
    defineRoute({
      method: 'GET', path: `${CALLS}/:callId/transcript`, scope: 'voice:app:read', console: true, params: callParams, response: appCallTranscriptSchema,
      handler: ({ orgId, params }) => calls.transcript(orgId, params.callId),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/app/numbers', scope: 'voice:app:read', console: true, response: dataAnswer(businessNumberSchema),
      handler: ({ orgId }) => numbers.list(orgId),
    }),
    defineRoute({
      method: 'PATCH', path: '/v1/voice/app/numbers/:number', scope: 'voice:app:write', console: true, params: numberParamsSchema, body: updateNumberBodySchema,
      response: businessNumberSchema.pick({ number: true, routeTo: true }),
      handler: ({ orgId, params, body }) => numbers.setRoute(orgId, params.number, body.routeTo),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/app/settings', scope: 'voice:app:read', console: true, response: settings,
      handler: ({ orgId }) => numbers.settings(orgId),
    }),
    defineRoute({
      method: 'PATCH', path: '/v1/voice/app/settings', scope: 'voice:app:write', console: true, body: updateSettingsBodySchema, response: settings,
      handler: ({ orgId, body, caller }) => numbers.setPstn(orgId, body.pstnEnabled, caller.kind === 'apiKey'
        ? { via: 'api', apiKeyId: caller.key.keyId } : { via: 'dashboard', apiKeyId: null }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/voice/app/numbers', scope: 'dashboard', status: 201, body: provisionNumberBodySchema,
      handler: ({ orgId, body }) => numbers.provision(orgId, body),
    }),
    defineRoute({
      method: 'GET', path: '/voice-app/recordings/:file', scope: 'public', params: z.object({ file: z.string().regex(/^apc_[0-9A-Za-z]{24}\.wav$/) }),
      query: recordingLinkQuerySchema,
      handler: ({ params, query, headers }) => {
        const seconds = calls.recordingSeconds(params.file.replace(/\.wav$/, ''), query);
        if (seconds === null) {
          throw new AppError('FORBIDDEN', 'This recording link is not valid or has expired (links last one hour): ask GET /v1/voice/app/calls/{callId}/recording for a new one');
        }
        return rangedReply(silentWav(seconds), headers, { 'content-type': 'audio/wav', 'cache-control': 'private, max-age=3600' });
      },
    }),
  ];
}
