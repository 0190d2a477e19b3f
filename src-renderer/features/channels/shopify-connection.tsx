// The Shopify store: without a connected shop every Shopify route answers 404. Connecting names the shop by its
// domain; its products, collections, customers, orders and discount codes stay at the shop and are counted here.
import { useState, type FormEvent } from 'react';
import type { ConnectShopifyInput, ShopifyStoreCounts } from '../../../src-core/contract/index.ts';
import { IntegrationCards } from './integration-cards.tsx';
import { useSave, useShopifyConnection } from './queries.ts';

const COUNTED: Array<[keyof ShopifyStoreCounts, string, string]> = [
  ['products', 'product', 'products'], ['collections', 'collection', 'collections'], ['customers', 'customer', 'customers'],
  ['orders', 'order', 'orders'], ['discounts', 'discount code', 'discount codes'],
];
const countsLine = (counts: ShopifyStoreCounts): string =>
  COUNTED.map(([key, one, many]) => `${counts[key].toLocaleString()} ${counts[key] === 1 ? one : many}`).join(' · ');

export function ShopifyConnection() {
  const state = useShopifyConnection();
  const connect = useSave<ConnectShopifyInput>('/dashboard/shopify/connection');
  const disconnect = useSave<void>('/dashboard/shopify/connection', 'del');
  const [shopDomain, setShopDomain] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    connect.mutate({ shopDomain }, { onSuccess: () => setShopDomain('') });
  }
  const connection = state.data?.connection;
  return (
    <IntegrationCards id="shopify" title="Shopify store" thing="store" state={state} disconnect={disconnect} connect={connect} onSubmit={submit}
      notConnected="every Shopify route answers 404 until a store is connected." disconnectQuestion="Every Shopify route answers 404 until a store is connected again."
      canSubmit={shopDomain.trim() !== ''}
      connected={connection ? (
        <>
          <p data-testid="shopify-connected"><strong>{connection.shopName}</strong> · {connection.shopDomain} · {connection.currency}</p>
          <p className="muted small hint" data-testid="shopify-counts">{countsLine(connection.counts)}</p>
          <p className="muted small hint">Read-only: the API reads the store at each request. Add to a simulated store with <code>POST /sim/shopify/…</code>.</p>
        </>
      ) : null}
      fields={<label className="field grow"><span>Shop domain</span><input value={shopDomain} onChange={(e) => setShopDomain(e.target.value)} placeholder="example-store.myshopify.com" data-testid="shopify-domain" /></label>}
      hint={<p className="muted small hint">A simulated store connected for the first time is empty.</p>} />
  );
}
