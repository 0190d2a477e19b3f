// Wall-clock times in an IANA time zone: a campaign scheduled "10:00 in Asia/Kolkata" without an offset (read
// alike by the core and by the console's schedule field).

/** The wall-clock fields (two-digit strings, a four-digit year) of the instant `utcMs` in `zone`. */
export function wallClockParts(utcMs: number, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  return Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(utcMs).map((p) => [p.type, p.value])) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The zone's offset from UTC in ms at the instant `utcMs`. */
export function zoneOffsetMs(utcMs: number, zone: string): number {
  const parts = wallClockParts(utcMs, zone);
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const HAS_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

/**
 * The instant of an ISO date-time: one with an offset means what it says; one without is a wall-clock
 * time in `zone` (UTC when no zone is given). NaN when it is not a time, or when the zone's clocks skip it
 * (see `skippedIn`); a time shown twice (when daylight saving time ends) is its first showing.
 */
export function instantOf(dateTime: string, zone: string | null | undefined): number {
  if (HAS_OFFSET.test(dateTime)) return Date.parse(dateTime);
  const wall = Date.parse(`${dateTime}Z`);
  if (!zone || Number.isNaN(wall)) return wall;
  const at = zonedInstant(wall, zone);
  return shownAt(at, zone) === Math.floor(wall / 1000) * 1000 ? at : Number.NaN;
}

/** The instant whose wall clock in `zone` reads `wall` (ms of that wall time read as UTC), or the nearest one when none does. */
function zonedInstant(wall: number, zone: string): number {
  const first = wall - zoneOffsetMs(wall, zone);
  // Around a DST change the offset at the guess can differ from the offset at the answer: take the answer's.
  return wall - zoneOffsetMs(first, zone);
}

/** The wall clock of `zone` at `utcMs`, as ms of that wall time read as UTC, to the second. */
const shownAt = (utcMs: number, zone: string): number => Math.floor(utcMs / 1000) * 1000 + zoneOffsetMs(utcMs, zone);

/**
 * True when the wall-clock `dateTime` (no offset) never shows in `zone`: the hour its clocks skip when
 * daylight saving time starts (02:30 on 10 March 2030 in America/New_York).
 */
export function skippedIn(dateTime: string, zone: string): boolean {
  const wall = Date.parse(`${dateTime}Z`);
  if (HAS_OFFSET.test(dateTime) || Number.isNaN(wall)) return false;
  return shownAt(zonedInstant(wall, zone), zone) !== Math.floor(wall / 1000) * 1000;
}
