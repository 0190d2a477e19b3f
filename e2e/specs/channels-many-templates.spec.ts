// An organization with more WhatsApp templates than one page holds (100): the Channels page lists every one, and the
// campaign builder offers every approved one. One page left the oldest out of both, with nothing to say so.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({ width: 1280, height: 800 }, (opened) => {
  server = opened.server;
  page = opened.page;
});

describe('more WhatsApp templates than a page', () => {
  it('lists them all on the Channels page and offers every approved one in the campaign builder', async () => {
    const before = (await server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/whatsapp/templates?limit=1')).body.meta.total;
    for (let i = 1; i <= 101; i += 1) {
      const made = await server.dashboard('POST', '/dashboard/whatsapp/templates', {
        name: `bulk_${String(i).padStart(3, '0')}`, category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: `Notice ${i} for {{1}}` }],
      });
      expect(made.status).toBe(201);
    }
    // Reviewed a minute later on the clock: approved.
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 61 });

    await page.getByTestId('nav-channels').click();
    // The demo's oldest (login_code, festive_sale) and the newest alike.
    for (const name of ['bulk_101', 'bulk_001', 'login_code', 'festive_sale']) await page.locator(`[data-testid="wa-template-row"][data-name="${name}"]`).waitFor();
    expect(await page.getByTestId('wa-template-row').count()).toBe(before + 101);

    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('new-campaign').click();
    for (const name of ['bulk_101', 'login_code', 'festive_sale']) await page.locator(`[data-testid="template-option"][data-template-name="${name}"]`).waitFor();
  });
});
