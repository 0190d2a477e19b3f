// The schedule's zone as typed in the builder's search field: which zone of the browser's list it names, if any.
import { describe, expect, it } from 'vitest';
import { timeZones, zoneNamed } from './schedule.ts';

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
