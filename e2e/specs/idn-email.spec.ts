// An email address at an internationalized domain, as the console shows it: in its own script (`kai@bücher.de`) on
// the contacts page (the list's row, a nameless contact's name, the panel's Email) and in the inbox (a conversation's
// row and its thread's address), while the core stores and answers it in A-labels (`kai@xn--bcher-kva.de`); typed as
// shown (`bücher`, `kai@bücher.de`), the contacts search and the inbox search find it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Contact } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listedAddresses, listReady } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

const list = () => page.getByTestId('contact-list');
async function search(term: string): Promise<void> {
  await page.getByTestId('contact-search').fill(term);
  await page.locator(`[data-testid="contact-list"][data-search="${term}"][data-ready="true"]`).waitFor();
}
async function createContact(body: { name?: string; email: string }): Promise<Contact> {
  const created = await server.dashboard<Contact>('POST', '/dashboard/contacts', body);
  expect(created.status).toBe(201);
  return created.body;
}
/** Sends the demo's first email template to `to` from the demo's verified domain: the inbox then has its conversation. */
async function sendEmail(to: string): Promise<void> {
  const templates = await server.dashboard<{ data: Array<{ id: string }> }>('GET', '/dashboard/email/templates');
  const sent = await server.dashboard('POST', '/dashboard/email/send', {
    templateId: templates.body.data[0]!.id, recipient: { to }, fromName: 'Example Store', fromEmail: 'hello@example.com', variables: {},
  });
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
}

describe('an internationalized email domain', () => {
  it('is stored and answered in A-labels, and shown in its own script on the contacts page', async () => {
    const kai = await createContact({ name: 'Kai Brandt', email: 'kai@bücher.de' });
    const mia = await createContact({ email: 'mia@例え.テスト' });
    expect([kai.email, mia.email]).toEqual(['kai@xn--bcher-kva.de', 'mia@xn--r8jz45g.xn--zckzah']);
    await page.getByTestId('nav-contacts').click();

    await search('brandt');
    const row = list().locator(`[data-testid="contact-row"][data-contact-id="${kai.id}"]`);
    expect(await row.textContent()).toContain('kai@bücher.de');
    expect(await row.textContent()).not.toContain('xn--');
    await row.click();
    await page.getByTestId('contact-panel').waitFor();
    await page.getByTestId('contact-field-email').filter({ hasText: /^kai@bücher\.de$/ }).waitFor();

    // A contact with nothing but its address is named by it.
    await search('mia@');
    await list().locator(`[data-testid="contact-row"][data-contact-id="${mia.id}"] .name`).filter({ hasText: /^mia@例え\.テスト$/ }).waitFor();
    // What the API answers is unchanged.
    expect((await server.dashboard<Contact>('GET', `/dashboard/contacts/${kai.id}`)).body.email).toBe('kai@xn--bcher-kva.de');
  });

  it('is shown in its own script on the inbox\'s email conversation, its row and its thread', async () => {
    await sendEmail('mia@例え.テスト');
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-email').click();
    const row = conversationRow(page, 'mia@xn--r8jz45g.xn--zckzah');
    await row.locator('.name').filter({ hasText: /^mia@例え\.テスト$/ }).waitFor();
    await row.click();
    // Known by her address alone: it is the heading, the channel alone under it (not the address twice).
    await page.getByTestId('thread-address').locator('h2').filter({ hasText: /^mia@例え\.テスト$/ }).waitFor();
    expect(await page.getByTestId('thread-channel').textContent()).toBe('Email');
    expect(await page.getByTestId('thread').locator('h2').first().textContent()).toBe('mia@例え.テスト');
  });

  it('is found by its domain as shown, `bücher` or `kai@bücher.de`, in the contacts search and the inbox search', async () => {
    const kai = (await server.dashboard<{ data: Contact[] }>('GET', `/dashboard/contacts?search=${encodeURIComponent('kai@xn--bcher-kva.de')}`)).body.data[0];
    expect(kai?.name).toBe('Kai Brandt');
    await sendEmail('kai@bücher.de');
    await page.getByTestId('nav-contacts').click();
    const contactRows = () => list().getByTestId('contact-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-contact-id')));
    for (const term of ['bücher', 'kai@bücher.de']) {
      await search(term);
      expect(await contactRows(), term).toEqual([kai?.id]);
    }
    await list().getByTestId('contact-row').filter({ hasText: 'kai@bücher.de' }).waitFor();

    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-email').click();
    const box = page.getByTestId('conversation-search');
    for (const term of ['bücher', 'kai@bücher.de']) {
      await box.fill('nobody-here'); // from an empty list, so what follows is this term's answer
      await listReady(page).getByText('No conversations match').waitFor();
      await box.fill(term);
      await listReady(page).locator('[data-testid="conversation-row"][data-address="kai@xn--bcher-kva.de"]').waitFor();
      expect(await listedAddresses(page), term).toEqual(['kai@xn--bcher-kva.de']);
    }
    await box.fill('');
  });
});
