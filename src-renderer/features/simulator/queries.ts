// Server data of the simulator: the virtual clock and what a simulated handset received.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { HandsetMessage } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

/** The clock as last read: `readAt` (local time of the read) lets a running clock tick in between. */
export type ClockRead = { now: string; running?: boolean; readAt: number };
/** Stores a clock the server sent (an advance's answer, the live stream's): a new reading, still running or not. */
export const clockReadFrom = (clock: { now: string; running?: boolean }) => (previous: ClockRead | undefined): ClockRead =>
  ({ running: previous?.running, ...clock, readAt: Date.now() });

export function useClock() {
  const api = useApi();
  return useQuery({
    queryKey: ['clock'],
    queryFn: async (): Promise<ClockRead> => ({ ...(await api.get<{ now: string; running?: boolean }>('/sim/clock')), readAt: Date.now() }),
  });
}

/**
 * The virtual clock's now, ticking every second while it runs with real time (a manual clock stands still
 * between advances), as ISO text; undefined until the clock is first read. Countdowns ("in 10 s") and the
 * clock itself move with it instead of freezing at the last reading.
 */
export function useVirtualNow(): string | undefined {
  const clock = useClock();
  const [, tick] = useState(0);
  const running = clock.data?.running === true;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!clock.data) return undefined;
  return new Date(Date.parse(clock.data.now) + (running ? Date.now() - clock.data.readAt : 0)).toISOString();
}

export function useHandset(address: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['handset', address],
    queryFn: () => api.get<{ data: HandsetMessage[] }>(`/sim/handsets/${encodeURIComponent(address)}/messages`),
    enabled: address.length > 0,
  });
}
