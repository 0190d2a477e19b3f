// Server data of the App calls tab: the voice app's calls (kept live by the stream's voice:app.call, api/live.ts), one
// call with its transcript and recording link, the business numbers and the phone-calling setting, and the actions
// a presenter takes as the integrator's backend and apps (place, accept, reject, end, connect) or as a phone (simulator).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AppCall, AppCallTranscript, AppRecordingLink, BusinessNumber, ConsoleAppCallFields, CreateAppCallResult, JoinTokenResult, ListEnvelope, RouteTo,
  VoiceAppSettings,
} from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { APP_CALLS_KEY, IDENTITIES_KEY } from '../voice-people/queries.ts';
import { SCENARIOS_KEY } from '../simulator/queries.ts';

export const APP_CALLS_PAGE_SIZE = 20;
/** An app call as the console reads it: with its app users' display names. */
export type ShownAppCall = AppCall & ConsoleAppCallFields;
const BASE = '/dashboard/voice/app';
export const appCallKey = (callId: string) => ['voice-app-call', callId] as const;
const path = (callId: string, action = '') => `${BASE}/calls/${encodeURIComponent(callId)}${action}`;

export function useAppCalls(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...APP_CALLS_KEY, page],
    queryFn: () => api.get<ListEnvelope<ShownAppCall>>(`${BASE}/calls?page=${page}&limit=${APP_CALLS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function useAppCall(callId: string) {
  const api = useApi();
  return useQuery({ queryKey: appCallKey(callId), queryFn: () => api.get<ShownAppCall>(path(callId)) });
}

/** How often an ended call's transcript being made is read again: it is ready 10 s after the end on the clock, which runs with real time and says nothing then. */
const TRANSCRIBING_POLL_MS = 2000;

/** `ended`: the call is over, so a transcript still `processing` becomes ready on the clock alone, and is read again until it does. */
export function useAppTranscript(callId: string, ended: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...appCallKey(callId), 'transcript'], queryFn: () => api.get<AppCallTranscript>(path(callId, '/transcript')),
    refetchInterval: (query) => (ended && query.state.data?.state === 'processing' ? TRANSCRIBING_POLL_MS : false),
  });
}

/** A fresh signed link (valid one hour), asked only once the call says it has a recording. */
export function useAppRecording(callId: string, ready: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...appCallKey(callId), 'recording'], queryFn: () => api.get<AppRecordingLink>(path(callId, '/recording')), enabled: ready,
  });
}

export function useBusinessNumbers() {
  const api = useApi();
  return useQuery({ queryKey: ['voice-app-numbers'], queryFn: () => api.get<{ data: BusinessNumber[] }>(`${BASE}/numbers`) });
}

export function useVoiceAppSettings() {
  const api = useApi();
  return useQuery({ queryKey: ['voice-app-settings'], queryFn: () => api.get<VoiceAppSettings>(`${BASE}/settings`) });
}

/** After any action on a call: the list and that call (its status, cost and transcript state moved). */
function useCallChanged() {
  const client = useQueryClient();
  return (callId: string) => Promise.all([
    client.invalidateQueries({ queryKey: APP_CALLS_KEY }), client.invalidateQueries({ queryKey: appCallKey(callId) }),
    client.invalidateQueries({ queryKey: ['wallet'] }),
  ]);
}

export type PlaceAppCall = { type: 'app' | 'phone'; from: string; to: string };

export function usePlaceAppCall() {
  const api = useApi();
  const changed = useCallChanged();
  return useMutation({
    mutationFn: (input: PlaceAppCall) => api.post<CreateAppCallResult>(`${BASE}/calls`, input),
    onSuccess: (result) => changed(result.callId),
  });
}

/** The actions on one call, each its own mutation so its refusal shows beside its own button. */
export function useAppCallActions(callId: string) {
  const api = useApi();
  const changed = useCallChanged();
  const done = () => changed(callId);
  return {
    accept: useMutation({ mutationFn: (asExternalId: string) => api.post<JoinTokenResult>(path(callId, '/accept'), { asExternalId }), onSuccess: done }),
    reject: useMutation({ mutationFn: (asExternalId: string) => api.post<AppCall>(path(callId, '/reject'), { asExternalId }), onSuccess: done }),
    end: useMutation({
      mutationFn: (asExternalId: string | null) => api.post<AppCall>(path(callId, '/end'), asExternalId ? { asExternalId } : {}), onSuccess: done,
    }),
    connect: useMutation({
      mutationFn: (input: { type: 'app' | 'phone'; to: string }) => api.post<AppCall>(path(callId, '/connect'), input), onSuccess: done,
    }),
  };
}

export function useNumberActions() {
  const api = useApi();
  const client = useQueryClient();
  // A number's route decides where a phone's call goes: the Simulator's words for it ("A phone calls the business") follow.
  const reload = () => Promise.all([client.invalidateQueries({ queryKey: ['voice-app-numbers'] }), client.invalidateQueries({ queryKey: SCENARIOS_KEY })]);
  return {
    route: useMutation({
      mutationFn: ({ number, routeTo }: { number: string; routeTo: RouteTo }) => api.patch<BusinessNumber>(`${BASE}/numbers/${encodeURIComponent(number)}`, { routeTo }),
      onSuccess: reload,
    }),
    add: useMutation({
      mutationFn: (input: { number?: string; routeTo: RouteTo }) => api.post<BusinessNumber>(`${BASE}/numbers`, input),
      onSuccess: reload,
    }),
  };
}

export function useSetPhoneCalling() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pstnEnabled: boolean) => api.patch<VoiceAppSettings>(`${BASE}/settings`, { pstnEnabled }),
    onSuccess: async (settings) => {
      client.setQueryData(['voice-app-settings'], settings);
      // A person reachable only by phone is reachable only while phone calling is on: People & bookings reads them again.
      await client.invalidateQueries({ queryKey: IDENTITIES_KEY });
    },
  });
}

/** The simulator's phone: dial the business number, or hang up on a call. */
export function usePhoneActions() {
  const api = useApi();
  const changed = useCallChanged();
  return {
    dial: useMutation({
      mutationFn: (input: { from: string; to?: string }) => api.post<{ callId: string }>('/sim/voice/inbound-call', input),
      onSuccess: (result) => changed(result.callId),
    }),
    hangUp: useMutation({
      mutationFn: ({ callId, party }: { callId: string; party?: 'caller' | 'callee' }) => api.post<AppCall>(`/sim/voice/app-calls/${encodeURIComponent(callId)}/hangup`, party ? { party } : {}),
      onSuccess: (call) => changed(call.callId),
    }),
  };
}
