// The console at a phone's width (390 × 844) for a keyboard and a screen reader: axe-core over the main pages in the light
// and the dark theme (e2e/fixtures/axe.ts) as the phone layout shows them (styles/phone.css): the Overview, the inbox's
// list and a conversation open in its place, the contacts' list and a contact open, campaigns, channels, the wallet, API
// keys, the request log with a request open, webhooks (endpoints, a failed delivery open), the simulator, the
// organization's rename form and the shortcuts listed by `?`. And the sidebar's strip by Tab: every page's link is
// reached in order, shown whole with its focus ring, the page shown marked.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeInThemes, nav as navTo, sharedSteps, type AxeState } from '../fixtures/axe.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';

/** The sidebar's pages in its order, by section. */
const SECTIONS = ['overview', 'inbox', 'contacts', 'otp', 'calls', 'campaigns', 'automations', 'forms', 'channels', 'wallet', 'keys', 'requests', 'webhooks', 'simulator'];

let session: ReceiverSession;
let page: Page;
const nav = (section: string) => navTo(page, section);

/** The open item of the inbox or contacts closed, so its list takes the page (the Back button, when shown). */
async function backToList(): Promise<void> {
  const back = page.getByTestId('back-to-list');
  if (await back.isVisible()) await back.click();
  await page.locator('.page.split:not([data-item-open])').waitFor();
}

const STATES: AxeState[] = [
  ['Overview', async () => {
    await nav('overview');
    await page.locator('[data-testid="overview-page"][data-ready="true"]').waitFor();
  }],
  ['inbox, the list', async () => {
    await nav('inbox');
    await backToList();
    await page.getByTestId('tab-whatsapp').click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().waitFor();
  }],
  ['inbox, a conversation open', async () => {
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').waitFor();
    await page.getByTestId('back-to-list').waitFor();
  }],
  ['contacts, the list', async () => {
    await nav('contacts');
    await backToList();
    await page.locator('[data-testid="contact-list"][data-ready="true"]').getByTestId('contact-row').first().waitFor();
  }],
  ['contacts, a contact open', async () => {
    await page.getByTestId('contact-row').first().click();
    await page.getByTestId('contact-conversations').waitFor();
  }],
  ['campaigns, the list', async () => {
    await nav('campaigns');
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('campaign-row').first().waitFor();
  }],
  ['channels, WhatsApp templates', async () => {
    await nav('channels');
    await page.getByTestId('channels-tab-whatsapp').click();
    await page.getByTestId('wa-template-submit').waitFor();
  }],
  ['wallet', async () => {
    await nav('wallet');
    await page.getByTestId('ledger').waitFor();
  }],
  ['API keys', async () => {
    await nav('keys');
    await page.getByTestId('new-key').waitFor();
  }],
  ['request log, a request open', () => sharedSteps.requestOpen(page)],
  ['webhooks, endpoints', () => sharedSteps.webhookEndpoints(page)],
  ['webhooks, a failed delivery open', () => sharedSteps.failedDeliveryOpen(page)],
  ['simulator, a handset open', () => sharedSteps.handsetOpen(page)],
  ['the organization rename form, refusing an empty name', async () => {
    if (!(await page.getByTestId('organization-form').isVisible())) await page.getByTestId('organization-rename').click();
    await page.getByTestId('organization-input').fill('');
    await page.getByTestId('organization-error').filter({ hasText: 'Type a name' }).waitFor();
  }],
  ['the keyboard shortcuts, listed by ?', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('organization-form').waitFor({ state: 'detached' });
    await page.getByTestId('nav-simulator').focus();
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-dialog').waitFor();
  }],
];

beforeAll(async () => {
  session = await openConsoleWithReceiver({ width: 390, height: 844, reducedMotion: true });
  ({ page } = session);
  const { server, receiver } = session;
  receiver.status = 500;
  // Requests answered 200 and 404, so the log has a 4xx to open.
  const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'axe', environment: 'test', scopes: ['contacts:read'] });
  const call = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${created.body.key}` } });
  expect((await call('/v1/contacts?limit=5')).status).toBe(200);
  expect((await call('/v1/contacts/cnt_nope')).status).toBe(404);
  // An endpoint whose receiver answers 500: its test delivery fails.
  const endpoint = await server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: receiver.url, events: ['form.submitted'] });
  expect((await server.dashboard('POST', `/dashboard/webhooks/${endpoint.body.id}/test`, {})).status).toBe(202);
});
afterAll(async () => {
  await session?.stop();
});

axeInThemes(() => page, STATES);

/** The element holding the focus: its testid, whether it is marked the page shown, and whether its focus ring is seen whole. */
const focused = () => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  const strip = document.querySelector('.sidebar')?.getBoundingClientRect();
  if (!el || !strip) return null;
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  // The ring drawn outside the box (outline plus its offset), which the strip must not cut.
  const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const ringSeen = style.outlineStyle !== 'none' && ring > 0 && box.left - ring >= strip.left && box.right + ring <= strip.right
    && box.top - ring >= strip.top && box.bottom + ring <= strip.bottom && box.right <= window.innerWidth;
  return { testid: el.dataset.testid ?? null, current: el.getAttribute('aria-current'), ringSeen };
});

describe('the sidebar strip by keyboard', () => {
  it('Tab reaches every page\'s link in order, each shown whole with its focus ring; the page shown is marked, and Enter opens another', async () => {
    await page.keyboard.press('Escape');
    await nav('webhooks');
    // Tab from the strip's start: a click on its name (not focusable) starts the focus order there.
    await page.locator('.sidebar .brand').click();
    const reached: string[] = [];
    for (let n = 0; n < 30 && reached.length < SECTIONS.length; n++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      if (!now?.testid?.startsWith('nav-')) continue;
      expect(now.ringSeen, `${now.testid}'s focus ring`).toBe(true);
      expect(now.current).toBe(now.testid === 'nav-webhooks' ? 'page' : null);
      reached.push(now.testid.slice('nav-'.length));
    }
    expect(reached).toEqual(SECTIONS);
    // The current link looks marked, not only says so: its colours differ from another link's.
    const look = (section: string) => page.getByTestId(`nav-${section}`).evaluate((el) => `${getComputedStyle(el).backgroundColor} ${getComputedStyle(el).color}`);
    expect(await look('webhooks')).not.toBe(await look('wallet'));
    await page.getByTestId('nav-wallet').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="nav-wallet"][aria-current="page"]').waitFor();
    expect(await page.getByTestId('nav-webhooks').getAttribute('aria-current')).toBe(null);
  });
});
