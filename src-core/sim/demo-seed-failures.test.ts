// The demo's morning is a real one, not a perfect one: a few of its customers' phones are INTERFACES' simulated handsets
// (DEMO_SIMULATED_PHONES), so the festive campaign fails for two VIPs, by reason, the Overview's WhatsApp delivery rate is
// below 100%, the order agent's busy and unanswered calls name their customers, and one order card goes out as its SMS
// fallback. Nothing is faked: each failure is the simulated world's own answer to a send or a call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentCallListItem, ConsoleAgentCallFields, HandsetMessage, Overview } from '../contract/index.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';
import { MAGIC } from './fixtures.ts';

describe.each([
  { mode: 'now (manual clock)', clock: undefined },
  { mode: 'a story on real time', clock: { kind: 'real' as const } },
])('demo seed, $mode: a real morning', ({ clock }) => {
  let t: TestServer;
  let campaignId: string;
  beforeAll(async () => {
    t = await createTestServer({ seed: 'demo', ...(clock ? { clock } : {}) });
    // On the manual clock everything was sent now: its receipts and calls run their course as the clock moves.
    if (!clock) await t.advance(200);
    campaignId = (await t.dashboard('GET', '/dashboard/whatsapp/campaigns')).body.data[0].id as string;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the Overview\'s WhatsApp and overall delivery rates are below 100%: two of the campaign\'s messages failed', async () => {
    const { messages } = (await t.dashboard('GET', '/dashboard/overview')).body as Overview;
    const { whatsapp } = messages.byChannel;
    expect(whatsapp.failed).toBe(2);
    expect(whatsapp.delivered).toBe(whatsapp.sent - 2);
    expect(whatsapp.deliveryRate).toBeLessThan(1);
    expect(whatsapp.deliveryRate).toBeGreaterThan(0.8);
    expect(messages.total.deliveryRate).toBeLessThan(1);
  });

  it('the festive campaign\'s results break its two failures down by reason, naming the VIPs it could not reach', async () => {
    const analytics = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${campaignId}/analytics`)).body;
    expect(analytics).toMatchObject({ totalRecipients: 16, sent: 14, failed: 2, deliveryRate: 87.5 });
    expect(analytics.failureReasons).toEqual([
      { code: 'SIM_UNREACHABLE', label: 'Unreachable', count: 1 },
      { code: 'SIM_WHATSAPP_UNAVAILABLE', label: 'No WhatsApp account', count: 1 },
    ]);
    const failures = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${campaignId}/failures`)).body.data as Array<{ address: string; contact: { name: string } | null }>;
    expect(failures.map((f) => [f.address, f.contact?.name]).sort()).toEqual([[MAGIC.allChannelsFail, 'Noah Garcia'], [MAGIC.whatsappFails, 'Omar Costa']]);
    // Each failed message went back to the campaign: it paid for 14 messages in the end.
    const spend = (await t.dashboard('GET', `/dashboard/whatsapp/campaigns/${campaignId}/spend`)).body;
    expect(spend.chargedPaise - spend.refundedPaise).toBe(14 * 80);
  });

  it('names the customers behind the order agent\'s busy and unanswered calls, as it names Alice', async () => {
    const calls = (await t.dashboard('GET', '/dashboard/voice/calls?limit=100')).body.data as Array<AgentCallListItem & ConsoleAgentCallFields>;
    expect(calls.map((call) => [call.calledNumber, call.calledContact?.name, call.status]).sort()).toEqual([
      [MAGIC.voiceNoAnswer, 'Ravi Khan', 'NO_ANSWER'], [MAGIC.voiceBusy, 'Sofia Nair', 'BUSY'], ['+14155550101', 'Alice Johnson', 'COMPLETED'],
    ].sort());
  });

  it('sends Mateo\'s order card as its SMS fallback: his handset has no RCS', async () => {
    const received = (await t.dashboard('GET', `/sim/handsets/${MAGIC.noRcs.slice(1)}/messages`)).body.data as HandsetMessage[];
    expect(received.map((m) => [m.channel, m.text])).toEqual([['sms', 'Hi Mateo, your order #1006 has shipped. Track: exmpl.in/t/1006 - Example Store']]);
    const [conversation] = (await t.dashboard('GET', '/dashboard/conversations?channel=sms&search=Mateo')).body.data as Array<{ customerName: string; address: string }>;
    expect(conversation).toMatchObject({ customerName: 'Mateo Sharma', address: MAGIC.noRcs });
  });

  it('the wallet ledger names the contact each single send was for; the shopper\'s number nobody named stays a number', async () => {
    const lines = ((await t.dashboard('GET', '/dashboard/wallet/ledger?limit=200')).body.data as Array<{ description: string }>).map((l) => l.description);
    expect(lines).toEqual(expect.arrayContaining([
      'WhatsApp message to Alice Johnson (+14155550101)', 'WhatsApp message to Oliver Brown (+447700900123)',
      'SMS message to Grace Lee (+14155550163)', 'RCS message to Priya Reddy (+919810007919)',
      'SMS message to Mateo Sharma (+15005550003)', 'email send to Marco Rossi (marco@example.org)', 'SMS message to +919810004417',
    ]));
  });
});
