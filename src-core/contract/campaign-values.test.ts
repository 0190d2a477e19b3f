import { describe, expect, it } from 'vitest';
import { contactFieldValue } from './campaign-values.ts';

describe('contactFieldValue', () => {
  const alice = { name: 'Alice Johnson', email: ' ', username: null, id: 'cnt_1' };
  it("gives the contact's field, the number for phone, and null for a blank field or no contact", () => {
    expect(contactFieldValue('name', '+14155550101', () => alice)).toBe('Alice Johnson');
    expect(contactFieldValue('phone', '+14155550101', () => null)).toBe('14155550101');
    expect(contactFieldValue('email', '+14155550101', () => alice)).toBeNull();
    expect(contactFieldValue('name', '+14155550101', () => undefined)).toBeNull();
  });
  it("gives the first word of the contact's name as first_name: a one-word name whole, null without a name", () => {
    expect(contactFieldValue('first_name', '+14155550101', () => alice)).toBe('Alice');
    expect(contactFieldValue('first_name', '+14155550101', () => ({ name: ' Cher ' }))).toBe('Cher');
    expect(contactFieldValue('first_name', '+14155550101', () => ({ name: '  ' }))).toBeNull();
    expect(contactFieldValue('first_name', '+14155550101', () => null)).toBeNull();
  });
  it('gives nothing for a name that is no contact field, and looks the contact up only when a field needs it', () => {
    let lookups = 0;
    const lookup = () => {
      lookups++;
      return alice;
    };
    expect(contactFieldValue('id', '+14155550101', lookup)).toBeNull();
    expect(contactFieldValue('phone', '+14155550101', lookup)).toBe('14155550101');
    expect(lookups).toBe(0);
  });
});
