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
 * time in `zone` (UTC when no zone is given).
 */
export function instantOf(dateTime: string, zone: string | null | undefined): number {
  if (HAS_OFFSET.test(dateTime)) return Date.parse(dateTime);
  const wall = Date.parse(`${dateTime}Z`);
  if (!zone) return wall;
  const first = wall - zoneOffsetMs(wall, zone);
  // Around a DST change the offset at the guess can differ from the offset at the answer: take the answer's.
  return wall - zoneOffsetMs(first, zone);
}
