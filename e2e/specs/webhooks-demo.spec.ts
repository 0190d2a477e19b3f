// The webhook inspector as a presenter opens it on the demo seed (Debian's Chromium): the demo CRM's endpoint is there,
// healthy, with the story's deliveries in the log, and the agent's calls' deliveries show the attempts that failed
// while the CRM was down and the retry that got through.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { DEMO_CRM_URL } from '../../src-core/sim/demo/webhooks.ts';
import type { ListEnvelope, WebhookDelivery } from '../../src-core/contract/index.ts';

let page: Page;

const session = consoleForFile({ width: 1440, height: 1000 }, (opened) => {
  page = opened.page;
});

describe('the demo seed\'s webhook inspector', () => {
  it('lists the demo CRM\'s endpoint, healthy after its failures, and its deliveries, each delivered', async () => {
    const { server } = session();
    const log = (await server.dashboard<ListEnvelope<WebhookDelivery>>('GET', '/dashboard/webhook-deliveries?limit=500')).body;
    expect(log.meta.total).toBeGreaterThan(10);
    expect(new Set(log.data.map((delivery) => delivery.status))).toEqual(new Set(['SUCCEEDED']));

    await page.getByTestId('nav-webhooks').click();
    const card = page.locator(`[data-testid="endpoint-card"][data-url="${DEMO_CRM_URL}"]`);
    await card.locator('[data-testid="endpoint-health"][data-health="healthy"]').waitFor();
    expect(await page.getByTestId('endpoint-card').count()).toBe(1);
    await screenshot(page, 'webhooks-demo-endpoints');
    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="deliveries-table"][data-ready="true"][data-total="${log.meta.total}"]`).waitFor();
  });

  it('opens a call\'s delivery on its attempts: HTTP 503 while the CRM was down, then the retry that got a 200', async () => {
    const calls = page.locator('[data-testid="delivery-row"][data-event-type="voice.call.completed"][data-status="SUCCEEDED"]');
    await calls.first().click();
    const detail = page.locator('[data-testid="delivery-detail"][data-status="SUCCEEDED"]');
    await detail.locator('[data-testid="attempt"][data-attempt="1"][data-response-status="503"]').waitFor();
    const statuses = await detail.getByTestId('attempt').evaluateAll((attempts) => attempts.map((a) => a.getAttribute('data-response-status')));
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses).toEqual([...Array.from({ length: statuses.length - 1 }, () => '503'), '200']);
    // Which attempt got through, not a bare "4 of 7"; the simulated CRM answers at once: "< 0.1 ms", not "0.0 ms".
    expect(await detail.locator('.wh-summary').textContent()).toContain(`AttemptsSucceeded on attempt ${statuses.length} of 7`);
    expect(await detail.getByTestId('response-latency').textContent()).toBe('< 0.1 ms');
    await screenshot(page, 'webhooks-demo-retried-delivery');
  });
});
