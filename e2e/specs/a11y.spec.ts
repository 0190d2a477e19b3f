// What a screen reader or keyboard user gets beyond what axe checks: the shell's polite live region says
// what changed (a customer's new message in the open thread, our reply failing, the clock advanced, a copy,
// "Delivered to the inbox.", the connection lost and back) once each; the contacts list names its selected
// row as its active option while the arrows move it, with the focus visible on entry; each API key scope is
// named with its domain; a box that scrolls its own content is a named Tab stop the keys can scroll; the
// window's title names the page; the theme button is named as it reads; tabs and the deliveries' status
// radios are one Tab stop each, moved with the arrow keys, and tabs control the tabpanel their chosen one labels;
// buttons repeated down a list (webhook endpoints' actions too) have names of their own.
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Conversation, ListEnvelope } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { announced as announcedIn } from '../fixtures/announcer.ts';

let server: E2eServer;
let page: Page;
/** The console's side of its live socket, to drop it as a lost network would. */
let socket: WebSocketRoute | null = null;

const announced = (text: string | RegExp) => announcedIn(page, text);

consoleForFile({
  permissions: ['clipboard-read', 'clipboard-write'],
  allowPrivateWebhooks: true, // endpoints on this host, which nothing here sends to
  beforeOpen: (tab) => tab.routeWebSocket(/\/socket\.io\//, (ws) => {
    socket = ws;
    ws.connectToServer();
  }),
}, (opened) => {
  ({ server, page } = opened);
});

async function openThread(channel: string, address: string): Promise<void> {
  const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', `/dashboard/conversations?channel=${channel}&search=${encodeURIComponent(address)}`);
  const id = listed.body.data[0]?.id ?? '';
  expect(id).toBeTruthy();
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId(`tab-${channel}`).click();
  await page.locator(`[data-testid="conversation-row"][data-address="${address}"]`).click();
  await page.locator('[data-testid="thread-address"]').filter({ hasText: address }).waitFor();
  await page.getByTestId('message').first().waitFor();
}

describe('the live region', () => {
  it('is one polite status region in the shell, empty at the start (the first connection is not news)', async () => {
    const region = page.getByTestId('announcer');
    expect(await region.count()).toBe(1);
    expect(await region.getAttribute('role')).toBe('status');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    expect(await region.locator('p').count()).toBe(0);
  });

  it('says the clock advanced, to the time the simulator then shows', async () => {
    await page.getByTestId('nav-simulator').click();
    const before = await page.getByTestId('sim-clock').textContent();
    await page.getByTestId('advance-3600').click();
    const said = await announced(/^Clock advanced to /);
    const shown = await page.getByTestId('sim-clock').textContent();
    expect(shown).not.toBe(before);
    // The clock runs with real time: by the time it is read it may be a second or two on.
    expect(Date.parse(said.replace(/^Clock advanced to |\.$/g, '')) / 1000).toBeCloseTo(Date.parse(shown ?? '') / 1000, -1);
  });

  it('says "Delivered to the inbox." after Send as customer', async () => {
    await page.getByTestId('inbound-from').fill('+14155550142');
    await page.getByTestId('inbound-text').fill('Is my parcel on its way?');
    await page.getByTestId('inbound-send').click();
    expect(await announced('Delivered to the inbox.')).toBe('Delivered to the inbox.');
  });

  it('says a customer wrote in the open thread, with what they wrote; not the history it opened with', async () => {
    // A history longer than the thread's height.
    for (let n = 1; n <= 20; n++) expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550142', text: `Earlier message ${n}` })).status).toBe(201);
    await openThread('whatsapp', '+14155550142');
    await page.getByTestId('message').filter({ hasText: 'Earlier message 20' }).waitFor();
    const bubbles = page.getByTestId('thread').getByRole('list');
    expect(await bubbles.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await page.getByTestId('announcer').textContent()).not.toContain('New message');
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550142', text: 'Hello again' })).status).toBe(201);
    await page.getByTestId('message').filter({ hasText: 'Hello again' }).waitFor();
    expect(await announced('New message from')).toBe('New message from +14155550142: Hello again');
    // The thread is a list of messages only (no sentinel element in it), scrolled to the newest as it comes.
    expect(await bubbles.evaluate((el) => [...el.children].every((child) => child.tagName === 'LI'))).toBe(true);
    await page.waitForFunction(() => { const el = document.querySelector('.bubbles') as HTMLElement; return el.scrollHeight - el.scrollTop - el.clientHeight === 0; });
  });

  it('says our reply failed, with the reason', async () => {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+15005550002', text: 'Hi' })).status).toBe(201);
    await openThread('whatsapp', '+15005550002');
    await page.getByTestId('composer').fill('Your order is on its way');
    await page.getByTestId('composer').press('Enter');
    // Our reply's bubble: the demo's festive campaign message to him failed already (one failed bubble before ours).
    await page.locator('[data-testid="message"][data-status="failed"]').filter({ hasText: 'Your order is on its way' }).waitFor();
    // The demo's Omar Costa: his phone is the simulated handset without WhatsApp.
    expect(await announced(/^Reply to Omar Costa failed: /)).toMatch(/^Reply to Omar Costa failed: .*WhatsApp.*\.$/);
  });

  it('says a copy was made, each time', async () => {
    await page.getByTestId('nav-otp').click();
    const widget = page.getByTestId('otp-widget').first();
    await widget.getByRole('button', { name: /^Copy widget id of / }).click();
    await announced('Widget id copied.');
    // Copied again: the same words, said again (a new paragraph in the region, not the old one left as it was).
    const first = await page.getByTestId('announcer').locator('p').last().elementHandle();
    await widget.getByRole('button', { name: /^Copied widget id of / }).click();
    await page.waitForFunction((old) => document.querySelector('[data-testid="announcer"] p:last-child') !== old, first);
    expect(await announced('Widget id copied.')).toBe('Widget id copied.');
  });

  it('says when the live connection drops and when it is back', async () => {
    expect(socket).not.toBeNull();
    await socket?.close();
    await page.getByTestId('live-status').filter({ hasText: 'Offline' }).waitFor();
    expect(await announced(/^Offline/)).toBe('Offline: live updates have stopped.');
    // socket.io reconnects by itself; the route hands the new socket to the server again.
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    expect(await announced(/^Live/)).toBe('Live: updates resume.');
  });
});

describe('the contacts list', () => {
  const listbox = () => page.getByTestId('contact-listbox');
  const outline = (selector: string) => page.evaluate((s) => {
    const style = getComputedStyle(document.querySelector(s) as Element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  }, selector);

  it('keeps the focus on the list while ↑ ↓ Home End move the selection, naming the selected row as its active option', async () => {
    await page.getByTestId('nav-contacts').click();
    await page.locator('[data-testid="contact-list"][data-ready="true"]').waitFor();
    await page.getByTestId('contact-search').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('contact-listbox');
    // Nothing selected yet: no active option, and the ring goes round the list itself.
    expect(await listbox().getAttribute('aria-activedescendant')).toBeNull();
    expect(await outline('[data-testid="contact-listbox"]')).toBe('solid 2px');

    const rows = listbox().getByTestId('contact-row');
    const idOf = async (n: number) => (await rows.nth(n).getAttribute('id')) ?? '';
    for (const [key, n] of [['ArrowDown', 0], ['ArrowDown', 1], ['ArrowDown', 2], ['ArrowUp', 1], ['End', (await rows.count()) - 1], ['Home', 0]] as const) {
      await page.keyboard.press(key);
      const id = await idOf(n);
      await page.locator(`[data-testid="contact-listbox"][aria-activedescendant="${id}"]`).waitFor();
      expect(await rows.nth(n).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('contact-listbox');
    }
    await page.getByTestId('contact-panel').waitFor();
    // The selected row carries the ring now, and the list none of its own.
    expect(await outline(`#${await idOf(0)}`)).toBe('solid 2px');
    expect(await outline('[data-testid="contact-listbox"]')).toMatch(/^none/);
  });

  it('a click selects a row and leaves the focus on the list, where the arrows go on from it', async () => {
    const rows = listbox().getByTestId('contact-row');
    await rows.nth(3).click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('contact-listbox');
    await page.keyboard.press('ArrowDown');
    await page.locator(`[data-testid="contact-listbox"][aria-activedescendant="${await rows.nth(4).getAttribute('id')}"]`).waitFor();
  });
});

describe('the new API key form', () => {
  it('names each scope checkbox with its domain, and each domain box as all of its scopes', async () => {
    await page.getByTestId('nav-keys').click();
    await page.getByTestId('new-key').click();
    const form = page.getByTestId('create-key-form');
    await form.getByTestId('scope-group-contacts').waitFor();
    expect(await form.getByRole('checkbox', { name: 'contacts:read', exact: true }).count()).toBe(1);
    expect(await form.getByRole('checkbox', { name: 'All contacts scopes', exact: true }).count()).toBe(1);
    // No box is named by its action alone ("read", "block"), which every domain repeats.
    const names = await form.locator('.scope input[type="checkbox"]').evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !/^[a-z_]+:[a-z_:]+$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    await form.getByTestId('create-key-cancel').click();
  });
});

describe('scrolling by keyboard', () => {
  it('the wallet ledger is a named Tab stop, its ring drawn inside its box, and the arrow keys scroll it', async () => {
    // Narrow enough for the ledger's table to be wider than its card (its descriptions wrap, its amounts do not):
    // a phone's width, where the ledger's region still scrolls it (a table elsewhere scrolls in a box of its own).
    await page.setViewportSize({ width: 390, height: 700 });
    onTestFinished(() => page.setViewportSize({ width: 1280, height: 800 }));
    await page.getByTestId('nav-wallet').click();
    await page.getByTestId('ledger').waitFor();
    const ledger = page.getByRole('region', { name: 'Ledger', exact: true });
    // Reached with Tab (from the control before it), as a keyboard user would.
    await ledger.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await ledger.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    expect(await ledger.evaluate((el) => { const s = getComputedStyle(el); return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineOffset}`; })).toBe('solid 2px -2px');
    expect(await ledger.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.activeElement?.scrollLeft ?? 0) > 0);
  });

  it('a long inbox thread is a named Tab stop, still a list, its ring inside; Home, PageDown and End scroll it', async () => {
    await openThread('whatsapp', '+14155550142');
    const messages = page.getByRole('list', { name: 'Messages with +14155550142', exact: true });
    await messages.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await messages.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
    expect(await messages.evaluate((el) => { const s = getComputedStyle(el); return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineOffset}`; })).toBe('solid 2px -2px');
    expect(await messages.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const scrolled = (to: 'top' | 'down' | 'bottom') => page.waitForFunction((where) => {
      const el = document.activeElement as HTMLElement;
      return where === 'top' ? el.scrollTop === 0 : where === 'down' ? el.scrollTop > 0 : Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) <= 1;
    }, to);
    await page.keyboard.press('Home');
    await scrolled('top');
    await page.keyboard.press('PageDown');
    await scrolled('down');
    await page.keyboard.press('End');
    await scrolled('bottom');
  });
});

describe('the shell', () => {
  it('titles the window after the page shown', async () => {
    for (const [section, title] of [['contacts', 'Contacts'], ['keys', 'API keys'], ['requests', 'Request log'], ['simulator', 'Simulator'], ['inbox', 'Inbox']]) {
      await page.getByTestId(`nav-${section}`).click();
      await page.waitForFunction((t) => document.title === t, `${title} · Switchboard`);
    }
    // A reload lands on the page the URL names, titled from the start.
    await page.getByTestId('nav-wallet').click();
    await page.reload();
    await page.getByTestId('ledger').waitFor();
    expect(await page.title()).toBe('Wallet · Switchboard');
  });

  it('names the theme button as it reads ("☾ Dark" is "Dark theme"), and says what it does', async () => {
    const toggle = page.getByTestId('theme-toggle');
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    const [shown, other] = theme === 'dark' ? ['Light', 'Dark'] : ['Dark', 'Light'];
    expect(await toggle.textContent()).toMatch(new RegExp(`^. ${shown}$`));
    expect(await page.getByRole('button', { name: `${shown} theme`, exact: true }).getAttribute('data-testid')).toBe('theme-toggle');
    expect(await toggle.getAttribute('title')).toBe(`Switch to the ${shown.toLowerCase()} theme`);
    await toggle.click();
    await page.getByRole('button', { name: `${other} theme`, exact: true }).waitFor();
    await toggle.click();
    await page.locator(`html[data-theme="${theme}"]`).waitFor();
  });
});

describe('tabs and radio groups', () => {
  const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

  /** Presses `key` in the group and expects `testId` to be focused, chosen, and the group's only Tab stop. */
  async function press(key: string, testId: string, chosen: 'aria-selected' | 'aria-checked') {
    await page.keyboard.press(key);
    await page.locator(`[data-testid="${testId}"][${chosen}="true"]`).waitFor();
    expect(await focusedTestId()).toBe(testId);
    const stops = await page.getByTestId(testId).evaluate((el) => [...(el.parentElement?.querySelectorAll('[tabindex="0"]') ?? [])].map((item) => item.getAttribute('data-testid')));
    expect(stops).toEqual([testId]);
  }

  /** The chosen tab's list: all its tabs control the one panel shown, a tabpanel labelled by the chosen tab. */
  async function controlsItsPanel(chosen: string) {
    const id = await page.getByTestId(chosen).getAttribute('id');
    expect(id).toBeTruthy();
    expect(await page.getByTestId(chosen).evaluate((tab) => {
      const tabs = [...(tab.closest('[role="tablist"]')?.querySelectorAll('[role="tab"]') ?? [])];
      const controlled = [...new Set(tabs.map((t) => t.getAttribute('aria-controls')))];
      const panel = document.getElementById(controlled[0] ?? '');
      return { controlled: controlled.length, role: panel?.getAttribute('role'), labelledBy: panel?.getAttribute('aria-labelledby') };
    })).toEqual({ controlled: 1, role: 'tabpanel', labelledBy: id });
    expect(await page.getByRole('tabpanel').count()).toBe(1);
  }

  it('the tab lists move with ← → Home End, wrapping round, each choosing the tab it lands on, which labels the panel', async () => {
    const lists: Array<[string, string[], () => Promise<void>]> = [
      ['inbox', ['tab-whatsapp', 'tab-sms', 'tab-rcs', 'tab-instagram', 'tab-email'], () => page.getByTestId('conversation-list').waitFor()],
      ['campaigns', ['campaign-tab-whatsapp', 'campaign-tab-sms', 'campaign-tab-rcs', 'campaign-tab-email'], () => page.getByTestId('new-campaign').waitFor()],
      ['channels', ['channels-tab-whatsapp', 'channels-tab-sms', 'channels-tab-rcs', 'channels-tab-email', 'channels-tab-instagram', 'channels-tab-shopify'], () => page.getByTestId('sms-template-form').waitFor()],
      ['webhooks', ['tab-endpoints', 'tab-deliveries'], () => page.getByTestId('deliveries-count').waitFor()],
      ['calls', ['calls-tab-agent', 'calls-tab-app', 'calls-tab-people'], () => page.getByTestId('app-calls-tab').waitFor()],
    ];
    for (const [section, tabs, shown] of lists) {
      await page.getByTestId(`nav-${section}`).click();
      const [first, second] = tabs as [string, string];
      await page.getByTestId(first).click();
      await press('ArrowRight', second, 'aria-selected');
      await shown();
      await press('ArrowLeft', first, 'aria-selected');
      await press('ArrowLeft', tabs.at(-1) as string, 'aria-selected');
      await press('Home', first, 'aria-selected');
      await controlsItsPanel(first);
      await press('End', tabs.at(-1) as string, 'aria-selected');
      await controlsItsPanel(tabs.at(-1) as string);
    }
  });

  it('the deliveries status filter moves with the arrows, ↑ ↓ too, filtering as it goes', async () => {
    await page.getByTestId('nav-webhooks').click();
    await page.getByTestId('tab-deliveries').click();
    await page.getByTestId('status-filter-all').click();
    await press('ArrowRight', 'status-filter-PENDING', 'aria-checked');
    await press('ArrowDown', 'status-filter-SUCCEEDED', 'aria-checked');
    await press('ArrowUp', 'status-filter-PENDING', 'aria-checked');
    await press('Home', 'status-filter-all', 'aria-checked');
    await press('ArrowLeft', 'status-filter-HELD', 'aria-checked');
  });
});

describe('buttons repeated down a list', () => {
  const names = (buttons: ReturnType<Page['getByTestId']>) => buttons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''));

  it('name what they act on: Revoke each key, Edit each OTP widget, Delete each note', async () => {
    for (const name of ['bench', 'staging']) {
      expect((await server.dashboard('POST', '/dashboard/api-keys', { name, environment: 'test', scopes: ['contacts:read'] })).status).toBe(201);
    }
    await page.getByTestId('nav-keys').click();
    await page.getByRole('button', { name: 'Revoke key staging', exact: true }).waitFor();
    const revokes = await names(page.getByTestId('revoke-key'));
    expect(revokes).toContain('Revoke key bench');
    expect(new Set(revokes).size).toBe(revokes.length);

    await page.getByTestId('nav-otp').click();
    await page.getByTestId('otp-widget').first().waitFor();
    const widgets = await page.getByTestId('otp-widget-name').allTextContents();
    expect(await names(page.getByTestId('otp-widget-edit'))).toEqual(widgets.map((w) => `Edit ${w}`));

    await page.getByTestId('nav-contacts').click();
    await page.locator('[data-testid="contact-list"][data-ready="true"]').getByTestId('contact-row').first().click();
    for (const note of ['Prefers WhatsApp over email', 'Asked about the refund']) {
      await page.getByTestId('note-input').fill(note);
      await page.getByTestId('add-note').click();
      await page.getByTestId('note').filter({ hasText: note }).waitFor();
      // The note shows once the notes are read again; the field clears once the contacts list is too. Typing the next
      // one before that would see it cleared under it.
      await expect.poll(() => page.getByTestId('note-input').inputValue()).toBe('');
    }
    const deletes = await names(page.getByTestId('note').getByRole('button'));
    expect(deletes).toContain('Delete note “Prefers WhatsApp over email”');
    expect(deletes).toContain('Delete note “Asked about the refund”');
    expect(await names(page.getByTestId('open-conversation'))).toEqual(
      (await page.getByTestId('contact-conversation').locator('strong').allTextContents()).map((channel) => `Open conversation on ${channel}`));
  });

  it('name the webhook endpoint they act on: each card\'s test event type, Send test, Rotate secret, Disable and Delete', async () => {
    const urls = ['http://127.0.0.1:9/first', 'http://127.0.0.1:9/second'];
    for (const url of urls) expect((await server.dashboard('POST', '/dashboard/webhooks', { url, events: ['form.submitted'] })).status).toBe(201);
    // Endpoints made outside the console are not pushed to it: a reload lists them (the tabs above read the list).
    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('nav-webhooks').click();
    await page.getByTestId('tab-endpoints').click();
    for (const url of urls) {
      const card = page.locator(`[data-testid="endpoint-card"][data-url="${url}"]`);
      await card.getByRole('combobox', { name: `Test event type for ${url}`, exact: true }).waitFor();
      for (const name of [`Send test to ${url}`, `Rotate secret of ${url}`, `Disable ${url}`, `Delete endpoint ${url}`]) {
        expect(await card.getByRole('button', { name, exact: true }).count()).toBe(1);
      }
    }
    // Every name on the cards is its own (these two and the demo CRM's), and what the buttons show is as before.
    const cards = page.getByTestId('endpoint-card');
    expect(await cards.count()).toBe(urls.length + 1);
    const all = await cards.locator('button, select').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(all.length).toBe(5 * (urls.length + 1));
    expect(new Set(all).size).toBe(all.length);
    for (const [testId, text] of [['send-test', 'Send test'], ['rotate-secret', 'Rotate secret'], ['toggle-endpoint', 'Disable'], ['delete-endpoint', 'Delete']] as const) {
      expect(await cards.getByTestId(testId).allTextContents()).toEqual([text, text, text]);
    }
  });
});
