// axe-core over the inbox and the contacts page, in the light and the dark theme (e2e/fixtures/axe.ts): every channel's
// thread, replies being composed, long threads and lists, saved replies, snoozing, a contact open, blocking, a CSV
// import. Data as a user would have it: the demo seed and customers writing in. The other pages: a11y-axe-pages.spec.ts.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeInThemes, nav as navTo, type AxeState } from '../fixtures/axe.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const nav = (section: string) => navTo(page, section);

/** The demo's Alice, whose WhatsApp thread gets long enough to be read from above. */
const ALICE = '+14155550101';

async function inbound(text: string) {
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text })).status).toBe(201);
  await page.getByTestId('message').filter({ hasText: text }).last().waitFor();
}

/**
 * A WhatsApp customer with more messages than a thread shows at first (a new one per theme: the first theme reads
 * its own back to the start), among more conversations than the list shows at first (written once).
 */
async function longThread(): Promise<string> {
  const write = async (from: string, text: string) => expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text })).status).toBe(201);
  // Enough open conversations for a second page (each theme's own writers: the first theme's states resolve and snooze some).
  const dark = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark';
  const listed = await server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/conversations?channel=whatsapp&state=open&limit=1');
  for (let n = listed.body.meta.total; n <= 100; n++) await write(`+1415558${dark ? 5 : 0}${String(n).padStart(3, '0')}`, `Hello ${n}`);
  const address = dark ? '+14155589002' : '+14155589001';
  for (let n = 1; n <= 120; n++) await write(address, `Earlier ${n}`);
  return address;
}

const STATES: AxeState[] = [
  ...(['whatsapp', 'sms', 'rcs', 'instagram', 'email'] as const).map((channel): [string, () => Promise<void>] => [`inbox, ${channel} thread`, async () => {
    await nav('inbox');
    await page.getByTestId(`tab-${channel}`).click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').waitFor();
  }]),
  ['inbox, an RCS reply with its template chosen and a value left blank', async () => {
    await page.getByTestId('tab-rcs').click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().click();
    await page.getByTestId('rcs-composer').waitFor();
    await page.getByTestId('reply-template').selectOption({ label: 'Order update card · Rich card' });
    await page.getByTestId('reply-var-order').fill('#1004');
    await page.getByTestId('reply-preview').waitFor();
  }],
  ['inbox, a thread read from above with a new message below', async () => {
    await page.getByTestId('tab-whatsapp').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${ALICE}"]`).click();
    await page.getByTestId('thread-address').filter({ hasText: ALICE }).waitFor();
    const list = page.getByTestId('thread-messages');
    for (let n = 1; n <= 30 && !(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 2)); n++) await inbound(`History ${n}`);
    // Up at the start, with the wheel as a reader scrolls (a scroll without the reader's input does not let go of the end).
    await list.hover();
    await page.mouse.wheel(0, -5000);
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="thread-messages"]');
      return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight > el.clientHeight / 2;
    });
    await inbound('While you were reading');
    await page.getByTestId('new-below').waitFor();
  }],
  ['inbox, a long thread with older messages to load, in a list longer than a page', async () => {
    const address = await longThread();
    // Read afresh: the first theme's run loaded every page of the list.
    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('tab-whatsapp').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${address}"]`).click();
    await page.getByTestId('thread-address').filter({ hasText: address }).waitFor();
    await page.getByTestId('load-older').waitFor();
    await page.getByTestId('load-more-conversations').waitFor();
  }],
  ['inbox, a long thread read back to its start', async () => {
    await page.getByTestId('load-older').click();
    await page.getByTestId('thread-start').waitFor();
  }],
  ['inbox, the saved replies picker over a WhatsApp reply', async () => {
    await page.getByTestId('composer').press('/');
    await page.locator('[data-testid="saved-replies-list"][data-ready="true"]').getByTestId('saved-reply-option').first().waitFor();
  }],
  ['inbox, managing saved replies', async () => {
    await page.getByTestId('manage-saved-replies').click();
    await page.getByTestId('saved-replies-manage-list').waitFor();
  }],
  ['inbox, a thread\'s contact open beside it, and a search\'s matches marked', async () => {
    // The saved replies dialog, then its picker, closed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('saved-replies-picker').waitFor({ state: 'detached' });
    await page.getByTestId('conversation-search').fill('delivery address');
    await page.locator(`[data-testid="conversation-list"][data-ready="true"] [data-testid="conversation-row"][data-address="${ALICE}"]`).click();
    await page.getByTestId('search-mark').first().waitFor();
    await page.getByTestId('open-contact').click();
    await page.getByTestId('contact-drawer').getByTestId('contact-conversations').waitFor();
  }],
  ['inbox, the Snooze menu open on a thread', async () => {
    await page.getByTestId('close-contact').click();
    await page.getByTestId('conversation-search').fill('');
    await page.getByTestId('snooze-conversation').click();
    await page.getByRole('menu', { name: 'Snooze' }).waitFor();
  }],
  ['inbox, a snoozed conversation under Snoozed, its time in the row and the header, the undo notice at the list\'s foot', async () => {
    await page.getByTestId('snooze-tomorrow').click();
    await page.getByTestId('undo-toast').waitFor();
    await page.getByTestId('show-snoozed').click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().click();
    await page.getByTestId('snoozed-badge').waitFor();
  }],
  ['contacts, with a contact open', async () => {
    // The inbox as it was for the next theme's pass: the conversation open again, the Open list shown.
    await page.getByTestId('unsnooze-conversation').click();
    await page.getByTestId('snoozed-badge').waitFor({ state: 'detached' });
    await page.getByTestId('show-open').click();
    await nav('contacts');
    await page.locator('[data-testid="contact-list"][data-ready="true"]').getByTestId('contact-row').first().click();
    await page.getByTestId('contact-conversations').waitFor();
  }],
  ['contacts, the Block dialog', async () => {
    await page.getByTestId('block').click();
    await page.getByTestId('block-reason').waitFor();
  }],
  // A file that changes nothing (a demo contact as it is, a row skipped), so both themes' passes see the same pages.
  ['contacts, an Import CSV preview', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('block-dialog').waitFor({ state: 'detached' });
    const file = 'Name,Phone,Company\r\nAlice Johnson,+14155550101,Acme\r\nNo Number,call me,\r\nNo Address,,\r\n';
    await page.getByTestId('import-csv-file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByTestId('import-preview').waitFor();
  }],
  ['contacts, an import\'s result with skipped rows', async () => {
    await page.getByTestId('confirm-import').click();
    await page.getByTestId('import-skipped').waitFor();
  }],
  // Refused, so nothing changes: a phone another contact has, said under its field.
  ['contacts, a new contact refused under its field', async () => {
    await page.getByTestId('close-import').click();
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('new-contact').click();
    await page.getByTestId('new-contact-name').fill('Alice Again');
    await page.getByTestId('new-contact-phone').fill('+14155550101');
    await page.keyboard.press('Enter');
    await page.getByTestId('new-contact-phone-problem').waitFor();
  }],
];

consoleForFile({ reducedMotion: true }, (session) => {
  ({ server, page } = session);
});
axeInThemes(() => page, STATES);
