// The contacts page's New contact in a real browser (the demo seed): a contact made from the keyboard is opened and
// listed; a phone or email another contact has, and a malformed email, are refused under their field, the values kept;
// beside a phone or email another contact has, "Open <name>" opens that contact instead.
import { describe, expect, it } from 'vitest';
import type { Contact, ContactList } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const session = consoleForFile();
const page = () => session().page;
const focused = () => page().evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const dialog = () => page().getByTestId('new-contact-dialog');
const input = (field: string) => dialog().getByTestId(`new-contact-${field}`);
const problem = (field: string) => dialog().getByTestId(`new-contact-${field}-problem`);
/** The organization's contacts whose name, email or phone holds `term`, as the core lists them. */
const found = async (term: string) => (await session().server.dashboard<ContactList>('GET', `/dashboard/contacts?search=${encodeURIComponent(term)}`)).body.data;
/** The contacts named exactly `name` (a search for a name nobody has may answer similar ones). */
const named = async (name: string) => (await found(name)).filter((contact) => contact.name === name);

async function openForm(): Promise<void> {
  await page().getByTestId('new-contact').click();
  await dialog().waitFor();
  // The keyboard starts in the first field.
  expect(await focused()).toBe('new-contact-name');
}

describe('new contact', () => {
  it('makes a contact from the keyboard, opens it in the page and lists it first', async () => {
    const p = page();
    await p.getByTestId('nav-contacts').click();
    await p.locator('[data-testid="contact-list"][data-ready="true"]').waitFor();
    // A search that the new contact does not match: making one shows the whole list again, with it first.
    await p.getByTestId('contact-search').fill('alice');
    await p.locator('[data-testid="contact-list"][data-search="alice"][data-ready="true"]').waitFor();
    await openForm();
    await p.keyboard.type('Nadia Okafor');
    await input('phone').fill('+44 7700 900777');
    await input('email').fill('Nadia.Okafor@example.org');
    await input('username').fill('@nadia.ok');
    await input('tags').fill('wholesale, VIP');
    await screenshot(p, 'contacts-new-form');
    await p.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('new-contact');

    const panel = p.getByTestId('contact-panel');
    await panel.locator('h2', { hasText: 'Nadia Okafor' }).waitFor();
    expect(await panel.getByTestId('contact-field-phone').textContent()).toBe('+447700900777');
    expect(await panel.getByTestId('contact-field-email').textContent()).toBe('nadia.okafor@example.org');
    expect(await panel.getByTestId('tag-label').allTextContents()).toEqual(['wholesale', 'VIP']);
    await p.locator('[data-testid="contact-list"][data-search=""][data-ready="true"]').waitFor();
    const first = p.getByTestId('contact-list').getByTestId('contact-row').first();
    await first.locator('.name', { hasText: 'Nadia Okafor' }).waitFor();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await p.getByTestId('contact-search').inputValue()).toBe('');
    const [made] = await found('nadia');
    expect(made).toMatchObject<Partial<Contact>>({ name: 'Nadia Okafor', username: 'nadia.ok', source: 'manual', tags: ['wholesale', 'VIP'] });
    expect(await first.getAttribute('data-contact-id')).toBe(made?.id);
    await screenshot(p, 'contacts-new-opened');
  });

  it('says under the field that another contact has the phone or email, or that the email is malformed, keeping what was typed', async () => {
    const p = page();
    await openForm();
    await p.keyboard.type('Alice Again');
    await input('phone').fill('+1 415 555 0101');
    await input('email').fill('alice.again@example.com');
    await p.keyboard.press('Enter');
    await problem('phone').waitFor();
    expect(await problem('phone').textContent()).toBe('Contact Alice Johnson already has this phone (+14155550101)');
    expect(await input('phone').getAttribute('aria-invalid')).toBe('true');
    expect(await input('phone').getAttribute('aria-describedby')).toBe('new-contact-phone-problem');
    expect(await problem('email').count()).toBe(0);
    expect([await input('name').inputValue(), await input('phone').inputValue(), await input('email').inputValue()])
      .toEqual(['Alice Again', '+1 415 555 0101', 'alice.again@example.com']);
    await screenshot(p, 'contacts-new-duplicate-phone');

    // A free phone, and Alice's email in another case: the email is named now. Typing lets the phone's refusal go.
    await input('phone').fill('+1 415 555 0199');
    expect(await problem('phone').count()).toBe(0);
    await input('email').fill('ALICE@example.com');
    await input('email').press('Enter');
    await problem('email').waitFor();
    expect(await problem('email').textContent()).toBe('Contact Alice Johnson already has this email (alice@example.com)');
    // A malformed email is the core's 400, said under the field in its label's words.
    await input('email').fill('alice.again@');
    await input('email').press('Enter');
    await problem('email').filter({ hasText: /^Email / }).waitFor();
    expect(await input('email').inputValue()).toBe('alice.again@');
    expect(await named('Alice Again')).toEqual([]);

    // Escape closes without making anything; the focus goes back to New contact, and the form opens empty again.
    await p.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('new-contact');
    await openForm();
    expect(await input('phone').inputValue()).toBe('');
    await dialog().getByTestId('new-contact-cancel').click();
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('new-contact');
    expect(await named('Alice Again')).toEqual([]);
  });

  it('opens the contact that already has the phone from beside the refusal, making nothing', async () => {
    const p = page();
    await openForm();
    await p.keyboard.type('Alice Again');
    await input('phone').fill('+1 415 555 0101');
    await p.keyboard.press('Enter');
    await problem('phone').waitFor();
    // Under the phone's refusal, named once read; the refusal stays the field's description.
    const openExisting = input('phone').locator('xpath=..').getByTestId('new-contact-open-existing');
    await openExisting.filter({ hasText: /^Open Alice Johnson$/ }).waitFor();
    const [alice] = await named('Alice Johnson');
    expect(await openExisting.getAttribute('data-contact-id')).toBe(alice?.id);
    expect(await input('phone').getAttribute('aria-describedby')).toBe('new-contact-phone-problem');
    await screenshot(p, 'contacts-new-open-existing');
    await openExisting.click();
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('new-contact');
    await p.getByTestId('contact-panel').locator('h2', { hasText: /^Alice Johnson$/ }).waitFor();
    expect(await named('Alice Again')).toEqual([]);
  });
});
