import { describe, expect, it } from 'vitest';
import { customerNamed } from './customer-named.ts';

describe('customerNamed', () => {
  it('names an Instagram user by name and handle, never by their id', () => {
    expect(customerNamed({ channel: 'instagram', address: '6234817790112233' }, { name: 'Maya Fernandes', handle: 'maya.designs' })).toBe('Maya Fernandes (@maya.designs)');
    expect(customerNamed({ channel: 'instagram', address: '6234817790112233' }, { name: null, handle: 'maya.designs' })).toBe('@maya.designs');
  });

  it('says what an Instagram id is where the platform knows no handle', () => {
    expect(customerNamed({ channel: 'instagram', address: '6234817790119001' }, { name: 'Maya Torres', handle: null })).toBe('Maya Torres (Instagram ID 6234817790119001)');
    expect(customerNamed({ channel: 'instagram', address: '42' }, { name: null, handle: null })).toBe('Instagram ID 42');
  });

  it('names a phone customer by name and number, or by the number alone', () => {
    expect(customerNamed({ channel: 'whatsapp', address: '+14155550101' }, { name: 'Alice Johnson', handle: null })).toBe('Alice Johnson (+14155550101)');
    expect(customerNamed({ channel: 'sms', address: '+14155550123' }, { name: null, handle: null })).toBe('+14155550123');
  });
});
