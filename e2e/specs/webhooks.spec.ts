// The webhook inspector against a real receiver on 127.0.0.1: create an endpoint (secret shown once),
// send tests, watch deliveries land live, check the signature in the browser, watch a failed delivery
// retry on the virtual clock, replay it, scroll a log too long to render whole, and hold a retrying
// delivery while its endpoint is disabled.
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, screenshot } from '../fixtures/browser.ts';
import { startWebhookReceiver, type Received, type WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import { sendTest, sendTestAndOpen } from '../fixtures/webhooks.ts';
import type { E2eServer } from '../fixtures/server.ts';

/** As a receiver checks it (seed 001): the HMAC, and `t` within 300 s of its own clock. */
const verify = (received: Received, secret: string): boolean => {
  const header = String(received.headers['x-service-signature']);
  const t = /t=(\d+)/.exec(header)?.[1];
  const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1];
  return v1 === createHmac('sha256', secret).update(`${t}.${received.body}`).digest('hex') && Math.abs(Date.now() / 1000 - Number(t)) <= 300;
};

let session: ConsoleSession;
let server: E2eServer;
let receiver: WebhookReceiver;
let page: Page;
let secret = '';
let failedDeliveryId = '';
let firstDeliveryId = '';

const detail = () => page.getByTestId('delivery-detail');

beforeAll(async () => {
  receiver = await startWebhookReceiver({ path: '/hooks/switchboard', body: (status) => (status === 200 ? 'ok' : 'receiver is down') });
  // No seed: the inspector starts empty (the demo has its CRM's endpoint and deliveries), so the spec meets the empty
  // page, its one endpoint is the only card, and the oldest row of the log is its first delivery.
  session = await openConsole({ seed: 'none', allowPrivateWebhooks: true, width: 1440, height: 900, permissions: ['clipboard-read', 'clipboard-write'] });
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.stop();
  await receiver?.close();
});

describe('webhook inspector', () => {
  it('creates an endpoint with the event picker and shows its secret once, with a copy button', async () => {
    // Virtual time hours ahead of real time (before any endpoint listens): signatures still carry real time.
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 2 * 3600 })).status).toBe(200);
    await page.getByTestId('nav-webhooks').click();
    await page.getByText('No webhook endpoints yet').waitFor();
    // The count says the organization's limit, not a page of a list ("0 of 50 endpoints").
    expect(await page.getByTestId('endpoint-count').textContent()).toBe('0 endpoints (at most 50)');
    // One schedule, the hosted service's, in words a customer reads (it once said "the contract's schedule"), timed on
    // the virtual clock (it once said "the real schedule" and then "the virtual clock").
    expect(await page.locator('.wh-page .subtitle').textContent()).toBe(
      'Signed event deliveries to your endpoints; a failed one is tried again 10 s, 1 min, 5 min, 30 min, 2 h and 6 h after the one before, '
      + 'as the hosted service does, timed on the virtual clock; signatures carry real time, as receivers check them.',
    );
    // It promises what this build emits, read from the catalogue: contacts, forms, calls, orders and messages.
    const empty = page.locator('.state.empty').filter({ hasText: 'No webhook endpoints yet' });
    await expect.poll(() => empty.textContent()).toContain('signed events as they happen: contacts, forms, calls, orders and messages on WhatsApp, SMS, RCS, Email and Instagram.');
    await page.getByTestId('new-endpoint').click();
    await page.getByTestId('endpoint-url').fill(receiver.url);
    await page.getByTestId('endpoint-description').fill('Local receiver');
    // A new endpoint hears every event (`*`, as the contract allows) unless narrowed.
    expect(await page.getByTestId('events-all').isChecked()).toBe(true);
    expect(await page.getByTestId('create-endpoint').isEnabled()).toBe(true);
    await page.getByTestId('events-some').check();
    // Every event of the catalogue is fired (lifecycle stages and forms came): none is folded away as not sent yet, and
    // theirs are offered as the others are.
    const catalogue = (await server.dashboard<{ data: Array<{ type: string; emitted: boolean }> }>('GET', '/dashboard/webhooks/events')).body.data;
    expect(catalogue.filter((event) => !event.emitted).map((event) => event.type)).toEqual([]);
    expect(await page.getByTestId('events-not-emitted').count()).toBe(0);
    for (const type of ['contact.created', 'contact.lifecycle_changed', 'form.submitted']) {
      expect(await page.getByTestId(`event-${type}`).getAttribute('data-emitted'), type).toBe('true');
    }
    await page.getByTestId('event-contact.created').check();
    await page.getByTestId('event-whatsapp.message.received').check();
    await screenshot(page, 'webhooks-create');
    await page.getByTestId('create-endpoint').click();
    secret = (await page.getByTestId('endpoint-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByTestId('copy-secret').click();
    await page.getByTestId('copy-secret').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const card = page.locator(`[data-testid="endpoint-card"][data-url="${receiver.url}"]`);
    await card.waitFor();
    expect(await card.getByTestId('endpoint-state').textContent()).toBe('Enabled');
    expect(await page.getByTestId('endpoint-count').textContent()).toBe('1 endpoint (at most 50)');
    // Nothing tried yet is not "Healthy".
    expect(await card.getByTestId('endpoint-health').textContent()).toBe('No deliveries yet');
    await screenshot(page, 'webhooks-endpoints');
  });

  it('sends a test that lands live as succeeded, with payload, headers and a valid signature', async () => {
    const card = page.getByTestId('endpoint-card');
    // Every event is offered as a test, lifecycle stages' and forms' too: none is folded away as not sent yet.
    const options = () => card.getByTestId('test-event-type').locator('option').evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value));
    expect(await options()).toEqual(expect.arrayContaining(['contact.lifecycle_changed', 'form.submitted']));
    expect(await card.getByTestId('test-events-later').count()).toBe(0);
    await card.getByTestId('test-event-type').selectOption('contact.created');
    await card.getByTestId('send-test').click();
    await card.getByTestId('test-sent').waitFor();
    // The card's line follows the delivery live: Delivered once it succeeded, no longer "Queued".
    const delivered = card.locator('[data-testid="test-sent"][data-status="SUCCEEDED"]');
    await delivered.waitFor();
    expect(await delivered.textContent()).toMatch(/^Delivered contact\.created · View delivery/);
    await card.getByTestId('endpoint-health').filter({ hasText: /^Healthy· last success (?!never)/ }).waitFor();
    await page.getByTestId('tab-deliveries').click();
    const row = page.locator('[data-testid="delivery-row"][data-event-type="contact.created"][data-status="SUCCEEDED"]');
    await row.waitFor();
    expect(receiver.received).toHaveLength(1);
    const received = receiver.received[0] as Received;
    expect(verify(received, secret)).toBe(true);
    await screenshot(page, 'webhooks-deliveries');

    firstDeliveryId = (await row.getAttribute('data-delivery-id')) ?? '';
    await row.click();
    await page.locator('[data-testid="delivery-detail"][data-status="SUCCEEDED"]').waitFor();
    expect(await detail().getByTestId('payload').textContent()).toContain('"type": "contact.created"');
    expect(await detail().getByTestId('payload').textContent()).toContain('Alice Johnson');
    const headers = (await detail().getByTestId('request-headers').textContent()) ?? '';
    expect(headers).toContain(String(received.headers['x-service-signature']));
    expect(headers).toContain(String(received.headers['x-service-event-id']));
    expect(await detail().getByTestId('response-body').textContent()).toBe('ok');
    const verdict = detail().getByTestId('signature-result');
    await page.locator('[data-testid="signature-result"][data-valid="true"]').waitFor();
    expect(await verdict.textContent()).toContain('Valid for the current secret');
    expect(await detail().getByTestId('signature-age').getAttribute('data-stale')).toBe('false');
    await screenshot(page, 'webhooks-detail');
    await detail().screenshot({ path: join(ARTIFACTS, 'webhooks-detail-panel.png') });

    await detail().getByTestId('signature-secret').fill('whsec_not_the_secret');
    await page.locator('[data-testid="signature-result"][data-valid="false"]').waitFor();
    expect(await verdict.textContent()).toContain('Not valid for the current secret');
    await detail().getByTestId('signature-secret').fill('');
    await page.locator('[data-testid="signature-result"][data-valid="true"]').waitFor();
  });

  it('a failing receiver gives a failed attempt, a next retry, and a second attempt once the clock passes it', async () => {
    receiver.status = 500;
    await page.getByTestId('tab-endpoints').click();
    await page.getByTestId('test-event-type').selectOption('');
    await sendTestAndOpen(page.getByTestId('endpoint-card'));
    // The server's clock runs with real time: on a loaded machine the retry due 10 s after the first attempt may run
    // before anything here is read. So what is asserted is the first attempt itself, and readings made in one go,
    // whichever attempts came since; no assertion depends on how fast the machine is.
    const firstAttempt = detail().locator('[data-testid="attempt"][data-attempt="1"][data-response-status="500"]');
    await firstAttempt.waitFor();
    await page.locator('[data-testid="delivery-detail"][data-status="FAILED"]').waitFor();
    failedDeliveryId = (await detail().getAttribute('data-delivery-id')) ?? '';
    expect(failedDeliveryId).toMatch(/^whd_/);
    await firstAttempt.getByRole('button').click();
    expect(await detail().getByTestId('response-body').textContent()).toBe('receiver is down');
    type Detail = { attempts: number; nextAttemptAt: string | null; attemptLog: Array<{ attempt: number; at: string }> };
    const read = async () => (await server.dashboard<Detail>('GET', `/dashboard/webhooks/deliveries/${failedDeliveryId}`)).body;
    // The retry after the first attempt is never early: due (or made) at least 10 s after it (RETRY_DELAYS_MS[1]).
    const first = await read();
    const secondAt = first.attempts === 1 ? first.nextAttemptAt : first.attemptLog[1]?.at;
    expect(Date.parse(secondAt ?? '') - Date.parse(first.attemptLog[0]?.at ?? '')).toBeGreaterThanOrEqual(10_000);
    // The next retry is the attempt after the last one made (read with it, in one go): 2 of 7, or later if it ran already.
    const nextShown = () => detail().evaluate((panel) => [Number(panel.getAttribute('data-attempts')), panel.querySelector('[data-testid="next-retry"] strong')?.textContent]);
    const [made, next] = await nextShown();
    expect(next).toBe(`Attempt ${Number(made) + 1} of 7`);
    // Its countdown ("in 10 s") runs with the clock instead of freezing at the last reading: the text changes while it
    // still names the same attempt (each attempt named has its own first reading, should a retry run meanwhile).
    await page.waitForFunction(() => {
      const seen = ((window as unknown as { countdowns?: Record<string, string> }).countdowns ??= {});
      const text = document.querySelector('[data-testid="next-retry"]')?.textContent ?? '';
      const attempt = /Attempt \d+ of 7/.exec(text)?.[0];
      if (!attempt) return false;
      seen[attempt] ??= text;
      return seen[attempt] !== text;
    });
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${failedDeliveryId}"][data-status="FAILED"]`).waitFor();
    await screenshot(page, 'webhooks-detail-failed');
    await detail().screenshot({ path: join(ARTIFACTS, 'webhooks-detail-failed-panel.png') });

    // RETRY_DELAYS_MS[1] is 10 s: move the virtual clock past it and the retry runs (if the running clock has not run it).
    const advanced = await server.dashboard('POST', '/sim/clock/advance', { seconds: 11 });
    expect(advanced.status).toBe(200);
    await detail().locator('[data-testid="attempt"][data-attempt="2"][data-response-status="500"]').waitFor();
    const after = await read();
    expect(after.attemptLog.map((a) => a.attempt).slice(0, 2)).toEqual([1, 2]);
    const [madeAfter, nextAfter] = await nextShown();
    expect(Number(madeAfter)).toBeGreaterThanOrEqual(2);
    expect(nextAfter).toBe(`Attempt ${Number(madeAfter) + 1} of 7`);
    const attempts = receiver.received.filter((r) => r.headers['x-service-event-type'] === 'webhook.test');
    expect(attempts.map((r) => r.headers['x-service-delivery-attempt']).slice(0, 2)).toEqual(['1', '2']);
    expect(attempts.every((r) => verify(r, secret))).toBe(true);
    await page.getByTestId('tab-endpoints').click();
    // The card counts them, as many as were made (read with its count, in one go), and says the last one failed.
    const health = page.getByTestId('endpoint-health');
    await health.getByTestId('endpoint-last-failure').filter({ hasText: 'Last delivery failed · HTTP 500' }).waitFor();
    await page.locator('[data-testid="endpoint-health"]:not([data-failures="0"]):not([data-failures="1"])').waitFor();
    const [failures, said] = await health.evaluate((line) => [line.getAttribute('data-failures'), line.textContent]);
    expect(said).toContain(`${failures} failed attempts in a row`);
    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${failedDeliveryId}"]`).waitFor();
  });

  it('replays the failed delivery once the receiver is back, and the replay succeeds with the same event id', async () => {
    receiver.status = 200;
    const eventId = String(receiver.received.at(-1)?.headers['x-service-event-id']);
    // Enter on Replay: the button keeps the focus while the replay is sent, and a status region says what came of it.
    await detail().getByTestId('replay').focus();
    await page.keyboard.press('Enter');
    await detail().getByTestId('replayed').waitFor();
    expect(await detail().getByTestId('replay').evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await detail().getByRole('status').filter({ has: page.getByTestId('replayed') }).count()).toBe(1);
    await detail().getByTestId('open-replay').click();
    await page.locator('[data-testid="delivery-detail"][data-status="SUCCEEDED"]').waitFor();
    const replayId = (await detail().getAttribute('data-delivery-id')) ?? '';
    expect(replayId).not.toBe(failedDeliveryId);
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${replayId}"][data-status="SUCCEEDED"]`).waitFor();
    const last = receiver.received.at(-1) as Received;
    expect(last.headers['x-service-event-id']).toBe(eventId);
    expect(last.headers['x-service-delivery-attempt']).toBe('1');
    await page.locator('[data-testid="signature-result"][data-valid="true"]').waitFor();
    await screenshot(page, 'webhooks-replay');
    await page.getByTestId('theme-toggle').click();
    await screenshot(page, 'webhooks-replay-other-theme');
    await page.getByTestId('theme-toggle').click();
  });

  it('pages a long log through a virtual list: a screenful of rows, the oldest reachable, the reader\'s place kept as new ones arrive', async () => {
    const endpoints = await server.dashboard<{ data: Array<{ id: string }> }>('GET', '/dashboard/webhooks');
    const endpointId = endpoints.body.data[0]?.id ?? '';
    const sendTests = async (count: number) => {
      for (let sent = 0; sent < count; sent += 50) {
        const batch = Array.from({ length: Math.min(50, count - sent) }, () => server.dashboard('POST', `/dashboard/webhooks/${endpointId}/test`, { eventType: 'whatsapp.message.received' }));
        for (const result of await Promise.all(batch)) expect(result.status).toBe(202);
      }
    };
    await page.getByTestId('close-delivery').click();
    const before = Number(await page.getByTestId('deliveries-table').getAttribute('data-total'));
    await sendTests(300);
    await page.locator(`[data-testid="deliveries-table"][data-total="${before + 300}"]`).waitFor();
    expect(await page.getByTestId('delivery-row').count()).toBeLessThan(60);
    await screenshot(page, 'webhooks-deliveries-many');

    const scroller = page.getByTestId('deliveries-scroll');
    await scroller.evaluate((element) => { element.scrollTop = element.scrollHeight; });
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${firstDeliveryId}"]`).waitFor();
    expect(await page.getByTestId('delivery-row').count()).toBeLessThan(60);

    await scroller.evaluate((element) => { element.scrollTop = 150 * 44; });
    const rowInMiddle = () => scroller.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit?.closest('[data-testid="delivery-row"]')?.getAttribute('data-delivery-id') ?? null;
    });
    await expect.poll(rowInMiddle).toMatch(/^whd_/);
    const reading = await rowInMiddle();
    await sendTests(1);
    await page.locator(`[data-testid="deliveries-table"][data-total="${before + 301}"]`).waitFor();
    await expect.poll(rowInMiddle).toBe(reading);
    // Every one delivered before the next test fails the receiver: on a loaded machine some were still waiting, and
    // failing together they disabled the endpoint (15 failures in a row), which the next test does by hand.
    const pending = async () => (await server.dashboard<{ meta: { total: number } }>('GET', `/dashboard/webhooks/${endpointId}/deliveries?status=PENDING&limit=1`)).body.meta.total;
    await expect.poll(pending, { timeout: 30_000 }).toBe(0);
  });

  it('disabling the endpoint holds a retrying delivery, with the reason in the inspector, and enabling it sends it', async () => {
    receiver.status = 500;
    await page.getByTestId('tab-endpoints').click();
    const card = page.getByTestId('endpoint-card');
    await card.getByTestId('test-event-type').selectOption('');
    await sendTestAndOpen(card);
    // FAILED, retrying 10 s later on the running clock (on a busy machine that retry may come before the hold).
    await page.locator('[data-testid="delivery-detail"][data-status="FAILED"]').waitFor();
    const heldId = (await detail().getAttribute('data-delivery-id')) ?? '';
    const eventId = (await server.dashboard<{ eventId: string }>('GET', `/dashboard/webhooks/deliveries/${heldId}`)).body.eventId;

    await page.getByTestId('tab-endpoints').click();
    await card.getByTestId('toggle-endpoint').click();
    await card.locator('[data-testid="endpoint-state"]').filter({ hasText: 'Disabled' }).waitFor();
    expect(await card.getByTestId('endpoint-disabled-note').textContent()).toContain('held');
    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${heldId}"][data-status="HELD"]`).waitFor();
    await page.locator(`[data-testid="delivery-row"][data-delivery-id="${heldId}"][data-status="HELD"]`).waitFor();
    expect(await detail().getByTestId('held-reason').textContent()).toContain('disabled by the account');
    expect(await detail().getByTestId('next-retry').count()).toBe(0);
    await screenshot(page, 'webhooks-detail-held');
    const heldAt = (await server.dashboard<{ attempts: number }>('GET', `/dashboard/webhooks/deliveries/${heldId}`)).body.attempts;
    const attemptsMade = Array.from({ length: heldAt }, (_, i) => String(i + 1));

    // A day on the clock: every retry would have been due, and none is made or counted.
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 86_400 })).status).toBe(200);
    const sent = () => receiver.received.filter((r) => r.headers['x-service-event-id'] === eventId).map((r) => r.headers['x-service-delivery-attempt']);
    expect(sent()).toEqual(attemptsMade);
    expect(await detail().getAttribute('data-attempts')).toBe(String(heldAt));

    receiver.status = 200;
    await page.getByTestId('tab-endpoints').click();
    await card.getByTestId('toggle-endpoint').click();
    await card.locator('[data-testid="endpoint-state"]').filter({ hasText: 'Enabled' }).waitFor();
    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${heldId}"][data-status="SUCCEEDED"][data-attempts="${heldAt + 1}"]`).waitFor();
    expect(sent()).toEqual([...attemptsMade, String(heldAt + 1)]);
  });

  it('a sent test that fails says why on its card, and when it is tried next', async () => {
    receiver.status = 500;
    await page.getByTestId('tab-endpoints').click();
    const card = page.getByTestId('endpoint-card');
    await card.getByTestId('test-event-type').selectOption('');
    const { sent, deliveryId } = await sendTest(card);
    await card.locator(`[data-testid="test-sent"][data-delivery-id="${deliveryId}"][data-status="FAILED"]`).waitFor();
    const failure = await sent.getByTestId('test-failure').textContent();
    expect(failure).toMatch(/^ \(HTTP 500 · next attempt .+\)$/);
    receiver.status = 200;
  });
});
