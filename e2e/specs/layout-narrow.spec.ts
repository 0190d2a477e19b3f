// The console in the desktop window's smallest size (960 × 600) and a laptop's (1280 × 800), the Channels page
// at 1180 px between them, and the inbox's contact panel at 1920 px (beside the thread, not over it): nothing scrolls sideways (the document, the page, or a box on it), the console never
// scrolls as a whole (the sidebar fits the window, or scrolls on its own), a text box's hint shows whole with room to
// spare, each page's main controls are on screen, not clipped by a collapsed card or covered by another element, and a
// contact's conversations show their parts apart (the Automations and Calls pages: layout-narrow-voice.spec.ts). From 960 to 1366 px: the delivery list keeps each row's status and
// event whole in view with a delivery open, its scrollbar clear of the inspector, and the API keys' dates take two
// lines at most. All of it with scrollbars hidden (macOS, headless Chromium's default) and shown as on a Windows or
// Linux desktop, where they take room from the box they scroll.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';

let session: ReceiverSession;
let page: Page;

beforeAll(async () => {
  session = await openConsoleWithReceiver({ width: 1280, height: 800 });
  page = session.page;
  const { server, receiver } = session;
  // A key with a long name that has made a few calls (the keys table and the request log), and an endpoint with deliveries.
  const { now } = (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body;
  const expiresAt = new Date(Date.parse(now) + 365 * 86_400_000).toISOString();
  const key = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Support desk integration for the Mumbai team', environment: 'test', scopes: ['contacts:read'], expiresAt });
  for (const path of ['/v1/contacts', '/v1/contacts?limit=5', '/v1/no-such-route']) {
    await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key.body.key}` } });
  }
  // A ledger line whose description holds a long unbroken token (as a call's charge names its call id, whose width
  // varies with its random letters): the ledger must still fit its card.
  expect((await server.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100, description: `Invoice ${'INV4W7MQ'.repeat(8)}` })).status).toBe(200);
  // A campaign on each channel's tab (the demo has WhatsApp's), one scheduled (its date, time and zone) and one from a long address.
  const { now: at } = (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body;
  const find = async (path: string, name: string) => (await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', path)).body.data.find((t) => t.name === name)?.id;
  const campaigns: Array<[string, object]> = [
    ['/dashboard/whatsapp/campaigns', { name: 'Weekend restock reminder for loyal customers', templateId: await find('/dashboard/whatsapp/templates?status=APPROVED&limit=100', 'welcome_offer'), phones: ['919820000320'], templateComponents: [{ type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/welcome.png' } }] }, { type: 'body', parameters: [{ type: 'text', text: 'friend' }] }], scheduledAt: new Date(Date.parse(at) + 86_400_000).toISOString(), scheduleTimezone: 'Asia/Kolkata' }],
    ['/dashboard/sms/campaigns', { name: 'Shipping notice for the Mumbai warehouse', messageBody: 'Hi Asha, your order #2001 has shipped. Track: exmpl.in/t/2001 - Example Store', audienceType: 'manual', audienceCriteria: { phones: ['919820000111'] } }],
    ['/dashboard/rcs/campaigns', { botId: (await server.dashboard<{ data: Array<{ id: string }> }>('GET', '/dashboard/rcs/bots')).body.data[0]?.id, templateId: await find('/dashboard/rcs/templates', 'Order update card'), campaignName: 'Rich order card', numbers: ['919820000340'], rcsVariables: { name: 'Asha', order: '#2001', eta: 'today' } }],
    ['/dashboard/email/campaigns/create-and-launch', { name: 'Welcome series', templateId: await find('/dashboard/email/templates?limit=100', 'Welcome'), fromName: 'Example Store', fromEmail: 'customer-care-notifications@example.com', audience: 'list', recipients: ['lee@example.org'], variables: { first_name: 'there' } }],
  ];
  for (const [path, body] of campaigns) expect((await server.dashboard('POST', path, body)).status, path).toBeLessThan(300);
  // The longest event type the catalogue has among them.
  const events = ['whatsapp.message.received', 'instagram.message.received'];
  const endpoint = await server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: receiver.url, events });
  // Enough of them for the list to scroll at every size (its scrollbar must stay clear of the inspector).
  for (let round = 0; round < 15; round++) {
    for (const eventType of events) expect((await server.dashboard('POST', `/dashboard/webhooks/${endpoint.body.id}/test`, { eventType })).status).toBeLessThan(300);
  }
});
afterAll(async () => {
  await session?.stop();
});

const cutPlaceholders = () => layout.cutPlaceholders(page);
const crowdedConversationRows = () => layout.crowdedConversationRows(page);

const fitsTheWindow = () => layout.fitsTheWindow(page);
const onScreen = layout.onScreen;

/** Each delivery row in view shows its status and event whole, and a click at their far end reaches them (not the inspector). */
async function rowsWholeBesideTheInspector(width: number): Promise<void> {
  // The rows in view (the list scrolls; those rendered below it are not on screen).
  const rows = [];
  for (const row of await page.getByTestId('delivery-row').all()) {
    if (await row.evaluate((el) => {
      const [box, list] = [el.getBoundingClientRect(), el.closest('[data-testid="deliveries-scroll"]')!.getBoundingClientRect()];
      return box.top >= list.top && box.bottom <= list.bottom;
    })) rows.push(row);
  }
  expect(rows.length).toBeGreaterThanOrEqual(2);
  for (const row of rows) {
    for (const [cell, text] of [[row.locator('.wh-status'), row.locator('.wh-status')], [row.getByTestId('open-delivery'), row.locator('.cell-button code')]] as const) {
      expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth), `${await text.textContent()} cut at ${width} px`).toBe(true);
      // Its text's far end is what a click there reaches: not under the inspector.
      expect(await text.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
        return hit !== null && (el === hit || el.contains(hit));
      }), `${await text.textContent()} covered at ${width} px`).toBe(true);
    }
  }
}

/** The delivery list scrolls, and its scrollbar (mid-height, what a mouse dragging it presses) is not under the inspector. */
async function scrollbarClearOfTheInspector(width: number): Promise<void> {
  const bar = await page.getByTestId('deliveries-scroll').evaluate((el: HTMLElement) => {
    const box = el.getBoundingClientRect();
    const barWidth = el.offsetWidth - el.clientWidth;
    const hit = document.elementFromPoint(box.right - barWidth / 2, box.top + box.height / 2);
    return { barWidth, overflows: el.scrollHeight > el.clientHeight, reached: hit === el };
  });
  expect(bar.overflows, `the list scrolls at ${width} px`).toBe(true);
  expect(bar.barWidth).toBeGreaterThan(0);
  expect(bar.reached, `the list's scrollbar under the inspector at ${width} px`).toBe(true);
}

/** Each column's header stands over its cells (a scrollbar takes its room from the rows, not from the header above them). */
async function headerOverRows(): Promise<void> {
  const shifts = await page.getByTestId('deliveries-table').evaluate((table) => {
    const heads = [...table.querySelectorAll<HTMLElement>('.wh-head > [role="columnheader"]')];
    const cells = [...table.querySelectorAll<HTMLElement>('[data-testid="delivery-row"] > [role="cell"]')];
    return heads.flatMap((head, column) => head.getClientRects().length === 0 ? [] : [Math.round(cells[column]!.getBoundingClientRect().left - head.getBoundingClientRect().left)]);
  });
  expect(shifts.length).toBeGreaterThanOrEqual(3);
  expect(shifts.filter((shift) => shift !== 0)).toEqual([]);
}

const resize = (width: number, height: number) => layout.resize(page, width, height);

const go = (section: string) => page.getByTestId(`nav-${section}`).click();

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
}

async function closeContact(): Promise<void> {
  await page.getByTestId('close-contact').click();
  await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });
}

// Every size twice: in the session's browser (scrollbars hidden), then in one showing a desktop's classic scrollbars.
describe.each([{ scrollbars: false, bars: 'hidden' }, { scrollbars: true, bars: 'shown' }])('scrollbars $bars', ({ scrollbars }) => {
  let shown: { close(): Promise<void> } | undefined;
  beforeAll(async () => {
    if (!scrollbars) return;
    const opened = await layout.pageWithScrollbars(session.server.consoleUrl);
    ({ page } = opened);
    shown = opened;
  });
  afterAll(async () => {
    await shown?.close();
    page = session.page;
  });
  /** A screenshot named for the scrollbars shown too. */
  const shot = (name: string) => screenshot(page, scrollbars ? `${name}-scrollbars` : name);

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

    it('inbox: the thread\'s contact opened over the thread keeps Close, the full page\'s link and Block on screen, its conversations\' parts apart', async () => {
      await contactOpenInTheInbox();
      await shot(`layout-inbox-contact-${size}`);
      await closeContact();
    });

    it('contacts: the open panel keeps Block on screen, and each of its conversations\' parts apart', async () => {
      await go('contacts');
      await page.getByTestId('contact-row').first().click();
      await page.getByTestId('contact-panel').waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('block'));
      await page.getByTestId('contact-conversation').first().waitFor();
      expect(await crowdedConversationRows()).toEqual([]);
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

  describe('at 900 × 700 (a window narrower than the desktop one\'s smallest)', () => {
    beforeAll(async () => {
      await resize(900, 700);
    });

    it('campaigns: each channel\'s list fits its card, every heading whole, each name on two lines at most (whole in its title), each date on two (date, then time of day) and a schedule on three (then its zone)', async () => {
      await go('campaigns');
      for (const channel of ['whatsapp', 'sms', 'rcs', 'email']) {
        await page.getByTestId(`campaign-tab-${channel}`).click();
        await page.getByTestId('campaign-row').nth(channel === 'whatsapp' ? 1 : 0).waitFor();
        await fitsTheWindow();
        const [card, heads] = [await page.locator('.table-card').boundingBox(), await page.locator('.campaign-table th').all()];
        for (const head of heads) {
          const box = await head.boundingBox();
          expect(box && card && box.x + box.width <= card.x + card.width + 0.5, `${await head.textContent()} inside the card on ${channel}`).toBe(true);
          expect(await head.evaluate((el) => el.scrollWidth <= el.clientWidth), `${await head.textContent()} whole on ${channel}`).toBe(true);
        }
        for (const row of await page.getByTestId('campaign-row').all()) {
          // A longer name is cut after its second line, whole in its title.
          const name = row.locator('.campaign-name');
          expect(await name.evaluate((el) => {
            const letter = document.createRange();
            letter.setStart(el.firstChild!, 0);
            letter.setEnd(el.firstChild!, 1);
            return Math.round(el.getBoundingClientRect().height / letter.getBoundingClientRect().height);
          }), `${await name.textContent()} on ${channel}`).toBeLessThanOrEqual(2);
          expect(await name.getAttribute('title')).toBe(await name.textContent());
          expect((await layout.lineTexts(row.getByTestId('campaign-created'))).length).toBeLessThanOrEqual(2);
          expect((await layout.lineTexts(row.getByTestId('campaign-scheduled'))).length).toBeLessThanOrEqual(3);
        }
        await shot(`layout-campaigns-${channel}-900x700`);
      }
    });
  });

  describe('at 1180 × 800 (between the narrow and the wide layouts)', () => {
    beforeAll(async () => {
      await resize(1180, 800);
    });

    it('the WhatsApp templates table does not scroll sideways beside its form: the form goes under it', async () => {
      await go('channels');
      await page.getByTestId('channels-tab-whatsapp').click();
      await page.getByTestId('wa-template-row').first().waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('wa-template-submit'));
      await shot('layout-channels-1180x800');
    });

    it('webhooks: the delivery list fits, all its columns or the endpoint under the event, each header over its column', async () => {
      await go('webhooks');
      await page.getByTestId('tab-deliveries').click();
      await page.getByTestId('delivery-row').first().waitFor();
      expect(await page.getByTestId('delivery-detail').count()).toBe(0);
      await fitsTheWindow();
      await headerOverRows();
      await shot('layout-webhooks-1180x800');
    });
  });

  describe.each([{ width: 960, height: 600 }, { width: 1000, height: 700 }, { width: 1024, height: 768 }, { width: 1366, height: 768 }])('from 960 to 1366 px: at $width × $height', ({ width, height }) => {
    beforeAll(async () => {
      await resize(width, height);
    });

    it('webhooks: with a delivery open, each row\'s status and event show whole and in view, not cut or under the inspector', async () => {
      await go('webhooks');
      await page.getByTestId('tab-deliveries').click();
      await page.getByTestId('open-delivery').first().click();
      await page.getByTestId('delivery-detail').locator('.wh-status').waitFor();
      await fitsTheWindow();
      await onScreen(page.getByTestId('close-delivery'));
      await rowsWholeBesideTheInspector(width);
      if (scrollbars) await scrollbarClearOfTheInspector(width);
      await shot(`layout-webhooks-open-${width}x${height}`);
      await page.getByTestId('close-delivery').click();
    });

    it('API keys: each date of the table takes two lines at most (date, then time of day), and the table fits', async () => {
      await go('keys');
      await fitsTheWindow();
      const dates = page.getByTestId('key-row').first().locator('time');
      expect(await dates.count()).toBe(3);
      for (const date of await dates.all()) {
        expect(await date.evaluate((el) => el.getClientRects().length), `${await date.textContent()} at ${width} px`).toBeLessThanOrEqual(2);
      }
    });

    it('contacts and inbox: the search box\'s hint shows whole', async () => {
      await go('contacts');
      await page.getByTestId('contact-search').waitFor();
      await go('inbox');
      await page.getByTestId('conversation-search').waitFor();
      expect(await cutPlaceholders()).toEqual([]);
      await go('contacts');
      await page.getByTestId('contact-search').waitFor();
      expect(await cutPlaceholders()).toEqual([]);
    });
  });
});
