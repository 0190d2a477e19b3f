// The contacts page in a real browser: renderer → HTTP → core → SQLite, with live updates.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../src-core/contract/index.ts';
import { launchBrowser, screenshot } from '../fixtures/browser.ts';
import { startServer, type E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let browser: Browser;
let page: Page;

const list = () => page.getByTestId('contact-list');
async function search(term: string): Promise<void> {
  await page.getByTestId('contact-search').fill(term);
  await page.locator(`[data-testid="contact-list"][data-search="${term}"][data-ready="true"]`).waitFor();
}
const rowNames = () => list().getByTestId('contact-row').locator('.name').allTextContents();

beforeAll(async () => {
  server = await startServer('demo');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('contacts page', () => {
  it('lists the demo contacts and searches by name, email and phone fragment', async () => {
    await page.goto(server.consoleUrl);
    await page.getByTestId('nav-contacts').click();
    await page.locator('[data-testid="contact-list"][data-ready="true"]').waitFor();
    expect(await list().getByTestId('contact-row').count()).toBeGreaterThan(10);
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await screenshot(page, 'contacts-list-light');
    await search('alice');
    expect(await rowNames()).toEqual(['Alice Johnson']);
    await search('5550101');
    expect(await rowNames()).toEqual(['Alice Johnson']);
    await search('alcie');
    expect(await rowNames()).toEqual(['Alice Johnson']);
    expect(await page.getByTestId('contact-count').textContent()).toBe('No exact match for “alcie”; 1 similar contact');
    await search('nobody-by-this-name');
    await page.getByText('No contacts match').waitFor();
  });

  it('finds a handle typed as it is shown, with its "@"', async () => {
    for (const [typed, found] of [['@alice.j', ['Alice Johnson']], ['@meera', null]] as const) {
      await page.getByTestId('contact-search').fill(typed);
      await page.locator(`[data-testid="contact-list"][data-search="${typed.slice(1)}"][data-ready="true"]`).waitFor();
      const names = await rowNames();
      if (found) expect(names).toEqual(found);
      else expect(names.length > 0 && names.every((name) => name.startsWith('Meera'))).toBe(true);
    }
  });

  it('blocks with a reason, shows it, persists it, and unblocks', async () => {
    await search('alice');
    await list().getByTestId('contact-row').first().click();
    await page.getByTestId('contact-panel').waitFor();
    await page.getByTestId('block').click();
    await page.getByTestId('block-reason').fill('Abusive messages');
    await screenshot(page, 'contacts-block-dialog');
    await page.getByTestId('confirm-block').click();
    await page.locator('[data-testid="contact-panel"][data-blocked="true"]').waitFor();
    await page.getByTestId('blocked-reason').filter({ hasText: 'Abusive messages' }).waitFor();
    await list().getByTestId('blocked-badge').waitFor();
    await screenshot(page, 'contacts-blocked');
    const id = await list().getByTestId('contact-row').first().getAttribute('data-contact-id');
    const stored = await server.dashboard<Contact>('GET', `/dashboard/contacts/${id}`);
    expect(stored.body).toMatchObject({ isBlocked: true, blockedReason: 'Abusive messages' });

    await page.getByTestId('unblock').click();
    await page.locator('[data-testid="contact-panel"][data-blocked="false"]').waitFor();
    expect((await server.dashboard<Contact>('GET', `/dashboard/contacts/${id}`)).body.isBlocked).toBe(false);
  });

  it('adds and removes tags, which stay on the contact', async () => {
    await page.getByTestId('tag-input').fill('vip');
    await page.getByTestId('add-tag').click();
    await page.getByTestId('tag').filter({ hasText: 'vip' }).waitFor();
    const id = await list().getByTestId('contact-row').first().getAttribute('data-contact-id');
    expect((await server.dashboard<Contact>('GET', `/dashboard/contacts/${id}`)).body.tags).toContain('vip');
    await screenshot(page, 'contacts-tags');
    await page.getByRole('button', { name: 'Remove tag vip' }).click();
    await page.getByTestId('tag').filter({ hasText: 'vip' }).waitFor({ state: 'detached' });
    expect((await server.dashboard<Contact>('GET', `/dashboard/contacts/${id}`)).body.tags).not.toContain('vip');
  });

  it('a tag removed from the keyboard hands the focus to the next tag\'s ×, the previous one\'s for the last, then the field', async () => {
    await page.getByTestId('tag-input').fill('wholesale, late-payer');
    await page.getByTestId('add-tag').click();
    await page.getByTestId('tag').filter({ hasText: 'late-payer' }).waitFor();
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('data-testid'));
    const tags = async () => page.getByTestId('tag-label').allTextContents();
    const before = await tags();
    expect(before.slice(-2)).toEqual(['wholesale', 'late-payer']);
    await page.getByRole('button', { name: 'Remove tag wholesale' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('tag').filter({ hasText: 'wholesale' }).waitFor({ state: 'detached' });
    await expect.poll(focusedName).toBe('Remove tag late-payer');
    // The last tag's successor is the one before it; with none left, the field.
    await page.keyboard.press('Enter');
    await page.getByTestId('tag').filter({ hasText: 'late-payer' }).waitFor({ state: 'detached' });
    const left = before.slice(0, -2);
    await expect.poll(focusedName).toBe(left.length ? `Remove tag ${left.at(-1)}` : 'tag-input');
  });

  it('adds a note and shows it', async () => {
    await page.getByTestId('note-input').fill('Called about order #1001');
    await page.getByTestId('add-note').click();
    await page.getByTestId('note').filter({ hasText: 'Called about order #1001' }).waitFor();
  });

  it('follows changes made elsewhere, live', async () => {
    const id = await list().getByTestId('contact-row').first().getAttribute('data-contact-id');
    await server.dashboard('POST', `/dashboard/contacts/${id}/block`, { reason: 'Blocked from the API' });
    await page.getByTestId('blocked-reason').filter({ hasText: 'Blocked from the API' }).waitFor();
    await page.getByTestId('theme-toggle').click();
    await screenshot(page, 'contacts-blocked-dark');
  });

  it('finds accented names from plain letters', async () => {
    await search('muller');
    expect((await rowNames()).sort()).toEqual(['Ananya Müller', 'Meera Müller', 'Neha Müller', 'Sofia Müller']);
  });

  it('names each contact\'s source in words', async () => {
    await search('alice');
    const row = list().getByTestId('contact-row').first();
    expect(await row.getByTestId('contact-source').textContent()).toBe('Shopify');
    await row.click();
    await page.getByTestId('contact-panel').waitFor();
    expect(await page.getByTestId('contact-field-source').textContent()).toBe('Shopify');
    await search('promo blaster');
    expect(await list().getByTestId('contact-source').first().textContent()).toBe('SMS');
    await search('alice');
  });

  it('says "No reason given" for a contact blocked with a blank reason', async () => {
    const id = await list().getByTestId('contact-row').first().getAttribute('data-contact-id');
    await server.dashboard('POST', `/dashboard/contacts/${id}/unblock`);
    await page.locator('[data-testid="contact-panel"][data-blocked="false"]').waitFor();
    expect((await server.dashboard('POST', `/dashboard/contacts/${id}/block`, { reason: '   ' })).status).toBe(200);
    await page.locator('[data-testid="contact-panel"][data-blocked="true"]').waitFor();
    expect(await page.getByTestId('blocked-reason').locator('span').textContent()).toBe('No reason given.');
    await server.dashboard('POST', `/dashboard/contacts/${id}/unblock`);
    await page.locator('[data-testid="contact-panel"][data-blocked="false"]').waitFor();
  });

  it('adds several tags separated by commas, each trimmed', async () => {
    await page.getByTestId('tag-input').fill(' needs follow-up,  wholesale ,');
    await page.getByTestId('tag-input').press('Enter');
    await page.getByTestId('tag').filter({ hasText: 'wholesale' }).waitFor();
    const id = await list().getByTestId('contact-row').first().getAttribute('data-contact-id');
    expect((await server.dashboard<Contact>('GET', `/dashboard/contacts/${id}`)).body.tags).toEqual(expect.arrayContaining(['needs follow-up', 'wholesale']));
    await expect.poll(() => page.getByTestId('tag-input').inputValue()).toBe('');
  });

  it('keeps a long tag inside its chip, cut with an ellipsis, the whole tag in its tooltip', async () => {
    const id = await list().getByTestId('contact-row').first().getAttribute('data-contact-id');
    const long = ['W'.repeat(50), 'M'.repeat(50)];
    await server.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: long });
    const chip = page.getByTestId('tag').filter({ hasText: long[0] as string });
    await chip.waitFor();
    await screenshot(page, 'contacts-long-tags');
    const inside = async (inner: ReturnType<Page['locator']>, outer: ReturnType<Page['locator']>) => {
      const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
      return a !== null && b !== null && a.x >= b.x && a.x + a.width <= b.x + b.width;
    };
    expect(await inside(chip, page.getByTestId('contact-panel')), 'tag chip inside the panel').toBe(true);
    expect(await chip.getByTestId('tag-label').getAttribute('title'), 'tag tooltip').toBe(long[0]);
    const rowChips = list().getByTestId('contact-row').first().getByTestId('contact-tag');
    // The list refreshes on its own after the panel: wait for its row to carry the new tags.
    await rowChips.filter({ hasText: long[1] as string }).waitFor();
    expect(await rowChips.count(), 'tags in the row').toBe(2);
    for (const [i, tag] of long.entries()) {
      expect(await inside(rowChips.nth(i), list()), `row chip ${i} inside the list`).toBe(true);
      expect(await rowChips.nth(i).getAttribute('title'), `row chip ${i} tooltip`).toBe(tag);
    }
    expect(await inside(list().getByTestId('contact-row').first().locator('.name'), list()), 'name inside the list').toBe(true);
    await server.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: [] });
    await chip.waitFor({ state: 'detached' });
  });

  it('shows two short tags whole in the row beside its source, neither cut to a letter or two', async () => {
    const first = list().getByTestId('contact-row').first();
    const id = await first.getAttribute('data-contact-id');
    await server.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: ['demo', 'vip-customer'] });
    const rowChips = first.getByTestId('contact-tag');
    await rowChips.filter({ hasText: 'vip-customer' }).waitFor();
    await screenshot(page, 'contacts-two-tags');
    const cut = await first.locator('.contact-meta .chip').evaluateAll((chips) => chips.filter((chip) => chip.scrollWidth > chip.clientWidth).map((chip) => chip.textContent));
    expect(cut, 'chips cut in the row').toEqual([]);
    await server.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: [] });
    await rowChips.first().waitFor({ state: 'detached' });
  });

  it('says the token was refused, with the core\'s message, when the token is wrong', async () => {
    const other = await browser.newPage();
    await other.goto(`${server.url}/#token=not-the-token`);
    const error = other.locator('[data-testid="no-token"][data-refused="true"]');
    await error.waitFor();
    expect(await error.getByTestId('refused-message').textContent()).toContain('Missing or invalid dashboard token');
    await screenshot(other, 'contacts-wrong-token');
    await other.close();
  });

  it('shows a contact with no name by its phone once, as its title, with no second line repeating it', async () => {
    const created = await server.dashboard('POST', '/dashboard/contacts', { phone: '+14155550977' });
    expect(created.status).toBe(201);
    const phone = (created.body as Contact).phone as string;
    await search('4155550977');
    const row = list().getByTestId('contact-row').first();
    expect(await row.locator('.name').textContent()).toBe(phone);
    // It read the phone as the name and again under it.
    expect((await row.textContent())?.split(phone).length).toBe(2);
    expect(await row.getByTestId('contact-row-sub').count()).toBe(0);
    // A named contact keeps its phone under its name.
    await search('alice');
    expect(await list().getByTestId('contact-row').first().getByTestId('contact-row-sub').textContent()).toContain('+1');
  });

  it('titles the panel of a contact with no name by its phone, said once in its header; the Phone field keeps it', async () => {
    const created = await server.dashboard('POST', '/dashboard/contacts', { phone: '+14155550978' });
    expect(created.status).toBe(201);
    const phone = (created.body as Contact).phone as string;
    await search('4155550978');
    await list().getByTestId('contact-row').first().click();
    const panel = page.getByTestId('contact-panel');
    await panel.locator('h2').filter({ hasText: phone }).waitFor();
    // The header: the phone as the title, then the status; no line under the title says it again.
    const header = panel.locator('.panel-header');
    expect((await header.textContent())?.split(phone).length).toBe(2);
    expect(await panel.getByTestId('contact-field-phone').textContent()).toBe(phone);
  });

  it('shows an Instagram user known by their IGSID as that id, not as a handle', async () => {
    // A user the platform knows no handle for (the demo's Instagram customers have theirs: instagram-handles.spec.ts).
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790119071', text: 'Hi!' })).status).toBe(201);
    await search('6234817790119071');
    const row = list().getByTestId('contact-row').first();
    expect(await row.textContent()).toContain('Instagram ID 6234817790119071');
    expect(await row.textContent()).not.toContain('@6234817790119071');
    await row.click();
    await page.getByTestId('contact-field-username').filter({ hasText: 'Instagram ID 6234817790119071' }).waitFor();
  });
});
