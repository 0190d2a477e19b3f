// The event picker: every event of the catalogue grouped by area, or the wildcard `*` (all events,
// including future ones). Events the catalogue marks as not emitted by this build (none now: lifecycle stages and forms
// came) would stay subscribable but be folded away under a disclosure, so nobody waits for them.
import type { WebhookEventType } from '../../../src-core/contract/index.ts';
import { Folded } from '../../components/folded.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { notSentYet } from './emitted-areas.ts';
import { groups } from './event-groups.ts';
import { useEventCatalogue, type CatalogueEvent } from './queries.ts';

export type EventSelection = '*' | Set<WebhookEventType>;

type GroupsProps = { events: CatalogueEvent[]; chosen: Set<WebhookEventType>; toggle(types: WebhookEventType[], on: boolean): void };

function EventGroups({ events, chosen, toggle }: GroupsProps) {
  return (
    <div className="wh-event-groups">
      {groups(events).map(([area, inArea]) => (
        <div key={area} className="wh-event-group">
          <label className="scope-domain">
            <input type="checkbox" checked={inArea.every((e) => chosen.has(e.type))} onChange={(e) => toggle(inArea.map((ev) => ev.type), e.target.checked)} /> {area}
          </label>
          {inArea.map((event) => (
            <label key={event.type} className="wh-event" title={event.description}>
              <input type="checkbox" checked={chosen.has(event.type)} onChange={(e) => toggle([event.type], e.target.checked)}
                data-testid={`event-${event.type}`} data-emitted={event.emitted ? 'true' : 'false'} />
              <span><code>{event.type}</code><span className="muted small">{event.description}</span></span>
            </label>
          ))}
        </div>
      ))}
    </div>
  );
}

export function EventPicker({ value, onChange }: { value: EventSelection; onChange(value: EventSelection): void }) {
  const catalogue = useEventCatalogue();
  const chosen = value === '*' ? new Set<WebhookEventType>() : value;
  const toggle = (types: WebhookEventType[], on: boolean) => {
    const next = new Set(chosen);
    for (const type of types) if (on) next.add(type); else next.delete(type);
    onChange(next);
  };
  const events = catalogue.data?.data ?? [];
  const later = events.filter((e) => !e.emitted);
  return (
    <fieldset className="wh-events" data-testid="event-picker">
      <legend>Events</legend>
      <div className="wh-events-mode">
        <label><input type="radio" name="events-mode" checked={value === '*'} onChange={() => onChange('*')} data-testid="events-all" /> All events <code>*</code> <span className="muted small">(including events added later)</span></label>
        <label><input type="radio" name="events-mode" checked={value !== '*'} onChange={() => onChange(new Set())} data-testid="events-some" /> Selected events <span className="muted small">({chosen.size} chosen)</span></label>
      </div>
      {value === '*' ? null : catalogue.isPending ? <Loading label="Loading the event catalogue…" /> : catalogue.isError ? <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} /> : (
        <>
          <EventGroups events={events.filter((e) => e.emitted)} chosen={chosen} toggle={toggle} />
          {later.length ? (
            <Folded count={later.length} what={notSentYet(later.length)} chosen={later.filter((e) => chosen.has(e.type)).length} testId="events-not-emitted">
              <div className="wh-events-later">
                <p className="small muted">These are in the catalogue and can be subscribed to ahead and sent as tests, but nothing in
                  Switchboard fires them yet.</p>
                <EventGroups events={later} chosen={chosen} toggle={toggle} />
              </div>
            </Folded>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
