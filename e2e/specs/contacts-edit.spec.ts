// The contact panel's Edit in a real browser (the demo seed): a name changed from the keyboard shows in the panel and the
// list; a phone another contact has is refused under the field with "Open <name>", nothing saved; Escape closes, the
// focus back on Edit.
import { describe, expect, it } from 'vitest';
import type { ConsoleContact, Contact } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let contact: Contact;
const session = consoleForFile({}, async ({ server }) => {
  contact = (await server.dashboard<Contact>('POST', '/dashboard/contacts', { name: 'Edwin Marsh', phone: '+14155550971', email: 'edwin@example.org' })).body;
});
const page = () => session().page;
const focused = () => page().evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const dialog = () => page().getByTestId('edit-contact-dialog');
const input = (field: string) => dialog().getByTestId(`edit-contact-${field}`);
const problem = (field: string) => dialog().getByTestId(`edit-contact-${field}-problem`);
const panel = () => page().getByTestId('contact-panel');
const stored = async () => (await session().server.dashboard<ConsoleContact>('GET', `/dashboard/contacts/${contact.id}`)).body;

/** Opens Edit from the keyboard: the form, prefilled, with the keyboard in its first field. */
async function openForm(): Promise<void> {
  await panel().getByTestId('edit-contact').focus();
  await page().keyboard.press('Enter');
  await dialog().waitFor();
  expect(await focused()).toBe('edit-contact-name');
}

describe('edit contact', () => {
  it('changes a name from the keyboard: the panel and the list show it, the focus back on Edit', async () => {
    const p = page();
    await p.getByTestId('nav-contacts').click();
    await p.getByTestId('contact-search').fill('Edwin');
    await p.locator('[data-testid="contact-list"][data-search="Edwin"][data-ready="true"]').waitFor();
    await p.getByTestId('contact-list').getByTestId('contact-row').first().click();
    await panel().locator('h2', { hasText: /^Edwin Marsh$/ }).waitFor();

    await openForm();
    expect([await input('name').inputValue(), await input('phone').inputValue(), await input('email').inputValue(), await input('profilePic').inputValue()])
      .toEqual(['Edwin Marsh', '+14155550971', 'edwin@example.org', '']);
    // Nothing changed yet: nothing to save.
    expect(await dialog().getByTestId('edit-contact-submit').isDisabled()).toBe(true);
    await p.keyboard.press('ControlOrMeta+A');
    await p.keyboard.type('Edwina Marsh');
    await screenshot(p, 'contacts-edit-form');
    await p.keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('edit-contact');

    await panel().locator('h2', { hasText: /^Edwina Marsh$/ }).waitFor();
    expect(await panel().getByTestId('contact-field-phone').textContent()).toBe('+14155550971');
    await p.getByTestId('contact-search').fill('Edwina');
    await p.locator('[data-testid="contact-list"][data-search="Edwina"][data-ready="true"]').waitFor();
    expect(await p.getByTestId('contact-list').getByTestId('contact-row').locator('.name').allTextContents()).toEqual(['Edwina Marsh']);
    expect(await stored()).toMatchObject({ name: 'Edwina Marsh', phone: '+14155550971', email: 'edwin@example.org' });
    await screenshot(p, 'contacts-edit-saved');
  });

  it('says under the phone that another contact has it, with Open <name>, saving nothing; Escape closes, the focus back on Edit', async () => {
    const p = page();
    await openForm();
    await input('phone').fill('+1 415 555 0101');
    await input('phone').press('Enter');
    await problem('phone').waitFor();
    expect(await problem('phone').textContent()).toBe('Contact Alice Johnson already has this phone (+14155550101)');
    expect(await input('phone').getAttribute('aria-invalid')).toBe('true');
    expect(await input('phone').getAttribute('aria-describedby')).toBe('edit-contact-phone-problem');
    expect(await input('phone').inputValue()).toBe('+1 415 555 0101');
    const openExisting = dialog().getByTestId('edit-contact-open-existing');
    await openExisting.filter({ hasText: /^Open Alice Johnson$/ }).waitFor();
    await screenshot(p, 'contacts-edit-duplicate-phone');
    expect((await stored()).phone).toBe('+14155550971');

    await p.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('edit-contact');
    expect(await panel().getByTestId('contact-field-phone').textContent()).toBe('+14155550971');

    // Opened again, the form is the contact as it is (not what was typed), and Open Alice Johnson opens her.
    await openForm();
    expect(await input('phone').inputValue()).toBe('+14155550971');
    await input('phone').fill('+14155550101');
    await input('phone').press('Enter');
    await openExisting.filter({ hasText: /^Open Alice Johnson$/ }).click();
    await dialog().waitFor({ state: 'detached' });
    await panel().locator('h2', { hasText: /^Alice Johnson$/ }).waitFor();
    expect((await stored()).phone).toBe('+14155550971');
  });
});
