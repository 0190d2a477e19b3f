// The console by keyboard alone: what opens with Enter and Space, where the focus goes when a panel opens or
// closes, a modal that keeps the focus and gives it back, and controls that keep the focus while they work.
// Every step presses keys and checks document.activeElement and what is shown. Also what a screen reader is
// told where the screen shows a glyph.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';
import { focusOn as focusOnIn } from '../fixtures/keyboard.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let session: ReceiverSession;
let page: Page;
let receiver: WebhookReceiver;

beforeAll(async () => {
  session = await openConsoleWithReceiver({ width: 1440, height: 900 });
  ({ server, page, receiver } = session);
});
afterAll(async () => {
  await session?.stop();
});

const focusOn = (selector: string) => focusOnIn(page, selector);
/** What has the focus, for a failure message: its test id, or its tag and text. */
const focused = () => page.evaluate(() => {
  const element = document.activeElement;
  return element?.getAttribute('data-testid') ?? `${element?.tagName.toLowerCase()}: ${element?.textContent?.slice(0, 40) ?? ''}`;
});

describe('request log by keyboard', () => {
  it('Enter and Space open a request with the focus on its details; Close and Escape give the focus back to its row', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Keyboard', environment: 'test', scopes: ['contacts:read'] });
    const call = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${created.body.key}` } });
    expect((await call('/v1/contacts?limit=1')).status).toBe(200);
    expect((await call('/v1/whatsapp/logs')).status).toBe(403);
    await page.getByTestId('nav-requests').click();
    const details = page.getByTestId('request-details');
    const first = page.getByTestId('request-row').first();
    await first.filter({ hasText: '/v1/whatsapp/logs' }).waitFor();
    const firstId = await first.getAttribute('data-request-id');
    const opener = `[data-request-id="${firstId}"] [data-testid="open-request"]`;

    // The first row is one Tab after the last filter; Enter opens it and the focus lands on the details, which stay open.
    await page.getByTestId('filter-code').focus();
    await page.keyboard.press('Tab');
    await focusOn(opener);
    await page.keyboard.press('Enter');
    await focusOn('[data-testid="request-details"]');
    await details.getByTestId('request-detail-status').filter({ hasText: '403' }).waitFor();
    expect(await page.locator(opener).getAttribute('aria-expanded')).toBe('true');
    // Tab reaches Close, which closes them and puts the focus back on the row they came from.
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="request-details"] button');
    await page.keyboard.press('Enter');
    await details.waitFor({ state: 'detached' });
    await focusOn(opener);

    // Space opens it as well, and Escape closes it from the details.
    await page.keyboard.press(' ');
    await focusOn('[data-testid="request-details"]');
    await details.getByTestId('request-detail-status').filter({ hasText: '403' }).waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await focusOn(opener);

    // The next row opens from the keyboard too, with the details of that request.
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="request-row"]:nth-child(2) [data-testid="open-request"]');
    await page.keyboard.press('Enter');
    await focusOn('[data-testid="request-details"]');
    await details.getByTestId('request-detail-status').filter({ hasText: '200' }).waitFor();
    expect(await focused()).toBe('request-details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });
});

describe('status ticks for a screen reader', () => {
  it('a reply the handset cannot take says Failed in words, next to its reason', async () => {
    const customer = '+15005550002'; // has no WhatsApp account in the simulated world
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: customer, text: 'Anyone there?' })).status).toBe(201);
    await page.getByTestId('nav-inbox').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${customer}"]`).click();
    await page.getByTestId('composer').fill('Yes, how can we help?');
    await page.getByTestId('composer').press('Enter');
    const reply = page.getByTestId('message').filter({ hasText: 'Yes, how can we help?' });
    await reply.waitFor();
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 2 })).status).toBe(200);
    await page.locator('[data-testid="message"][data-status="failed"]').filter({ hasText: 'Yes, how can we help?' }).waitFor();
    expect(await reply.getByTestId('ticks').ariaSnapshot()).toBe('- text: Failed');
    expect(await reply.locator('.bubble-error').textContent()).toContain('has no WhatsApp account');
  });
});

describe('the block dialog is a modal', () => {
  it('keeps the focus inside, leaves the page behind out of reach, closes on Escape and gives the focus back; Enter in the reason blocks', async () => {
    await page.getByTestId('nav-contacts').click();
    await page.getByTestId('contact-search').fill('alice');
    await page.locator('[data-testid="contact-list"][data-search="alice"][data-ready="true"]').waitFor();
    await page.getByTestId('contact-row').first().click();
    const panel = page.getByTestId('contact-panel');
    await panel.waitFor();
    const dialog = page.locator('dialog[data-testid="block-dialog"][open]');

    await page.getByTestId('block').focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await focusOn('[data-testid="block-reason"]');
    // Tab goes round the dialog's controls and never reaches the page behind it. After the last control the
    // focus may leave for the browser's own controls (outside the page), then comes back to the first.
    const stops: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      stops.push(await page.evaluate(() => {
        const element = document.activeElement;
        if (element === null || element === document.body) return 'outside the page';
        return element.closest('dialog') ? element.getAttribute('data-testid') ?? element.tagName : `behind the dialog: ${element.outerHTML.slice(0, 80)}`;
      }));
    }
    expect(stops.filter((stop) => stop !== 'outside the page')).toEqual(['cancel-block', 'confirm-block', 'block-reason', 'cancel-block', 'confirm-block']);
    // The page behind is inert: it takes no focus, even when asked.
    expect(await page.getByTestId('note-input').evaluate((input: HTMLElement) => { input.focus(); return document.activeElement === input; })).toBe(false);
    await page.getByTestId('block-reason').focus();
    // Escape closes it, and the focus is back on Block….
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusOn('[data-testid="block"]');

    // Cancel too.
    await page.keyboard.press('Enter');
    await focusOn('[data-testid="block-reason"]');
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="cancel-block"]');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await focusOn('[data-testid="block"]');

    // Blocking for real, from the reason as the console's other fields send: Shift+Enter starts a new line, Enter blocks
    // (the field says so). The dialog closes on the answer and the focus goes to Unblock, which took Block…'s place.
    await page.keyboard.press(' ');
    await focusOn('[data-testid="block-reason"]');
    expect(await page.getByTestId('block-reason').evaluate((field) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent))
      .toBe('Enter blocks, Shift+Enter starts a new line');
    await page.keyboard.type('Spam');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('from a bought list');
    expect(await page.getByTestId('block-reason').inputValue()).toBe('Spam\nfrom a bought list');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="contact-panel"][data-blocked="true"]').waitFor();
    expect(await page.getByTestId('blocked-reason').locator('span').innerText()).toBe('Spam\nfrom a bought list');
    await dialog.waitFor({ state: 'detached' });
    await focusOn('[data-testid="unblock"]');
    // And back: Unblock gives way to Block…, which takes the focus.
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="contact-panel"][data-blocked="false"]').waitFor();
    await focusOn('[data-testid="block"]');
  });
});

describe('webhook deliveries by keyboard', () => {
  /** This spec's endpoint. */
  let endpointId = '';
  /** The rows of the log: the demo CRM's deliveries, then this spec's tests on top of them, newest first. */
  const logTotal = async () => (await server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/webhook-deliveries?limit=1')).body.meta.total;
  it('Space or Enter opens a delivery with the focus on its detail; Escape or ✕ closes it and the focus goes back to its row', async () => {
    // For an event the simulated world never fires, so the log holds this spec's tests only (a test is sent whatever the
    // endpoint takes). With '*' it also took what the world did meanwhile on the real-time clock (under load, an
    // sms.message.status a second after the endpoint was made), and the log's count came out one more. The demo CRM's
    // deliveries come before: the log's first two rows are this spec's.
    const seeded = await logTotal();
    const endpoint = await server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: receiver.url, events: ['form.submitted'] });
    expect(endpoint.status).toBe(201);
    endpointId = endpoint.body.id;
    for (const eventType of ['contact.created', 'contact.updated']) {
      expect((await server.dashboard('POST', `/dashboard/webhooks/${endpointId}/test`, { eventType })).status).toBeLessThan(300);
    }
    await page.getByTestId('nav-webhooks').click();
    await page.getByTestId('tab-deliveries').click();
    await page.locator(`[data-testid="deliveries-table"][data-total="${seeded + 2}"][data-ready="true"]`).waitFor();
    const detail = page.getByTestId('delivery-detail');
    const [first, second] = await page.getByTestId('delivery-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-delivery-id')));
    const rowButton = (id: string | null | undefined) => `[data-testid="delivery-row"][data-delivery-id="${id}"] [data-testid="open-delivery"]`;

    // The rows follow the filters in the tab order; each says it opens (a button, collapsed until its delivery is open).
    // The list is one Tab stop: the arrows, not Tab, go from row to row.
    await page.getByTestId('endpoint-filter').focus();
    await page.keyboard.press('Tab');
    await focusOn(rowButton(first));
    expect(await page.locator(rowButton(first)).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press(' ');
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${first}"]`).waitFor();
    await focusOn('[data-testid="delivery-detail"]');
    expect(await page.locator(rowButton(first)).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await focusOn(rowButton(first));

    await page.keyboard.press('ArrowDown');
    await focusOn(rowButton(second));
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${second}"]`).waitFor();
    await focusOn('[data-testid="delivery-detail"]');
    // ✕ is the detail's first control.
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="close-delivery"]');
    await page.keyboard.press('Enter');
    await detail.waitFor({ state: 'detached' });
    await focusOn(rowButton(second));
  });

  it('the log is one Tab stop; ↑ ↓ Home End move through it, scrolling the virtual list, and the row moved to opens and takes the focus back', async () => {
    // 128 more, newest first: 130 of this spec's rows over the demo's, more than a page (100) of the log and far more
    // than are rendered.
    const total = (await logTotal()) + 128;
    const last = total - 1;
    for (let batch = 0; batch < 8; batch++) {
      const tests = Array.from({ length: 16 }, () => server.dashboard('POST', `/dashboard/webhooks/${endpointId}/test`, { eventType: 'contact.created' }));
      for (const answer of await Promise.all(tests)) expect(answer.status).toBeLessThan(300);
    }
    await page.locator(`[data-testid="deliveries-table"][data-total="${total}"][data-ready="true"]`).waitFor();
    const at = (index: number) => `[data-row-index="${index}"] [data-testid="open-delivery"]`;
    expect(await page.locator(at(last)).count()).toBe(0);

    await page.getByTestId('endpoint-filter').focus();
    await page.keyboard.press('Tab');
    await focusOn(at(0));
    expect(await page.locator('[data-testid="open-delivery"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await focusOn(at(1));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await focusOn(at(0));

    // End: the last row, `last` rows down, is rendered (its page read) and focused, in view.
    await page.keyboard.press('End');
    await focusOn(at(last));
    const inView = () => page.evaluate(() => {
      const scroll = document.querySelector('[data-testid="deliveries-scroll"]')?.getBoundingClientRect();
      const row = document.activeElement?.closest('[data-testid="delivery-row"]')?.getBoundingClientRect();
      return scroll !== undefined && row !== undefined && row.top >= scroll.top - 1 && row.bottom <= scroll.bottom + 1;
    });
    await expect.poll(inView).toBe(true);
    expect(await page.locator('[data-testid="open-delivery"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowUp');
    await focusOn(at(last - 1));
    const id = await page.locator(`[data-row-index="${last - 1}"]`).getAttribute('data-delivery-id');
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="delivery-detail"][data-delivery-id="${id}"]`).waitFor();
    await focusOn('[data-testid="delivery-detail"]');
    await page.keyboard.press('Escape');
    await page.getByTestId('delivery-detail').waitFor({ state: 'detached' });
    await focusOn(at(last - 1));

    // Home goes back to the top; Tab leaves the list from there, and Shift+Tab comes back to the same row.
    await page.keyboard.press('Home');
    await focusOn(at(0));
    await expect.poll(inView).toBe(true);
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid="deliveries-table"]') === null);
    await page.keyboard.press('Shift+Tab');
    await focusOn(at(0));
  });
});
