// The console's lists and tables between the desktop sizes (layout-narrow.spec.ts checks the pages at them): at 900 px
// each channel's campaign list fits its card; at 1180 px, between the narrow and the wide layouts, the WhatsApp
// templates table and the delivery list fit; from 960 to 1366 px the delivery list keeps each row's status and event
// whole in view with a delivery open, its scrollbar clear of the inspector, the API keys' dates take two lines at most,
// and a text box's hint shows whole with room to spare. All of it with scrollbars hidden (macOS, headless Chromium's
// default) and shown as on a Windows or Linux desktop, where they take room from the box they scroll.
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

const cutPlaceholders = () => layout.cutPlaceholders(page);

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

// Every size twice: in the session's browser (scrollbars hidden), then in one showing a desktop's classic scrollbars.
layout.eachScrollbars(() => session.server.consoleUrl, () => session.page, (shown) => { page = shown; }, (shot, scrollbars) => {

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
      // The keys as loaded (with this spec's own console, no earlier test has opened the page before this one).
      await page.getByTestId('key-row').first().waitFor();
      await fitsTheWindow();
      const dates = page.getByTestId('key-row').first().locator('time');
      expect(await dates.count()).toBe(3);
      for (const date of await dates.all()) {
        expect(await date.evaluate((el) => el.getClientRects().length), `${await date.textContent()} at ${width} px`).toBeLessThanOrEqual(2);
      }
    });

    it('contacts and inbox: a blocked contact\'s name shows whole, its Blocked badge going under it where the row has no room beside it', async () => {
      /** The names cut in the blocked rows among `rows` (the contacts' or the conversations'), with how many such rows. */
      const blockedNames = (rows: string) => page.getByTestId(rows).filter({ has: page.getByTestId('blocked-badge') }).evaluateAll((found) => ({
        rows: found.length,
        cut: found.flatMap((row) => {
          const name = row.querySelector<HTMLElement>('.name');
          return name && name.scrollWidth > name.clientWidth ? [name.textContent] : [];
        }),
      }));
      await go('contacts');
      await page.getByTestId('contact-search').fill('promo blaster');
      await page.locator('[data-testid="contact-list"][data-search="promo blaster"][data-ready="true"]').waitFor();
      expect(await blockedNames('contact-row')).toEqual({ rows: 1, cut: [] });
      await page.getByTestId('contact-search').fill('');
      await page.locator('[data-testid="contact-list"][data-search=""][data-ready="true"]').waitFor();
      await go('inbox');
      await page.getByTestId('tab-sms').click();
      await page.getByTestId('conversation-row').filter({ has: page.getByTestId('blocked-badge') }).first().waitFor();
      expect((await blockedNames('conversation-row')).cut).toEqual([]);
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
