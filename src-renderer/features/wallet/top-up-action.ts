// The way on from a send refused for want of money or email credits: the Wallet page, where a top-up is one form away.
import { ApiError } from '../../api/http.ts';
import { useUi } from '../../stores/ui.ts';

const WALLET_SHORT = new Set(['INSUFFICIENT_BALANCE', 'INSUFFICIENT_CREDITS']);

/** An error's action (for `ErrorState`) that opens the Wallet page, when the core refused for an empty wallet; else none. */
export function useTopUpAction(error: unknown): { label: string; run(): void } | undefined {
  const askTopUp = useUi((s) => s.askTopUp);
  if (!(error instanceof ApiError) || !error.code || !WALLET_SHORT.has(error.code)) return undefined;
  return { label: 'Top up the wallet', run: askTopUp };
}
