// The console in the desktop window's smallest size (960 × 600) and a laptop's (1280 × 800), and the inbox's contact
// panel at 1920 px (beside the thread, not over it): nothing scrolls sideways (the document, the page, or a box on it),
// the console never scrolls as a whole (the sidebar fits the window, or scrolls on its own), each page's main controls
// are on screen, not clipped by a collapsed card or covered by another element, and a contact's conversations show
// their parts apart (the Automations and Calls pages: layout-narrow-voice.spec.ts; lists and tables between these
// sizes: layout-narrow-lists.spec.ts). All of it with scrollbars hidden (macOS, headless Chromium's default) and shown
// as on a Windows or Linux desktop, where they take room from the box they scroll.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiverSession } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';
import { openLayoutConsole } from '../fixtures/layout-world.ts';

let session: ReceiverSession;
let page: Page;

beforeAll(async () => {
  session = await openLayoutConsole();
  page = session.page;
});
afterAll(async () => {
  await session?.stop();
});

const crowdedConversationRows = () => layout.crowdedConversationRows(page);

const fitsTheWindow = () => layout.fitsTheWindow(page);
const onScreen = layout.onScreen;

const resize = (width: number, height: number) => layout.resize(page, width, height);

const go = (section: string) => page.getByTestId(`nav-${section}`).click();
/** The demo's WhatsApp customer whose 24-hour window has closed, with a name (a campaign's recipient who never wrote: under Resolved, awaiting a reply). */
const CLOSED_WINDOW = '+919810356355';

/**
 * A thread's contact opened in the inbox (over the thread's right side, or beside it where the window is wide): the
 * page still fits, the panel's Close, full-page link and Block are on screen, and its conversations' parts stand apart.
 */
async function contactOpenInTheInbox(): Promise<void> {
  await go('inbox');
  await page.getByTestId('tab-whatsapp').click();
  await page.getByTestId('conversation-row').first().click();
  await page.getByTestId('open-contact').click();
  const drawer = page.getByTestId('contact-drawer');
  await drawer.getByTestId('contact-conversation').first().waitFor();
  await fitsTheWindow();
  for (const control of ['close-contact', 'open-contact-page', 'block']) await onScreen(drawer.getByTestId(control));
  expect(await crowdedConversationRows()).toEqual([]);
  expect(await layout.addsOffTheirFieldsLine(page)).toEqual([]);
}

async function closeContact(): Promise<void> {
  await page.getByTestId('close-contact').click();
  await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });
}

// Every size twice: in the session's browser (scrollbars hidden), then in one showing a desktop's classic scrollbars.
layout.eachScrollbars(() => session.server.consoleUrl, () => session.page, (shown) => { page = shown; }, (shot) => {

  describe('at 1920 × 1080', () => {
    beforeAll(async () => {
      await resize(1920, 1080);
    });

    it('inbox: the thread\'s contact opens beside the thread, which keeps View contact and its composer on screen', async () => {
      await contactOpenInTheInbox();
      await onScreen(page.getByTestId('open-contact'));
      await onScreen(page.getByTestId('send-reply'));
      const [thread, drawer] = [await page.locator('.thread-body').boundingBox(), await page.getByTestId('contact-drawer').boundingBox()];
      expect(thread && drawer && thread.x + thread.width <= drawer.x + 0.5).toBe(true);
      await shot('layout-inbox-contact-1920x1080');
      await closeContact();
    });
  });

  describe.each([{ width: 960, height: 600 }, { width: 1280, height: 800 }])('at $width × $height', ({ width, height }) => {
    const size = `${width}x${height}`;
    beforeAll(async () => {
      await resize(width, height);
    });

    it('the sidebar fits: every page is reachable, the brand and the organization are not squeezed, renaming keeps Save on screen', async () => {
      await go('inbox');
      await page.getByTestId('conversation-row').first().waitFor();
      await fitsTheWindow();
      for (const section of ['inbox', 'simulator', 'webhooks']) await onScreen(page.getByTestId(`nav-${section}`));
      await onScreen(page.getByTestId('theme-toggle'));
      // The logo keeps its square and the brand's words stay inside the sidebar.
      const logo = await page.locator('.brand .logo').boundingBox();
      expect(logo?.width).toBe(logo?.height);
      expect(await page.locator('.brand').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.getByTestId('organization-name').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.getByTestId('organization-rename').click();
      await onScreen(page.getByTestId('organization-save'));
      await fitsTheWindow();
      await page.keyboard.press('Escape');
      await page.getByTestId('organization-rename').waitFor();
    });

    it('inbox: an open thread keeps its composer on screen', async () => {
      await go('inbox');
      await page.getByTestId('conversation-row').first().click();
      await page.getByTestId('thread').waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('send-reply'));
      await shot(`layout-inbox-${size}`);
    });

    it('inbox: a WhatsApp template reply\'s fields leave the thread\'s messages in view, its hints whole and Send reachable', async () => {
      await go('inbox');
      await page.getByTestId('tab-whatsapp').click();
      await page.getByTestId('show-resolved').click();
      await page.locator(`[data-testid="conversation-row"][data-address="${CLOSED_WINDOW}"]`).click();
      await page.getByTestId('template-composer').getByTestId('reply-template').selectOption({ label: 'order_update · English (US)' });
      await page.getByTestId('reply-var-button.1').waitFor();
      // The composer scrolls within what the messages leave: at least 9rem of them (144 px) or 30% of the thread.
      expect(await page.getByTestId('thread-messages').evaluate((list) => list.getBoundingClientRect().height)).toBeGreaterThanOrEqual(
        await page.getByTestId('thread').evaluate((thread) => Math.min(144, thread.getBoundingClientRect().height * 0.3)) - 1);
      await fitsTheWindow();
      await onScreen(page.getByTestId('send-template'));
      await shot(`layout-inbox-template-${size}`);
      await page.getByTestId('show-open').click();
    });

    it('inbox: the thread\'s contact opened over the thread keeps Close, the full page\'s link and Block on screen, its conversations\' parts apart, each Add beside its field', async () => {
      await contactOpenInTheInbox();
      await shot(`layout-inbox-contact-${size}`);
      await closeContact();
    });

    it('contacts: the open panel keeps Block on screen, each of its conversations\' parts apart and each Add beside its field', async () => {
      await go('contacts');
      await page.getByTestId('contact-row').first().click();
      await page.getByTestId('contact-panel').waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('block'));
      await page.getByTestId('contact-conversation').first().waitFor();
      expect(await crowdedConversationRows()).toEqual([]);
      expect(await layout.addsOffTheirFieldsLine(page)).toEqual([]);
      await shot(`layout-contacts-${size}`);
    });

    it('campaigns: the list, a campaign and the builder (its launch button reachable)', async () => {
      await go('campaigns');
      await page.getByTestId('campaign-tab-whatsapp').click();
      await onScreen(page.getByTestId('new-campaign'));
      await fitsTheWindow();
      await page.getByTestId('campaign-row').first().click();
      await page.getByTestId('campaign-detail').waitFor();
      await fitsTheWindow();
      await page.getByTestId('back-to-list').click();
      for (const channel of ['whatsapp', 'email']) {
        await page.getByTestId(`campaign-tab-${channel}`).click();
        await page.getByTestId('new-campaign').click();
        await onScreen(page.getByTestId('create-launch'));
        await fitsTheWindow();
        await shot(`layout-builder-${channel}-${size}`);
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await page.getByTestId('new-campaign').waitFor();
      }
    });

    it('channels: every tab fits, its form reachable', async () => {
      await go('channels');
      for (const [tab, control] of [['whatsapp', 'wa-template-submit'], ['sms', 'sms-template-submit'], ['rcs', 'rcs-template-submit'], ['email', 'email-template-submit'], ['instagram', 'instagram-connection'], ['shopify', 'shopify-connection']]) {
        await page.getByTestId(`channels-tab-${tab}`).click();
        await onScreen(page.getByTestId(control as string).first());
        await fitsTheWindow();
      }
    });

    it('webhooks: the delivery inspector beside or over the list, its event and status apart, Close on screen', async () => {
      await go('webhooks');
      await page.getByTestId('tab-endpoints').click();
      await page.getByTestId('endpoint-card').first().waitFor();
      await fitsTheWindow();
      await page.getByTestId('tab-deliveries').click();
      await page.getByTestId('open-delivery').first().click();
      const detail = page.getByTestId('delivery-detail');
      await detail.locator('.wh-status').waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('close-delivery'));
      const [title, status] = await Promise.all([detail.locator('.wh-detail-title').boundingBox(), detail.locator('.wh-detail-head .wh-status').boundingBox()]);
      const apart = title && status && (title.x + title.width <= status.x || title.y + title.height <= status.y);
      expect(apart).toBe(true);
      await shot(`layout-webhooks-${size}`);
      await page.getByTestId('close-delivery').click();
    });

    it('API keys: the keys table stays in sight under the new-key form', async () => {
      await go('keys');
      await page.getByTestId('new-key').click();
      await page.getByTestId('create-key-form').waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('key-row').first());
      await page.getByTestId('create-key-cancel').click();
    });

    it('request log: the rows stay in sight with a request open, and so does its Close', async () => {
      await go('requests');
      await page.getByTestId('request-row').first().click();
      const details = page.getByTestId('request-details');
      await details.waitFor();
      await fitsTheWindow();
      await onScreen(details.getByRole('button', { name: 'Close' }));
      await onScreen(page.getByTestId('request-row').first());
      await shot(`layout-request-log-${size}`);
    });

    it('wallet, OTP and simulator: their ledger, log and controls on screen', async () => {
      await go('wallet');
      await onScreen(page.getByTestId('top-up'));
      await onScreen(page.getByTestId('ledger-line').first());
      await fitsTheWindow();
      await go('otp');
      await onScreen(page.getByTestId('otp-new-widget'));
      await onScreen(page.getByTestId('otp-log-row').first());
      await fitsTheWindow();
      await go('simulator');
      await onScreen(page.getByTestId('advance-10'));
      await onScreen(page.getByTestId('handset-open'));
      await fitsTheWindow();
    });
  });
});
