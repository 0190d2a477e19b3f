// Wallet actions: top up the balance or the email credits, and set the price of a message per channel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BilledChannel, Wallet } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

export type TopUpInput = { amountPaise?: number; emailCredits?: number; description?: string };

export function useTopUp() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TopUpInput) => api.post<Wallet>('/dashboard/wallet/top-up', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

export function useSetPrices() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prices: Partial<Record<BilledChannel, number>>) => api.put<Wallet>('/dashboard/wallet/prices', { prices }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
