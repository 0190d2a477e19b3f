// Open and resolved conversations in the inbox, as a support agent works the queue: Resolve in the thread's header takes
// the conversation out of Open and shows the next one (said to screen readers, the focus on its row); Resolved lists it
// with Reopen; its customer writing in brings it back to Open live; `e` resolves (or reopens) from the keyboard; one
// resolved elsewhere leaves the list and the unread counts live; the contact's panel marks a resolved conversation and opens
// it under Resolved; the list shown is in the URL, so a reload keeps Resolved and Back returns to Open; a conversation only a
// campaign wrote to waits under Resolved, "Awaiting reply", until its customer answers.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listedAddresses, listReady } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { announced as announcedIn } from '../fixtures/announcer.ts';

let server: E2eServer;
let page: Page;
const KIRAN = '+919810000001';
const ALICE = '+14155550101';
/** The demo's Instagram customers whose conversations it resolved (their IGSIDs, the rows' addresses). */
const MAYA = '6234817790112233';
const JONAS = '7109923456781234';

consoleForFile({}, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId('tab-whatsapp').click();
});

const ready = () => listReady(page);
const row = (address: string) => conversationRow(page, address);
const listed = () => listedAddresses(page);
const announced = (text: string | RegExp) => announcedIn(page, text);
const focused = () => page.evaluate(() => {
  const el = document.activeElement;
  return { testId: el?.getAttribute('data-testid') ?? null, address: el?.getAttribute('data-address') ?? null, checked: el?.getAttribute('aria-checked') ?? null };
});
const threadOf = (address: string) => page.getByTestId('thread-address').filter({ hasText: address }).waitFor();

describe('open and resolved conversations', () => {
  it('Resolve takes the conversation out of Open and shows the next; under Resolved it has Reopen; its customer writing in brings it back live', async () => {
    expect(await page.getByTestId('show-open').getAttribute('aria-checked')).toBe('true');
    await ready().waitFor();
    const before = await listed();
    const at = before.indexOf(KIRAN);
    expect(at).toBeGreaterThanOrEqual(0);
    const next = before[at + 1] ?? before[at - 1];
    await row(KIRAN).click();
    await threadOf(KIRAN);
    await page.getByTestId('resolve-conversation').click();
    // Out of Open at once; the next conversation shown, its row focused, and said so.
    await row(KIRAN).waitFor({ state: 'detached' });
    await threadOf(next as string);
    await screenshot(page, 'inbox-resolve-next');
    expect(await announced(/^Resolved the conversation with Kiran Mehta\./)).toMatch(/^Resolved the conversation with Kiran Mehta\. Press Z to undo\. Next open conversation: .+\.$/);
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: next, checked: null });
    expect(await row(next as string).getAttribute('aria-selected')).toBe('true');
    expect(await listed()).toEqual(before.filter((address) => address !== KIRAN));
    expect((await server.dashboard<{ state: string }>('GET', `/dashboard/conversations/${await conversationId(KIRAN)}`)).body.state).toBe('resolved');

    // Under Resolved: listed first (its last message is the newest there: the demo's others are campaigns awaiting a
    // reply), counted as resolved, and its thread offers Reopen.
    await page.getByTestId('show-resolved').click();
    await ready().waitFor();
    const resolvedCount = (await server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/conversations?channel=whatsapp&state=resolved')).body.meta.total;
    await page.getByTestId('conversation-count').filter({ hasText: new RegExp(`^${resolvedCount} resolved conversations$`) }).waitFor();
    expect((await listed())[0]).toBe(KIRAN);
    await row(KIRAN).click();
    await threadOf(KIRAN);
    await page.getByTestId('resolved-badge').waitFor();
    await page.getByTestId('reopen-conversation').waitFor();
    await screenshot(page, 'inbox-resolved');

    // The customer writes in: the thread shows it open again, it leaves Resolved, and it heads Open.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: KIRAN, text: 'Also, can I pay on delivery?' })).status).toBe(201);
    await page.getByTestId('message').filter({ hasText: 'Also, can I pay on delivery?' }).waitFor();
    await page.getByTestId('resolve-conversation').waitFor();
    await row(KIRAN).waitFor({ state: 'detached' });
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    await expect.poll(async () => (await listed())[0]).toBe(KIRAN);
    expect(await row(KIRAN).textContent()).toContain('Also, can I pay on delivery?');
  });

  it('e resolves the conversation shown from the list, and reopens it under Resolved; not while typing a reply', async () => {
    await ready().waitFor();
    const before = await listed();
    const first = before[0] as string;
    await row(first).click();
    await threadOf(first);
    // Typed in the reply, e is a letter of the reply.
    const composer = page.getByTestId('composer');
    if (await composer.count()) {
      await composer.focus();
      await page.keyboard.press('e');
      expect(await composer.inputValue()).toBe('e');
      await composer.fill('');
    }
    await row(first).focus();
    await page.keyboard.press('e');
    await row(first).waitFor({ state: 'detached' });
    await threadOf(before[1] as string);
    await expect.poll(focused).toMatchObject({ testId: 'conversation-row', address: before[1] });
    expect(await page.getByTestId('resolve-conversation').getAttribute('aria-keyshortcuts')).toBe('e');
    // Under Resolved, e on its row reopens it: the thread stays, said so, and it is back in Open.
    await page.getByTestId('show-resolved').click();
    await row(first).click();
    await page.getByTestId('reopen-conversation').waitFor();
    await row(first).focus();
    await page.keyboard.press('e');
    expect(await announced(/^Reopened the conversation with /)).toMatch(/: it is open again\.$/);
    await page.getByTestId('resolve-conversation').waitFor();
    await row(first).waitFor({ state: 'detached' });
    await threadOf(first);
    await page.getByTestId('show-open').click();
    await row(first).waitFor();
  });

  it('Escape in the reply gives the focus to the conversation\'s row, the draft kept, so e resolves it from there', async () => {
    const first = '+14155550188';
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: first, text: 'Where is my parcel?' })).status).toBe(201);
    await page.getByTestId('show-open').click();
    await row(first).waitFor();
    await ready().waitFor();
    const before = await listed();
    expect(before[0]).toBe(first);
    await row(first).click();
    await threadOf(first);
    const composer = page.getByTestId('composer');
    await composer.focus();
    await page.keyboard.type('Half a reply');
    await page.keyboard.press('Escape');
    await expect.poll(focused).toMatchObject({ testId: 'conversation-row', address: first });
    expect(await composer.inputValue()).toBe('Half a reply');
    await page.keyboard.press('e');
    await row(first).waitFor({ state: 'detached' });
    await threadOf(before[1] as string);
    await page.getByTestId('show-resolved').click();
    await row(first).click();
    await page.getByTestId('reopen-conversation').click();
    await row(first).waitFor({ state: 'detached' });
    await page.getByTestId('show-open').click();
    await row(first).waitFor();
  });

  it('the contact\'s panel marks a resolved conversation, and Open conversation shows it under Resolved', async () => {
    await server.dashboard('POST', `/dashboard/conversations/${await conversationId(ALICE, 'sms')}/resolve`, {});
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('show-open').click();
    await row(ALICE).click();
    await page.getByTestId('open-contact').click();
    const drawer = page.getByRole('dialog', { name: 'Contact: Alice Johnson' });
    const sms = drawer.locator('[data-testid="contact-conversation"][data-channel="sms"]');
    await sms.getByTestId('contact-conversation-resolved').waitFor();
    expect(await drawer.locator('[data-testid="contact-conversation"][data-channel="whatsapp"]').getByTestId('contact-conversation-resolved').count()).toBe(0);
    await sms.getByTestId('open-conversation').click();
    await threadOf(`SMS · ${ALICE}`);
    expect(await page.getByTestId('show-resolved').getAttribute('aria-checked')).toBe('true');
    await row(ALICE).and(page.locator('[aria-selected="true"]')).waitFor();
    await page.getByTestId('reopen-conversation').click();
    await row(ALICE).waitFor({ state: 'detached' });
    await page.getByTestId('resolve-conversation').waitFor();
  });

  it('a conversation only a campaign wrote to waits under Resolved, "Awaiting reply" (its contact\'s panel too); its customer answering brings it to Open', async () => {
    type Listed = { data: Array<{ address: string; customerName: string; resolvedBy: string | null }> };
    const awaiting = (await server.dashboard<Listed>('GET', '/dashboard/conversations?channel=whatsapp&state=resolved&limit=100')).body.data
      .filter((c) => c.resolvedBy === 'system');
    const { address, customerName } = awaiting[0] as Listed['data'][number];
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    expect(await listed()).not.toContain(address);
    await page.getByTestId('show-resolved').click();
    await row(address).click();
    await threadOf(address);
    const badge = page.getByTestId('resolved-badge');
    expect(await badge.textContent()).toBe('Awaiting reply');
    expect(await badge.getAttribute('title')).toMatch(/^Started by a message sent from outside the inbox \(a campaign.*It joins Open when the customer writes\.$/);
    expect(await page.getByTestId('composer-state').textContent()).toBe('Awaiting reply: nobody on the team had it yet. A reply is sent and leaves it under Resolved; it comes to Open when the customer writes.');
    await page.getByTestId('open-contact').click();
    const drawer = page.getByRole('dialog', { name: `Contact: ${customerName}` });
    const whatsapp = drawer.locator('[data-testid="contact-conversation"][data-channel="whatsapp"]');
    expect(await whatsapp.getByTestId('contact-conversation-resolved').textContent()).toBe('Awaiting reply');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // The customer answers: open, live, and it heads Open.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: address, text: 'Is the sale on in stores too?' })).status).toBe(201);
    await page.getByTestId('resolve-conversation').waitFor();
    expect(await badge.count()).toBe(0);
    await row(address).waitFor({ state: 'detached' });
    await page.getByTestId('show-open').click();
    await expect.poll(async () => (await listed())[0]).toBe(address);
    await screenshot(page, 'inbox-awaiting-reply-answered');
  });

  it('the demo\'s resolved Instagram conversations are under Resolved; a reload there stays on Resolved and its thread, and Back returns to Open', async () => {
    await page.getByTestId('tab-instagram').click();
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    expect(await listed()).not.toContain(MAYA);
    await page.getByTestId('show-resolved').click();
    await ready().waitFor();
    // Answered early in the story and resolved by the seed, most recent first.
    expect(await listed()).toEqual([JONAS, MAYA]);
    await row(MAYA).click();
    await page.getByTestId('resolved-badge').waitFor();
    const fragment = () => new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(fragment().get('state')).toBe('resolved');
    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    expect(await page.getByTestId('show-resolved').getAttribute('aria-checked')).toBe('true');
    await row(MAYA).and(page.locator('[aria-selected="true"]')).waitFor();
    await page.getByTestId('reopen-conversation').waitFor();
    // Back: the Open list the switch left (Open is the default, not written in the fragment).
    await page.goBack();
    await expect.poll(() => page.getByTestId('show-open').getAttribute('aria-checked')).toBe('true');
    await ready().waitFor();
    expect(await listed()).not.toContain(MAYA);
    expect(fragment().get('state')).toBeNull();
    expect(fragment().get('channel')).toBe('instagram');
  });

  it('one resolved elsewhere leaves Open and the unread counts live; the last one resolved leaves the empty state, the focus on the switch', async () => {
    await page.getByTestId('tab-instagram').click();
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    type Counts = Record<'instagram' | 'total', number>;
    const counts = (await server.dashboard<Counts>('GET', '/dashboard/conversations/unread-counts')).body;
    expect(counts.instagram).toBeGreaterThan(0);
    const unread = await page.locator('[data-testid="conversation-row"]:has([data-testid="unread"])').first().getAttribute('data-address');
    // Another agent (or a script) resolves an unread conversation.
    await server.dashboard('POST', `/dashboard/conversations/${await conversationId(unread as string, 'instagram')}/resolve`, {});
    await row(unread as string).waitFor({ state: 'detached' });
    await page.getByTestId('nav-unread').filter({ hasText: new RegExp(`^${counts.total - 1}$`) }).waitFor();
    const tab = page.getByTestId('tab-instagram').getByTestId('tab-unread');
    if (counts.instagram > 1) await tab.filter({ hasText: new RegExp(`^${counts.instagram - 1}$`) }).waitFor();
    else await tab.waitFor({ state: 'detached' });
    // Resolving every one left: the empty state, said so, the focus on the switch rather than lost.
    for (let left = (await listed()).length; left > 0; left--) {
      await page.getByTestId('conversation-row').first().click();
      await page.getByTestId('resolve-conversation').click();
      await expect.poll(async () => (await listed()).length).toBe(left - 1);
    }
    await ready().getByText('No open conversations').waitFor();
    expect(await announced(/No open Instagram conversations left\.$/)).toMatch(/^Resolved the conversation with .+\. Press Z to undo\. No open Instagram conversations left\.$/);
    await expect.poll(focused).toEqual({ testId: 'show-open', address: null, checked: 'true' });
    // The sidebar counts the other channels' unread conversations only (none: no badge).
    const others = counts.total - counts.instagram;
    if (others > 0) await page.getByTestId('nav-unread').filter({ hasText: new RegExp(`^${others}$`) }).waitFor();
    else await page.getByTestId('nav-unread').waitFor({ state: 'detached' });
  });
});

/** The id of the conversation with `address` on `channel`, as the core lists it. */
async function conversationId(address: string, channel = 'whatsapp'): Promise<string> {
  const list = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', `/dashboard/conversations?channel=${channel}&limit=100`);
  const found = list.body.data.find((c) => c.address === address);
  if (!found) throw new Error(`no ${channel} conversation with ${address}`);
  return found.id;
}
