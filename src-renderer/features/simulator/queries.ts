// Server data of the simulator: the virtual clock, a simulated handset's thread (what it received and sent), and the
// scenarios a presenter can run.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { HandsetMessage, HandsetSentMessage, Scenario } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { readInstagramUserNamed } from './customer-named.ts';

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

/** One message of a handset's thread: one it received (its business's side) or one its customer sent (their own side). */
export type HandsetThreadItem = { side: 'received'; message: HandsetMessage } | { side: 'sent'; message: HandsetSentMessage };

/**
 * A handset's thread in time order: what it received (the pinned `/messages` read) and what its customer wrote in
 * (`/sent`). At one instant (a manual clock's) ids made one after another sort in the order they were made.
 */
export function handsetThread(received: HandsetMessage[], sent: HandsetSentMessage[]): HandsetThreadItem[] {
  const items: HandsetThreadItem[] = [
    ...received.map((message) => ({ side: 'received' as const, message })), ...sent.map((message) => ({ side: 'sent' as const, message })),
  ];
  const key = (item: HandsetThreadItem) => `${item.message.at} ${item.message.messageId}`;
  // Code-point order: ids are base62 (digits, then upper case, then lower case), which a locale's order would mix.
  return items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** What a simulated handset received (the pinned `/messages` read), oldest first. */
export function useHandset(address: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['handset', address],
    queryFn: () => api.get<{ data: HandsetMessage[] }>(`/sim/handsets/${encodeURIComponent(address)}/messages`),
    enabled: address.length > 0,
  });
}

/**
 * Who a handset of digits is on Instagram, as the inbox names them ("Maya Fernandes (@maya.designs)"), null if nobody
 * (under `['handset']`, which every message reloads: a first message makes them known).
 */
export function useHandsetInstagramUser(address: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['handset', address, 'instagram-user'],
    queryFn: () => readInstagramUserNamed(api, address),
    enabled: /^\d+$/.test(address),
  });
}

/** A handset's thread, both sides in time order (its key under `['handset']`, which every message reloads). */
export function useHandsetThread(address: string) {
  const api = useApi();
  const received = useHandset(address);
  const sent = useQuery({
    queryKey: ['handset', address, 'sent'],
    queryFn: () => api.get<{ data: HandsetSentMessage[] }>(`/sim/handsets/${encodeURIComponent(address)}/sent`),
    enabled: address.length > 0,
  });
  const thread = useMemo(
    () => (received.data && sent.data ? handsetThread(received.data.data, sent.data.data) : undefined), [received.data, sent.data],
  );
  return { thread, error: received.error ?? sent.error };
}

/** The simulator's scenarios (reloaded when what they need may have changed: credits, a suppression; see api/live.ts). */
export const SCENARIOS_KEY = ['scenarios'] as const;
/** The simulator's scenarios, each with whether the organization has what it needs (and if not, why). */
export function useScenarios() {
  const api = useApi();
  return useQuery({ queryKey: SCENARIOS_KEY, queryFn: () => api.get<{ data: Scenario[] }>('/sim/scenarios') });
}
