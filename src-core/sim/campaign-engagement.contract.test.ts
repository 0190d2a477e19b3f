// The simulated customers engage only with campaign messages the platform records as having reached them. A dispatch that
// gave up after the provider had its first slice (recording the provider's `sent` fails, injected by a trigger) fails and
// refunds those messages (DISPATCH_FAILED): their customers, due to click, reply and convert, do none of it, so the
// campaign's analytics never show clicks or replies beside `sent: 0`, and no reply lands in the inbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SLICE, RECIPIENTS, failingDispatchServer, launchFailing, type FailingDispatch } from '../testing/failing-dispatch.ts';
import { campaignFate } from './fixtures.ts';

const PREFIX = '91981660';

let f: FailingDispatch;

beforeAll(async () => {
  f = await failingDispatchServer('sim-campaign-engagement');
});
afterAll(() => f.close());

describe('simulated customers and a campaign message the platform failed', () => {
  it('do not click, reply to or convert on a message recorded failed and refunded, though the provider had it', async () => {
    const { t, key } = f;
    const { id } = await launchFailing(f, 'festive_sale', PREFIX);
    // The first slice's customers are due to do all three (by the fixed rule; replies by this campaign's draw, which for
    // these numbers, never more than 25 buckets apart, always has someone), had their messages been sent.
    const kinds = Array.from({ length: FIRST_SLICE }, (_, i) => campaignFate(`+${PREFIX}${String(i).padStart(4, '0')}`, id).map((e) => e.kind)).flat();
    expect(new Set(kinds)).toEqual(new Set(['clicked', 'replied', 'converted']));
    // The dispatch gives up at 30 s; the customers' clicks fall due at 30 s, replies at 60 s, conversions at 5 min.
    await t.advance(400);
    expect(f.one(`SELECT COUNT(*) FROM sim_handset_messages`)).toBe(FIRST_SLICE);
    expect(f.one(`SELECT COUNT(*) FROM messages WHERE source = 'CAMPAIGN' AND status = 'failed' AND error_code = 'DISPATCH_FAILED'`)).toBe(FIRST_SLICE);
    expect(f.one(`SELECT COUNT(*) FROM jobs WHERE type = 'sim.campaign.engagement'`)).toBe(0);

    const analytics = (await t.request('GET', `/v1/whatsapp/campaigns/${id}/analytics`, { token: key })).body;
    expect(analytics).toMatchObject({ sent: 0, failed: RECIPIENTS, clicked: 0, replied: 0, converted: 0, clickRate: 0 });
    expect(f.one(`SELECT COUNT(*) FROM messages WHERE direction = 'inbound'`)).toBe(0);
    expect(t.server.services.campaigns.audit(t.organizationId, id).consistent).toBe(true);
  });
});
