// Customers writing in are noticed on every page, not only in the Inbox: on Contacts or Campaigns the live region says
// "New message from Priya Shah on SMS." (a burst in one sentence) and a notice at the bottom right names who wrote,
// with Open (to that conversation in the Inbox; for several, to the Inbox) and Dismiss (Escape too), without taking the
// focus, and goes on its own. On the Simulator, the form's own write-in is left to its confirmation; anyone else's is
// noticed there too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violations } from '../fixtures/axe.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

/** Opens a page from the sidebar. */
async function nav(section: string): Promise<void> {
  await page.getByTestId(`nav-${section}`).click();
  await page.locator(`[data-testid="nav-${section}"][aria-current="page"]`).waitFor();
}

/** Every sentence about customers writing in said from now on (the live region keeps only its last few). */
async function listen(): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as Window & { wroteInSaid?: string[] }).wroteInSaid = said;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          const text = node.textContent ?? '';
          if (/^New message from /.test(text) || /^\d+ new messages\b/.test(text)) said.push(text);
        }
      }
    }).observe(document.querySelector('[data-testid="announcer"]') as Node, { childList: true });
  });
  return () => page.evaluate(() => [...((window as Window & { wroteInSaid?: string[] }).wroteInSaid ?? [])]);
}

/** A customer writes in through the simulator route, as a provider would deliver it. */
async function writeIn(channel: string, from: string, name: string, text: string): Promise<void> {
  expect((await server.dashboard('POST', '/sim/inbound', { channel, from, text, name })).status).toBe(201);
}

const focusedTestId = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
const notices = () => page.getByTestId('wrote-in-notice');

/** axe over the page with the notice shown (the pointer on it, so it stays), in both themes. */
async function axeBothThemes(): Promise<void> {
  for (let pass = 0; pass < 2; pass += 1) {
    await notices().first().hover();
    expect((await violations(page)).join('\n')).toBe('');
    await page.getByTestId('theme-toggle').click();
  }
}

describe('customers writing in, noticed outside the Inbox', () => {
  it('on Contacts: said in the live region and shown, the focus left in place, axe-clean; Open lands on the conversation', async () => {
    await nav('contacts');
    await page.getByTestId('contact-search').focus();
    const said = await listen();
    await writeIn('sms', '+14155550771', 'Priya Shah', 'Are you open on Sunday?');
    await expect.poll(said, { timeout: 15_000 }).toEqual(['New message from Priya Shah on SMS.']);
    await expect.poll(() => notices().allTextContents()).toEqual(['New message from Priya Shah on SMS.Open×']);
    expect(await focusedTestId()).toBe('contact-search');
    await axeBothThemes();
    await notices().getByTestId('wrote-in-open').click();
    await page.locator('[data-testid="nav-inbox"][aria-current="page"]').waitFor();
    await page.locator('[data-testid="conversation-row"][data-address="+14155550771"][aria-selected="true"]').waitFor();
    await page.getByTestId('thread').getByText('Are you open on Sunday?').waitFor();
    expect(await page.getByTestId('wrote-in-notices').count()).toBe(0);
  });

  it('on Campaigns: a burst is one sentence and one notice; Escape closes it, the focus back where it was; Open of several goes to the Inbox', async () => {
    await nav('campaigns');
    const said = await listen();
    await writeIn('whatsapp', '+14155550772', 'Omar Haddad', 'Is the sale still on?');
    await writeIn('whatsapp', '+14155550773', 'Lena Fischer', 'Where is my parcel?');
    await expect.poll(said, { timeout: 15_000 }).toEqual(['2 new messages on WhatsApp: Omar Haddad and Lena Fischer.']);
    await expect.poll(() => page.getByTestId('wrote-in-text').allTextContents()).toEqual(['2 new messages on WhatsApp: Omar Haddad and Lena Fischer.']);
    expect(await focusedTestId()).toBe('nav-campaigns');
    await notices().getByTestId('wrote-in-dismiss').focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => notices().count()).toBe(0);
    expect(await focusedTestId()).toBe('nav-campaigns');
    await writeIn('whatsapp', '+14155550772', 'Omar Haddad', 'Hello?');
    await writeIn('whatsapp', '+14155550773', 'Lena Fischer', 'Anyone?');
    await notices().getByTestId('wrote-in-open').click();
    await page.locator('[data-testid="nav-inbox"][aria-current="page"]').waitFor();
    await page.locator('[data-testid="tab-whatsapp"][aria-selected="true"]').waitFor();
    for (const address of ['+14155550772', '+14155550773']) await page.locator(`[data-testid="conversation-row"][data-address="${address}"]`).waitFor();
  });

  it('on the Overview: a notice holding the focus stays past its time, while a later one goes; Escape then closes it', async () => {
    await nav('overview');
    await writeIn('sms', '+14155550776', 'Cora Lind', 'First question');
    await page.getByTestId('wrote-in-notice').filter({ hasText: 'Cora Lind' }).getByTestId('wrote-in-open').focus();
    await writeIn('sms', '+14155550777', 'Dev Rao', 'Second question');
    const later = page.getByTestId('wrote-in-notice').filter({ hasText: 'Dev Rao' });
    await later.waitFor();
    // The later one came 5 s or more after the first (the quiet time) and goes 10 s after it came: the first is held.
    await later.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.getByTestId('wrote-in-text').allTextContents()).toEqual(['New message from Cora Lind on SMS.']);
    await page.keyboard.press('Escape');
    await expect.poll(() => notices().count()).toBe(0);
    expect(await focusedTestId()).toBe('nav-overview');
  });

  it('on the Simulator: the form’s own write-in is left to its confirmation, another customer’s is noticed', async () => {
    await nav('simulator');
    const said = await listen();
    await page.getByTestId('inbound-channel').selectOption('sms');
    await page.getByTestId('inbound-from').fill('+14155550774');
    await page.getByTestId('inbound-name').fill('Ada Park');
    await page.getByTestId('inbound-text').fill('Testing from the form');
    await page.getByTestId('inbound-send').click();
    await page.getByTestId('inbound-sent').waitFor();
    // Then someone else (a scenario, an integrator's script): noticed, and the form's message in no sentence before it.
    await writeIn('sms', '+14155550775', 'Ben Cole', 'Hi there');
    await expect.poll(said, { timeout: 15_000 }).toEqual(['New message from Ben Cole on SMS.']);
    expect(await page.getByTestId('wrote-in-text').allTextContents()).toEqual(['New message from Ben Cole on SMS.']);
    // Nothing holding it (the pointer and the focus elsewhere), it goes on its own after its 10 s.
    await page.getByTestId('wrote-in-notices').waitFor({ state: 'detached', timeout: 30_000 });
  });
});
