// The wallet: balance, email credits, prices per channel, top-ups and price changes, and the ledger line by line.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LedgerEntry, ListEnvelope, Wallet } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { channelLabel, codeWords, rupees } from '../../components/format.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Pager } from '../../components/pager.tsx';
import { scrollRegion } from '../../components/scroll-region.ts';
import { useUi } from '../../stores/ui.ts';
import { useAppCallsUi, type CallsTab } from '../voice-app/app-calls-store.ts';
import { PricesForm, TopUpForm } from './wallet-forms.tsx';

/** A ledger movement carries its sign, in money and in credits alike: "+₹1,000.50", "-₹0.80", "+50", "-1"; on one line (`money`). */
const plus = (n: number) => (n > 0 ? '+' : '');
const signClass = (n: number) => (n < 0 ? 'neg' : n > 0 ? 'pos' : '');

/** The Calls page's tab that shows a call a ledger line references (an agent's or the voice app's), by its reference type. */
const CALL_TABS: Record<string, CallsTab> = { voice_call: 'agent', voice_app_call: 'app' };

/**
 * A call's charge links to the call: its line names the people on it, and the link (titled with the call's id) opens
 * it on the Calls page, on its tab.
 */
function CallLink({ line }: { line: LedgerEntry }) {
  const go = useUi((s) => s.go);
  const openCall = useUi((s) => s.openCall);
  const setCallsTab = useAppCallsUi((s) => s.setCallsTab);
  const openAppCall = useAppCallsUi((s) => s.openAppCall);
  const tab = line.referenceType ? CALL_TABS[line.referenceType] : undefined;
  const callId = line.referenceId;
  if (!tab || !callId) return null;
  const open = () => {
    setCallsTab(tab);
    if (tab === 'agent') openCall(callId);
    else openAppCall(callId);
    go('calls');
  };
  return <>{' · '}<button type="button" className="link" onClick={open} title={`Call ${callId}`} data-testid="ledger-call" data-call-id={callId}>Open call</button></>;
}

export function WalletPage() {
  const api = useApi();
  const [page, setPage] = useState(1);
  const wallet = useQuery({ queryKey: ['wallet'], queryFn: () => api.get<Wallet>('/dashboard/wallet') });
  const ledger = useQuery({
    queryKey: ['wallet', 'ledger', page],
    queryFn: () => api.get<ListEnvelope<LedgerEntry>>(`/dashboard/wallet/ledger?limit=50&page=${page}`),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="page padded">
      <div className="page-title">
        <div>
          <h1>Wallet</h1>
          <p className="muted subtitle">The balance and email credits that pay for sends and calls, each channel's prices, and the ledger of every charge, refund and top-up.</p>
        </div>
      </div>
      {wallet.isPending ? <Loading /> : wallet.isError ? <ErrorState error={wallet.error} /> : (
        <>
          <div className="stats">
            <div className="stat card"><span className="muted">Balance</span>
              <strong className="amount" data-testid="balance" title={rupees(wallet.data.balancePaise)}>{rupees(wallet.data.balancePaise)}</strong>
            </div>
            <div className="stat card"><span className="muted">Email credits</span>
              <strong className="amount" data-testid="email-credits" title={wallet.data.emailCredits.toLocaleString()}>{wallet.data.emailCredits.toLocaleString()}</strong>
            </div>
          </div>
          <div className="wallet-forms">
            <TopUpForm />
            <PricesForm prices={wallet.data.prices} />
          </div>
        </>
      )}
      <h2 className="section-title">Ledger</h2>
      {ledger.isPending ? <Loading /> : ledger.isError ? <ErrorState error={ledger.error} /> : ledger.data.data.length === 0 ? <Empty title="No ledger lines yet">Top-ups, and each message's or call's charge and refund, appear here as they happen.</Empty> : (
        <div className="card table-card scroll-region" {...scrollRegion('Ledger')}>
          <table className="table" data-testid="ledger">
            {/* The figures' headers on one line, as the figures are ("Balance after"): the description takes the wrapping. */}
            <thead><tr><th>When</th><th>What</th><th>Channel</th><th className="num nowrap">Amount</th><th className="num nowrap">Credits</th><th className="num nowrap">Balance after</th></tr></thead>
            <tbody>
              {ledger.data.data.map((line) => (
                <tr key={line.id} data-testid="ledger-line" data-kind={line.kind}>
                  <td className="muted"><DateTime iso={line.createdAt} /></td>
                  <td className="ledger-what"><span className={`chip kind-${line.kind}`}>{codeWords(line.kind)}</span> {line.description}<CallLink line={line} /></td>
                  <td data-testid="ledger-channel">{line.channel ? channelLabel(line.channel) : '—'}</td>
                  <td className={`num money ${signClass(line.amountPaise)}`} data-testid="ledger-amount">{line.amountPaise ? `${plus(line.amountPaise)}${rupees(line.amountPaise)}` : '—'}</td>
                  <td className={`num money ${signClass(line.emailCredits)}`} data-testid="ledger-credits">{line.emailCredits ? `${plus(line.emailCredits)}${line.emailCredits.toLocaleString()}` : '—'}</td>
                  <td className="num money">{rupees(line.balanceAfterPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} totalPages={ledger.data.meta.totalPages} onPage={setPage} />
        </div>
      )}
    </div>
  );
}
