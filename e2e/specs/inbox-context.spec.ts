// The inbox as a support agent works it: an open conversation stays read as the customer writes in, and unread
// conversations are counted live on each channel tab and on the sidebar's Inbox, a blocked contact is marked in the
// list, the thread shows the contact's tags and opens the contact's panel beside it, and the contact lists its
// conversations (Open conversation in that panel, or on the Contacts page, goes to the thread, the focus in its reply);
// channels are named alike everywhere. Search is inbox-search.spec.ts.
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

/** Resolves once the row shows `text` as its last message and no unread badge. */
async function readWith(address: string, text: string): Promise<void> {
  await page.waitForFunction(([selector, last]) => {
    const el = document.querySelector(selector);
    return Boolean(el?.textContent?.includes(last) && !el.querySelector('[data-testid="unread"]'));
  }, [`[data-testid="conversation-row"][data-address="${address}"]`, text] as const);
}

describe('inbox context', () => {
  it('an open conversation is marked read each time the customer writes in', async () => {
    await page.getByTestId('tab-whatsapp').click();
    await row(ALICE).getByTestId('unread').waitFor();
    await row(ALICE).click();
    await page.getByTestId('thread').waitFor();
    await readWith(ALICE, 'change the delivery address');
    for (const text of ['Are you there?', 'Hello again']) {
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text })).status).toBe(201);
      await page.getByTestId('message').filter({ hasText: text }).waitFor();
      await readWith(ALICE, text);
    }
    const list = await server.dashboard<{ data: Array<{ address: string; unreadCount: number }> }>('GET', '/dashboard/conversations?channel=whatsapp&search=0101');
    expect(list.body.data.find((c) => c.address === ALICE)?.unreadCount).toBe(0);
  });

  it('counts unread conversations on each channel tab and in the sidebar, live as customers write in on other channels', async () => {
    type Counts = Record<'whatsapp' | 'sms' | 'instagram' | 'total', number>;
    const before = (await server.dashboard<Counts>('GET', '/dashboard/conversations/unread-counts')).body;
    expect(before.instagram).toBeGreaterThan(0); // the demo's Instagram conversations are unread
    const tabCount = (channel: string, n: number) => page.getByTestId(`tab-${channel}`).getByTestId('tab-unread').filter({ hasText: new RegExp(`^${n}$`) });
    await page.getByTestId('nav-unread').filter({ hasText: new RegExp(`^${before.total}$`) }).waitFor();
    await tabCount('sms', before.sms).waitFor();
    // On the WhatsApp tab, a customer writes in on Instagram and another on SMS.
    await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '7700112233', text: 'Do you ship to Pune?' });
    await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+919820011223', text: 'Is my order on its way?' });
    await tabCount('instagram', before.instagram + 1).waitFor();
    await tabCount('sms', before.sms + 1).waitFor();
    await page.getByTestId('nav-unread').filter({ hasText: new RegExp(`^${before.total + 2}$`) }).waitFor();
    // Opening one reads it: its tab and the total go down.
    await page.getByTestId('tab-instagram').click();
    await row('7700112233').click();
    await page.getByTestId('nav-unread').filter({ hasText: new RegExp(`^${before.total + 1}$`) }).waitFor();
    expect(await page.getByTestId('tab-instagram').getByTestId('tab-unread').textContent()).toBe(String(before.instagram));
  });

  it('at 1280×720 the list is a column and the thread takes the rest; the SMS composer leaves the thread most of its height', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('tab-sms').click();
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('sms-composer').waitFor();
    const box = async (selector: string) => {
      const found = await page.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not shown`);
      return found;
    };
    const list = await box('.list-pane');
    const thread = await box('[data-testid="thread"]');
    expect(list.width).toBeGreaterThanOrEqual(360);
    expect(list.width).toBeLessThanOrEqual(420);
    expect(thread.width).toBeGreaterThan(list.width);
    // Once the composer has settled (its sender and template lists arrive after it shows, on a loaded machine later).
    await expect.poll(async () => (await box('[data-testid="sms-composer"]')).height).toBeLessThan(thread.height / 2);
    await screenshot(page, 'inbox-sms-1280x720');
    // Opened, the templates scroll inside the composer rather than push the messages away.
    await page.getByTestId('dlt-templates-toggle').click();
    await page.getByTestId('dlt-template').first().waitFor();
    expect((await box('[data-testid="sms-composer"]')).height).toBeLessThan(thread.height * 0.75);
    await screenshot(page, 'inbox-sms-1280x720-templates');
    await page.getByTestId('dlt-template').first().click();
    expect(await page.getByTestId('dlt-template').count()).toBe(0);
    expect(await page.getByTestId('composer').inputValue()).not.toBe('');
  });

  it('the channel tabs fit the list with their unread counts, never clipped nor scrolled sideways, at the title\'s and the search box\'s left edge: one line from 960 px, two where the list is narrower or the counts are long', async () => {
    const tabs = page.locator('.inbox-tabs');
    /** How many lines the tabs take, whether the strip scrolls, how many tabs stand out of its inner box, and where the first tab, the title and the search box start. */
    const strip = async () => {
      const boxes = await page.getByRole('tab').evaluateAll((all) => all.map((tab) => {
        const { left, right, top } = tab.getBoundingClientRect();
        return { left, right, top };
      }));
      const inner = await tabs.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight), scrolls: el.scrollWidth > el.clientWidth };
      });
      const lefts = await Promise.all(['.list-pane .pane-header h1', '[data-testid="conversation-search"]'].map((selector) => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().left))));
      return {
        lines: new Set(boxes.map((box) => Math.round(box.top))).size,
        tabs: boxes.length,
        scrolls: inner.scrolls,
        outside: boxes.filter((box) => box.left < inner.left - 0.5 || box.right > inner.right + 0.5).length,
        starts: [Math.round(boxes[0]?.left ?? -1), ...lefts],
      };
    };
    const fits = async (width: number, lines: number) => {
      await page.setViewportSize({ width, height: 720 });
      await expect.poll(strip).toMatchObject({ lines, tabs: 5, scrolls: false, outside: 0 });
      const { starts } = await strip();
      expect(new Set(starts).size, `the first tab, the title and the search box start at ${starts.join(', ')} px at ${width} px`).toBe(1);
    };
    const counts = async (busy: Record<string, number>) => {
      await page.unroute('**/dashboard/conversations/unread-counts*');
      await page.route('**/dashboard/conversations/unread-counts*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(busy) }));
      // A customer writing in makes the console read the counts again, and it gets these.
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '7700112299', text: 'Hi' })).status).toBe(201);
      await page.getByTestId('tab-instagram').getByTestId('tab-unread').filter({ hasText: new RegExp(`^${busy.instagram}$`) }).waitFor();
    };
    await counts({ whatsapp: 5, sms: 1, rcs: 0, email: 0, instagram: 2, total: 8 }); // the demo's counts
    await expect.poll(() => page.getByTestId('tab-unread').count()).toBe(3);
    // A 900 px window's list (324px) holds four of them on a line: Email goes under WhatsApp.
    await fits(900, 2);
    await screenshot(page, 'inbox-tabs-900x720');
    for (const width of [960, 1000, 1100, 1280]) await fits(width, 1); // a list of 352px, of its narrowest 360px, then of 384px
    expect((await page.locator('.list-pane').boundingBox())?.width).toBe(384);
    // Email chosen leaves WhatsApp whole (nothing is scrolled out of view).
    await page.getByTestId('tab-email').click();
    await fits(900, 2);
    await page.getByTestId('tab-whatsapp').click();
    // A wide window's list is wider, and its tabs use the room: the other pages' type size, across the whole strip.
    await fits(1920, 1);
    expect((await page.locator('.list-pane').boundingBox())?.width).toBe(500);
    const spread = await tabs.evaluate((el) => {
      const inner = el.getBoundingClientRect().right - parseFloat(getComputedStyle(el).paddingRight);
      const last = (el.lastElementChild as HTMLElement).getBoundingClientRect().right;
      return { gapAtEnd: Math.round(inner - last), fontSize: getComputedStyle(el.firstElementChild as HTMLElement).fontSize };
    });
    expect(spread).toEqual({ gapAtEnd: 0, fontSize: '14px' });
    await screenshot(page, 'inbox-tabs-1920x1080');
    // A count on every tab: still one line at 1280 and 1920 px; two-digit counts take two lines, still whole and unscrolled.
    await counts({ whatsapp: 1, sms: 2, rcs: 3, email: 4, instagram: 5, total: 15 });
    await expect.poll(() => page.getByTestId('tab-unread').count()).toBe(5);
    for (const width of [1920, 1280]) await fits(width, 1);
    await fits(900, 2);
    await counts({ whatsapp: 12, sms: 34, rcs: 56, email: 78, instagram: 90, total: 270 });
    for (const width of [900, 1280]) await fits(width, 2);
    await screenshot(page, 'inbox-tabs-1280x720-busy');
    await page.unroute('**/dashboard/conversations/unread-counts*');
  });

  it('marks a blocked contact\'s conversation in the list, live as it is blocked', async () => {
    const spammer = '+15550000199'; // blocked by the demo
    const optedOut = '+14155550163'; // opted out by the demo (her STOP on SMS)
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: spammer, text: 'Cheap offers!!!' })).status).toBe(201);
    await page.getByTestId('tab-sms').click();
    await row(spammer).getByTestId('blocked-badge').filter({ hasText: 'Blocked' }).waitFor();
    await row(optedOut).getByTestId('blocked-badge').waitFor();
    expect(await page.locator('[data-testid="conversation-row"] [data-testid="blocked-badge"]').count()).toBe(2);
    expect(await row(optedOut).getByTestId('unread').count()).toBe(0);
    // Unread, but waiting for nobody (every reply is refused): no unread badge, as the tab's count leaves it out.
    expect(await row(spammer).getByTestId('unread').count()).toBe(0);
    const rohan = page.getByTestId('conversation-row').filter({ hasText: 'Rohan' });
    const contactId = (await server.dashboard<{ data: Array<{ id: string }> }>('GET', '/dashboard/contacts?search=Rohan')).body.data[0]?.id;
    await server.dashboard('POST', `/dashboard/contacts/${contactId}/block`, { reason: 'Test' });
    await rohan.getByTestId('blocked-badge').waitFor();
    await server.dashboard('POST', `/dashboard/contacts/${contactId}/unblock`, {});
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="conversation-row"] [data-testid="blocked-badge"]').length === 2);
  });

  it('the thread header shows the contact\'s tags, and View contact opens the contact beside the thread, closed by Escape or Close', async () => {
    await page.getByTestId('tab-whatsapp').click();
    await row(ALICE).click();
    await page.getByTestId('thread-contact').waitFor();
    expect(await page.getByTestId('thread-tag').allTextContents()).toEqual(['customer', 'vip']);
    expect(await page.getByTestId('thread-address').textContent()).toBe(`WhatsApp · ${ALICE}`);
    expect(await page.getByTestId('composer').getAttribute('placeholder')).toBe('Reply on WhatsApp…');
    await screenshot(page, 'inbox-thread-contact');
    const view = page.getByTestId('open-contact');
    const drawer = page.getByRole('dialog', { name: 'Contact: Alice Johnson' });
    await view.click();
    // The contacts page's panel, inside the inbox: the conversation stays open under it, the focus moves to Close.
    await drawer.getByTestId('contact-panel').filter({ hasText: 'Alice Johnson' }).waitFor();
    await drawer.getByTestId('notes').filter({ hasText: 'prefers WhatsApp' }).waitFor();
    expect(await page.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('thread').isVisible()).toBe(true);
    expect(await view.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('close-contact');
    await screenshot(page, 'inbox-contact-drawer');
    // A tag added in the panel shows in the thread's header at once (the same contact).
    await drawer.getByTestId('tag-input').fill('returning');
    await drawer.getByTestId('add-tag').click();
    await page.getByTestId('thread-tag').filter({ hasText: 'returning' }).waitFor();
    // Escape (from anywhere in the panel) closes it and gives the focus back to View contact.
    await drawer.getByTestId('tag-input').focus();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-contact');
    expect(await view.getAttribute('aria-expanded')).toBe('false');
    // Opened by the keyboard, Close does the same.
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await page.keyboard.press('Enter'); // on Close, which has the focus
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-contact');
    // Escape in the block dialog closes only the dialog.
    await view.click();
    await drawer.getByTestId('block').click();
    await page.getByTestId('block-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('block-dialog').waitFor({ state: 'detached' });
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByTestId('tag').filter({ hasText: 'returning' }).getByRole('button', { name: 'Remove tag returning' }).click();
    await page.getByTestId('thread-tag').filter({ hasText: 'returning' }).waitFor({ state: 'detached' });
    // The full contact page is a link away.
    await drawer.getByTestId('open-contact-page').click();
    expect(await page.getByTestId('nav-contacts').getAttribute('aria-current')).toBe('page');
    await page.getByTestId('contact-panel').filter({ hasText: 'Alice Johnson' }).waitFor();
    await page.getByTestId('notes').filter({ hasText: 'prefers WhatsApp' }).waitFor();
  });

  it('the contact panel lists the contact\'s conversations per channel, live, and opens one in the inbox on its tab and thread, the focus in its reply', async () => {
    const conversations = page.getByTestId('contact-panel').getByTestId('contact-conversation');
    await conversations.filter({ hasText: 'WhatsApp' }).waitFor();
    expect(await conversations.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-channel')))).toEqual(['whatsapp', 'sms']);
    // Alice texts in on SMS: that conversation moves to the top with her new message, live.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: ALICE, text: 'Texting you from my phone' })).status).toBe(201);
    await conversations.filter({ hasText: 'Texting you from my phone' }).waitFor();
    expect(await conversations.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-channel')))).toEqual(['sms', 'whatsapp']);
    await screenshot(page, 'contact-conversations');
    // By the keyboard: the focus goes to that conversation's reply, as from the inbox's own contact panel, not to the page.
    await conversations.filter({ hasText: 'SMS' }).getByTestId('open-conversation').focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('message').filter({ hasText: 'Texting you from my phone' }).waitFor();
    expect(await row(ALICE).getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="thread"]')?.querySelector('[data-testid="thread-address"]')?.textContent))
      .toBe(`SMS · ${ALICE}`);
    await page.getByTestId('announcer').getByText('Opened the SMS conversation.').waitFor();
    const sms = (await server.dashboard<{ data: Array<{ id: string }> }>('GET', '/dashboard/conversations?channel=sms&search=0101')).body.data[0];
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('conversation')).toBe(sms?.id);
    // Back returns to the contact.
    await page.goBack();
    await page.getByTestId('contact-panel').filter({ hasText: 'Alice Johnson' }).waitFor();
  });

  it('Open conversation in the thread\'s contact panel goes to that conversation\'s tab and thread, the focus in its composer', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    await row(ALICE).click();
    await page.getByTestId('thread-contact').waitFor();
    const drawer = page.getByRole('dialog', { name: 'Contact: Alice Johnson' });
    const focused = () => page.evaluate(() => {
      const el = document.activeElement;
      return { testId: el?.getAttribute('data-testid') ?? null, thread: el?.closest('[data-testid="thread"]')?.querySelector('[data-testid="thread-address"]')?.textContent ?? null };
    });
    // By the keyboard, as an agent without a mouse: View contact, then Open conversation on SMS.
    await page.getByTestId('open-contact').focus();
    await page.keyboard.press('Enter');
    const sms = drawer.locator('[data-testid="contact-conversation"][data-channel="sms"]').getByTestId('open-conversation');
    await sms.focus();
    await page.keyboard.press('Enter');
    // The SMS tab and Alice's SMS thread; the panel, which covers the thread's side here, is closed; the focus is in the SMS reply.
    await page.getByTestId('thread-address').filter({ hasText: `SMS · ${ALICE}` }).waitFor();
    expect(await page.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    await row(ALICE).and(page.locator('[aria-selected="true"]')).waitFor();
    expect(await drawer.count()).toBe(0);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer');
    expect(await focused()).toEqual({ testId: 'composer', thread: `SMS · ${ALICE}` });
    // The newest announcement (the Contacts page's Open conversation above said the same).
    await page.getByTestId('announcer').locator('p').last().filter({ hasText: 'Opened the SMS conversation.' }).waitFor();
    // The conversation already open, from its panel: the panel closes and the focus goes to its reply, as for another.
    await page.getByTestId('open-contact').click();
    await drawer.waitFor();
    await drawer.locator('[data-testid="contact-conversation"][data-channel="sms"]').getByTestId('open-conversation').click();
    await drawer.waitFor({ state: 'detached' });
    expect(await focused()).toEqual({ testId: 'composer', thread: `SMS · ${ALICE}` });
    // And back to WhatsApp the same way, with a click.
    await page.getByTestId('open-contact').click();
    await drawer.locator('[data-testid="contact-conversation"][data-channel="whatsapp"]').getByTestId('open-conversation').click();
    await page.getByTestId('thread-address').filter({ hasText: `WhatsApp · ${ALICE}` }).waitFor();
    expect(await page.getByTestId('tab-whatsapp').getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'composer');
    expect(await focused()).toEqual({ testId: 'composer', thread: `WhatsApp · ${ALICE}` });
  });

  it('names channels as the console does everywhere: the empty inbox and the wallet ledger', async () => {
    // The demo has email conversations: the first-run state is shown with an empty answer.
    const empty = { data: [], meta: { total: 0, page: 1, limit: 100, totalPages: 0 } };
    await page.route('**/dashboard/conversations?channel=email*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(empty) }));
    await page.getByTestId('tab-email').click();
    await page.getByText('Messages sent on Email (campaigns, the API) appear here').waitFor();
    await page.unroute('**/dashboard/conversations?channel=email*');
    await page.getByTestId('nav-wallet').click();
    await page.getByTestId('ledger-channel').first().waitFor();
    const shown = new Set(await page.getByTestId('ledger-channel').allTextContents());
    // The demo's calls are charged too, by the minute.
    expect([...shown].filter((name) => name !== '—' && !['WhatsApp', 'SMS', 'RCS', 'Email', 'Instagram', 'Voice agents', 'Voice app'].includes(name))).toEqual([]);
    expect(shown.has('Voice agents') && shown.has('Voice app')).toBe(true);
    expect([...shown].some((name) => name !== '—')).toBe(true);
  });
});
