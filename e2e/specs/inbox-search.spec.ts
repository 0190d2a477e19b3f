// Inbox search as a support agent uses it: a search that finds nothing says so, and names the lists that would find
// something (the channel's other lists, the other channels), live, each a button that shows that list with the search
// kept; search also reads message text (the row shows what it matched, marked, and its thread opens at that message),
// takes a handle with its "@", and a conversation found by its contact's name is its usual row. A screen reader hears
// the count of what a search found ("0 matching conversations.") once typing pauses.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const ALICE = '+14155550101';
const row = (address: string) => conversationRow(page, address);

consoleForFile({}, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-inbox').click();
});

describe('inbox search', () => {
  it('a search that finds nothing says so, naming what was searched', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('conversation-search').fill('nobody-here');
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByText('No conversations match “nobody-here”').waitFor();
    expect(await page.getByTestId('conversation-list').textContent()).not.toContain('appear here');
    // A screen reader hears the count the list shows, once typing paused, found or not.
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain('0 matching conversations.');
    await page.getByTestId('conversation-search').fill('');
    await page.getByTestId('conversation-row').first().waitFor();
    await page.getByTestId('conversation-search').fill('Alice Johnson');
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().waitFor();
    const shown = await page.getByTestId('conversation-count').textContent();
    expect(shown).toMatch(/^\d+ matching conversations?$/);
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain(`${shown}.`);
    await page.getByTestId('conversation-search').fill('');
    await page.getByTestId('conversation-row').first().waitFor();
  });

  it('a search that finds nothing here names the lists that find some, live, and its button shows one with the search kept', async () => {
    const [resolvedHere, onSms, laterOnSms] = ['+14155557701', '+14155557702', '+14155557703'];
    const write = async (channel: string, from: string) =>
      expect((await server.dashboard('POST', '/sim/inbound', { channel, from, text: 'Is the zebra umbrella back?' })).status).toBe(201);
    await write('whatsapp', resolvedHere);
    await write('sms', onSms);
    const found = await server.dashboard<{ data: Array<{ id: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&search=zebra%20umbrella');
    expect((await server.dashboard('POST', `/dashboard/conversations/${found.body.data[0]?.id ?? ''}/resolve`, {})).status).toBe(200);
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('show-open').click();
    const search = page.getByTestId('conversation-search');
    await search.fill('zebra umbrella');
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByText('No conversations match “zebra umbrella”').waitFor();
    const places = page.getByTestId('search-elsewhere-place');
    const saying = () => places.allTextContents();
    await expect.poll(saying).toEqual(['Resolved · 1', 'SMS · 1']);
    // Another customer writes about it on SMS: the count follows, live.
    await write('sms', laterOnSms);
    await expect.poll(saying).toEqual(['Resolved · 1', 'SMS · 2']);
    await places.filter({ hasText: 'SMS' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="tab-sms"][aria-selected="true"]').waitFor();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').waitFor();
    expect(await search.inputValue()).toBe('zebra umbrella');
    expect(await page.getByTestId('conversation-row').evaluateAll((all) => all.map((r) => r.getAttribute('data-address')))).toEqual([laterOnSms, onSms]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-address'))).toBe(laterOnSms);
    await search.fill('');
  });

  it('search finds a conversation by an earlier message\'s text, and a handle typed with its "@"', async () => {
    await page.getByTestId('tab-whatsapp').click();
    const search = page.getByTestId('conversation-search');
    const ready = page.locator('[data-testid="conversation-list"][data-ready="true"]');
    const rows = () => page.getByTestId('conversation-row').evaluateAll((all) => all.map((r) => r.getAttribute('data-address')));
    const findsOnlyAlice = async (term: string) => {
      await search.fill('nobody-here'); // from an empty list, so what follows is this term's answer
      await ready.getByText('No conversations match').waitFor();
      await search.fill(term);
      await ready.locator(`[data-testid="conversation-row"][data-address="${ALICE}"]`).waitFor();
      expect(await rows()).toEqual([ALICE]);
    };
    // Alice asked about the delivery address, then wrote "Hello again".
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: 'Hello again' })).status).toBe(201);
    await row(ALICE).filter({ hasText: 'Hello again' }).waitFor();
    await findsOnlyAlice('delivery address');
    // Her row shows the message the search matched, the term marked, not her latest; opened, the thread marks it.
    expect(await row(ALICE).getByTestId('search-snippet').textContent()).toBe('…I change the delivery address?');
    expect(await row(ALICE).getByTestId('search-mark').textContent()).toBe('delivery address');
    expect(await row(ALICE).textContent()).not.toContain('Hello again');
    await row(ALICE).click();
    await page.locator('[data-testid="message"][data-matched="true"]').filter({ hasText: 'Can I change the delivery address?' }).waitFor();
    expect(await page.locator('[data-testid="message"][data-matched="true"]').count()).toBe(1);
    await screenshot(page, 'inbox-search-match');
    await findsOnlyAlice('@alice.j');
    expect(await search.getAttribute('placeholder')).toContain('messages');
    await search.fill('');
  });

  it('a conversation found by an early message opens at that message, not at its end', async () => {
    const address = '+14155550188';
    const write = async (text: string) => expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: address, text })).status).toBe(201);
    await write('Is the teal scarf back in stock?');
    for (let n = 1; n <= 40; n++) await write(`Later message ${n}`);
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('conversation-search').fill('teal scarf');
    const found = page.locator(`[data-testid="conversation-list"][data-ready="true"] [data-testid="conversation-row"][data-address="${address}"]`);
    await found.getByTestId('search-mark').filter({ hasText: 'teal scarf' }).waitFor();
    await found.click();
    const matched = page.locator('[data-testid="message"][data-matched="true"]');
    await matched.filter({ hasText: 'Is the teal scarf back in stock?' }).waitFor();
    const inView = (selector: string) => page.evaluate((s) => {
      const [item, list] = [document.querySelector(s)?.getBoundingClientRect(), document.querySelector('[data-testid="thread-messages"]')?.getBoundingClientRect()];
      return Boolean(item && list && item.top >= list.top && item.bottom <= list.bottom);
    }, selector);
    await expect.poll(() => inView('[data-testid="message"][data-matched="true"]')).toBe(true);
    expect(await inView('[data-testid="message"]:last-child')).toBe(false);
    await page.getByTestId('conversation-search').fill('');
  });

  it('a conversation found by its contact\'s name is its usual row, even when a message holds the name too', async () => {
    // The demo's Grace Lee was sent "Hi Grace, your order #1004…" on SMS and answered "STOP".
    const grace = (await server.dashboard<{ data: Array<{ phone: string }> }>('GET', '/dashboard/contacts?search=Grace%20Lee')).body.data[0];
    await page.getByTestId('tab-sms').click();
    await page.getByTestId('conversation-search').fill('Grace');
    const found = page.locator(`[data-testid="conversation-list"][data-ready="true"] [data-testid="conversation-row"][data-address="${grace?.phone ?? ''}"]`);
    await found.filter({ hasText: 'STOP' }).waitFor();
    expect(await found.getByTestId('search-snippet').count()).toBe(0);
    expect(await found.textContent()).not.toContain('#1004');
    await found.click();
    await page.locator('[data-testid="message"]').filter({ hasText: 'Hi Grace, your order #1004' }).waitFor();
    expect(await page.locator('[data-testid="message"][data-matched="true"]').count()).toBe(0);
    await page.getByTestId('conversation-search').fill('');
  });
});
