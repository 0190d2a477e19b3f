// The console's shell: the campaign tabs are the channels with a builder, a page that fails to render
// shows its error with a way back instead of blanking the whole console, and the place is kept in the URL
// (a reload returns to it; Back returns to the page before; a fragment changed outside the console wins over the
// console's own place; one edited without the token keeps the console connected and gets the token back, while a
// tab that never had it, or whose token is refused, asks for the console link; a new console link opened in a running
// tab switches to its token, from the refused state too, and Back or Forward to an entry from before it keeps the new
// token); the sidebar's items are links, and a page's own item takes it to its root; something not there offers a way
// back, not "Try again".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

const session = consoleForFile({}, (opened) => {
  page = opened.page;
});

describe('app shell', () => {
  it('offers campaign tabs only for the channels with a builder, and each opens its list', async () => {
    await page.getByTestId('nav-campaigns').click();
    const tabs = page.locator('[data-testid^="campaign-tab-"]');
    await tabs.first().waitFor();
    expect(await tabs.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual(
      ['campaign-tab-whatsapp', 'campaign-tab-sms', 'campaign-tab-rcs', 'campaign-tab-email']);
    for (const channel of ['sms', 'rcs', 'email', 'whatsapp']) {
      await page.getByTestId(`campaign-tab-${channel}`).click();
      await page.getByTestId('new-campaign').waitFor();
    }
  });

  it('a page that fails to render shows the error and a way back to the inbox; the rest of the console keeps working', async () => {
    // A list answer the page cannot read (no rows array) makes its render throw.
    await page.route('**/dashboard/request-log?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":null}' }));
    await page.getByTestId('nav-requests').click();
    const crashed = page.getByTestId('page-crashed');
    await crashed.getByTestId('error-state').waitFor();
    // The error's own message is shown (which property the page tripped over depends on the page).
    expect(await crashed.textContent()).toMatch(/Cannot read properties of (null|undefined) \(reading '\w+'\)/);
    expect(await page.getByTestId('nav-inbox').isVisible()).toBe(true);
    await page.unroute('**/dashboard/request-log?*');
    await crashed.getByTestId('error-action').filter({ hasText: 'Back to Inbox' }).click();
    await page.getByTestId('conversation-row').first().waitFor();
    expect(await page.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('page-crashed').count()).toBe(0);
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('new-campaign').waitFor();
  });

  it('a reload returns to the same page, tab and thread, still connected with the token', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-sms').click();
    const second = page.getByTestId('conversation-row').nth(1);
    const address = await second.getAttribute('data-address');
    await second.click();
    await page.getByTestId('thread').waitFor();
    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.locator(`[data-testid="conversation-row"][aria-selected="true"][data-address="${address}"]`).waitFor();
    expect(await page.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('thread-address').filter({ hasText: address ?? '' }).waitFor();

    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-email').click();
    await page.getByTestId('new-campaign').click();
    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByText('New email campaign').waitFor();
    expect(await page.getByTestId('nav-campaigns').getAttribute('aria-current')).toBe('page');
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('token')).toBeTruthy();
  });

  it('Back returns to the page before, inside the console', async () => {
    await page.getByTestId('nav-wallet').click();
    await page.getByTestId('ledger').waitFor();
    await page.goBack();
    await page.getByText('New email campaign').waitFor();
    expect(await page.getByTestId('nav-campaigns').getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await page.locator('[data-testid="campaign-tab-email"][aria-selected="true"]').waitFor();
    await page.getByTestId('new-campaign').waitFor();
  });

  it('a fragment changed outside the console wins, even when a store update lands before its popstate', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('conversation-row').first().waitFor();
    // As an edit by hand whose events have not come yet: a new entry with the wallet's fragment, and no popstate.
    await page.evaluate(() => {
      const params = new URLSearchParams(window.location.hash.slice(1));
      params.set('section', 'wallet');
      params.delete('channel');
      params.delete('conversation');
      window.history.pushState(null, '', `#${params.toString()}`);
    });
    // A store update that moves nothing (the theme) lands first: the console goes to the wallet, not back over it.
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('ledger').waitFor();
    expect(await page.getByTestId('nav-wallet').getAttribute('aria-current')).toBe('page');
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect([hash.get('section'), Boolean(hash.get('token'))]).toEqual(['wallet', true]);
    await page.getByTestId('theme-toggle').click();
    // Back returns to the inbox, the page before the edit.
    await page.goBack();
    await page.getByTestId('conversation-row').first().waitFor();
    expect(await page.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
  });

  it('the sidebar items are links: Campaigns on a campaign goes to the list (Back returns), and its href opens the list in a new tab', async () => {
    const params = (url: string) => new URLSearchParams(new URL(url, page.url()).hash.slice(1));
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('campaign-row').filter({ hasText: 'Festive sale for VIPs' }).click();
    await page.getByTestId('campaign-detail').waitFor();
    const href = await page.getByTestId('nav-campaigns').getAttribute('href');
    expect([params(href ?? '').get('section'), params(href ?? '').get('tab'), params(href ?? '').get('campaign'), Boolean(params(href ?? '').get('token'))])
      .toEqual(['campaigns', 'whatsapp', null, true]);
    expect(params(await page.getByTestId('nav-wallet').getAttribute('href') ?? '').get('section')).toBe('wallet');

    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-list').waitFor();
    expect(await page.getByTestId('campaign-detail').count()).toBe(0);
    expect(params(page.url()).get('campaign')).toBeNull();
    await page.goBack();
    await page.getByTestId('campaign-detail').waitFor();

    // Opened in a new tab (as a middle click or "Open link in new tab" does), the link shows the list, connected.
    const tab = await page.context().newPage();
    try {
      await tab.goto(new URL(href ?? '', page.url()).toString());
      await tab.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
      await tab.getByTestId('campaign-list').waitFor();
      expect(await tab.getByTestId('nav-campaigns').getAttribute('aria-current')).toBe('page');
    } finally {
      await tab.close();
    }
    await page.getByTestId('back-to-list').click();
  });

  it('a campaign or contact that is not there says "Not found" with a way back, and offers no "Try again"', async () => {
    const open = async (place: Record<string, string>) => {
      const url = new URL(page.url());
      const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
      url.hash = new URLSearchParams({ ...place, token }).toString();
      // Opened afresh, as a link is: a hash change within the page could be written back over by the console's own
      // place (a store update between the change and its popstate), and the reload then kept the old place.
      await page.goto('about:blank');
      await page.goto(url.toString());
      await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    };
    await open({ section: 'campaigns', tab: 'sms', campaign: 'cmp_nope' });
    const error = page.locator('[data-testid="error-state"][data-kind="not-found"]');
    await error.filter({ hasText: 'cmp_nope' }).waitFor();
    expect(await error.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.getByTestId('back-to-list').click();
    await page.getByTestId('new-campaign').waitFor();

    await open({ section: 'contacts', contact: 'cnt_nope' });
    await error.filter({ hasText: 'cnt_nope' }).waitFor();
    expect(await error.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await error.getByTestId('error-action').filter({ hasText: 'Close' }).click();
    await page.getByText('Select a contact').waitFor();
  });

  it('a fragment edited by hand without the token keeps the console connected, and the token goes back in', async () => {
    const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('token');
    const token = tokenOf(page.url());
    expect(token).toBeTruthy();
    await page.evaluate(() => { window.location.hash = 'section=wallet'; });
    await page.getByTestId('ledger').waitFor();
    await page.waitForFunction((held) => new URLSearchParams(window.location.hash.slice(1)).get('token') === held, token);
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('section')).toBe('wallet');

    // Opened again in the same tab without it (a bookmark of the edited URL, say): the tab kept the token.
    await page.goto('about:blank');
    await page.goto(`${session().server.url}/#section=contacts`);
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('contact-row').first().waitFor();
    await page.waitForFunction((held) => new URLSearchParams(window.location.hash.slice(1)).get('token') === held, token);
  });

  it('a tab that never had the token asks for the console link; so does one whose kept token the server refuses', async () => {
    for (const kept of [null, 'dsh_from_before_a_restart']) {
      const context = await session().browser.newContext();
      try {
        const other = await context.newPage();
        if (kept) await other.addInitScript((token) => { if (!sessionStorage.getItem('switchboard.token')) sessionStorage.setItem('switchboard.token', token); }, kept);
        await other.goto(`${session().server.url}/#section=wallet`);
        const asking = other.locator(`[data-testid="no-token"][data-refused="${kept !== null}"]`);
        await asking.getByRole('heading', { name: 'Open Switchboard from its console link' }).waitFor();
        expect(await other.getByTestId('ledger').count()).toBe(0);
        if (kept) expect(await other.evaluate(() => sessionStorage.getItem('switchboard.token'))).toBeNull();
      } finally {
        await context.close();
      }
    }
  });

  it('a new console link opened in the running tab (only the fragment changes) switches to its token, even once refused', async () => {
    const good = new URLSearchParams(new URL(session().server.consoleUrl).hash.slice(1)).get('token');
    const context = await session().browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(session().server.consoleUrl);
      await tab.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
      // A link of a server since restarted: the tab runs on it, is refused, and forgets it.
      await tab.evaluate(() => { window.location.hash = 'token=dsh_from_before_a_restart&section=wallet'; });
      await tab.locator('[data-testid="no-token"][data-refused="true"]').waitFor();
      await tab.waitForFunction(() => sessionStorage.getItem('switchboard.token') === null);
      // The good link pasted into the refused tab connects it, on the page it names.
      await tab.evaluate((token) => { window.location.hash = `token=${token}&section=wallet`; }, good);
      await tab.getByTestId('ledger').waitFor();
      await tab.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
      expect(await tab.evaluate(() => sessionStorage.getItem('switchboard.token'))).toBe(good);
    } finally {
      await context.close();
    }
  });

  it('Back and Forward keep the token in use: an entry from before a new link was pasted in shows its page on the new token', async () => {
    const good = new URLSearchParams(new URL(session().server.consoleUrl).hash.slice(1)).get('token') ?? '';
    const context = await session().browser.newContext();
    /** The tab's URL holds the token in use and names `section`. */
    const at = (tab: Page, section: string) => tab.waitForFunction(([token, name]) => {
      const hash = new URLSearchParams(window.location.hash.slice(1));
      return hash.get('token') === token && hash.get('section') === name;
    }, [good, section]);
    const connected = async (tab: Page) => {
      await tab.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
      expect(await tab.getByTestId('no-token').count()).toBe(0);
      expect(await tab.evaluate(() => sessionStorage.getItem('switchboard.token'))).toBe(good);
    };
    try {
      const tab = await context.newPage();
      // A link of a server since restarted (refused), then its new link pasted over it.
      await tab.goto(`${session().server.url}/#token=dsh_from_before_a_restart&section=wallet`);
      await tab.locator('[data-testid="no-token"][data-refused="true"]').waitFor();
      await tab.evaluate((token) => { window.location.hash = `token=${token}&section=contacts`; }, good);
      await tab.getByTestId('contact-row').first().waitFor();
      // Back to the old link's entry: its page, on the new token, which the URL now holds (a reload stays on it).
      await tab.goBack();
      await at(tab, 'wallet');
      await tab.getByTestId('ledger').waitFor();
      await connected(tab);
      await tab.reload();
      await tab.getByTestId('ledger').waitFor();
      await connected(tab);
      await tab.goForward();
      await at(tab, 'contacts');
      await tab.getByTestId('contact-row').first().waitFor();
      await connected(tab);

      // The same across page loads: the old link, another page, then the new link; Back twice loads the old entry.
      const other = await context.newPage();
      await other.goto(`${session().server.url}/#token=dsh_from_before_a_restart&section=wallet`);
      await other.locator('[data-testid="no-token"][data-refused="true"]').waitFor();
      await other.goto('about:blank');
      await other.goto(`${session().server.url}/#token=${good}&section=contacts`);
      await other.getByTestId('contact-row').first().waitFor();
      await other.goBack();
      await other.goBack();
      await at(other, 'wallet');
      await other.getByTestId('ledger').waitFor();
      await connected(other);
    } finally {
      await context.close();
    }
  });
});
