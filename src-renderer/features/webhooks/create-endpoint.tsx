// Registering an endpoint: URL, description and events; the answer carries the secret once. A URL the
// core's destination guard refuses for a reason `--allow-private-webhooks` lifts says how to use a local receiver.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { privateFlagWouldLift } from '../../../src-core/contract/index.ts';
import { ApiError } from '../../api/http.ts';
import { ErrorState } from '../../components/states.tsx';
import { EventPicker, type EventSelection } from './event-picker.tsx';
import { useCreateEndpoint } from './mutations.ts';
import { useWebhooksUi } from './webhooks-store.ts';

/** Whether the create failed with a refusal `--allow-private-webhooks` would lift (see the contract's rule). */
const flagWouldLift = (error: unknown): boolean => error instanceof ApiError && error.status === 400 && privateFlagWouldLift(error.message);

export function CreateEndpoint({ onClose }: { onClose(): void }) {
  const create = useCreateEndpoint();
  const showSecret = useWebhooksUi((s) => s.showSecret);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<EventSelection>(new Set());
  const ready = url.trim() !== '' && (events === '*' || events.size > 0);
  // The form opens on a click of "Add endpoint": typing goes straight into its first field.
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const created = await create.mutateAsync({
      url: url.trim(), events: events === '*' ? '*' : [...events], ...(description.trim() ? { description: description.trim() } : {}),
    });
    if (created.secret) showSecret({ endpointId: created.id, url: created.url, secret: created.secret, reason: 'created' });
    onClose();
  }

  return (
    <form className="card form wh-create" onSubmit={(e) => void submit(e).catch(() => undefined)} data-testid="create-endpoint-form">
      <div className="page-title"><h2>New endpoint</h2><button type="button" className="button ghost small" onClick={onClose}>Cancel</button></div>
      <div className="form-row">
        <label className="field grow"><span>Endpoint URL</span>
          <input ref={first} type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://example.com/webhooks/switchboard" data-testid="endpoint-url" />
        </label>
        <label className="field grow"><span>Description (optional)</span>
          <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} placeholder="Order sync" data-testid="endpoint-description" />
        </label>
      </div>
      <EventPicker value={events} onChange={setEvents} />
      {create.isError ? <ErrorState error={create.error} /> : null}
      {create.isError && flagWouldLift(create.error) ? (
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
