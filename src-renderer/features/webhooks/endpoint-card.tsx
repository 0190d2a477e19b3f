// One endpoint: where it points, what it listens to, its health, and its actions (send a test,
// rotate the secret, enable or disable, delete). Each card repeats them: their names say which endpoint
// ("Send test to https://…"), starting with the text they show; so do the buttons of the question asked before
// a rotation or a deletion. The URL heads the card, one level under the page's heading.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { DeliveryStatus, EndpointLastAttempt, WebhookDeliveryDetail, WebhookEndpoint, WebhookEventType } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { thenFocus } from '../../components/focus.ts';
import { foldLabel } from '../../components/folded.tsx';
import { time } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { healthOf, streakWords, type EndpointHealth } from './endpoint-health.ts';
import { notSentYet } from './emitted-areas.ts';
import { inFormOrder } from './event-groups.ts';
import { useDeleteEndpoint, useRotateSecret, useSendTest, useSetEndpointActive } from './mutations.ts';
import { useDelivery, useEventCatalogue, type CatalogueEvent } from './queries.ts';
import { useWebhooksUi } from './webhooks-store.ts';

/** The core's reason reads as the rest of the sentence: "Disabled by the account.", "Disabled after 15 failed delivery attempts in a row." */
function disabledSentence(reason: string | null): string {
  if (!reason) return 'Disabled.';
  return /^disabled\b/i.test(reason) ? `D${reason.slice(1)}.` : `Disabled: ${reason}.`;
}

/**
 * The endpoint's health by its last attempt, test or real, in words as well as a coloured dot: "Last delivery failed ·
 * HTTP 500" from a failed attempt until one gets through; "No deliveries yet" before any (not "Healthy").
 */
function Health({ endpoint, health }: { endpoint: WebhookEndpoint; health: EndpointHealth }) {
  const { state, reason } = health;
  const dot = !endpoint.isActive || state === 'untried' ? 'is-off' : state === 'failing' ? 'is-bad' : 'is-good';
  const streak = endpoint.consecutiveFailures;
  const streakSaid = state === 'failing' ? streakWords(endpoint) : null;
  return (
    <div className="wh-health" data-testid="endpoint-health" data-health={state} data-failures={streak}>
      <span className={`wh-dot ${dot}`} aria-hidden />
      {state === 'untried' ? <span>No deliveries yet</span>
        : state === 'failing' ? <span className="wh-error-text" data-testid="endpoint-last-failure">Last delivery failed{reason ? ` · ${reason}` : ''}</span>
          : <span>Healthy</span>}
      {streakSaid ? <span className="wh-error-text" data-testid="endpoint-streak">· {streakSaid}</span> : null}
      {state === 'untried' ? null : <span className="muted">· last success {endpoint.lastSuccessAt ? time(endpoint.lastSuccessAt) : 'never'}</span>}
      {endpoint.lastFailureAt ? <span className="muted">· last failure {time(endpoint.lastFailureAt)}</span> : null}
    </div>
  );
}

/** What became of a sent test, before its event type (a held one says so apart: it waits on the endpoint). */
const SENT_WORDS: Record<DeliveryStatus, string> = {
  PENDING: 'Queued', SUCCEEDED: 'Delivered', FAILED: 'Failed, retrying:', EXHAUSTED: 'Failed, no retries left:', HELD: 'Held',
};

/** Why a failed test failed and when it is tried again, from its delivery: "HTTP 500 · next attempt 6:05:12 PM". */
function failureOf(delivery: WebhookDeliveryDetail | undefined): string | null {
  const last = delivery?.attemptLog.at(-1);
  if (!delivery || !last || (delivery.status !== 'FAILED' && delivery.status !== 'EXHAUSTED')) return null;
  const reason = last.responseStatus !== null ? `HTTP ${last.responseStatus}` : last.error;
  return [reason, delivery.nextAttemptAt ? `next attempt ${time(delivery.nextAttemptAt)}` : null].filter(Boolean).join(' · ') || null;
}

function SendTest({ endpoint }: { endpoint: WebhookEndpoint }) {
  const catalogue = useEventCatalogue();
  const send = useSendTest();
  // As the create form's: a double click lands before React disables the button, and would send two tests.
  const sending = useRef(false);
  const showDelivery = useWebhooksUi((s) => s.showDelivery);
  const [eventType, setEventType] = useState<WebhookEventType | ''>('');
  // A test to a disabled endpoint is written held, and goes when the endpoint is enabled again.
  const [sentDisabled, setSentDisabled] = useState(false);
  // The sent test's delivery, read live (each attempt reloads it): the line says where it is, not only that it was queued.
  const sentId = send.data?.deliveryId ?? null;
  const delivery = useDelivery(sentId);
  const status = delivery.data?.id === sentId ? delivery.data?.status : undefined;
  const held = status ? status === 'HELD' : sentDisabled && !endpoint.isActive;
  const failure = delivery.data?.id === sentId ? failureOf(delivery.data) : null;
  const subscribed = (type: string) => endpoint.events.includes('*') || endpoint.events.includes(type);
  const all = catalogue.data?.data ?? [];
  // Events this build never fires are offered as samples only once asked for (they stay sendable as tests).
  const [showLater, setShowLater] = useState(false);
  // In the endpoint form's order (by area), so an event is found in the same place in both.
  const later = inFormOrder(all.filter((e) => !e.emitted));
  const events = inFormOrder(all.filter((e) => e.emitted));
  const sendLabel = send.isPending ? 'Sending…' : 'Send test';
  // Worded as the endpoint form's fold (a <select> cannot hold a <details>, so this one is a button).
  const laterLabel = foldLabel(showLater, later.length, notSentYet(later.length));
  const option = (e: CatalogueEvent) => <option key={e.type} value={e.type}>{e.type}</option>;
  const toggleLater = () => {
    if (showLater && later.some((e) => e.type === eventType)) setEventType('');
    setShowLater(!showLater);
  };
  return (
    <div className="wh-test">
      <select value={eventType} onChange={(e) => setEventType(e.target.value as WebhookEventType | '')} aria-label={`Test event type for ${endpoint.url}`} data-testid="test-event-type">
        <option value="">Generic ping (webhook.test)</option>
        <optgroup label="Subscribed events">{events.filter((e) => subscribed(e.type)).map(option)}</optgroup>
        <optgroup label="Other events">{events.filter((e) => !subscribed(e.type)).map(option)}</optgroup>
        {showLater ? <optgroup label="Not sent by Switchboard yet (samples only)">{later.map(option)}</optgroup> : null}
      </select>
      <Button type="button" className="button" disabled={send.isPending} onClick={() => {
        if (sending.current) return;
        sending.current = true;
        setSentDisabled(!endpoint.isActive);
        send.mutate({ id: endpoint.id, eventType }, { onSettled: () => { sending.current = false; } });
      }} aria-label={`${sendLabel} to ${endpoint.url}`} data-testid="send-test">
        {sendLabel}
      </Button>
      {later.length ? (
        <button type="button" className="link small" aria-expanded={showLater} onClick={toggleLater} aria-label={`${laterLabel} as tests to ${endpoint.url}`}
          data-testid="test-events-later">{laterLabel}</button>
      ) : null}
      {send.isSuccess ? (
        <span className="small" role="status" data-testid="test-sent" data-held={held} data-status={status ?? 'PENDING'} data-delivery-id={send.data.deliveryId}>
          {held ? 'Held until you enable the endpoint ·' : SENT_WORDS[status ?? 'PENDING']} <code>{send.data.eventType}</code>
          {failure ? <span className="wh-error-text" data-testid="test-failure"> ({failure})</span> : null} · <button type="button" className="link" onClick={() => showDelivery(send.data.deliveryId, endpoint.id)}
            aria-label={`View delivery of the test to ${endpoint.url}`} data-testid="open-test-delivery">View delivery →</button></span>
      ) : null}
      {send.isError ? <span className="wh-error-text" role="alert">{send.error.message}</span> : null}
    </div>
  );
}

export function EndpointCard({ endpoint, lastAttempt }: { endpoint: WebhookEndpoint; lastAttempt: EndpointLastAttempt | undefined }) {
  const health = healthOf(endpoint, lastAttempt);
  const failing = endpoint.isActive && health.state === 'failing';
  const setActive = useSetEndpointActive();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const showSecret = useWebhooksUi((s) => s.showSecret);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const failed = setActive.error ?? rotate.error ?? remove.error;
  // The question takes the place of the buttons: the focus goes to Keep (the safe answer), and back to the button
  // that asked when it is kept. A rotation done moves it to the new secret's Copy (SecretOnce); a deletion, to Add endpoint.
  const keep = useRef<HTMLButtonElement>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const ask = (what: 'rotate' | 'delete') => thenFocus(() => setConfirming(what), () => keep.current);
  const keepIt = () => thenFocus(() => setConfirming(null), () => (confirming === 'rotate' ? rotateButton : deleteButton).current);
  // Escape answers Keep, as a dialog's Escape cancels it (unless the answer is already on its way).
  const keepOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || rotate.isPending || remove.isPending) return;
    event.stopPropagation();
    keepIt();
  };

  const doRotate = () => rotate.mutate(endpoint.id, {
    onSuccess: (rotated) => {
      if (rotated.secret) showSecret({ endpointId: rotated.id, url: rotated.url, secret: rotated.secret, reason: 'rotated' });
      setConfirming(null);
    },
  });

  return (
    <article className={`card wh-endpoint${endpoint.isActive ? '' : ' is-disabled'}${failing ? ' is-failing' : ''}`} data-testid="endpoint-card" data-endpoint-id={endpoint.id} data-url={endpoint.url}
      data-active={endpoint.isActive} data-health={health.state}>
      <header className="wh-endpoint-head">
        <div className="wh-endpoint-title">
          <h2 className="wh-url mono" title={endpoint.url}>{endpoint.url}</h2>
          {endpoint.description ? <span className="muted small">{endpoint.description}</span> : null}
        </div>
        {/* Green only when all is well: an enabled endpoint whose last delivery failed is not shown as fine. */}
        <span className={`badge ${!endpoint.isActive ? 'danger' : failing ? 'neutral' : 'ok'}`} data-testid="endpoint-state">{endpoint.isActive ? 'Enabled' : 'Disabled'}</span>
      </header>
      {!endpoint.isActive ? (
        <div className="wh-note" data-testid="endpoint-disabled-note">
          {disabledSentence(endpoint.disabledReason)} Its deliveries are held, with no attempt used up, until you enable it again.
        </div>
      ) : null}
      <div className="wh-chips" aria-label="Subscribed events">
        {endpoint.events.map((event) => <span key={event} className="chip">{event === '*' ? '* all events' : event}</span>)}
      </div>
      <Health endpoint={endpoint} health={health} />
      <footer className="wh-endpoint-actions">
        <SendTest endpoint={endpoint} />
        <div className="spacer" />
        {confirming === 'rotate' ? (
          <span className="wh-confirm" onKeyDown={keepOnEscape}>The old secret stops working immediately.
            <Button type="button" className="button small danger" onClick={doRotate} disabled={rotate.isPending} aria-label={`Rotate secret of ${endpoint.url} now`} data-testid="confirm-rotate">Rotate</Button>
            <button ref={keep} type="button" className="button small ghost" onClick={keepIt} aria-label={`Keep secret of ${endpoint.url}`} data-testid="keep-endpoint">Keep</button>
          </span>
        ) : confirming === 'delete' ? (
          <span className="wh-confirm" onKeyDown={keepOnEscape}>Delete this endpoint and stop its deliveries?
            <Button type="button" className="button small danger" onClick={() => remove.mutate(endpoint.id)} disabled={remove.isPending} aria-label={`Delete endpoint ${endpoint.url} now`} data-testid="confirm-delete">Delete</Button>
            <button ref={keep} type="button" className="button small ghost" onClick={keepIt} aria-label={`Keep endpoint ${endpoint.url}`} data-testid="keep-endpoint">Keep</button>
          </span>
        ) : (
          <>
            <button ref={rotateButton} type="button" className="button small" onClick={() => ask('rotate')} aria-label={`Rotate secret of ${endpoint.url}`} data-testid="rotate-secret">Rotate secret</button>
            <Button type="button" className="button small" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: endpoint.id, isActive: !endpoint.isActive })}
              aria-label={`${endpoint.isActive ? 'Disable' : 'Enable'} ${endpoint.url}`} data-testid="toggle-endpoint">
              {endpoint.isActive ? 'Disable' : 'Enable'}
            </Button>
            <button ref={deleteButton} type="button" className="button small danger-outline" onClick={() => ask('delete')} aria-label={`Delete endpoint ${endpoint.url}`} data-testid="delete-endpoint">Delete</button>
          </>
        )}
      </footer>
      {failed ? <ErrorState error={failed} /> : null}
    </article>
  );
}
