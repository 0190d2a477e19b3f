import { describe, expect, it } from 'vitest';
import type { EndpointLastAttempt, WebhookEndpoint } from '../../../src-core/contract/index.ts';
import { countFailing, healthOf, streakWords } from './endpoint-health.ts';

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 'whe_1', url: 'https://example.com/hooks', description: null, events: ['*'], isActive: true, status: 'ACTIVE', disabledReason: null,
  createdVia: 'dashboard', consecutiveFailures: 0, lastSuccessAt: null, lastFailureAt: null, createdAt: '2026-01-01T00:00:00.000Z', ...over,
});
const attempt = (over: Partial<EndpointLastAttempt> = {}): EndpointLastAttempt => ({
  endpointId: 'whe_1', deliveryId: 'whd_1', eventType: 'webhook.test', attempt: 1, at: '2026-01-01T00:01:00.000Z',
  responseStatus: 500, error: null, succeeded: false, ...over,
});

describe('healthOf', () => {
  it('is failing when the last attempt failed, with its answer or error, even after earlier successes', () => {
    const earlierSuccess = endpoint({ lastSuccessAt: '2026-01-01T00:00:30.000Z', lastFailureAt: '2026-01-01T00:01:00.000Z', consecutiveFailures: 1 });
    expect(healthOf(earlierSuccess, attempt())).toEqual({ state: 'failing', reason: 'HTTP 500' });
    expect(healthOf(endpoint(), attempt({ responseStatus: null, error: 'connect ECONNREFUSED 127.0.0.1:9' }))).toEqual({ state: 'failing', reason: 'connect ECONNREFUSED 127.0.0.1:9' });
  });

  it('is healthy once an attempt succeeds, and untried before any', () => {
    expect(healthOf(endpoint({ lastSuccessAt: '2026-01-01T00:02:00.000Z' }), attempt({ responseStatus: 204, succeeded: true }))).toEqual({ state: 'healthy', reason: null });
    expect(healthOf(endpoint(), undefined)).toEqual({ state: 'untried', reason: null });
  });

  it('without the last attempt read, goes by the endpoint: a failure after the last success is failing, a re-enabled count of 0 included', () => {
    expect(healthOf(endpoint({ lastSuccessAt: '2026-01-01T00:00:30.000Z', lastFailureAt: '2026-01-01T00:01:00.000Z' }), undefined).state).toBe('failing');
    expect(healthOf(endpoint({ lastSuccessAt: '2026-01-01T00:02:00.000Z', lastFailureAt: '2026-01-01T00:01:00.000Z' }), undefined).state).toBe('healthy');
  });
});

describe('countFailing', () => {
  it('counts disabled endpoints and those whose last attempt failed', () => {
    const endpoints = [endpoint(), endpoint({ id: 'whe_2' }), endpoint({ id: 'whe_3', isActive: false, status: 'DISABLED' })];
    expect(countFailing(endpoints, [attempt(), attempt({ endpointId: 'whe_2', responseStatus: 200, succeeded: true })])).toBe(2);
  });
});

describe('streakWords', () => {
  const autoDisabled = { isActive: false, disabledReason: 'disabled after 15 failed delivery attempts in a row' };
  it('agrees with "Disabled after 15…": attempts already out when the 15th disabled the endpoint are said as such', () => {
    expect(streakWords(endpoint({ ...autoDisabled, consecutiveFailures: 16 }))).toBe('16 failed attempts in a row (1 was already under way when the 15th disabled it)');
    expect(streakWords(endpoint({ ...autoDisabled, consecutiveFailures: 18 }))).toBe('18 failed attempts in a row (3 were already under way when the 15th disabled it)');
    expect(streakWords(endpoint({ ...autoDisabled, consecutiveFailures: 15 }))).toBe('15 failed attempts in a row');
  });
  it('is the bare count on an enabled endpoint or one the account disabled, and nothing under 2', () => {
    expect(streakWords(endpoint({ consecutiveFailures: 16 }))).toBe('16 failed attempts in a row');
    expect(streakWords(endpoint({ isActive: false, disabledReason: 'disabled by the account', consecutiveFailures: 20 }))).toBe('20 failed attempts in a row');
    expect(streakWords(endpoint({ consecutiveFailures: 1 }))).toBeNull();
  });
});
