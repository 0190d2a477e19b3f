// A campaign's schedule as the core reads it: a local wall time without offset, in a named time zone.
import { instantOf, skippedIn } from '../../../src-core/contract/index.ts';

// ICU still lists some zones under their old names; people look for the current ones (both are valid IANA names).
const CURRENT_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata', 'Asia/Katmandu': 'Asia/Kathmandu', 'Asia/Rangoon': 'Asia/Yangon', 'Asia/Saigon': 'Asia/Ho_Chi_Minh', 'Europe/Kiev': 'Europe/Kyiv',
};
const current = (zone: string): string => CURRENT_NAMES[zone] ?? zone;

/** The browser's own zone, the default of the time-zone picker. */
export const browserZone = (): string => current(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Every IANA zone the browser knows, sorted, with the browser's own zone included when the list lacks it (e.g. "UTC"). */
export function timeZones(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone').map(current));
  zones.add(browserZone());
  return [...zones].sort();
}

/**
 * The zone of `zones` a typed name stands for, case aside and with spaces for underscores ("asia/kolkata",
 * "America/New York"), an old name for its current one ("Asia/Calcutta"); null when it names none of them.
 */
export function zoneNamed(text: string, zones: readonly string[]): string | null {
  const key = text.trim().replace(/\s+/g, '_').toLowerCase();
  if (!key) return null;
  const old = Object.keys(CURRENT_NAMES).find((name) => name.toLowerCase() === key);
  const wanted = old ? (CURRENT_NAMES[old] as string).toLowerCase() : key;
  return zones.find((zone) => zone.toLowerCase() === wanted) ?? null;
}

/** "2026-01-20T10:00" (a datetime-local value) → "2026-01-20T10:00:00". */
export const scheduledAtOf = (local: string): string => (local.length === 16 ? `${local}:00` : local);

/** The instant (ISO) of a datetime-local value read in `zone`, as the core reads it; null when it is not a time. */
export function instantIn(local: string, zone: string): string | null {
  try {
    const at = instantOf(scheduledAtOf(local), zone);
    return Number.isNaN(at) ? null : new Date(at).toISOString();
  } catch {
    return null; // a zone the browser does not know
  }
}

/** True when the zone's clocks skip the datetime-local value (daylight saving time starts then): the core refuses it. */
export function skippedLocal(local: string, zone: string): boolean {
  try {
    return local !== '' && skippedIn(scheduledAtOf(local), zone);
  } catch {
    return false; // a zone the browser does not know
  }
}

/** The schedule's instant when it is at or before the virtual clock's `now` (the core would refuse it), else null. */
export function passedAt(localAt: string, zone: string, now: string | undefined): string | null {
  const at = localAt && now ? instantIn(localAt, zone) : null;
  return at && Date.parse(at) <= Date.parse(now as string) ? at : null;
}

/** True when a campaign's schedule is at or before `now` (the virtual clock's): launching it then sends at once. */
export const scheduleHasPassed = (scheduledAt: string | null, now: string | null | undefined): boolean =>
  Boolean(scheduledAt && now && Date.parse(scheduledAt) <= Date.parse(now));

/**
 * A schedule shown in its own zone: "20 Jan 2026, 10:00 (Asia/Kolkata)". A list row, which does not carry its
 * campaign's zone, passes the browser's (`browserZone()`), so every schedule the console writes names its zone.
 */
export function scheduleLabel(iso: string | null, zone: string | null): string {
  return scheduleParts(iso, zone).join(' ');
}

/**
 * `scheduleLabel` in the parts a narrow column may break it between: the date with its separator ("20 Jan 2026,"), the
 * time of day ("10:00") and the zone ("(Asia/Kolkata)"); joined with spaces they are the label.
 */
export function scheduleParts(iso: string | null, zone: string | null): string[] {
  if (!iso) return ['—'];
  const format = new Intl.DateTimeFormat([], { timeZone: zone ?? undefined, dateStyle: 'medium', timeStyle: 'short' });
  const when = format.format(new Date(iso));
  const parts = format.formatToParts(new Date(iso));
  const first = parts.findIndex((part) => part.type === 'hour' || part.type === 'dayPeriod');
  const at = parts.slice(0, first < 0 ? parts.length : first).reduce((length, part) => length + part.value.length, 0);
  const [day, clock] = [when.slice(0, at).trimEnd(), when.slice(at)];
  return [day, ...(clock ? [clock] : []), ...(zone ? [`(${zone})`] : [])];
}
