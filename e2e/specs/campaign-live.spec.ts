// The Campaigns page follows the live stream (`campaigns:changed`) and polls nothing: a campaign made and launched
// elsewhere appears in the open list and moves there, and its detail, open while the virtual clock advances, shows its
// receipts, clicks, replies and conversions as they land (each "none yet" with when, not 0%, until it is due); each read of its analytics after the first follows a
// `campaigns:changed` naming it, seen on the console's own socket, and the page's timers read nothing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bucketOf, repliesTo } from '../../src-core/sim/fixtures.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
/** What the console heard on its socket and what it read, in order: its `campaigns:changed` frames and its analytics reads. */
const seen: Array<{ kind: 'changed'; ids: string[] } | { kind: 'read'; path: string }> = [];

const NAME = 'Live engagement';
const SHIPPED = 'Hi Asha, your order #2001 has shipped. Track: exmpl.in/t/2001 - Example Store';

consoleForFile({
  height: 1000, reducedMotion: true,
  beforeOpen: async (opening) => {
    // The page's timers on a clock the test can jump (it runs on with real time meanwhile): see the last check.
    await opening.clock.install();
    opening.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      const at = text.indexOf('[');
      if (!text.startsWith('42') || at < 0) return;
      const [name, data] = JSON.parse(text.slice(at)) as [string, { campaignIds?: string[] }];
      if (name === 'campaigns:changed') seen.push({ kind: 'changed', ids: data.campaignIds ?? [] });
    }));
    opening.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/dashboard\/sms\/campaigns\/[^/]+\/analytics$/.test(path)) seen.push({ kind: 'read', path });
    });
  },
}, (opened) => {
  ({ server, page } = opened);
});

/** Numbers whose simulated customers click and convert (buckets 0-14), with one that replies to this campaign. */
function audience(): string[] {
  const converting: string[] = [];
  let replying: string | null = null;
  for (let i = 0; converting.length < 3 || !replying; i++) {
    const phone = `9198300${String(i).padStart(5, '0')}`;
    if (bucketOf(phone) < 15 && converting.length < 3) converting.push(phone);
    else if (!replying && repliesTo(phone, NAME)) replying = phone;
  }
  return [...converting, replying];
}

const advance = async (seconds: number) => expect((await server.dashboard('POST', '/sim/clock/advance', { seconds })).status).toBe(200);
const funnel = (stage: string, value: number) => page.locator(`[data-testid="funnel-${stage}"][data-value="${value}"]`).waitFor();
/** Whether each engagement row still says "none yet" (its time to come not passed); `noneYet`: the words it says then. */
const pending = () => Promise.all(['clicked', 'replied', 'converted'].map((stage) => page.getByTestId(`funnel-${stage}`).getAttribute('data-pending')));
const noneYet = (stage: string) => page.getByTestId(`funnel-${stage}`).getByTestId('funnel-pending').textContent();

describe('campaigns on the live stream', () => {
  it('lists a campaign made elsewhere, and its open detail shows receipts, clicks, replies and conversions as the clock moves, unpolled', async () => {
    const phones = audience();
    const clicking = phones.filter((p) => bucketOf(p) < 40).length;
    const replying = phones.filter((p) => repliesTo(p, NAME)).length;
    const converting = phones.filter((p) => bucketOf(p) < 15).length;
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-sms').click();
    // The demo has no SMS campaign: the list is empty until one is made.
    await page.getByTestId('campaign-list').or(page.getByText('No SMS campaigns yet')).waitFor();

    // Made and launched through the API: the list shown says so at once.
    const made = await server.dashboard<{ id: string }>('POST', '/dashboard/sms/campaigns', {
      name: NAME, messageBody: SHIPPED, audienceType: 'manual', audienceCriteria: { phones },
    });
    expect(made.status).toBe(201);
    const id = made.body.id;
    const row = page.locator(`[data-testid="campaign-row"][data-campaign-id="${id}"]`);
    await row.locator('[data-testid="campaign-status"][data-status="DRAFT"]').waitFor();
    expect((await server.dashboard('POST', `/dashboard/sms/campaigns/${id}/launch`)).status).toBe(202);
    await row.locator('[data-testid="campaign-status"][data-status="COMPLETED"]').waitFor();

    await row.click();
    await page.locator(`[data-testid="campaign-detail"][data-status="COMPLETED"]`).waitFor();
    await funnel('sent', phones.length);
    await advance(12);
    await funnel('delivered', phones.length);
    await funnel('read', phones.length);
    // Every message read, none clicked, replied to nor converted yet: "none yet", with when, not a 0% that reads as a failure.
    expect(await pending()).toEqual(['true', 'true', 'true']);
    expect([await noneYet('clicked'), await noneYet('replied'), await noneYet('converted')].map((text) => text?.replace(/\d+/, 'N')))
      .toEqual(['none yet, expected within N s', 'none yet, expected within N s', 'none yet, expected within N min']);
    expect(await page.getByTestId('rate-click-waiting').textContent()).toMatch(/^none yet, expected within \d+ s$/);
    // Clicks at 30 s, replies at 60 s, conversions at 5 minutes: no message event says so.
    await advance(20);
    await funnel('clicked', clicking);
    await page.locator('[data-testid="funnel-clicked"][data-pending="false"]').waitFor();
    expect((await pending()).slice(1)).toEqual(['true', 'true']);
    await advance(30);
    await funnel('replied', replying);
    await page.locator('[data-testid="funnel-replied"][data-pending="false"]').waitFor();
    expect(await noneYet('converted')).toMatch(/^none yet, expected within \d+ min$/);
    await advance(240);
    await funnel('converted', converting);
    await page.locator('[data-testid="funnel-converted"][data-pending="false"]').waitFor();

    // Nothing was read on a timer: after its first read, each read of the campaign's analytics answers a notice naming it.
    const analytics = `/dashboard/sms/campaigns/${id}/analytics`;
    const first = seen.findIndex((e) => e.kind === 'read' && e.path === analytics);
    expect(first).toBeGreaterThanOrEqual(0);
    let owed = 0;
    let reads = 0;
    for (const event of seen.slice(first + 1)) {
      if (event.kind === 'changed' && event.ids.includes(id)) owed++;
      else if (event.kind === 'read' && event.path === analytics) {
        expect(owed, 'a read of the analytics with no campaigns:changed before it').toBeGreaterThan(0);
        owed--;
        reads++;
      }
    }
    // Read again at each step above (receipts, clicks, replies, conversions), at least.
    expect(reads).toBeGreaterThanOrEqual(4);
    // And no timer reads it: the page's clock jumped 10 s (twice the 5 s a completed campaign was polled at) reads nothing.
    // A request sent after the jump is seen after any the jump's timers sent.
    const before = seen.length;
    await page.clock.fastForward(10_000);
    const sentinel = page.waitForRequest((request) => new URL(request.url()).pathname === '/sentinel-after-the-jump');
    await page.evaluate(() => void fetch('/sentinel-after-the-jump').catch(() => undefined));
    await sentinel;
    expect(seen.slice(before)).toEqual([]);
    await page.getByTestId('back-to-list').click();
  });
});
