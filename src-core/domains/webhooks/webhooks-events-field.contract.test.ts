// An endpoint's `events` list is bounded before its names are looked up: an unknown name is quoted back in the
// refusal, so one 2 MB name (or 50,000 unknown ones) made an error message as large, on create and on update.
import { describe, expect, it } from 'vitest';
import { EVENT_TYPE_MAX, EVENTS_MAX } from '../../contract/webhooks.ts';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver } = suite;

describe('an endpoint\'s events list', () => {
  it(`refuses a name over ${EVENT_TYPE_MAX} characters by its length, and a list over ${EVENTS_MAX} names, without quoting them back`, async () => {
    const r = await receiver();
    const longName = await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.created', 'x'.repeat(1_000_000)] });
    expect([longName.status, longName.body.message]).toEqual([400, `Invalid body: events.1: must be at most ${EVENT_TYPE_MAX} characters`]);
    const manyNames = await api('POST', '/v1/webhooks', { url: r.url, events: Array.from({ length: 50_000 }, (_, i) => `nope.${i}`) });
    expect([manyNames.status, manyNames.body.message]).toEqual([400, `Invalid body: events: holds at most ${EVENTS_MAX} items`]);
    const created = await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.created'] });
    const updated = await api('PATCH', `/v1/webhooks/${created.body.id}`, { events: ['y'.repeat(5_000)] });
    expect([updated.status, updated.body.message]).toEqual([400, `Invalid body: events.0: must be at most ${EVENT_TYPE_MAX} characters`]);
    expect((await api('GET', `/v1/webhooks/${created.body.id}`)).body.events).toEqual(['contact.created']);
    expect((await api('GET', '/v1/webhooks')).body.meta.total).toBe(1);
    // Within the bounds, an unknown name is still named, and a full list of known names (repeats kept once) is taken.
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: ['nope.event'] })).body.message)
      .toBe('Invalid body: events.0: unknown event type "nope.event": GET /v1/webhooks/events lists them all, or subscribe to "*"');
    const full = await api('POST', '/v1/webhooks', { url: r.url, events: Array.from({ length: EVENTS_MAX }, () => 'contact.updated') });
    expect([full.status, full.body.events]).toEqual([201, ['contact.updated']]);
  });
});
