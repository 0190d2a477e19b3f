// The widget form checks what the core's schemas check: limits read from the contract, wording with the
// form's labels, blanks meaning "default" for a new widget and "unchanged" for an existing one.
import { describe, expect, it } from 'vitest';
import type { OtpWidget } from '../../../src-core/contract/index.ts';
import { checkChanges, checkNew, draftOf, limitsOf } from './widget-draft.ts';

const WIDGET: OtpWidget = {
  id: 'otpw_1', name: 'Acme Login', otpLength: 6, expirySeconds: 300, resendCooldownSeconds: 30, maxResends: 3, maxSendsPerHour: 5, maxVerifyAttempts: 3,
  channels: ['sms', 'whatsapp'],
};

describe('the OTP widget form', () => {
  it('reads each number field’s range from the contract', () => {
    expect(limitsOf('otpLength')).toEqual({ min: 4, max: 10 });
    expect(limitsOf('expirySeconds')).toEqual({ min: 30, max: 3600 });
    expect(limitsOf('maxResends')).toEqual({ min: 0, max: 10 });
  });

  it('sends a new widget as typed, leaving blank numbers to the core’s defaults', () => {
    const draft = { ...draftOf(null), name: 'Checkout', otpLength: '8', expirySeconds: '' };
    const checked = checkNew(draft);
    expect(checked).toEqual({ ok: true, body: expect.objectContaining({ name: 'Checkout', otpLength: 8, channels: ['sms'] }) });
    expect(checked.ok && 'expirySeconds' in checked.body).toBe(false);
  });

  it('names each refused field with its label, as the core would refuse it', () => {
    const checked = checkNew({ ...draftOf(null), name: '  ', otpLength: '12', expirySeconds: '4.5', maxResends: 'lots', channels: [] });
    expect(checked).toEqual({
      ok: false,
      problems: {
        name: 'Name is required', otpLength: 'Code length must be at most 10', expirySeconds: 'Expiry must be a whole number',
        maxResends: 'Resends must be a number', channels: 'The channel list needs at least one channel',
      },
    });
  });

  it('changes only what differs; a blank number keeps its value', () => {
    const draft = { ...draftOf(WIDGET), otpLength: '', maxVerifyAttempts: '5', channels: ['whatsapp', 'sms'] as OtpWidget['channels'] };
    expect(checkChanges(WIDGET, draft)).toEqual({ ok: true, body: { maxVerifyAttempts: 5, channels: ['whatsapp', 'sms'] } });
    expect(checkChanges(WIDGET, draftOf(WIDGET))).toEqual({ ok: true, body: {} });
    expect(checkChanges(WIDGET, { ...draftOf(WIDGET), maxSendsPerHour: '0' })).toEqual({ ok: false, problems: { maxSendsPerHour: 'Sends per hour must be at least 1' } });
  });

  it('refuses a cooldown that outlasts the code while resends are allowed, as the core does, on the settings the widget would have', () => {
    expect(checkNew({ ...draftOf(null), name: 'Slow', expirySeconds: '60', resendCooldownSeconds: '60' })).toMatchObject({ ok: false, problems: { resendCooldownSeconds: expect.stringContaining('shorter than the expiry') } });
    expect(checkNew({ ...draftOf(null), name: 'No resends', expirySeconds: '60', resendCooldownSeconds: '60', maxResends: '0' }).ok).toBe(true);
    expect(checkChanges(WIDGET, { ...draftOf(WIDGET), expirySeconds: '30' })).toMatchObject({ ok: false, problems: { resendCooldownSeconds: expect.any(String) } });
    expect(checkChanges(WIDGET, { ...draftOf(WIDGET), expirySeconds: '31' }).ok).toBe(true);
  });
});
