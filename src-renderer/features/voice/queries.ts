// Server data of the Calls page: the agents (and their changes, and the AI models their form offers), the agent calls (kept live by the stream's voice:* events) and one call's
// detail, whose transcript grows as the stream's transcript chunks arrive (api/live.ts).
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AgentCall, AgentCallListItem, AiModels, ConsoleAgentCallFields, ListEnvelope, TranscriptChunk, VoiceAgent, VoiceAgentListItem,
} from '../../../src-core/contract/index.ts';
import type { AgentDraftBody } from './agent-draft.ts';
import { useApi } from '../../api/context.tsx';
import { everyPage } from '../../api/every-page.ts';
import { SCENARIOS_KEY } from '../simulator/queries.ts';

export const CALLS_PAGE_SIZE = 50;
/** An agent call as the console reads it: with the called number's contact (`calledContact`). */
export type ShownCallItem = AgentCallListItem & ConsoleAgentCallFields;
export type ShownCall = AgentCall & ConsoleAgentCallFields;
export const callKey = (callId: string) => ['voice-call', callId] as const;

/** Every agent (every page of 100, the route's most): the panel, the call form's choice and the calls' agent names. */
export function useVoiceAgents() {
  const api = useApi();
  return useQuery({ queryKey: ['voice-agents'], queryFn: () => everyPage<VoiceAgentListItem>(api, '/dashboard/voice/agents?limit=100') });
}

export function useAgentCalls(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['voice-calls', page],
    queryFn: () => api.get<ListEnvelope<ShownCallItem>>(`/dashboard/voice/calls?page=${page}&limit=${CALLS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function useAgentCall(callId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: callKey(callId ?? ''),
    queryFn: () => api.get<ShownCall>(`/dashboard/voice/calls/${callId}`),
    enabled: callId !== null,
  });
}

export function usePlaceCall() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { agentId: string; toNumber: string }) => api.post<ShownCall>('/dashboard/voice/calls/outbound', input),
    onSuccess: (call) => {
      client.setQueryData(callKey(call.id), call);
      void client.invalidateQueries({ queryKey: ['voice-calls'] });
    },
  });
}

/** Adds a transcript turn to the call's detail, once (a read that already has it is not doubled). */
function addTurn(client: QueryClient, chunk: TranscriptChunk): void {
  const shown = client.getQueryData<AgentCall>(callKey(chunk.callId));
  if (!shown) return;
  const { callId: _callId, ...turn } = chunk;
  if (shown.transcription.some((t) => t.timestamp === turn.timestamp && t.role === turn.role && t.content === turn.content)) return;
  client.setQueryData<AgentCall>(callKey(chunk.callId), { ...shown, transcription: [...shown.transcription, turn] });
}

/**
 * Puts a transcript chunk into the open call's detail, once. A chunk that comes while the detail is being read (its
 * first read after a reload, a reload on joining the call's room) is put in again when that read answers: the answer
 * may have been written before the line was spoken, and replaces what the chunk added (or there was nothing yet).
 */
export function showTranscriptChunk(client: QueryClient, chunk: TranscriptChunk): void {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey: callKey(chunk.callId), exact: true });
  if (query?.state.fetchStatus === 'fetching') {
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query) return;
      if (event.type === 'removed') return unsubscribe();
      if (query.state.fetchStatus === 'fetching') return;
      unsubscribe();
      addTurn(client, chunk);
    });
  }
  addTurn(client, chunk);
}

/** The AI catalogue (by capability label) the agent form's Model offers; the same for every organization and start. */
export function useAiModels() {
  const api = useApi();
  return useQuery({ queryKey: ['ai-models'], queryFn: () => api.get<AiModels>('/dashboard/ai/models'), staleTime: Infinity });
}

/** An agent's full configuration (greeting, instructions, voice…), read when its form opens. */
export function useVoiceAgent(agentId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['voice-agent', agentId],
    queryFn: () => api.get<VoiceAgent>(`/dashboard/voice/agents/${encodeURIComponent(agentId ?? '')}`),
    enabled: agentId !== null,
  });
}

/**
 * Creating, changing and deleting an agent reload the agents; a deactivated or deleted one ended its unanswered calls;
 * and the Simulator's "A phone calls the business" names the active agent that answers a number routed to AI.
 */
export function useAgentMutations() {
  const api = useApi();
  const client = useQueryClient();
  const changed = () => {
    for (const queryKey of [['voice-agents'], ['voice-agent'], ['voice-calls'], ['voice-call'], [...SCENARIOS_KEY]]) void client.invalidateQueries({ queryKey });
  };
  return {
    create: useMutation({ mutationFn: (input: AgentDraftBody) => api.post<VoiceAgent>('/dashboard/voice/agents', input), onSuccess: changed }),
    update: useMutation({
      mutationFn: ({ id, change }: { id: string; change: Partial<AgentDraftBody> }) => api.patch<VoiceAgent>(`/dashboard/voice/agents/${encodeURIComponent(id)}`, change),
      onSuccess: changed,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.del<unknown>(`/dashboard/voice/agents/${encodeURIComponent(id)}`), onSuccess: changed }),
  };
}
