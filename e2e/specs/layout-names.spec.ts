// Names first, at the desktop window's smallest width (960 px) and a laptop's (1280 px), with scrollbars hidden and
// shown as on a Windows or Linux desktop: a contact's name in the contacts list shows whole, its source and tags
// wrapping (each still whole) rather than cut it; a thread's header names a customer known only by a number once, by
// that number, the channel alone under it, and a named one by name over the channel and number.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';
import * as layout from '../fixtures/layout.ts';

let session: ConsoleSession;
let page: Page;
/** A customer who wrote in by SMS and is known only by their number. */
const NUMBER_ONLY = '+14155550178';
const NAME = 'Meera Müller';
/** Finds Meera Müller and the others of the name: a list that scrolls. */
const SEARCH = 'Müller';
/** Tags long enough to take the row's room from a name beside them. */
const TAGS = ['vip-customer', 'repeat-buyer'];
let named: { phone: string };

beforeAll(async () => {
  session = await openConsole({ width: 1280, height: 800 });
  page = session.page;
  const { server } = session;
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: NUMBER_ONLY, text: 'Is the store open on Sunday?' })).status).toBe(201);
  const found = await server.dashboard<{ data: Array<{ id: string; name: string | null; phone: string | null }> }>('GET', `/dashboard/contacts?search=${encodeURIComponent(NAME)}&limit=50`);
  const meera = found.body.data.find((c) => c.name === NAME && c.phone);
  if (!meera?.phone) throw new Error(`no ${NAME} with a phone in the demo`);
  named = { phone: meera.phone };
  expect((await server.dashboard('PUT', `/dashboard/contacts/${meera.id}/tags`, { tags: TAGS })).status).toBe(200);
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: meera.phone, text: 'Thanks!' })).status).toBe(201);
  // Enough others found by the same search for the list to scroll: a shown scrollbar then takes its room from the rows.
  for (let i = 1; i <= 20; i++) {
    expect((await server.dashboard('POST', '/dashboard/contacts', { name: `Jonas Müller ${i}`, phone: `+4915100000${String(i).padStart(2, '0')}` })).status).toBe(201);
  }
});
afterAll(async () => {
  await session?.stop();
});

const go = (section: string) => page.getByTestId(`nav-${section}`).click();

/** Whether `inner`'s box lies within `outer`'s across (the row's, the list's). */
const cutOrOverlapping = (row: ReturnType<Page['locator']>) => row.evaluate((el) => {
  const name = el.querySelector<HTMLElement>('.name')!;
  const meta = el.querySelector<HTMLElement>('.contact-meta')!;
  const chips = [...meta.querySelectorAll<HTMLElement>('.chip')];
  const [nameBox, metaBox, rowBox] = [name.getBoundingClientRect(), meta.getBoundingClientRect(), el.getBoundingClientRect()];
  return {
    nameCut: name.scrollWidth > name.clientWidth,
    chipsCut: chips.filter((chip) => chip.scrollWidth > chip.clientWidth).map((chip) => chip.textContent),
    overlap: nameBox.right > metaBox.left + 0.5,
    outside: chips.filter((chip) => { const box = chip.getBoundingClientRect(); return box.left < rowBox.left || box.right > rowBox.right + 0.5; }).map((chip) => chip.textContent),
  };
});

layout.eachScrollbars(() => session.server.consoleUrl, () => session.page, (shown) => { page = shown; }, (shot, scrollbars) => {
  describe.each([{ width: 960, height: 600 }, { width: 1280, height: 800 }])('at $width × $height', ({ width, height }) => {
    beforeAll(async () => {
      await layout.resize(page, width, height);
    });

    it('contacts: a name shows whole beside its source and two long tags, which wrap (each whole) rather than cut it', async () => {
      await go('contacts');
      await page.getByTestId('contact-search').fill(SEARCH);
      await page.locator(`[data-testid="contact-list"][data-search="${SEARCH}"][data-ready="true"]`).waitFor();
      const list = await page.getByTestId('contact-list').evaluate((el: HTMLElement) => ({ scrolls: el.scrollHeight > el.clientHeight, bar: el.offsetWidth - el.clientWidth }));
      expect(list.scrolls).toBe(true);
      if (scrollbars) expect(list.bar).toBeGreaterThan(0);
      const row = page.getByTestId('contact-row').filter({ has: page.locator('.name', { hasText: new RegExp(`^${NAME}$`) }) }).first();
      await row.getByTestId('contact-tag').filter({ hasText: TAGS[1] as string }).waitFor();
      expect(await row.getByTestId('contact-tag').allTextContents()).toEqual(TAGS);
      expect(await cutOrOverlapping(row), `${NAME}'s row at ${width} px, scrollbars ${scrollbars ? 'shown' : 'hidden'}`)
        .toEqual({ nameCut: false, chipsCut: [], overlap: false, outside: [] });
      await shot(`layout-names-contacts-${width}`);
      await page.getByTestId('contact-search').fill('');
      await page.locator('[data-testid="contact-list"][data-search=""][data-ready="true"]').waitFor();
    });

    it('inbox: a thread\'s header names a customer known only by a number once (the number as its name, the channel under it), a named one by name over channel and number', async () => {
      await go('inbox');
      await page.getByTestId('tab-sms').click();
      await page.getByTestId('show-open').click();
      await listReady(page).waitFor();
      await conversationRow(page, NUMBER_ONLY).click();
      const header = page.getByTestId('thread').locator('.thread-header > div').first();
      await header.getByTestId('thread-address').filter({ hasText: NUMBER_ONLY }).waitFor();
      // Its lines: the number, the channel, then the contact's View contact (the number nowhere else).
      const lines = await layout.lineTexts(header);
      expect(lines.slice(0, 2)).toEqual([NUMBER_ONLY, 'SMS']);
      expect(lines.filter((line) => line.includes(NUMBER_ONLY.slice(2)))).toHaveLength(1);
      expect(await header.locator('h2').textContent()).toBe(NUMBER_ONLY);
      expect(await header.getByTestId('thread-channel').textContent()).toBe('SMS');
      const heading = await header.locator('h2').evaluate((el) => el.scrollWidth <= el.clientWidth);
      expect(heading, `the number whole at ${width} px`).toBe(true);
      await shot(`layout-names-thread-number-${width}`);

      await conversationRow(page, named.phone).click();
      await header.getByTestId('thread-address').filter({ hasText: named.phone }).waitFor();
      expect((await layout.lineTexts(header)).slice(0, 2)).toEqual([NAME, `SMS · ${named.phone}`]);
      expect(await header.getByTestId('thread-address').textContent()).toBe(`SMS · ${named.phone}`);
    });
  });
});
