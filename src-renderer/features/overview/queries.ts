// The Overview's one read: the organization at a glance (GET /dashboard/overview), kept live by the stream's events
// (api/live.ts reloads `OVERVIEW_KEY`), never polled.
import { useQuery } from '@tanstack/react-query';
import type { Overview } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export const OVERVIEW_KEY = ['overview'] as const;

export function useOverview() {
  const api = useApi();
  return useQuery({ queryKey: [...OVERVIEW_KEY], queryFn: () => api.get<Overview>('/dashboard/overview') });
}

/** A delivery rate as the Overview shows it: a whole percent, or a dash when nothing was sent. */
export const ratePercent = (rate: number | null): string => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
