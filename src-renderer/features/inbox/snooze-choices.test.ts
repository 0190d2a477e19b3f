// The Snooze menu's choices from the virtual clock's now, in the local time zone: an hour on, tomorrow at 9:00, the next
// Monday at 9:00 (a week on from a Monday; none from a Sunday, when it is tomorrow).
import { describe, expect, it } from 'vitest';
import { snoozeChoices } from './snooze-choices.ts';

/** A local time (the browser's zone, as the menu computes in), as ISO. */
const local = (year: number, month: number, day: number, hour: number, minute = 0) => new Date(year, month - 1, day, hour, minute).toISOString();
const untils = (now: string) => Object.fromEntries(snoozeChoices(now).map((choice) => [choice.key, choice.until]));

describe('snoozeChoices', () => {
  it('names each choice, an hour on from now to the millisecond, tomorrow and the next Monday at 9:00 local time', () => {
    const now = new Date(Date.parse(local(2026, 11, 27, 14, 30)) + 1234).toISOString(); // a Friday
    expect(snoozeChoices(now).map((choice) => choice.label)).toEqual(['In 1 hour', 'Tomorrow, 9:00', 'Next Monday, 9:00']);
    expect(untils(now)).toEqual({
      hour: new Date(Date.parse(now) + 3_600_000).toISOString(), tomorrow: local(2026, 11, 28, 9), monday: local(2026, 11, 30, 9),
    });
  });
  it('goes a week on from a Monday (even before 9:00), and from a Saturday two days on; across a month and a year', () => {
    expect(untils(local(2026, 11, 30, 7))).toMatchObject({ tomorrow: local(2026, 12, 1, 9), monday: local(2026, 12, 7, 9) });
    expect(untils(local(2026, 11, 28, 23, 50))).toMatchObject({ tomorrow: local(2026, 11, 29, 9), monday: local(2026, 11, 30, 9) });
    expect(untils(local(2026, 12, 31, 18))).toMatchObject({ tomorrow: local(2027, 1, 1, 9), monday: local(2027, 1, 4, 9) });
  });
  it('from a Sunday, whose next Monday is tomorrow, offers "Tomorrow, 9:00" alone: never two items of one time', () => {
    for (const now of [local(2026, 11, 29, 0, 5), local(2026, 11, 29, 12), local(2026, 11, 29, 23, 50)]) {
      expect(snoozeChoices(now).map((choice) => choice.label), now).toEqual(['In 1 hour', 'Tomorrow, 9:00']);
      expect(untils(now).tomorrow).toBe(local(2026, 11, 30, 9));
    }
    for (let day = 23; day <= 29; day++) {
      const times = snoozeChoices(local(2026, 11, day, 10)).map((choice) => choice.until);
      expect(new Set(times).size, `Nov ${day}`).toBe(times.length);
    }
  });
  it('is always after now', () => {
    for (let hour = 0; hour < 24 * 7; hour += 5) {
      const now = local(2026, 11, 23, 0, hour * 60 + 7);
      for (const choice of snoozeChoices(now)) expect(Date.parse(choice.until), `${now} ${choice.key}`).toBeGreaterThan(Date.parse(now));
    }
  });
});
