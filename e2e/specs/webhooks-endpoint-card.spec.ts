// A webhook endpoint's card as a screen reader meets it: headed by its URL, one level under the page's heading
// (a heading list reads as the list of endpoints), and the buttons of the question asked before Rotate secret
// and Delete name the endpoint they act on, as the card's other buttons do, with several cards asking at once;
// Escape answers the question as Keep does.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import { focusOn } from '../fixtures/keyboard.ts';
import { DEMO_CRM_URL } from '../../src-core/sim/demo/webhooks.ts';

let page: Page;
/** Endpoints on this host, which nothing here sends to (subscribed to an event this build never fires). */
const URLS = ['http://127.0.0.1:9/first', 'http://127.0.0.1:9/second'];
/** Every card on the page: the demo CRM's endpoint, and this spec's. */
const ALL_URLS = [DEMO_CRM_URL, ...URLS];
const cardOf = (url: string) => page.locator(`[data-testid="endpoint-card"][data-url="${url}"]`);

const session = consoleForFile({ allowPrivateWebhooks: true }, async (opened) => {
  page = opened.page;
  for (const url of URLS) expect((await opened.server.dashboard('POST', '/dashboard/webhooks', { url, events: ['form.submitted'] })).status).toBe(201);
  await page.getByTestId('nav-webhooks').click();
  await page.getByTestId('tab-endpoints').click();
  await page.locator('.wh-endpoint-list[data-ready="true"]').waitFor();
});

/** The accessible names of the buttons in `url`'s question (the confirmation row). */
const questionButtons = (url: string) => cardOf(url).locator('.wh-confirm').getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent));

describe('webhook endpoint card', () => {
  it('is headed by its URL, one level under the page\'s heading', async () => {
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Webhooks']);
    for (const url of ALL_URLS) expect(await cardOf(url).getByRole('heading', { level: 2, name: url, exact: true }).count()).toBe(1);
    expect(await page.getByTestId('endpoint-card').getByRole('heading').count()).toBe(ALL_URLS.length);
  });

  it('names the endpoint on the buttons of the question before Rotate secret and Delete', async () => {
    const [first = '', second = ''] = URLS;
    await cardOf(first).getByTestId('rotate-secret').click();
    await cardOf(second).getByTestId('delete-endpoint').click();
    await focusOn(page, `[data-url="${second}"] [data-testid="keep-endpoint"]`);
    expect(await questionButtons(first)).toEqual([`Rotate secret of ${first} now`, `Keep secret of ${first}`]);
    expect(await questionButtons(second)).toEqual([`Delete endpoint ${second} now`, `Keep endpoint ${second}`]);
    // Read by the names a screen reader hears, each once on the page; what the buttons show is as before.
    for (const name of [`Rotate secret of ${first} now`, `Keep secret of ${first}`, `Delete endpoint ${second} now`, `Keep endpoint ${second}`]) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    expect(await cardOf(first).locator('.wh-confirm').getByRole('button').allTextContents()).toEqual(['Rotate', 'Keep']);
    expect(await cardOf(second).locator('.wh-confirm').getByRole('button').allTextContents()).toEqual(['Delete', 'Keep']);

    // Keep, by its name, answers the question and gives the focus back to the button that asked it.
    await page.getByRole('button', { name: `Keep endpoint ${second}`, exact: true }).click();
    await focusOn(page, `[data-url="${second}"] [data-testid="delete-endpoint"]`);
    await page.getByRole('button', { name: `Keep secret of ${first}`, exact: true }).click();
    await focusOn(page, `[data-url="${first}"] [data-testid="rotate-secret"]`);
    expect(await page.locator('.wh-confirm').count()).toBe(0);
  });

  it('Escape answers Keep: from either of the question\'s buttons, the focus back on the button that asked, nothing done', async () => {
    const [first = '', second = ''] = URLS;
    const secretBefore = (await session().server.dashboard<{ secret?: string }>('GET', '/dashboard/webhooks')).body;
    await cardOf(second).getByTestId('delete-endpoint').click();
    await focusOn(page, `[data-url="${second}"] [data-testid="keep-endpoint"]`);
    await page.keyboard.press('Escape');
    await focusOn(page, `[data-url="${second}"] [data-testid="delete-endpoint"]`);
    await cardOf(first).getByTestId('rotate-secret').click();
    await cardOf(first).getByTestId('confirm-rotate').focus();
    await page.keyboard.press('Escape');
    await focusOn(page, `[data-url="${first}"] [data-testid="rotate-secret"]`);
    expect(await page.locator('.wh-confirm').count()).toBe(0);
    expect(await page.getByTestId('endpoint-card').count()).toBe(ALL_URLS.length);
    expect((await session().server.dashboard('GET', '/dashboard/webhooks')).body).toEqual(secretBefore);
  });
});
