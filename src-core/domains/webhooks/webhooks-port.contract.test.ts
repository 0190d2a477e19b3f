// A webhook URL on port 0 is refused on create and update (no receiver can listen there: every delivery would fail until
// the endpoint auto-disabled), with or without --allow-private-webhooks; any other port is taken.
import { describe, expect, it } from 'vitest';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const { api, receiver } = webhookSuite();
const refusal = 'Invalid url: url must not use port 0, on which no receiver can listen';

describe('a webhook url', () => {
  it('on port 0 is refused (400), nothing stored; another port is taken', async () => {
    for (const url of ['https://hooks.sim.test:0/x', 'https://203.0.113.7:0/x', 'https://hooks.sim.test:00/x']) {
      const res = await api('POST', '/v1/webhooks', { url, events: '*' });
      expect([res.status, res.body.message], url).toEqual([400, refusal]);
    }
    const r = await receiver();
    const endpoint = (await api('POST', '/v1/webhooks', { url: r.url, events: '*' })).body;
    const patched = await api('PATCH', `/v1/webhooks/${endpoint.id}`, { url: r.url.replace(/:\d+\//, ':0/') });
    expect([patched.status, patched.body.message]).toEqual([400, refusal]);
    expect((await api('GET', `/v1/webhooks/${endpoint.id}`)).body.url).toBe(r.url);
    expect((await api('GET', '/v1/webhooks')).body.meta.total).toBe(1);
    expect((await api('POST', '/v1/webhooks', { url: 'https://hooks.sim.test:8443/x', events: '*' })).status).toBe(201);
  });
});
