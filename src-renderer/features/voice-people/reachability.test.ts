import { describe, expect, it } from 'vitest';
import { reachability } from './reachability.ts';

const person = { isActive: true, reachable: false, maskedPhone: null, voipDeviceCount: 0, phoneNotRung: null };
const phone = '+1******0177';

describe('reachability', () => {
  it('says why a person can or cannot be rung, a phone counting only while phone calling is on', () => {
    expect(reachability({ ...person, isActive: false })).toBe('No: deactivated');
    expect(reachability({ ...person, isActive: false, maskedPhone: phone, voipDeviceCount: 1 })).toBe('No: deactivated');
    expect(reachability({ ...person, reachable: true, voipDeviceCount: 1 })).toBe('Yes');
    expect(reachability({ ...person, reachable: true, maskedPhone: phone })).toBe('Yes, by phone');
    expect(reachability({ ...person, maskedPhone: phone, phoneNotRung: 'phone_calling_off' })).toBe('No: phone calling is off');
    expect(reachability(person)).toBe('No: no VoIP token or phone');
  });

  it('says the core\'s reason a phone would not be rung while phone calling is on: no business number, or the phone is it', () => {
    expect(reachability({ ...person, maskedPhone: phone, phoneNotRung: 'no_business_number' })).toBe('No: no business number to call their phone from');
    expect(reachability({ ...person, maskedPhone: phone, phoneNotRung: 'own_business_number' })).toBe('No: their phone is this account\'s business number');
  });

  it('follows the core: a VoIP device rings them in the app, else their phone, whatever notification-only devices they have', () => {
    // A notification-only (non-VoIP) device is a device, yet the call goes to the phone: it reads "by phone".
    expect(reachability({ ...person, reachable: true, maskedPhone: phone, voipDeviceCount: 0 })).toBe('Yes, by phone');
    // A VoIP device beside the phone: rung in the app, the phone is not used.
    expect(reachability({ ...person, reachable: true, maskedPhone: phone, voipDeviceCount: 2 })).toBe('Yes');
    // Phone calling off with only a notification token: nothing can ring them, and the phone is why.
    expect(reachability({ ...person, maskedPhone: phone, phoneNotRung: 'phone_calling_off' })).toBe('No: phone calling is off');
  });
});
