// The webhook endpoints as a presenter found them wanting: a card stayed green while its deliveries failed, one
// double click on Create sent two requests, the test's event menu listed the events in another order than the endpoint
// form, and switching tabs lost what a card showed. Against a real receiver on 127.0.0.1.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';
import { sendTest } from '../fixtures/webhooks.ts';

let session: ReceiverSession;
let page: Page;
let url = '';
const card = () => page.locator(`[data-testid="endpoint-card"][data-url="${url}"]`);
const health = () => card().getByTestId('endpoint-health');

beforeAll(async () => {
  session = await openConsoleWithReceiver();
  page = session.page;
  url = session.receiver.url;
  expect((await session.server.dashboard('POST', '/dashboard/webhooks', { url, events: '*' })).status).toBe(201);
  await page.getByTestId('nav-webhooks').click();
  await page.locator('.wh-endpoint-list[data-ready="true"]').waitFor();
});
afterAll(async () => {
  await session?.stop();
});

describe('webhook endpoint cards', () => {
  it('say, live, when the last delivery failed, test or real, and why, and are healthy again once one gets through', async () => {
    const { receiver, server } = session;
    await sendTest(card());
    await card().locator('[data-health="healthy"]').waitFor();
    expect(await health().textContent()).toMatch(/^Healthy· last success/);
    expect(await card().getByTestId('endpoint-state').getAttribute('class')).toContain('ok');

    receiver.status = 500;
    const { deliveryId } = await sendTest(card());
    await card().locator(`[data-testid="test-sent"][data-delivery-id="${deliveryId}"][data-status="FAILED"]`).waitFor();
    // In words, not only by colour; the card's mark and its Enabled badge are no longer green.
    await health().locator('[data-testid="endpoint-last-failure"]').filter({ hasText: /^Last delivery failed · HTTP 500$/ }).waitFor();
    expect(await card().getAttribute('data-health')).toBe('failing');
    expect(await card().getAttribute('class')).toContain('is-failing');
    expect(await card().getByTestId('endpoint-state').getAttribute('class')).not.toContain('ok');
    await page.getByTestId('tab-endpoints').locator('.wh-count.is-bad').filter({ hasText: '1 failing' }).waitFor();
    await screenshot(page, 'webhooks-card-failing');

    // A real event delivered to it (a customer writes in on WhatsApp) makes it healthy again.
    receiver.status = 200;
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550123', text: 'Hello there' })).status).toBe(201);
    await card().locator('[data-health="healthy"]').waitFor();
    expect(await health().getByTestId('endpoint-last-failure').count()).toBe(0);
    expect(await page.getByTestId('tab-endpoints').locator('.wh-count.is-bad').count()).toBe(0);
    expect(receiver.received.some((r) => r.headers['x-service-event-type'] === 'whatsapp.message.received')).toBe(true);
  });

  it('offers the test events in the order the endpoint form lists them', async () => {
    await page.getByTestId('new-endpoint').click();
    await page.getByTestId('events-some').check();
    const formOrder = await page.getByTestId('event-picker').locator('input[data-testid^="event-"]')
      .evaluateAll((boxes) => boxes.map((box) => (box.getAttribute('data-testid') ?? '').slice('event-'.length)));
    await page.getByTestId('create-endpoint-form').getByRole('button', { name: 'Cancel' }).click();
    expect(formOrder.length).toBeGreaterThan(20);
    // Every event is fired (none folded away as not sent yet), so the menu holds them all.
    expect(await card().getByTestId('test-events-later').count()).toBe(0);
    const menuOrder = await card().getByTestId('test-event-type').locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter((value) => value !== ''));
    expect(menuOrder).toEqual(formOrder);
  });

  it('keep what they showed across a switch of tabs: a sent test\'s line, the chosen event, a form being filled in', async () => {
    const { deliveryId } = await sendTest(card());
    await card().getByTestId('test-event-type').selectOption('contact.lifecycle_changed');
    await page.getByTestId('new-endpoint').click();
    await page.getByTestId('endpoint-url').fill('https://example.com/half-typed');

    await page.getByTestId('tab-deliveries').click();
    await page.getByTestId('deliveries-table').waitFor();
    expect(await page.getByTestId('endpoints').isVisible()).toBe(false);
    await page.getByTestId('tab-endpoints').click();

    expect(await card().getByTestId('test-sent').getAttribute('data-delivery-id')).toBe(deliveryId);
    expect(await card().getByTestId('test-event-type').inputValue()).toBe('contact.lifecycle_changed');
    expect(await page.getByTestId('endpoint-url').inputValue()).toBe('https://example.com/half-typed');
    // One tab panel at a time, labelled by its tab.
    expect(await page.locator('[role="tabpanel"]').count()).toBe(1);
    expect(await page.locator('[role="tabpanel"]').getAttribute('aria-labelledby')).toBe('webhooks-tab-endpoints');
    await page.getByTestId('create-endpoint-form').getByRole('button', { name: 'Cancel' }).click();
  });

  it('send one request for one submit of the create form, a double click or Enter then a click included', async () => {
    const posts: string[] = [];
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/dashboard/webhooks') posts.push(request.url());
    };
    page.on('request', count);
    // The create is answered only when the test says so: every press lands while the first request is pending.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    await page.route('**/dashboard/webhooks', async (route) => {
      if (route.request().method() === 'POST') await answered;
      await route.continue();
    });
    await page.getByTestId('new-endpoint').click();
    // Refused by the server, with or without --allow-private-webhooks.
    await page.getByTestId('endpoint-url').fill('ftp://example.com/hooks');
    await page.getByTestId('create-endpoint').dblclick();
    await page.getByTestId('endpoint-url').press('Enter');
    await page.getByTestId('create-endpoint').click({ force: true }).catch(() => undefined);
    answer();
    await page.getByTestId('create-endpoint-form').getByText('must use http or https').waitFor();
    expect(posts).toHaveLength(1);

    // Once answered, the next press is a new request again (and only one).
    posts.length = 0;
    await page.getByTestId('endpoint-url').fill('ftp://example.com/other');
    await page.getByTestId('endpoint-url').press('Enter');
    await page.getByTestId('create-endpoint-form').getByText('must use http or https').waitFor();
    expect(posts).toHaveLength(1);
    page.off('request', count);
    await page.unroute('**/dashboard/webhooks');
    await page.getByTestId('create-endpoint-form').getByRole('button', { name: 'Cancel' }).click();
  });

  it("send one test for a double click on a card's Send test", async () => {
    const tests: string[] = [];
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/test')) tests.push(request.url());
    };
    page.on('request', count);
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    await page.route('**/dashboard/webhooks/*/test', async (route) => {
      await answered;
      await route.continue();
    });
    const before = await card().getByTestId('test-sent').getAttribute('data-delivery-id');
    await card().getByTestId('send-test').dblclick();
    answer();
    await card().locator(`[data-testid="test-sent"]:not([data-delivery-id="${before}"])`).waitFor();
    expect(tests).toHaveLength(1);
    page.off('request', count);
    await page.unroute('**/dashboard/webhooks/*/test');
  });
});
