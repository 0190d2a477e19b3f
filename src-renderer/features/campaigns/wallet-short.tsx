// What a builder's launch would reserve that the wallet does not hold, said in its summary before the launch is asked
// for (the core refuses it: INSUFFICIENT_BALANCE, INSUFFICIENT_CREDITS), with the way to the Wallet page's top-up. A new
// organization's wallet is empty: without this, a builder filled in whole said so only once launched.
import { rupees } from '../../components/format.ts';
import { useUi } from '../../stores/ui.ts';
import { count } from './audience-preview.tsx';
import { useWallet } from './queries.ts';

/**
 * What the launch reserves (`paise` from the balance, or email `credits`; null while not known) against the wallet, with
 * a link to top it up when it falls short; nothing while the wallet holds enough (or either is not known yet).
 * `draft`: the builder can still keep the campaign as a draft, to launch once topped up. `spends`: what is paid for, as
 * the sentence ends ("this launch reserves"; the inbox's "a WhatsApp reply costs").
 */
export function WalletShort({ paise, credits, draft, spends = 'this launch reserves' }: { paise?: number | null; credits?: number | null; draft: boolean; spends?: string }) {
  const wallet = useWallet().data;
  const askTopUp = useUi((s) => s.askTopUp);
  if (!wallet) return null;
  const text = paise != null && paise > wallet.balancePaise ? `The wallet holds ${rupees(wallet.balancePaise)}, short of the ${rupees(paise)} ${spends}.`
    : credits != null && credits > wallet.emailCredits ? `The wallet has ${count(wallet.emailCredits, 'email credit')}, short of the ${credits.toLocaleString()} ${spends}.`
      : null;
  if (!text) return null;
  return (
    <div className="audience-blocked" role="status" data-testid="wallet-short">
      <p>
        {text} <button type="button" className="link" onClick={askTopUp} data-testid="wallet-short-top-up">Top up the wallet</button>
        {draft ? ' first, or create a draft now and launch it once topped up.' : ' first.'}
      </p>
    </div>
  );
}
