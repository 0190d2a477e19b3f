// Simulator actions: move the virtual clock, write in as a customer, and run a scenario.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, ScenarioRun } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { time } from '../../components/format.ts';
import { announce } from '../../stores/announcer.ts';
import { useWroteIn } from '../../stores/wrote-in.ts';
import { readCustomerNamed } from './customer-named.ts';
import { clockReadFrom, SCENARIOS_KEY } from './queries.ts';

export function useAdvance() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seconds: number) => api.post<{ now: string }>('/sim/clock/advance', { seconds }),
    onSuccess: (clock) => {
      client.setQueryData(['clock'], clockReadFrom(clock));
      announce(`Clock advanced to ${time(clock.now)}.`);
      return client.invalidateQueries();
    },
  });
}

export function useInbound() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    // `who`: the customer as the inbox now names them (customer-named.ts), null if that could not be read.
    mutationFn: async (input: { channel: 'whatsapp' | 'sms' | 'instagram'; from: string; text: string; name?: string }) => {
      const stored = await api.post<Message>('/sim/inbound', input);
      // Its confirmation names it here: the console's notice of customers writing in leaves it out on this page.
      useWroteIn.getState().noteWrittenHere(stored.id);
      return { stored, who: await readCustomerNamed(api, stored) };
    },
    // The handset viewer shows the customer's own side too: their new message joins its thread at once.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['conversations'] }), client.invalidateQueries({ queryKey: ['handset'] })]),
  });
}

/** Runs a scenario: its first step happens at once (the runner takes it), the rest as the clock runs or is advanced. */
export function useRunScenario() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ScenarioRun>(`/sim/scenarios/${encodeURIComponent(id)}/run`),
    // What a run makes arrives over the live stream (messages, calls); a refusal may mean the catalogue is stale.
    onSettled: () => client.invalidateQueries({ queryKey: SCENARIOS_KEY }),
  });
}
