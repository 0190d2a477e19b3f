import { describe, expect, it } from 'vitest';
import { appUsers, callShape, secondsToConnect, statusLabel } from './app-call-format.ts';

describe('app call format', () => {
  it('names the shape from the legs: a waiting call has nobody on the other side yet, the team and an agent are named', () => {
    expect(callShape({ to: 'pro_7', callerLegTransport: 'WEBRTC', calleeLegTransport: 'WEBRTC' })).toBe('app → app');
    expect(callShape({ to: '+1******0005', callerLegTransport: 'WEBRTC', calleeLegTransport: 'PSTN' })).toBe('app → phone');
    expect(callShape({ to: '+18005550142', callerLegTransport: 'PSTN', calleeLegTransport: null })).toBe('phone → …');
    expect(callShape({ to: 'team', callerLegTransport: 'PSTN', calleeLegTransport: 'WEBRTC' })).toBe('phone → team');
    expect(callShape({ to: 'agt_x', callerLegTransport: 'PSTN', calleeLegTransport: 'WEBRTC' })).toBe('phone → AI agent');
  });
  it('says Waiting for a call with its connect window open, and counts the window down on the virtual clock', () => {
    expect(statusLabel({ status: 'RINGING', connectBy: '2026-01-01T00:00:45.000Z' })).toBe('Waiting');
    expect(statusLabel({ status: 'RINGING', connectBy: null })).toBe('Ringing');
    expect(secondsToConnect('2026-01-01T00:00:45.000Z', '2026-01-01T00:00:10.500Z')).toBe(35);
    expect(secondsToConnect('2026-01-01T00:00:45.000Z', '2026-01-01T00:01:00.000Z')).toBe(0);
    expect(secondsToConnect(null, '2026-01-01T00:01:00.000Z')).toBeNull();
  });
  it('finds the app users on a call, not a phone, the team or an agent', () => {
    expect(appUsers({ from: 'cust_1042', to: 'pro_7', callerLegTransport: 'WEBRTC', calleeLegTransport: 'WEBRTC' })).toEqual({ caller: 'cust_1042', callee: 'pro_7' });
    expect(appUsers({ from: '+1******0101', to: 'team', callerLegTransport: 'PSTN', calleeLegTransport: 'WEBRTC' })).toEqual({ caller: null, callee: null });
  });
});
