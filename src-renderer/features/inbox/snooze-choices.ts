// The Snooze menu's choices, computed from the VIRTUAL clock's now in the browser's time zone (a presenter who advanced
// the clock a week snoozes from that week), and how a snooze's time is written in the menu, the header and the rows.

export type SnoozeChoice = { key: 'hour' | 'tomorrow' | 'monday'; label: string; until: string };

/** The hour of the morning a "Tomorrow" or "Next Monday" snooze ends at, local time. */
const MORNING_HOUR = 9;
const MONDAY = 1;

/** `days` after the local day of `at`, at MORNING_HOUR:00 local time (a DST change between is the local clock's). */
function morningAfter(at: number, days: number): string {
  const day = new Date(at);
  day.setDate(day.getDate() + days);
  day.setHours(MORNING_HOUR, 0, 0, 0);
  return day.toISOString();
}

/**
 * In 1 hour; tomorrow at 9:00; the next Monday at 9:00 (a week on from a Monday). From a Sunday the next Monday is
 * tomorrow: the menu then offers "Tomorrow, 9:00" alone, never two items for one time. Every one after `now` and well
 * within the core's 365 days.
 */
export function snoozeChoices(now: string): SnoozeChoice[] {
  const at = Date.parse(now);
  const toMonday = (MONDAY - new Date(at).getDay() + 7) % 7 || 7;
  const choices: SnoozeChoice[] = [
    { key: 'hour', label: 'In 1 hour', until: new Date(at + 3_600_000).toISOString() },
    { key: 'tomorrow', label: 'Tomorrow, 9:00', until: morningAfter(at, 1) },
  ];
  return toMonday === 1 ? choices : [...choices, { key: 'monday', label: 'Next Monday, 9:00', until: morningAfter(at, toMonday) }];
}

const UNTIL = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** When a snooze ends, to the minute with its weekday: "Mon, Nov 30, 9:00 AM" (in the browser's language and zone). */
export const snoozeTime = (iso: string): string => UNTIL.format(new Date(iso));
