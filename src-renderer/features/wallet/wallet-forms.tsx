// The wallet's two forms: a top-up (rupees and/or email credits) and the price of a message per channel.
// Amounts are typed in rupees and sent in paise; what the core would refuse is caught here first.
import { useRef, useState, type FormEvent } from 'react';
import { BILLED_CHANNELS, type BilledChannel, type Wallet } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL, rupees } from '../../components/format.ts';
import { useFocusIfLost } from '../../components/focus.ts';
import { ErrorState } from '../../components/states.tsx';
import { useUi } from '../../stores/ui.ts';
import { useSetPrices, useTopUp } from './mutations.ts';

/** The core's limits (contract/wallet.ts): a top-up of at most ₹10 crore or 1 crore credits, a price of at most ₹1,000. */
const MAX_TOP_UP_PAISE = 100_000_000_00;
const MAX_CREDITS = 10_000_000;
const MAX_PRICE_PAISE = 100_000;

/** Rupees as typed ("1,500.5") → paise, or an error in words. Empty is `null` (not given). */
export function paiseFrom(text: string, { min, max }: { min: number; max: number }): { paise: number | null } | { error: string } {
  const clean = text.replace(/[,\s₹]/g, '');
  if (clean === '') return { paise: null };
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return { error: 'Type an amount in rupees, with at most two decimals (e.g. 500 or 0.35)' };
  const paise = Math.round(Number(clean) * 100);
  if (paise < min) return { error: `At least ${rupees(min)}` };
  if (paise > max) return { error: `At most ${rupees(max)}` };
  return { paise };
}

function creditsFrom(text: string): { credits: number | null } | { error: string } {
  const clean = text.replace(/[,\s]/g, '');
  if (clean === '') return { credits: null };
  if (!/^\d+$/.test(clean) || Number(clean) < 1) return { error: 'Email credits are a whole number, at least 1' };
  if (Number(clean) > MAX_CREDITS) return { error: `At most ${MAX_CREDITS.toLocaleString()} credits at a time` };
  return { credits: Number(clean) };
}

export function TopUpForm() {
  const topUp = useTopUp();
  const [amount, setAmount] = useState('');
  // Opened by a "Top up the wallet" link (the page it was on is gone, and the focus with it): the amount is next to type.
  const amountField = useRef<HTMLInputElement>(null);
  useFocusIfLost(useUi((s) => s.topUpAsked), amountField);
  const [credits, setCredits] = useState('');
  const [note, setNote] = useState('');
  // What the last top-up added, said until the form is used again (the fields clear, so nothing else would).
  const [done, setDone] = useState<string | null>(null);
  const money = paiseFrom(amount, { min: 1, max: MAX_TOP_UP_PAISE });
  const emails = creditsFrom(credits);
  const problem = 'error' in money ? money.error : 'error' in emails ? emails.error : null;
  const paise = 'paise' in money ? money.paise : null;
  const count = 'credits' in emails ? emails.credits : null;
  const ready = !problem && (paise !== null || count !== null);

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!ready) return;
    setDone(null);
    topUp.mutate(
      { ...(paise !== null ? { amountPaise: paise } : {}), ...(count !== null ? { emailCredits: count } : {}), ...(note.trim() ? { description: note.trim() } : {}) },
      {
        onSuccess: (wallet) => {
          const added = [paise !== null ? rupees(paise) : null, count !== null ? `${count.toLocaleString()} email credit${count === 1 ? '' : 's'}` : null].filter(Boolean).join(' and ');
          setDone(`Added ${added}. The balance is now ${rupees(wallet.balancePaise)} and ${wallet.emailCredits.toLocaleString()} email credits.`);
          setAmount(''); setCredits(''); setNote('');
        },
      },
    );
  }

  return (
    <form className="card form" onSubmit={submit} data-testid="top-up-form" aria-label="Top up">
      <h2 className="card-title">Top up</h2>
      <div className="form-row">
        <label className="field"><span>Amount (₹)</span>
          <input ref={amountField} inputMode="decimal" value={amount} onChange={(e) => { setAmount(e.target.value); setDone(null); }} placeholder="500" data-testid="top-up-amount" />
        </label>
        <label className="field"><span>Email credits</span>
          <input inputMode="numeric" value={credits} onChange={(e) => { setCredits(e.target.value); setDone(null); }} placeholder="1000" data-testid="top-up-credits" />
        </label>
        <label className="field grow"><span>Note (optional)</span>
          <input value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} placeholder="Demo budget" data-testid="top-up-note" />
        </label>
      </div>
      {problem ? <div className="field-error" role="alert" data-testid="top-up-problem">{problem}</div> : null}
      {topUp.isError ? <ErrorState error={topUp.error} /> : null}
      {done ? <p className="done-note" role="status" data-testid="top-up-done">{done}</p> : null}
      <div className="actions">
        <button type="submit" className="button primary" disabled={!ready || topUp.isPending} data-testid="top-up">Add to wallet</button>
      </div>
    </form>
  );
}

export function PricesForm({ prices }: { prices: Wallet['prices'] }) {
  const setPrices = useSetPrices();
  const [draft, setDraft] = useState<Partial<Record<BilledChannel, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const shown = (channel: BilledChannel) => draft[channel] ?? ((prices[channel] ?? 0) / 100).toFixed(2);
  const parsed = BILLED_CHANNELS.map((channel) => [channel, paiseFrom(shown(channel), { min: 0, max: MAX_PRICE_PAISE })] as const);
  const problem = parsed.find(([, result]) => 'error' in result || result.paise === null);
  const changed = parsed.filter(([channel, result]) => 'paise' in result && result.paise !== null && result.paise !== prices[channel]);

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (problem || changed.length === 0) return;
    const next = changed.map(([channel, result]) => [channel, (result as { paise: number }).paise] as const);
    setSaved(null);
    setPrices.mutate(Object.fromEntries(next), {
      onSuccess: () => {
        setDraft({});
        setSaved(`Saved: ${next.map(([channel, paise]) => `${CHANNEL_LABEL[channel]} ${rupees(paise)}`).join(', ')} a message, from the next send.`);
      },
    });
  }

  return (
    <form className="card form" onSubmit={submit} data-testid="prices-form" aria-label="Prices">
      <h2 className="card-title">Price per message</h2>
      <FreeChannels prices={prices} />
      <div className="form-row">
        {BILLED_CHANNELS.map((channel) => (
          <label key={channel} className="field"><span>{CHANNEL_LABEL[channel]} (₹)</span>
            <input inputMode="decimal" value={shown(channel)} onChange={(e) => { setDraft({ ...draft, [channel]: e.target.value }); setSaved(null); }} data-testid={`price-${channel}`} />
          </label>
        ))}
      </div>
      {problem ? (
        <div className="field-error" role="alert" data-testid="prices-problem">
          {CHANNEL_LABEL[problem[0]]}: {'error' in problem[1] ? problem[1].error : 'give a price (0 for free)'}
        </div>
      ) : null}
      {setPrices.isError ? <ErrorState error={setPrices.error} /> : null}
      {saved ? <p className="done-note" role="status" data-testid="prices-saved">{saved}</p> : null}
      <div className="actions">
        <button type="submit" className="button primary" disabled={Boolean(problem) || changed.length === 0 || setPrices.isPending} data-testid="save-prices">Save prices</button>
      </div>
    </form>
  );
}

/**
 * Which channels cost nothing now (Instagram by default): their sends write no ledger line, the ledger listing money
 * that moved (docs/contract-notes.md), so a reader of it is told why those sends are not there.
 */
function FreeChannels({ prices }: { prices: Wallet['prices'] }) {
  const free = BILLED_CHANNELS.filter((channel) => prices[channel] === 0).map((channel) => CHANNEL_LABEL[channel]);
  if (free.length === 0) return null;
  const named = free.length === 1 ? free[0] : `${free.slice(0, -1).join(', ')} and ${free.at(-1)}`;
  return <p className="muted small" data-testid="prices-free">{named} {free.length === 1 ? 'is' : 'are'} free: {free.length === 1 ? 'its' : 'their'} sends write no ledger line.</p>;
}
