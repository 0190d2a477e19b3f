// A receiver answers 410 Gone while no console is open (the delivery sent through the console API): the core
// deletes its endpoint, and the webhook inspector opened later still says so, naming the URL, until dismissed;
// the dismissal holds through a reload. The delivery log names that endpoint by its URL, marked removed (the
// console never listed it: the URL comes from the core's list of endpoints a 410 removed), dismissed or not.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../fixtures/browser.ts';
import { startServer, type E2eServer } from '../fixtures/server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';

let server: E2eServer;
let browser: Browser | undefined;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver({ path: '/hooks/gone' });
  server = await startServer('demo', { allowPrivateWebhooks: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

async function openWebhooks(page: Page): Promise<void> {
  await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
  await page.getByTestId('nav-webhooks').click();
  await page.getByTestId('webhooks-page').waitFor();
}

/** What the delivery's row in the log shows as its endpoint (of its two labels, the one the layout shows), once it is `mark`ed. */
async function rowEndpoint(page: Page, deliveryId: string, mark: string): Promise<string> {
  const label = page.locator(`[data-testid="delivery-row"][data-delivery-id="${deliveryId}"] [data-testid="row-endpoint"]:visible`);
  await label.filter({ hasText: mark }).waitFor();
  return (await label.textContent()) ?? '';
}

describe('webhook inspector: an endpoint a 410 removed while no console was open', () => {
  it('is said when the inspector opens, naming its URL; dismissed, it stays dismissed after a reload', async () => {
    receiver.status = 410;
    // Subscribed to an event this build never fires: the demo's own activity sends it nothing.
    const endpointId = (await server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: receiver.url, events: ['form.submitted'] })).body.id;
    const test = await server.dashboard<{ deliveryId: string }>('POST', `/dashboard/webhooks/${endpointId}/test`, {});
    expect(test.status).toBe(202);
    await expect.poll(async () => (await server.dashboard('GET', `/dashboard/webhooks/${endpointId}`)).status, { timeout: 10_000 }).toBe(404);
    expect(receiver.received).toHaveLength(1);

    browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(server.consoleUrl);
    await openWebhooks(page);
    const notice = page.locator(`[data-testid="endpoint-gone-notice"][data-endpoint-id="${endpointId}"]`);
    await notice.waitFor();
    expect(await notice.textContent()).toContain(receiver.url);
    expect(await notice.textContent()).toContain('410 Gone');
    expect(await page.getByTestId('endpoint-gone-notice').count()).toBe(1);
    await screenshot(page, 'webhooks-endpoint-gone-while-closed');

    // The notice opens the delivery the receiver answered 410 to.
    await notice.getByTestId('open-gone-delivery').click();
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${test.body.deliveryId}"][data-status="EXHAUSTED"]`).waitFor();
    await page.getByTestId('delivery-detail').getByTestId('exhausted').filter({ hasText: 'The receiver answered 410 Gone, so the endpoint was deleted' }).waitFor();
    // Named by its URL, not its id, in the open delivery and in its row of the log.
    expect(await page.getByTestId('delivery-detail').locator('.wh-summary').textContent()).toContain(`${receiver.url} (removed)`);
    const label = await rowEndpoint(page, test.body.deliveryId, '(removed)');
    expect(label).not.toContain(endpointId);
    expect(receiver.url).toContain(label.replace(/ \(removed\)$/, ''));

    await notice.getByTestId('dismiss-gone').click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await openWebhooks(page);
    await page.locator('[data-testid="endpoint-gone-list"][data-ready="true"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('endpoint-gone-notice').count()).toBe(0);
    // Dismissed, it is still named by its URL in the log.
    await page.getByTestId('tab-deliveries').click();
    expect(receiver.url).toContain((await rowEndpoint(page, test.body.deliveryId, '(removed)')).replace(/ \(removed\)$/, ''));
    // The core still lists it: the dismissal is this browser's.
    const listed = await server.dashboard<{ data: Array<{ endpointId: string; url: string }> }>('GET', '/dashboard/webhooks/gone');
    expect(listed.body.data).toEqual([expect.objectContaining({ endpointId, url: receiver.url })]);
  });
});
