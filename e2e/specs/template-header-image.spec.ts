// A WhatsApp template's IMAGE header previews as the picture its link gives, once the link is an http(s) one, in the
// campaign builder and in the inbox's template reply (the previews share their parts): a placeholder saying "image
// header" (and the link typed) until then, nothing loaded for a link that is none, and the placeholder again when the
// picture cannot be had. The demo's pictures are served here by the browser's route (the machine is offline).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let page: Page;
let server: E2eServer;
/** Every picture the page asked cdn.example.com for. */
const asked: string[] = [];
/** A 1×1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

consoleForFile({
  async beforeOpen(opened) {
    await opened.route(/^https?:\/\/cdn\.example\.com\//, async (route) => {
      asked.push(route.request().url());
      await (route.request().url().endsWith('/missing.png')
        ? route.fulfill({ status: 404, body: 'not found' })
        : route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
    });
  },
}, (opened) => {
  ({ page, server } = opened);
});

/** The header of the preview `within`, once it has settled on `state` (none, loading, loaded or failed). */
const header = (within: ReturnType<Page['getByTestId']>, state: string) => within.locator(`[data-testid="message-media"][data-image="${state}"]`);

describe('an IMAGE header in a template preview', () => {
  it('campaign builder: a placeholder until the link is an http(s) one, nothing loaded for one that is not, then the picture; the placeholder again if it cannot be had', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="template-option"][data-template-name="welcome_offer"]').click();
    const preview = page.getByTestId('template-preview');
    const link = page.getByTestId('header-media-link');
    expect(await header(preview, 'none').textContent()).toBe('image header');

    // Not links a page may load: said as typed in the placeholder, no picture asked for.
    for (const typed of ['cdn.example.com/welcome.png', 'javascript:alert(1)', 'ftp://cdn.example.com/welcome.png']) {
      await link.fill(typed);
      await header(preview, 'none').filter({ hasText: typed }).waitFor();
      expect(await preview.locator('img').count(), typed).toBe(0);
    }
    expect(asked).toEqual([]);

    await link.fill('https://cdn.example.com/welcome.png');
    const shown = header(preview, 'loaded');
    await shown.waitFor();
    const image = shown.getByRole('img', { name: 'Image header' });
    expect(await image.getAttribute('src')).toBe('https://cdn.example.com/welcome.png');
    expect(await image.isVisible()).toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    // The picture stands for the placeholder: neither its words nor the link show beside it.
    expect(await shown.textContent()).toBe('');
    expect(asked).toEqual(['https://cdn.example.com/welcome.png']);
    await screenshot(page, 'campaigns-whatsapp-header-image');

    // A link whose picture cannot be had: the placeholder, with the link, as before.
    await link.fill('https://cdn.example.com/missing.png');
    await header(preview, 'failed').waitFor();
    expect(await header(preview, 'failed').textContent()).toBe('image headerhttps://cdn.example.com/missing.png');
    expect(await preview.locator('img').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('inbox: a template reply with an IMAGE header previews the picture once its link is typed', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    // A WhatsApp conversation whose reply window is closed, so the reply is a template.
    const list = await server.dashboard<{ data: Array<{ id: string; address: string; contactBlocked: boolean; state: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&limit=100');
    let address: string | undefined;
    for (const c of list.body.data.filter((row) => !row.contactBlocked)) {
      if ((await server.dashboard<{ careWindow: { open: boolean } }>('GET', `/dashboard/conversations/${c.id}`)).body.careWindow.open) continue;
      await page.getByTestId(`show-${c.state}`).click();
      address = c.address;
      break;
    }
    await page.locator(`[data-testid="conversation-row"][data-address="${address}"]`).click();
    const composer = page.getByTestId('template-composer');
    await composer.getByTestId('reply-template').selectOption({ label: 'welcome_offer · English' });
    const preview = composer.getByTestId('reply-preview');
    expect(await header(preview, 'none').textContent()).toBe('image header');
    await composer.getByTestId('reply-var-media').fill('cdn.example.com/welcome.png');
    await header(preview, 'none').filter({ hasText: 'cdn.example.com/welcome.png' }).waitFor();
    expect(await preview.locator('img').count()).toBe(0);

    await composer.getByTestId('reply-var-media').fill('https://cdn.example.com/welcome.png?reply');
    await header(preview, 'loaded').waitFor();
    expect(await preview.getByRole('img', { name: 'Image header' }).getAttribute('src')).toBe('https://cdn.example.com/welcome.png?reply');
    expect(asked.at(-1)).toBe('https://cdn.example.com/welcome.png?reply');
  });
});
