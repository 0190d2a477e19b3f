// The webhook inspector beyond the happy path, on a server with --allow-private-webhooks: an ftp URL gets no
// hint about that flag; a test to a disabled endpoint is said to be held, and opening it from the card sets
// the list's filters so they show it; the open delivery follows a hold it got no attempt of its own for (the
// endpoint disabled itself after 15 failed attempts in a row elsewhere); at 1024 px each row still names its
// endpoint; a receiver's 410, which deletes its endpoint, is said (once, when the core's list of such endpoints
// names it too), closes that endpoint's secret and rules out Replay; the log marks its deliveries' endpoint
// removed, and a deleted one's deleted. Two endpoints, each on its own receiver on
// 127.0.0.1, created through the console API.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import { sendTest, sendTestAndOpen } from '../fixtures/webhooks.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';
import { DEMO_CRM_URL } from '../../src-core/sim/demo/webhooks.ts';

let session: ConsoleSession;
let server: E2eServer;
let page: Page;
let receiverA: WebhookReceiver;
let receiverB: WebhookReceiver;
let endpointA = '';
let endpointB = '';

const detail = () => page.getByTestId('delivery-detail');
const card = (receiver: WebhookReceiver) => page.locator(`[data-testid="endpoint-card"][data-url="${receiver.url}"]`);
type Delivery = { id: string; status: string; attempts: number };
const deliveryOf = async (id: string) => (await server.dashboard<Delivery>('GET', `/dashboard/webhooks/deliveries/${id}`)).body;

beforeAll(async () => {
  [receiverA, receiverB] = await Promise.all([startWebhookReceiver({ path: '/hooks/a' }), startWebhookReceiver({ path: '/hooks/b' })]);
  session = await openConsole({ allowPrivateWebhooks: true, width: 1440, height: 900 });
  ({ server, page } = session);
  // Subscribed to an event this build never fires: the demo's own activity adds no deliveries, only the tests do.
  const created = await Promise.all([receiverA, receiverB].map((r) => server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: r.url, events: ['form.submitted'] })));
  [endpointA, endpointB] = created.map((c) => c.body.id) as [string, string];
  await page.getByTestId('nav-webhooks').click();
  await card(receiverB).waitFor();
});
afterAll(async () => {
  await session?.stop();
  await Promise.all([receiverA?.close(), receiverB?.close()]);
});

describe('webhook inspector: side effects', () => {
  it('on a server with --allow-private-webhooks, an ftp URL is refused as neither http nor https, with no hint to start it with that flag', async () => {
    await page.getByTestId('new-endpoint').click();
    // The form takes the keyboard focus in its first field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('endpoint-url');
    await page.getByTestId('events-all').check();
    await page.getByTestId('endpoint-url').fill('ftp://example.com/x');
    await page.getByTestId('create-endpoint').click();
    const error = page.getByTestId('create-endpoint-form').getByTestId('error-state');
    await error.filter({ hasText: 'Invalid url: url must use http or https' }).waitFor();
    expect(await page.getByTestId('private-webhooks-hint').count()).toBe(0);
    await page.getByTestId('create-endpoint-form').getByRole('button', { name: 'Cancel' }).click();
  });

  it("a test to a disabled endpoint says it is held; opened from its card, the list's filters no longer hide it", async () => {
    // The list shows only endpoint A's succeeded deliveries.
    await page.getByTestId('tab-deliveries').click();
    await page.getByTestId('endpoint-filter').selectOption(endpointA);
    await page.getByTestId('status-filter-SUCCEEDED').click();
    await page.locator('[data-testid="deliveries-table"][data-ready="true"][data-total="0"]').waitFor();
    await page.getByTestId('tab-endpoints').click();

    const b = card(receiverB);
    await b.getByTestId('toggle-endpoint').click();
    await b.locator('[data-testid="endpoint-state"]').filter({ hasText: 'Disabled' }).waitFor();
    const { sent } = await sendTest(b);
    expect(await sent.textContent()).toContain('Held until you enable the endpoint');
    expect(await sent.textContent()).not.toContain('Queued');
    await b.getByTestId('open-test-delivery').click();
    await page.locator('[data-testid="delivery-detail"][data-status="HELD"]').waitFor();
    const heldId = (await detail().getAttribute('data-delivery-id')) ?? '';
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${heldId}"]`).waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('endpoint-filter').inputValue()).toBe(endpointB);
    expect(await page.getByTestId('status-filter-all').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('deliveries-count').filter({ hasText: /^1 delivery · newest first$/ }).waitFor();
    // No attempt yet: a neutral dash, not the red of a failure.
    const pill = page.locator(`[data-testid="delivery-row"][data-delivery-id="${heldId}"] .wh-code`);
    expect(await pill.textContent()).toBe('—');
    const colours = await pill.evaluate((element) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--danger)';
      const danger = getComputedStyle(probe).color;
      probe.remove();
      return { pill: getComputedStyle(element).color, danger };
    });
    expect(colours.pill).not.toBe(colours.danger);

    await page.getByTestId('tab-endpoints').click();
    await b.getByTestId('toggle-endpoint').click();
    await b.locator('[data-testid="endpoint-state"]').filter({ hasText: 'Enabled' }).waitFor();
    await expect.poll(async () => (await deliveryOf(heldId)).status).toBe('SUCCEEDED');
    await page.getByTestId('tab-deliveries').click();
    await page.getByTestId('close-delivery').click();
  });

  it('the open delivery turns Held, without reopening it, when failures of other deliveries disable its endpoint', async () => {
    receiverA.status = 500;
    await page.getByTestId('tab-endpoints').click();
    await sendTestAndOpen(card(receiverA));
    await page.locator('[data-testid="delivery-detail"][data-status="FAILED"]').waitFor();
    const openId = (await detail().getAttribute('data-delivery-id')) ?? '';

    // 14 more failed attempts (tests sent by the API) make 15 in a row: the endpoint disables itself and
    // holds its waiting deliveries, the open one among them, whose own retry is still 10 s away.
    const tests = await Promise.all(Array.from({ length: 14 }, () => server.dashboard('POST', `/dashboard/webhooks/${endpointA}/test`, {})));
    expect(tests.every((t) => t.status === 202)).toBe(true);
    await expect.poll(async () => (await server.dashboard<{ isActive: boolean }>('GET', `/dashboard/webhooks/${endpointA}`)).body.isActive, { timeout: 10_000 }).toBe(false);
    expect(await deliveryOf(openId)).toMatchObject({ status: 'HELD', attempts: 1 });

    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${openId}"][data-status="HELD"]`).waitFor({ timeout: 5_000 });
    await detail().getByTestId('held').waitFor();
    expect(await detail().getByTestId('next-retry').count()).toBe(0);
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${openId}"][data-status="HELD"]`).waitFor();
    expect(await detail().getByTestId('held-reason').textContent()).toContain('disabled after 15 failed delivery attempts in a row');
    await screenshot(page, 'webhooks-auto-disabled-detail');

    receiverA.status = 200;
    await page.getByTestId('tab-endpoints').click();
    expect(await card(receiverA).getByTestId('endpoint-disabled-note').textContent())
      .toBe('Disabled after 15 failed delivery attempts in a row. Its deliveries are held, with no attempt used up, until you enable it again.');
    await card(receiverA).getByTestId('toggle-endpoint').click();
    await card(receiverA).locator('[data-testid="endpoint-state"]').filter({ hasText: 'Enabled' }).waitFor();
    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${openId}"][data-status="SUCCEEDED"][data-attempts="2"]`).waitFor();
    expect(await detail().locator('.wh-summary').textContent()).toContain('AttemptsSucceeded on attempt 2 of 7');

    // A filter that still shows the open delivery keeps it open; one that hides it (status or endpoint) closes it.
    await page.getByTestId('status-filter-SUCCEEDED').click();
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${openId}"]`).waitFor();
    expect(await detail().getAttribute('data-delivery-id')).toBe(openId);
    await page.getByTestId('status-filter-HELD').click();
    await detail().waitFor({ state: 'detached' });
    await page.getByTestId('status-filter-all').click();
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${openId}"]`).click();
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${openId}"][data-status="SUCCEEDED"]`).waitFor();
    expect(await page.getByTestId('endpoint-filter').inputValue()).toBe(endpointA);
    await page.getByTestId('endpoint-filter').selectOption('');
    expect(await detail().getAttribute('data-delivery-id')).toBe(openId);
    await page.getByTestId('endpoint-filter').selectOption(endpointB);
    await detail().waitFor({ state: 'detached' });
  });

  it('at 1024 px, with the delivery panel open or not, each row names its endpoint in full', async () => {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByTestId('tab-deliveries').click();
    await page.getByTestId('endpoint-filter').selectOption('');
    for (const id of [endpointA, endpointB]) expect((await server.dashboard('POST', `/dashboard/webhooks/${id}/test`, {})).status).toBe(202);
    const rowOf = (endpointId: string) => page.locator(`[data-testid="delivery-row"][data-endpoint-id="${endpointId}"]`).first();
    await rowOf(endpointB).waitFor();
    await rowOf(endpointA).click();
    await detail().waitFor();
    for (const panel of ['open', 'closed']) {
      await screenshot(page, `webhooks-deliveries-1024-panel-${panel}`);
      const shown = [];
      for (const [endpointId, receiver] of [[endpointA, receiverA], [endpointB, receiverB]] as const) {
        const label = rowOf(endpointId).locator('[data-testid="row-endpoint"]:visible');
        expect(await label.count()).toBe(1);
        // Not cut off: the whole label fits in its cell.
        expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().right <= (element.closest('[data-testid="deliveries-table"]')?.getBoundingClientRect().right ?? 0))).toBe(true);
        expect(receiver.url).toContain((await label.textContent()) ?? '-');
        shown.push(await label.textContent());
      }
      expect(new Set(shown).size).toBe(2);
      if (panel === 'open') await page.getByTestId('close-delivery').click();
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('a receiver answering 410 removes its endpoint with a notice naming it, closes its secret, and its delivery says why Replay cannot work', async () => {
    await page.getByTestId('tab-endpoints').click();
    await card(receiverA).getByTestId('rotate-secret').click();
    await card(receiverA).getByTestId('confirm-rotate').click();
    expect(await page.getByTestId('secret-once').textContent()).toContain(receiverA.url);

    receiverA.status = 410;
    await card(receiverA).getByTestId('send-test').click();
    const notice = page.locator(`[data-testid="endpoint-gone-notice"][data-endpoint-id="${endpointA}"]`);
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.textContent()).toContain(receiverA.url);
    expect(await notice.textContent()).toContain('410 Gone');
    await card(receiverA).waitFor({ state: 'detached' });
    expect(await page.getByTestId('secret-once').count()).toBe(0);
    expect(await card(receiverB).count()).toBe(1);
    await screenshot(page, 'webhooks-endpoint-gone');

    await notice.getByTestId('open-gone-delivery').click();
    await page.locator('[data-testid="delivery-detail"][data-status="EXHAUSTED"]').waitFor();
    expect(await detail().getByTestId('exhausted').textContent()).toContain('The receiver answered 410 Gone, so the endpoint was deleted');
    expect(await detail().getByTestId('replay').isDisabled()).toBe(true);
    expect(await detail().getByTestId('replay-unavailable').textContent()).toContain('410 Gone');
    // Named by the URL the console listed it by, not by its id, marked removed (by its receiver), in the panel and in its row.
    expect(await detail().locator('.wh-summary').textContent()).toContain(`${receiverA.url} (removed)`);
    const goneId = (await detail().getAttribute('data-delivery-id')) ?? '';
    const goneLabel = page.locator(`[data-testid="delivery-row"][data-delivery-id="${goneId}"] [data-testid="row-endpoint"]:visible`);
    await goneLabel.filter({ hasText: '(removed)' }).waitFor();
    const labelText = (await goneLabel.textContent()) ?? '';
    expect(labelText).not.toContain(endpointA);
    expect(receiverA.url).toContain(labelText.replace(/ \(removed\)$/, ''));
    await screenshot(page, 'webhooks-detail-gone');
    // Opened again, the inspector reads the core's list of endpoints a 410 removed, which names this one too: one notice still.
    await page.getByTestId('nav-requests').click();
    await page.getByTestId('webhooks-page').waitFor({ state: 'detached' });
    await page.getByTestId('nav-webhooks').click();
    await page.locator('[data-testid="endpoint-gone-list"][data-ready="true"]').waitFor();
    expect(await page.getByTestId('endpoint-gone-notice').count()).toBe(1);
    await notice.getByTestId('dismiss-gone').click();
    await notice.waitFor({ state: 'detached' });

    // Deleting an endpoint in the console closes its secret too.
    await page.getByTestId('tab-endpoints').click();
    await card(receiverB).getByTestId('rotate-secret').click();
    await card(receiverB).getByTestId('confirm-rotate').click();
    await page.getByTestId('secret-once').waitFor();
    await card(receiverB).getByTestId('delete-endpoint').click();
    await card(receiverB).getByTestId('confirm-delete').click();
    await card(receiverB).waitFor({ state: 'detached' });
    // Both of this spec's endpoints are gone from the list: only the demo CRM's is left.
    expect(await page.getByTestId('endpoint-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-url')))).toEqual([DEMO_CRM_URL]);
    expect(await page.getByTestId('secret-once').count()).toBe(0);
    // In the log, the deleted endpoint is marked deleted; the one its receiver's 410 removed, removed (its notice dismissed).
    await page.getByTestId('tab-deliveries').click();
    const rowEndpoint = (endpointId: string) => page.locator(`[data-testid="delivery-row"][data-endpoint-id="${endpointId}"] [data-testid="row-endpoint"]:visible`).first();
    await rowEndpoint(endpointB).filter({ hasText: '(deleted)' }).waitFor();
    await rowEndpoint(endpointA).filter({ hasText: '(removed)' }).waitFor();
  });
});
