// Server data of People & bookings (the voice app's identities, their devices and booking sessions), and its changes.
// A change reloads what it can move: a person's devices move their count and reachability, a deactivation drops their
// devices, a booking names its people. Sessions also expire on the virtual clock: api/live.ts reloads them when it moves.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingSession, ConsoleBookingSession, ConsoleVoiceIdentity, CreateAppCallResult, CreateSessionInput, IdentityRole, ListEnvelope, RegisterDeviceInput, UpsertIdentityInput,
  VoiceDevice, VoiceIdentity,
} from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export const PEOPLE_PAGE_SIZE = 20;
export const IDENTITIES_KEY = ['voice-app-identities'] as const;
export const DEVICES_KEY = ['voice-app-devices'] as const;
/** Reloaded by api/live.ts when the clock moves: a booking may have expired. */
export const SESSIONS_KEY = ['voice-app-sessions'] as const;
/** The voice app's calls (the App calls view's key): a booking call placed here is one more, and they name their people. */
export const APP_CALLS_KEY = ['voice-app-calls'] as const;

const path = (id: string) => encodeURIComponent(id);

/** A page of people as the console reads them: with `voipDeviceCount`, how a reachable person is rung. */
export function useIdentities(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...IDENTITIES_KEY, 'page', page],
    queryFn: () => api.get<ListEnvelope<ConsoleVoiceIdentity>>(`/dashboard/voice/app/identities?page=${page}&limit=${PEOPLE_PAGE_SIZE}`),
  });
}

/**
 * The active people of one role a booking can name: the newest 100 (the core's page limit), or with `search` the newest
 * 100 whose externalId or name contains it (the list's `search`), so a picker reaches anyone of the role. The core
 * leaves deactivated people out (`active=true`): hidden here instead, 100 of them could fill the page and hide the rest.
 */
export function useIdentitiesOfRole(role: IdentityRole, search = '') {
  const api = useApi();
  const filter = search ? `&search=${encodeURIComponent(search)}` : '';
  return useQuery({
    queryKey: [...IDENTITIES_KEY, 'role', role, search],
    queryFn: () => api.get<ListEnvelope<VoiceIdentity>>(`/dashboard/voice/app/identities?role=${role}&active=true&limit=100${filter}`),
    placeholderData: keepPreviousData,
  });
}

export function useDevices(externalId: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...DEVICES_KEY, externalId],
    queryFn: () => api.get<{ data: VoiceDevice[] }>(`/dashboard/voice/app/identities/${path(externalId)}/devices`),
  });
}

export function useSessions(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: [...SESSIONS_KEY, page],
    queryFn: () => api.get<ListEnvelope<ConsoleBookingSession>>(`/dashboard/voice/app/sessions?page=${page}&limit=${PEOPLE_PAGE_SIZE}`),
  });
}

export function usePeopleMutations() {
  const api = useApi();
  const client = useQueryClient();
  const changed = () => {
    // The bookings and the app calls name their people (the core's console lists): a person's change reloads them too.
    for (const queryKey of [IDENTITIES_KEY, DEVICES_KEY, SESSIONS_KEY, APP_CALLS_KEY]) void client.invalidateQueries({ queryKey });
  };
  return {
    upsert: useMutation({ mutationFn: (body: UpsertIdentityInput) => api.post<VoiceIdentity>('/dashboard/voice/app/identities', body), onSuccess: changed }),
    deactivate: useMutation({ mutationFn: (externalId: string) => api.del<VoiceIdentity>(`/dashboard/voice/app/identities/${path(externalId)}`), onSuccess: changed }),
    register: useMutation({
      mutationFn: ({ externalId, device }: { externalId: string; device: RegisterDeviceInput }) =>
        api.post<VoiceDevice>(`/dashboard/voice/app/identities/${path(externalId)}/devices`, device),
      onSuccess: changed,
    }),
    removeDevice: useMutation({
      mutationFn: ({ externalId, token }: { externalId: string; token: string }) =>
        api.del<{ success: true }>(`/dashboard/voice/app/identities/${path(externalId)}/devices/${path(token)}`),
      onSuccess: changed,
    }),
  };
}

export function useSessionMutations() {
  const api = useApi();
  const client = useQueryClient();
  const changed = () => void client.invalidateQueries({ queryKey: SESSIONS_KEY });
  return {
    save: useMutation({ mutationFn: (body: CreateSessionInput) => api.post<BookingSession>('/dashboard/voice/app/sessions', body), onSuccess: changed }),
    revoke: useMutation({ mutationFn: (externalRef: string) => api.del<BookingSession>(`/dashboard/voice/app/sessions/${path(externalRef)}`), onSuccess: changed }),
  };
}

/** A booking call: the booking's party `fromExternalId` calls the other one. */
export function useBookingCall() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { externalRef: string; fromExternalId: string }) => api.post<CreateAppCallResult>('/dashboard/voice/app/calls', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: APP_CALLS_KEY }),
  });
}
