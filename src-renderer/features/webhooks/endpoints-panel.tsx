// The endpoints tab: the secret shown once, the create form, and every endpoint of the account.
import { useRef, useState } from 'react';
import { MAX_ENDPOINTS } from '../../../src-core/contract/index.ts';
import { tabPanelProps } from '../../components/arrow-keys.ts';
import { useFocusAfterChange } from '../../components/focus.ts';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { CreateEndpoint } from './create-endpoint.tsx';
import { EndpointCard } from './endpoint-card.tsx';
import { emittedAreas } from './emitted-areas.ts';
import { useEndpoints, useEventCatalogue, useLastAttempts } from './queries.ts';
import { SecretOnce } from './secret-once.tsx';

/** `shown`: the tab is chosen; otherwise it stays mounted but hidden (and is not the tab panel), keeping its cards' state. */
export function EndpointsPanel({ shown }: { shown: boolean }) {
  const endpoints = useEndpoints();
  const lastAttempts = useLastAttempts().data?.data;
  // What the events are about, from the catalogue: only what this build emits.
  const catalogue = useEventCatalogue();
  const carried = catalogue.data ? emittedAreas(catalogue.data.data) : null;
  const [creating, setCreating] = useState(false);
  const count = endpoints.data?.meta.total ?? 0;
  // Add endpoint takes the focus when what held it went: the create form (cancelled), or a deleted endpoint's card.
  const newEndpoint = useRef<HTMLButtonElement>(null);
  useFocusAfterChange(creating, newEndpoint);
  useFocusAfterChange(endpoints.data?.meta.total, newEndpoint);
  return (
    <div className="wh-endpoints" hidden={!shown} {...(shown ? tabPanelProps('webhooks', 'endpoints') : {})} data-testid="endpoints">
      <div className="wh-toolbar">
        {/* The count with the organization's limit, not a page of a list ("1 of 50 endpoints" read as one). */}
        <span className="muted" data-testid="endpoint-count">{endpoints.data ? `${count} ${count === 1 ? 'endpoint' : 'endpoints'} (at most ${MAX_ENDPOINTS})` : ''}</span>
        <div className="spacer" />
        {creating ? null : <button ref={newEndpoint} type="button" className="button primary" onClick={() => setCreating(true)} disabled={count >= MAX_ENDPOINTS} data-testid="new-endpoint">Add endpoint</button>}
      </div>
      <SecretOnce />
      {creating ? <CreateEndpoint onClose={() => setCreating(false)} /> : null}
      {endpoints.isPending ? <Loading /> : endpoints.isError ? <ErrorState error={endpoints.error} onRetry={() => void endpoints.refetch()} /> : endpoints.data.data.length === 0 ? (
        creating ? null : <Empty title="No webhook endpoints yet">Add an endpoint to receive signed events as they happen{carried ? `: ${carried}` : ''}.</Empty>
      ) : (
        <div className="wh-endpoint-list" data-ready="true">
          {endpoints.data.data.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} lastAttempt={lastAttempts?.find((a) => a.endpointId === endpoint.id)} />)}
        </div>
      )}
    </div>
  );
}
