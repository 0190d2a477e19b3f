// The order the console offers the catalogue's events in: grouped by area (contact, whatsapp, instagram, sms, email,
// rcs, voice.app, ...) in the catalogue's order, as the endpoint form lists them and the test's event menu offers them.
import type { CatalogueEvent } from './queries.ts';

const areaOf = (type: string): string => (type.startsWith('voice.app.') ? 'voice.app' : type.split('.')[0] ?? type);

/** The events by area, each area where its first event is in the catalogue, its events in the catalogue's order. */
export function groups(events: CatalogueEvent[]): Array<[string, CatalogueEvent[]]> {
  const byArea = new Map<string, CatalogueEvent[]>();
  for (const event of events) byArea.set(areaOf(event.type), [...(byArea.get(areaOf(event.type)) ?? []), event]);
  return [...byArea.entries()];
}

/** The events in the order the endpoint form lists them (its groups one after the other). */
export const inFormOrder = (events: CatalogueEvent[]): CatalogueEvent[] => groups(events).flatMap(([, inArea]) => inArea);
