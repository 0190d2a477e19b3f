// The wallet domain: balances in paise, email credits, prices per channel, and the ledger.
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { createWalletService } from './wallet.service.ts';
import { createWalletStore } from './wallet.store.ts';
import { walletRoutes } from './wallet.routes.ts';

export function walletDomain(deps: CoreDeps) {
  const service = createWalletService({ store: createWalletStore(deps.db.sql), db: deps.db, clock: deps.clock, bus: deps.bus });
  return defineDomain({ name: 'wallet', routes: walletRoutes(service), service });
}
export { insufficientBalance, refundLine, type Reference, type WalletService } from './wallet.service.ts';
