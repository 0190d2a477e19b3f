// Registering an endpoint: URL, description and events; the answer carries the secret once. A URL the
// core's destination guard refuses for a reason `--allow-private-webhooks` lifts says how to use a local receiver
// (once: the server's sentence naming the flag is left out of its refusal shown above); a refusal goes once the form changes.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PRIVATE_FLAG_LIFTS, privateFlagWouldLift, SIM_RECEIVER_EXAMPLE_URL } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { ErrorState } from '../../components/states.tsx';
import { EventPicker, type EventSelection } from './event-picker.tsx';
import { useCreateEndpoint } from './mutations.ts';
import { useWebhooksUi } from './webhooks-store.ts';

/**
 * The create's refusal as shown, and whether `--allow-private-webhooks` would lift it (see the contract's rule): then
 * without the server's sentence naming the flag, which the hint under it says with how to use it.
 */
function refusalOf(error: unknown): { shown: unknown; flagWouldLift: boolean } {
  if (!(error instanceof ApiError) || error.status !== 400 || !privateFlagWouldLift(error.message)) return { shown: error, flagWouldLift: false };
  return { shown: new ApiError(error.status, error.message.slice(0, -PRIVATE_FLAG_LIFTS.length), error.code), flagWouldLift: true };
}

export function CreateEndpoint({ onClose }: { onClose(): void }) {
  const create = useCreateEndpoint();
  const showSecret = useWebhooksUi((s) => s.showSecret);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  // All events (`*`, which the contract takes) unless narrowed: a new endpoint hears everything this build fires.
  const [events, setEvents] = useState<EventSelection>('*');
  const ready = url.trim() !== '' && (events === '*' || events.size > 0);
  // The form opens on a click of "Add endpoint": typing goes straight into its first field.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const refusal = create.isError ? refusalOf(create.error) : null;

  // Set at once on a submit: the button is disabled only once React renders the pending request, and a double click
  // (or Enter then a click) landing before that would register the endpoint twice, or ask twice for a refused one.
  const submitting = useRef(false);

  // Fills in the simulated world's receiver (a refusal of the URL it replaces goes, as a change of the form's does).
  function fillSimulated() {
    setUrl(SIM_RECEIVER_EXAMPLE_URL);
    if (create.isError) create.reset();
    first.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      const created = await create.mutateAsync({
        url: url.trim(), events: events === '*' ? '*' : [...events], ...(description.trim() ? { description: description.trim() } : {}),
      });
      if (created.secret) showSecret({ endpointId: created.id, url: created.url, secret: created.secret, reason: 'created' });
      onClose();
    } finally {
      submitting.current = false;
    }
  }

  return (
    <form className="card form wh-create" onSubmit={(e) => void submit(e).catch(() => undefined)}
      // The refusal was about the form as it was (a URL since fixed keeps no hint to start the server otherwise).
      onChange={() => { if (create.isError) create.reset(); }} data-testid="create-endpoint-form">
      <div className="page-title"><h2>New endpoint</h2><button type="button" className="button ghost small" onClick={onClose}>Cancel</button></div>
      <div className="form-row">
        <label className="field grow"><span>Endpoint URL</span>
          <input ref={first} type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://example.com/webhooks/switchboard" data-testid="endpoint-url" />
        </label>
        <label className="field grow"><span>Description (optional)</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} placeholder="Order sync" data-testid="endpoint-description" />
        </label>
      </div>
      <p className="muted small" data-testid="simulated-receiver-hint">
        No receiver at hand? <button type="button" className="link" onClick={fillSimulated} data-testid="use-simulated-receiver">Use a simulated receiver</button>:
        the simulator answers any <code>https://….sim.test</code> endpoint itself, with 200, or the status a path
        ending <code>/status/500</code> names (<code>/timeout</code>: no answer).
      </p>
      <EventPicker value={events} onChange={setEvents} />
      {refusal ? <ErrorState error={refusal.shown} /> : null}
      {refusal?.flagWouldLift ? (
        <p className="muted small" data-testid="private-webhooks-hint">
          A local receiver (http, localhost or a private address) needs the server started with <code>--allow-private-webhooks</code>;
          without it, endpoints must be https on a public address that resolves.
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button primary" disabled={!ready || create.isPending} data-testid="create-endpoint">{create.isPending ? 'Creating…' : 'Create endpoint'}</button>
      </div>
    </form>
  );
}
