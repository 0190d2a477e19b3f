// A reply being written is the conversation's draft: it stays while the agent reads another conversation, another
// channel's tab or another page, and comes back with the conversation (free text and SMS alike), its row marked
// "Draft ·" meanwhile; once sent it is gone, so nothing sent comes back to be sent twice.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';

let server: E2eServer;
let page: Page;
const [FIRST, SECOND] = ['+14155550181', '+14155550182'];
/** The demo's approved DLT template "Order shipped", filled: an SMS reply that can be sent. */
const SMS = 'Hi Asha, your order #1002 has shipped. Track: shop.example.com/t/1002 - Example Store';

consoleForFile({}, async (opened) => {
  ({ page, server } = opened);
  for (const [from, text] of [[FIRST, 'Is my order on its way?'], [SECOND, 'Do you ship to Pune?']]) {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text })).status).toBe(201);
  }
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: FIRST, text: 'Any news?' })).status).toBe(201);
  await page.getByTestId('nav-inbox').click();
});

async function open(channel: string, address: string): Promise<void> {
  await page.getByTestId(`tab-${channel}`).click();
  await listReady(page).waitFor();
  await conversationRow(page, address).click();
  await page.locator(`[data-testid="thread-address"]`).filter({ hasText: address }).waitFor();
}
const reply = () => page.getByTestId('composer');

describe('a reply being written', () => {
  it('stays with its conversation while another conversation, tab or page is read, on WhatsApp and on SMS', async () => {
    await open('whatsapp', FIRST);
    await reply().fill('It left our warehouse this morning.\nI will send you the tracking link');
    await open('whatsapp', SECOND);
    expect(await reply().inputValue()).toBe('');
    // Its row says so, before the customer's last message, so an unsent reply is found again.
    expect(await conversationRow(page, FIRST).locator('.row-sub').innerText()).toBe('Draft · Is my order on its way?');
    expect(await conversationRow(page, SECOND).getByTestId('row-draft').count()).toBe(0);
    await reply().fill('Yes, we do.');
    await open('sms', FIRST);
    await reply().fill(SMS);
    await open('whatsapp', FIRST);
    expect(await reply().inputValue()).toBe('It left our warehouse this morning.\nI will send you the tracking link');
    await page.getByTestId('nav-contacts').click();
    await page.getByTestId('contact-search').waitFor();
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('thread-address').filter({ hasText: FIRST }).waitFor();
    expect(await reply().inputValue()).toBe('It left our warehouse this morning.\nI will send you the tracking link');
    await open('whatsapp', SECOND);
    expect(await reply().inputValue()).toBe('Yes, we do.');
    await open('sms', FIRST);
    expect(await reply().inputValue()).toBe(SMS);
  });

  it('is gone once sent, and does not come back with its conversation', async () => {
    await open('sms', FIRST);
    await page.getByTestId('send-reply').click();
    await page.getByTestId('message').filter({ hasText: SMS }).waitFor();
    await expect.poll(() => reply().inputValue()).toBe('');
    await open('whatsapp', FIRST);
    await reply().press('Enter');
    await page.getByTestId('message').filter({ hasText: 'I will send you the tracking link' }).waitFor();
    await expect.poll(() => reply().inputValue()).toBe('');
    await open('whatsapp', SECOND);
    expect(await conversationRow(page, FIRST).getByTestId('row-draft').count()).toBe(0);
    await open('whatsapp', FIRST);
    expect(await reply().inputValue()).toBe('');
    await open('sms', FIRST);
    expect(await reply().inputValue()).toBe('');
  });

  it('typed, then another conversation opened at once, is kept in the tab\'s storage: written once typing pauses, not per key', async () => {
    // The drafts' writes to the tab's storage from here on.
    await page.evaluate(() => {
      const counted = window as unknown as { draftWrites: number };
      counted.draftWrites = 0;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key.startsWith('switchboard.drafts.')) counted.draftWrites += 1;
        setItem.call(this, key, value);
      };
    });
    const typed = 'Back in stock on Monday';
    await open('whatsapp', FIRST);
    await reply().pressSequentially(typed);
    await conversationRow(page, SECOND).click();
    const stored = await page.evaluate(() => ({
      writes: (window as unknown as { draftWrites: number }).draftWrites,
      drafts: Object.keys(sessionStorage).filter((key) => key.startsWith('switchboard.drafts.')).map((key) => sessionStorage.getItem(key)).join(),
    }));
    // Written when the conversation was left, not a pause later; and not once per key (one write per key before).
    expect(stored.drafts).toContain(typed);
    expect(stored.writes).toBeLessThan(typed.length);
    await page.getByTestId('thread-address').filter({ hasText: SECOND }).waitFor();
    await open('whatsapp', FIRST);
    expect(await reply().inputValue()).toBe(typed);
  });

  it('sent, then left before the answer came, is gone too', async () => {
    await open('whatsapp', SECOND);
    expect(await reply().inputValue()).toBe('Yes, we do.');
    await reply().press('Enter');
    await open('whatsapp', FIRST);
    await expect.poll(async () => (await server.dashboard<{ data: Array<{ text: string | null }> }>('GET',
      `/dashboard/conversations/${await conversationId(SECOND)}/messages`)).body.data.some((m) => m.text === 'Yes, we do.')).toBe(true);
    await open('whatsapp', SECOND);
    await page.getByTestId('message').filter({ hasText: 'Yes, we do.' }).waitFor();
    expect(await reply().inputValue()).toBe('');
  });
});

async function conversationId(address: string): Promise<string> {
  const listed = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&limit=100');
  const id = listed.body.data.find((c) => c.address === address)?.id;
  if (!id) throw new Error(`no WhatsApp conversation with ${address}`);
  return id;
}
