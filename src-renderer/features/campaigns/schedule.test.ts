// The schedule's zone as typed in the builder's search field: which zone of the browser's list it names, if any; and a
// schedule's label in the parts a narrow column breaks it between.
import { describe, expect, it } from 'vitest';
import { scheduleLabel, scheduleParts, timeZones, zoneNamed } from './schedule.ts';

describe('zoneNamed', () => {
  const zones = timeZones();

  it('finds a zone written loosely: any case, spaces for underscores, an old name for its current one', () => {
    expect(zoneNamed('Asia/Kolkata', zones)).toBe('Asia/Kolkata');
    expect(zoneNamed('  america/new york ', zones)).toBe('America/New_York');
    expect(zoneNamed('Asia/Calcutta', zones)).toBe('Asia/Kolkata');
    expect(zoneNamed('UTC', zones)).toBe('UTC');
  });

  it('names no zone for a part of a name, a name not in the list, or nothing', () => {
    expect(zoneNamed('Kolkata', zones)).toBeNull();
    expect(zoneNamed('Mars/Olympus_Mons', zones)).toBeNull();
    expect(zoneNamed('', zones)).toBeNull();
  });
});

describe('scheduleParts', () => {
  it('cuts the label into its date, its time of day and its zone, which joined with spaces are the label', () => {
    const at = '2026-01-20T04:30:00.000Z';
    const parts = scheduleParts(at, 'Asia/Kolkata');
    expect(parts).toHaveLength(3);
    expect(parts.join(' ')).toBe(scheduleLabel(at, 'Asia/Kolkata'));
    expect(parts[0]).toMatch(/2026,?$/);
    expect(parts[1]).toMatch(/^10:00/);
    expect(parts[2]).toBe('(Asia/Kolkata)');
  });

  it('writes no schedule as a dash', () => {
    expect(scheduleParts(null, 'UTC')).toEqual(['—']);
    expect(scheduleLabel(null, 'UTC')).toBe('—');
  });
});
