// An error's heading says what kind of trouble it is: a refusal of the core (4xx, named by the page where it
// knows better), something not there (404), or something that went wrong on the way (5xx, no server, a crash).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { errorTitle } from './states.tsx';

describe('errorTitle', () => {
  it('heads a refusal as one, and keeps "Something went wrong" for 5xx, an unreachable server and a crash', () => {
    const notDelivered = new ApiError(400, 'The OTP could not be delivered to +15005550001 over sms: handset unreachable', 'NOT_DELIVERED');
    expect(errorTitle(notDelivered)).toEqual({ title: 'Not accepted', kind: 'refused' });
    expect(errorTitle(notDelivered, 'Not sent')).toEqual({ title: 'Not sent', kind: 'refused' });
    expect(errorTitle(new ApiError(429, 'Retry after 20 seconds', 'RATE_LIMITED'), 'Not resent').title).toBe('Not resent');
    expect(errorTitle(new ApiError(409, 'Contact is blocked', 'CONTACT_BLOCKED')).title).toBe('Not accepted');
    expect(errorTitle(new ApiError(404, 'Contact cnt_1 not found', 'NOT_FOUND'))).toEqual({ title: 'Not found', kind: 'not-found' });
    expect(errorTitle(new ApiError(404, 'Widget not found', 'NOT_FOUND'), 'Not sent').title).toBe('Not sent');
    for (const failed of [new ApiError(502, 'All channels failed: sms'), new ApiError(500, 'Internal error'), new ApiError(0, 'Switchboard is not reachable'), new TypeError('x is undefined')]) {
      expect(errorTitle(failed, 'Not sent')).toEqual({ title: 'Something went wrong', kind: 'failed' });
    }
  });
});
