// The delivery log's Created column at a laptop's 1280 × 800, all seven columns shown: a moment wider than the column
// ("Dec 10, 2026, 10:30:00 AM") shows whole, its date over its time of day, not cut into "Dec 10, 2026, 10:30:0…".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';

let page: Page;

const session = consoleForFile({ width: 1280, height: 800, timezoneId: 'Etc/GMT' }, (opened) => {
  page = opened.page;
});

describe('the delivery log\'s Created column', () => {
  it('shows a long moment whole, on two lines (its date, then its time)', async () => {
    const { server } = session();
    // The virtual clock moved to the next 10:30 AM (UTC) on a two-digit day: the widest way a moment is written.
    const now = new Date((await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now);
    const target = new Date(now);
    target.setUTCHours(10, 30, 0, 0);
    while (target <= now || target.getUTCDate() < 10) target.setUTCDate(target.getUTCDate() + 1);
    await server.dashboard('POST', '/sim/clock/advance', { seconds: Math.ceil((target.getTime() - now.getTime()) / 1000) });
    // A customer writes in: the demo CRM is sent whatsapp.message.received, the newest delivery.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550733', text: 'Hello' })).status).toBe(201);

    await page.getByTestId('nav-webhooks').click();
    await page.getByTestId('tab-deliveries').click();
    const row = page.locator('[data-testid="delivery-row"][data-event-type="whatsapp.message.received"]').first();
    await row.getByTestId('open-delivery').waitFor();
    const created = row.getByTestId('row-created');
    expect(await created.evaluate((cell) => cell.scrollWidth - cell.clientWidth)).toBeLessThanOrEqual(0);
    const lines = await layout.lineTexts(created);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4},$/);
    expect(lines[1]).toMatch(/^10:3\d:\d{2} AM$/);
  });
});
