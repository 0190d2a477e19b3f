import { describe, expect, it } from 'vitest';
import { reachability } from './reachability.ts';

const person = { isActive: true, reachable: false, maskedPhone: null, deviceCount: 0 };

describe('reachability', () => {
  it('says why a person can or cannot be rung, a phone counting only while phone calling is on', () => {
    expect(reachability({ ...person, isActive: false })).toBe('No: deactivated');
    expect(reachability({ ...person, reachable: true, deviceCount: 1 })).toBe('Yes');
    expect(reachability({ ...person, reachable: true, maskedPhone: '+1******0177' })).toBe('Yes, by phone');
    expect(reachability({ ...person, maskedPhone: '+1******0177' })).toBe('No: phone calling is off');
    expect(reachability(person)).toBe('No: no VoIP token or phone');
  });
});
