// Two windows on one inbox, as two agents (or a presenter showing two) see it: a conversation read in one window leaves
// the other's unread badge, its tab's count and the sidebar's count at once (the stream's `conversation:read`), with no
// reload; a read through the dashboard API (Instagram's mark-read, by IGSID) does the same. A conversation resolved in
// one window while a reply is typed in the other: the reply's window says so over the reply, the draft kept, and the
// reply sent leaves it resolved, as it said.
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

  it('a conversation resolved elsewhere while a reply is typed says so over the reply; the reply sent leaves it resolved, as it said', async () => {
    const customer = '+14155550178';
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: customer, text: 'Can I change the delivery address?' })).status).toBe(201);
    await first.getByTestId('tab-whatsapp').click();
    await rowIn(first, customer).click();
    const notice = first.getByTestId('composer-state');
    await first.getByTestId('composer').fill('Yes: what is the new address?');
    expect(await notice.textContent()).toBe('');
    const { body: listed } = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&limit=100');
    const id = listed.data.find((c) => c.address === customer)?.id;
    expect((await server.dashboard('POST', `/dashboard/conversations/${id}/resolve`, {})).status).toBe(200);
    // Live, in a status region (heard), the draft kept.
    await notice.filter({ hasText: /^Resolved .+: a reply is sent and leaves it resolved\. It comes back to Open when the customer writes\.$/ }).waitFor();
    expect(await notice.getAttribute('role')).toBe('status');
    expect(await first.getByTestId('composer').inputValue()).toBe('Yes: what is the new address?');
    await first.getByTestId('send-reply').click();
    await first.getByTestId('message').filter({ hasText: 'Yes: what is the new address?' }).waitFor();
    expect((await server.dashboard<{ state: string }>('GET', `/dashboard/conversations/${id}`)).body.state).toBe('resolved');
    expect(await notice.isVisible()).toBe(true);
    // The customer's answer brings it back to Open, and the notice goes.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: customer, text: '12 Park Lane' })).status).toBe(201);
    await notice.filter({ hasText: /^$/ }).waitFor({ state: 'attached' });
    await first.getByTestId('resolve-conversation').waitFor();
  });
});
