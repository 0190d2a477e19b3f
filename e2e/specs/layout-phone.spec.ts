// The console at a phone's width (390 × 844, opened from `serve` in a phone's browser): the sidebar is a strip over the
// page whose links wrap in rows, every page's link on screen at once, so every page is reached from it; the window never
// scrolls sideways (a wide table scrolls inside its own box) nor as a whole; the page's title and the theme toggle are
// on screen; in the inbox and contacts the item opened takes the page (the reply box on screen) and Back returns to the
// list, the focus on the row that was open; the top bar has no Shortcuts button (`?` still works); and a console opened
// on a page shows its link.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';

let page: Page;

const session = consoleForFile({ width: 390, height: 844 }, (opened) => {
  page = opened.page;
});

/** How far the window scrolls sideways and as a whole (0 and 0 when the page fits). */
const windowScroll = () => page.evaluate(() => {
  const root = document.documentElement;
  return { sideways: root.scrollWidth - root.clientWidth, down: root.scrollHeight - root.clientHeight };
});

/** Every page of the sidebar, as it names it. */
const PAGES = [['Overview', 'overview'], ['Inbox', 'inbox'], ['Contacts', 'contacts'], ['OTP', 'otp'], ['Calls', 'calls'], ['Campaigns', 'campaigns'],
  ['Automations', 'automations'], ['Forms', 'forms'], ['Channels', 'channels'], ['Wallet', 'wallet'], ['API keys', 'keys'], ['Request log', 'requests'],
  ['Webhooks', 'webhooks'], ['Simulator', 'simulator']];

/** The data-address of the conversation row holding the focus (null when none does). */
const focusedAddress = () => page.evaluate(() => document.activeElement?.closest('[data-testid="conversation-row"]')?.getAttribute('data-address') ?? null);

/** Whether `target` takes the page under the sidebar's strip: the window's whole width, down to its foot. */
const fillsThePage = (target: Locator) => target.evaluate((el) => {
  const box = el.getBoundingClientRect();
  const strip = document.querySelector('.sidebar')?.getBoundingClientRect();
  return Math.round(box.left) === 0 && Math.round(box.right) === window.innerWidth && Math.round(box.bottom) === window.innerHeight
    && strip !== undefined && box.top - strip.bottom < 120;
});

/** Whether `target` is whole in the window as it is, nothing scrolled to it. */
const inView = (target: Locator) => target.evaluate((el) => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && box.top >= 0 && box.bottom <= window.innerHeight;
});

describe('at 390 × 844', () => {
  beforeAll(async () => {
    await layout.resize(page, 390, 844);
  });

  it.each(PAGES)('%s: reached from the strip, fits the width, its title and the theme toggle on screen', async (_label, section) => {
    const link = page.getByTestId(`nav-${section}`);
    await layout.onScreen(link);
    await link.click();
    await expect.poll(() => page.getByTestId(`nav-${section}`).getAttribute('aria-current')).toBe('page');
    await page.locator('main h1').first().waitFor();
    await expect.poll(windowScroll).toEqual({ sideways: 0, down: 0 });
    await layout.onScreen(page.locator('main h1').first());
    await layout.onScreen(page.getByTestId('theme-toggle'));
  });

  it('every page\'s link is on screen at once, none past the window\'s edge (the strip\'s links wrap, it does not scroll)', async () => {
    await page.getByTestId('nav-simulator').click();
    for (const [, section] of PAGES) expect(await inView(page.getByTestId(`nav-${section}`)), section).toBe(true);
    await page.getByTestId('nav-overview').click();
    for (const [, section] of PAGES) expect(await inView(page.getByTestId(`nav-${section}`)), section).toBe(true);
  });

  it('inbox: a conversation opened takes the page, its reply box on screen; Back shows the list again, the focus on its row', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    const row = page.getByTestId('conversation-row').first();
    const address = await row.getAttribute('data-address');
    await row.click();
    await page.getByTestId('thread').waitFor();
    await expect.poll(() => page.getByTestId('conversation-list').isVisible()).toBe(false);
    await expect.poll(() => fillsThePage(page.getByTestId('thread'))).toBe(true);
    await layout.onScreen(page.getByTestId('composer'));
    await expect.poll(windowScroll).toEqual({ sideways: 0, down: 0 });
    const back = page.getByRole('button', { name: 'Back to list of WhatsApp conversations', exact: true });
    await layout.onScreen(back);
    await back.click();
    await expect.poll(() => page.getByTestId('thread').isVisible()).toBe(false);
    await layout.onScreen(page.getByTestId('conversation-row').first());
    await expect.poll(focusedAddress).toBe(address);
  });

  it('inbox by keyboard: Enter on a row opens it, the focus on Back; Enter on Back returns to the list, the focus on that row', async () => {
    const row = page.getByTestId('conversation-row').nth(1);
    const address = await row.getAttribute('data-address');
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('thread').waitFor();
    await expect.poll(() => page.getByTestId('conversation-list').isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('back-to-list');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('thread').isVisible()).toBe(false);
    await expect.poll(focusedAddress).toBe(address);
  });

  it('inbox: Escape in the reply returns to the list, the focus on the conversation\'s row', async () => {
    const row = page.getByTestId('conversation-row').first();
    const address = await row.getAttribute('data-address');
    await row.click();
    await page.getByTestId('composer').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('thread').isVisible()).toBe(false);
    await expect.poll(focusedAddress).toBe(address);
  });

  it('inbox: a conversation resolved returns to the list, the focus on the next conversation\'s row', async () => {
    const [first, second] = await page.getByTestId('conversation-row').evaluateAll((rows) => rows.slice(0, 2).map((el) => el.getAttribute('data-address')));
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('resolve-conversation').click();
    await expect.poll(() => page.getByTestId('conversation-list').isVisible()).toBe(true);
    expect(await page.getByTestId('thread').isVisible()).toBe(false);
    await expect.poll(focusedAddress).toBe(second);
    expect(first).not.toBe(second);
  });

  it('contacts: a contact opened takes the page; Back shows the list again, focused on that contact\'s row', async () => {
    await page.getByTestId('nav-contacts').click();
    const row = page.getByTestId('contact-row').first();
    const id = await row.getAttribute('data-contact-id');
    await row.click();
    await page.getByTestId('contact-panel').waitFor();
    await expect.poll(() => page.getByTestId('contact-list').isVisible()).toBe(false);
    await expect.poll(() => fillsThePage(page.locator('main .detail-pane'))).toBe(true);
    await expect.poll(windowScroll).toEqual({ sideways: 0, down: 0 });
    const back = page.getByRole('button', { name: 'Back to list of contacts', exact: true });
    await layout.onScreen(back);
    await back.press('Enter');
    await expect.poll(() => page.getByTestId('contact-panel').isVisible()).toBe(false);
    await layout.onScreen(page.getByTestId(`contact-row`).first());
    await expect.poll(() => page.evaluate(() => {
      const focused = document.activeElement;
      return focused?.getAttribute('data-testid') === 'contact-listbox' ? focused.getAttribute('aria-activedescendant') : null;
    })).toBe(`contact-option-${id}`);
  });

  it('renaming the organization, its form takes a line under the links: field, Save, Cancel and Live on screen, nothing sideways', async () => {
    await page.getByTestId('nav-overview').click();
    await page.getByTestId('organization-rename').click();
    const form = page.getByTestId('organization-form');
    await form.getByTestId('organization-input').fill('');
    await form.getByTestId('organization-error').filter({ hasText: 'Type a name' }).waitFor();
    for (const part of [form.getByTestId('organization-input'), form.getByTestId('organization-save'), form.getByRole('button', { name: 'Cancel' }), page.getByTestId('live-status')]) {
      expect(await inView(part), await part.evaluate((el) => el.outerHTML.slice(0, 60))).toBe(true);
    }
    expect(await windowScroll()).toEqual({ sideways: 0, down: 0 });
    expect(await page.locator('.sidebar').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });

  /** A table's column headings as shown, and whether its rows fit its width (nothing to scroll sideways to). */
  const table = (testid: string) => page.getByTestId(testid).evaluate((el) => ({
    headings: [...el.querySelectorAll('th')].filter((th) => th.getClientRects().length > 0).map((th) => th.textContent),
    fits: el.scrollWidth <= el.clientWidth,
  }));

  it('the campaign list keeps Campaign, Status, Delivered and Failed, and its rows fit the width; wider, every column', async () => {
    // The demo's WhatsApp campaign, one whose Failed says "+1 blocked" too, and an SMS draft with a long name.
    const { server } = session();
    const blocked = await server.dashboard<{ id: string }>('POST', '/dashboard/contacts', { name: 'Rude Ray', phone: '+919820000309' });
    expect((await server.dashboard('POST', `/dashboard/contacts/${blocked.body.id}/block`, { reason: 'Abusive language' })).status).toBe(200);
    const templates = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/whatsapp/templates?status=APPROVED&limit=100');
    expect((await server.dashboard('POST', '/dashboard/whatsapp/campaigns/create-and-launch', {
      name: 'Partly blocked', templateId: templates.body.data.find((t) => t.name === 'welcome_offer')?.id, phones: ['919820000309', '15005550001', '919820000308'],
      templateComponents: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/welcome.png' } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'friend' }] },
      ],
    })).status).toBe(202);
    // Sent on the virtual clock: its recipients are refused or fail as it runs.
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 5 });
    const name = 'A long campaign name for the whole festive season sale';
    expect((await server.dashboard('POST', '/dashboard/sms/campaigns', { name, messageBody: 'Hello', audienceType: 'segment', audienceCriteria: { tags: ['VIP'] } })).status).toBe(201);
    await page.getByTestId('nav-campaigns').click();
    for (const channel of ['whatsapp', 'sms']) {
      await page.getByTestId(`campaign-tab-${channel}`).click();
      await page.getByTestId('campaign-row').first().waitFor();
      if (channel === 'whatsapp') await page.getByTestId('campaign-row').filter({ hasText: 'Partly blocked' }).getByTestId('campaign-blocked').waitFor();
      expect(await table('campaign-list'), channel).toEqual({ headings: ['Campaign', 'Status', 'Delivered', 'Failed'], fits: true });
    }
    await layout.resize(page, 1280, 800);
    expect((await table('campaign-list')).headings).toEqual(['Campaign', 'Status', 'Recipients', 'Sent', 'Delivered', 'Failed', 'Scheduled', 'Created']);
    await layout.resize(page, 390, 844);
  });

  it('the request log keeps When, Request, Status and Key, and its rows fit the width; wider, every column', async () => {
    const { server } = session();
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Support phone key', environment: 'test', scopes: ['contacts:read'] });
    for (const path of ['/v1/contacts?limit=5', '/v1/contacts/cnt_nope']) await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${created.body.key}` } });
    await page.getByTestId('nav-requests').click();
    await page.getByTestId('request-row').nth(1).waitFor();
    expect(await table('request-log')).toEqual({ headings: ['When', 'Request', 'Status', 'Key'], fits: true });
    await layout.resize(page, 1280, 800);
    expect((await table('request-log')).headings).toEqual(['When', 'Request', 'Status', 'Key', 'IP', 'ms']);
    await layout.resize(page, 390, 844);
  });

  it('the top bar has no Shortcuts button (a phone seldom has a keyboard), yet ? still lists the shortcuts', async () => {
    await page.getByTestId('nav-overview').click();
    await layout.onScreen(page.getByTestId('theme-toggle'));
    expect(await page.getByTestId('shortcuts-button').isVisible()).toBe(false);
    await page.getByTestId('nav-overview').focus();
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('nav-overview');
  });

  it('wider than a phone (1280 px) an open conversation sits beside its list, with no Back button', async () => {
    await layout.resize(page, 1280, 800);
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').waitFor();
    expect(await page.getByTestId('conversation-list').isVisible()).toBe(true);
    expect(await page.getByTestId('back-to-list').isVisible()).toBe(false);
    // ... and its top bar the Shortcuts button.
    expect(await page.getByTestId('shortcuts-button').isVisible()).toBe(true);
    await layout.resize(page, 390, 844);
  });

  it('a console opened on a page at the strip\'s end (the Simulator) shows that page\'s link in the strip', async () => {
    await page.goto(`${session().server.consoleUrl}&section=simulator`);
    await page.getByTestId('inbound-send').waitFor();
    await expect.poll(() => inView(page.getByTestId('nav-simulator'))).toBe(true);
    expect(await page.getByTestId('nav-simulator').getAttribute('aria-current')).toBe('page');
  });
});
