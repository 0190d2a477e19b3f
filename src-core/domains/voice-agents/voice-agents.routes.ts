// Voice agent and agent call routes of seed 000 ("Voice agents and agent-driven calls"), and the recordings' signed links.
import { z } from 'zod';
import { listAnswer, named, successAnswer } from '../../contract/answers.ts';
import {
  agentCallAnalyticsQuerySchema, agentCallAnalyticsSchema, agentCallListItemSchema, agentCallSchema, agentCallsQuerySchema, createVoiceAgentBodySchema,
  outboundCallBodySchema, recordingLinkSchema, updateVoiceAgentBodySchema, voiceAgentListItemSchema, voiceAgentSchema,
} from '../../contract/voice-agents.ts';
import { rangedReply } from '../../kernel/byte-ranges.ts';
import { AppError } from '../../kernel/errors.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { recordingLinkQuerySchema } from '../../kernel/recordings.ts';
import { defineRoute } from '../../kernel/route.ts';
import { oneWithCalledContact, pageWithCalledContacts, type ContactsByPhone } from './voice-agents.console.ts';
import type { VoiceAgentsService } from './voice-agents.service.ts';

const idParams = z.object({ id: z.string().min(1) });
const page = paginationQuery({ defaultLimit: 20, maxLimit: 100 });
const agent = named('VoiceAgent', voiceAgentSchema);
const call = named('AgentCall', agentCallSchema);

/** The console's reads (the dashboard token) add each call's `calledContact`; `/v1` keeps the seed's fields. */
export function voiceAgentsRoutes(service: VoiceAgentsService, contacts: ContactsByPhone) {
  return [
    defineRoute({
      method: 'GET', path: '/v1/voice/agents', scope: 'voice:agents:read', console: true, query: page, response: listAnswer(voiceAgentListItemSchema),
      handler: ({ orgId, query }) => service.listAgents(orgId, toPageRequest(query)),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/agents/:id', scope: 'voice:agents:read', console: true, params: idParams, response: agent,
      handler: ({ orgId, params }) => service.getAgent(orgId, params.id),
    }),
    defineRoute({
      method: 'POST', path: '/v1/voice/agents', scope: 'voice:agents:write', console: true, status: 201, body: createVoiceAgentBodySchema, response: agent,
      handler: ({ orgId, body }) => service.createAgent(orgId, body),
    }),
    defineRoute({
      method: 'PATCH', path: '/v1/voice/agents/:id', scope: 'voice:agents:write', console: true, params: idParams, body: updateVoiceAgentBodySchema, response: agent,
      handler: ({ orgId, params, body }) => service.updateAgent(orgId, params.id, body),
    }),
    defineRoute({
      method: 'DELETE', path: '/v1/voice/agents/:id', scope: 'voice:agents:write', console: true, params: idParams, response: successAnswer({ id: z.string() }),
      handler: ({ orgId, params }) => service.deleteAgent(orgId, params.id),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/calls', scope: 'voice:calls:read', console: true, query: agentCallsQuerySchema.extend(page.shape), response: listAnswer(agentCallListItemSchema),
      handler: ({ orgId, query, caller }) => {
        const calls = service.listCalls(orgId, query, toPageRequest(query));
        return caller.kind === 'dashboard' ? pageWithCalledContacts(contacts, orgId, calls) : calls;
      },
    }),
    defineRoute({
      method: 'POST', path: '/v1/voice/calls/outbound', scope: 'voice:calls:write', console: true, status: 201, idempotent: true, body: outboundCallBodySchema, response: call,
      handler: ({ orgId, body, caller }) => {
        const call = service.placeCall(orgId, body);
        return caller.kind === 'dashboard' ? oneWithCalledContact(contacts, orgId, call) : call;
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/calls/:id', scope: 'voice:calls:read', console: true, params: idParams, response: call,
      handler: ({ orgId, params, caller }) => {
        const call = service.getCall(orgId, params.id);
        return caller.kind === 'dashboard' ? oneWithCalledContact(contacts, orgId, call) : call;
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/calls/:id/recording', scope: 'voice:calls:read', console: true, params: idParams, response: recordingLinkSchema,
      handler: ({ orgId, params, baseUrl }) => service.recording(orgId, params.id, baseUrl()),
    }),
    defineRoute({
      method: 'GET', path: '/v1/voice/analytics', scope: 'voice:calls:read', console: true, query: agentCallAnalyticsQuerySchema, response: agentCallAnalyticsSchema,
      handler: ({ orgId, query }) => service.analytics(orgId, query),
    }),
    defineRoute({
      method: 'GET', path: '/recordings/:file', scope: 'public', params: z.object({ file: z.string().regex(/^call_[0-9A-Za-z]{24}\.wav$/) }),
      query: recordingLinkQuerySchema,
      handler: ({ params, query, headers }) => {
        const audio = service.recordingAudio(params.file.replace(/\.wav$/, ''), query);
        if (!audio) throw new AppError('FORBIDDEN', 'This recording link is not valid or has expired (links last one hour): ask GET /v1/voice/calls/{id}/recording for a new one');
        return rangedReply(audio, headers, { 'content-type': 'audio/wav', 'cache-control': 'private, max-age=3600' });
      },
    }),
  ];
}
