// The deliveries filter never leaves the panel on a delivery the list hides: a filter change that would hide
// the open delivery closes it; one that still shows it leaves it open.
import { beforeEach, describe, expect, it } from 'vitest';
import { filterShows, useWebhooksUi } from './webhooks-store.ts';

const succeeded = { status: 'SUCCEEDED', endpointId: 'whe_a' } as const;

describe('filterShows', () => {
  it('shows a delivery under a filter it matches, and one not read yet only under no filter', () => {
    expect(filterShows({ status: '', endpointId: '' }, succeeded)).toBe(true);
    expect(filterShows({ status: 'SUCCEEDED', endpointId: 'whe_a' }, succeeded)).toBe(true);
    expect(filterShows({ status: 'HELD', endpointId: '' }, succeeded)).toBe(false);
    expect(filterShows({ status: '', endpointId: 'whe_b' }, succeeded)).toBe(false);
    expect(filterShows({ status: '', endpointId: '' }, undefined)).toBe(true);
    expect(filterShows({ status: 'FAILED', endpointId: '' }, undefined)).toBe(false);
  });
});

describe('the deliveries filter and the open delivery', () => {
  beforeEach(() => useWebhooksUi.setState({ status: '', endpointFilter: '', selectedDeliveryId: 'whd_1' }));

  it('keeps the open delivery under a filter that shows it, and closes it under one that hides it', () => {
    const ui = useWebhooksUi.getState();
    ui.setStatus('SUCCEEDED', succeeded);
    ui.setEndpointFilter('whe_a', succeeded);
    expect(useWebhooksUi.getState().selectedDeliveryId).toBe('whd_1');
    ui.setStatus('HELD', succeeded);
    expect(useWebhooksUi.getState()).toMatchObject({ status: 'HELD', selectedDeliveryId: null });
  });

  it('closes it when the endpoint filter moves to another endpoint', () => {
    useWebhooksUi.getState().setEndpointFilter('whe_b', succeeded);
    expect(useWebhooksUi.getState()).toMatchObject({ endpointFilter: 'whe_b', selectedDeliveryId: null });
  });
});
