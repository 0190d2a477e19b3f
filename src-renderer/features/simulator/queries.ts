// Server data of the simulator: the virtual clock and what a simulated handset received.
import { useQuery } from '@tanstack/react-query';
import type { HandsetMessage } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export function useClock() {
  const api = useApi();
  return useQuery({ queryKey: ['clock'], queryFn: () => api.get<{ now: string }>('/sim/clock') });
}

export function useHandset(address: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['handset', address],
    queryFn: () => api.get<{ data: HandsetMessage[] }>(`/sim/handsets/${encodeURIComponent(address)}/messages`),
    enabled: address.length > 0,
  });
}
