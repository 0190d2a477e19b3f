// The event picker: every event of the catalogue grouped by area, or the wildcard `*` (all events,
// including future ones).
import type { WebhookEventType } from '../../../src-core/contract/index.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { useEventCatalogue, type CatalogueEvent } from './queries.ts';

export type EventSelection = '*' | Set<WebhookEventType>;

const areaOf = (type: string): string => (type.startsWith('voice.app.') ? 'voice.app' : type.split('.')[0] ?? type);

function groups(events: CatalogueEvent[]): Array<[string, CatalogueEvent[]]> {
  const byArea = new Map<string, CatalogueEvent[]>();
  for (const event of events) byArea.set(areaOf(event.type), [...(byArea.get(areaOf(event.type)) ?? []), event]);
  return [...byArea.entries()];
}

export function EventPicker({ value, onChange }: { value: EventSelection; onChange(value: EventSelection): void }) {
  const catalogue = useEventCatalogue();
  const chosen = value === '*' ? new Set<WebhookEventType>() : value;
  const toggle = (types: WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types) if (on) next.add(type); else next.delete(type);
    onChange(next);
  };
  return (
    <fieldset className="wh-events" data-testid="event-picker">
      <legend>Events</legend>
      <div className="wh-events-mode">
        <label><input type="radio" name="events-mode" checked={value === '*'} onChange={() => onChange('*')} data-testid="events-all" /> All events <code>*</code> <span className="muted small">(including events added later)</span></label>
        <label><input type="radio" name="events-mode" checked={value !== '*'} onChange={() => onChange(new Set())} data-testid="events-some" /> Selected events <span className="muted small">({chosen.size} chosen)</span></label>
      </div>
      {value === '*' ? null : catalogue.isPending ? <Loading label="Loading the event catalogue…" /> : catalogue.isError ? <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : (
        <div className="wh-event-groups">
          {groups(catalogue.data.data).map(([area, events]) => (
            <div key={area} className="wh-event-group">
              <label className="scope-domain">
                <input type="checkbox" checked={events.every((e) => chosen.has(e.type))} onChange={(e) => toggle(events.map((ev) => ev.type), e.target.checked)} /> {area}
              </label>
              {events.map((event) => (
                <label key={event.type} className="wh-event" title={event.description}>
                  <input type="checkbox" checked={chosen.has(event.type)} onChange={(e) => toggle([event.type], e.target.checked)} data-testid={`event-${event.type}`} />
                  <span><code>{event.type}</code><span className="muted small">{event.description}</span></span>
                </label>
              ))}
            </div>
          ))}
        </div>
      )}
    </fieldset>
  );
}
