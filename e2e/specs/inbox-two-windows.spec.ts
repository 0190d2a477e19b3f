// Two windows on one inbox, as two agents (or a presenter showing two) see it: a conversation read in one window leaves
// the other's unread badge, its tab's count and the sidebar's count at once (the stream's `conversation:read`), with no
// reload; a read through the dashboard API (Instagram's mark-read, by IGSID) does the same.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let first: Page;
let second: Page | undefined;
const CUSTOMER = '+14155550177';

consoleForFile({}, async (opened) => {
  ({ server, page: first } = opened);
  await first.getByTestId('nav-inbox').click();
  await first.getByTestId('tab-sms').click();
});
afterAll(async () => {
  await second?.close();
});

const rowIn = (page: Page, address: string) => page.locator(`[data-testid="conversation-row"][data-address="${address}"]`);
const count = async (page: Page, testId: string, within = page.locator('body')) => Number((await within.getByTestId(testId).textContent().catch(() => '0')) || 0);

describe('two windows on one inbox', () => {
  it('a conversation read in one window is read in the other: its badge goes, and the tab and sidebar counts fall', async () => {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: CUSTOMER, text: 'Is the blue one back in stock?' })).status).toBe(201);
    await rowIn(first, CUSTOMER).getByTestId('unread').filter({ hasText: '1' }).waitFor();
    const smsTab = first.getByTestId('tab-sms');
    await smsTab.getByTestId('tab-unread').waitFor();
    const tabBefore = await count(first, 'tab-unread', smsTab);
    const sidebarBefore = await count(first, 'nav-unread');

    second = await first.context().newPage();
    await second.goto(server.consoleUrl);
    await second.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await second.getByTestId('nav-inbox').click();
    await second.getByTestId('tab-sms').click();
    const row = rowIn(second, CUSTOMER);
    await row.getByTestId('unread').waitFor();
    await row.focus();
    await second.keyboard.press('Enter');
    await row.getByTestId('unread').waitFor({ state: 'detached' });

    // The first window, untouched, follows.
    await rowIn(first, CUSTOMER).getByTestId('unread').waitFor({ state: 'detached' });
    await first.waitForFunction((before) => Number(document.querySelector('[data-testid="tab-sms"] [data-testid="tab-unread"]')?.textContent ?? 0) === before - 1, tabBefore);
    expect(await count(first, 'nav-unread')).toBe(sidebarBefore - 1);
  });

  it('an Instagram conversation marked read through the dashboard API (by IGSID) is read in the console', async () => {
    await first.getByTestId('tab-instagram').click();
    const unread = first.locator('[data-testid="conversation-row"]').filter({ has: first.getByTestId('unread') }).first();
    const igsid = await unread.getAttribute('data-address');
    expect(igsid).toBeTruthy();
    expect((await server.dashboard('POST', `/dashboard/instagram/conversations/${encodeURIComponent(igsid as string)}/read`, {})).status).toBe(200);
    await rowIn(first, igsid as string).getByTestId('unread').waitFor({ state: 'detached' });
  });
});
