// Forms in the console: the demo's popup listed with its public link and submissions; a form built in the builder; a
// visitor submitting it from the Simulator through the form's public route; the submission under the form, and the
// visitor a new contact whose source is the form; a submission made elsewhere shown live; an email Chromium lets
// through but the core refuses, answered with the form again, the answers kept and the message by the field.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

const card = (name: string) => page.locator(`[data-testid="form-card"][data-name="${name}"]`);

describe('forms', () => {
  it('lists the demo popup with its public link and its two submissions', async () => {
    await page.getByTestId('nav-forms').click();
    await page.getByTestId('forms-list').waitFor();
    const festive = card('Festive offer sign-up');
    expect(await festive.getByTestId('form-kind-badge').textContent()).toBe('Popup');
    expect(await festive.getByTestId('form-submissions-count').textContent()).toBe('2');
    const link = await festive.getByTestId('form-link').getAttribute('href');
    expect(link).toMatch(new RegExp(`^${server.url}/forms/form_`));
    // The public link is the form's own page, plain HTML.
    expect(await (await fetch(link as string)).text()).toContain('<h1>Festive offer sign-up</h1>');
    await festive.getByTestId('form-submissions-toggle').click();
    await festive.getByTestId('form-submissions').waitFor();
    expect(await festive.getByTestId('form-submission').count()).toBe(2);
  });

  it('builds a form, a visitor submits it from the Simulator, and the submission and the new contact show', async () => {
    await page.getByTestId('new-form').click();
    const builder = page.getByTestId('form-builder');
    await builder.waitFor();
    await page.getByTestId('form-name').fill('Workshop waitlist');
    await page.getByTestId('form-kind').selectOption('landing_page');
    // Neither email nor phone asked: the builder says why it cannot be saved.
    await page.getByTestId('form-ask-email').selectOption('hidden');
    await page.getByTestId('form-no-address').waitFor();
    expect(await page.getByTestId('form-save').isDisabled()).toBe(true);
    await page.getByTestId('form-ask-email').selectOption('required');
    await page.getByTestId('form-ask-name').selectOption('required');
    await page.getByTestId('form-add-custom').click();
    await page.getByTestId('form-custom-label').fill('Company');
    await page.getByTestId('form-custom-required').check();
    await page.getByTestId('form-save').click();
    await builder.waitFor({ state: 'detached' });
    const workshop = card('Workshop waitlist');
    await workshop.waitFor();
    expect(await workshop.getByTestId('form-kind-badge').textContent()).toBe('Landing page');
    expect(await workshop.getByTestId('form-submissions-count').textContent()).toBe('0');

    await page.getByTestId('nav-simulator').click();
    const visitor = page.getByTestId('sim-form-visitor');
    await visitor.getByTestId('sim-form-pick').waitFor();
    await visitor.getByTestId('sim-form-pick').selectOption({ label: 'Workshop waitlist' });
    await visitor.getByTestId('sim-form-field-name').fill('Nina Alvarez');
    await visitor.getByTestId('sim-form-field-email').fill('nina.alvarez@example.org');
    await visitor.getByTestId('sim-form-field-company').fill('Alvarez Ceramics');
    await visitor.getByTestId('sim-form-submit').click();
    expect(await visitor.getByTestId('sim-form-sent').textContent()).toBe('Submitted Workshop waitlist as Nina Alvarez.');

    await page.getByTestId('nav-forms').click();
    await workshop.getByTestId('form-submissions-count').filter({ hasText: /^1$/ }).waitFor();
    await workshop.getByTestId('form-submissions-toggle').click();
    const row = workshop.getByTestId('form-submission');
    await row.waitFor();
    expect(await row.textContent()).toContain('Alvarez Ceramics');
    const contactId = await row.getAttribute('data-contact-id');

    await page.getByTestId('nav-contacts').click();
    await page.getByTestId('contact-search').fill('nina.alvarez');
    const contact = page.locator(`[data-testid="contact-row"][data-contact-id="${contactId}"]`);
    await contact.waitFor();
    expect(await contact.textContent()).toContain('Nina Alvarez');
    const stored = await server.dashboard<{ source: string; email: string }>('GET', `/dashboard/contacts/${contactId}`);
    expect(stored.body).toMatchObject({ source: 'Workshop waitlist', email: 'nina.alvarez@example.org' });
  });

  it('follows a submission made on the public page while the Forms page is open: its count and its submissions', async () => {
    await page.getByTestId('nav-forms').click();
    const festive = card('Festive offer sign-up');
    await festive.getByTestId('form-submissions-count').filter({ hasText: /^2$/ }).waitFor();
    await festive.getByTestId('form-submissions-toggle').click();
    await festive.getByTestId('form-submissions').waitFor();
    const link = await festive.getByTestId('form-link').getAttribute('href');
    // As the page's own form posts it: urlencoded, answered with the Thanks page.
    const posted = await fetch(`${link}/submissions`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Omar Haddad', email: 'omar.haddad@example.org', phone: '', city: 'Dubai' }).toString(),
    });
    expect([posted.status, (await posted.text()).includes('Thanks!')]).toEqual([201, true]);
    await festive.getByTestId('form-submissions-count').filter({ hasText: /^3$/ }).waitFor();
    await festive.getByTestId('form-submission').filter({ hasText: 'Omar Haddad' }).waitFor();
  });

  it('the public link works in a browser with no script: fill the page, submit, read the Thanks page', async () => {
    const link = await card('Workshop waitlist').getByTestId('form-link').getAttribute('href');
    const visitor = await page.context().newPage();
    try {
      await visitor.goto(link as string);
      expect(await visitor.locator('h1').textContent()).toBe('Workshop waitlist');
      await visitor.locator('#field-name').fill('Lena Fischer');
      await visitor.locator('#field-email').fill('lena.fischer@example.org');
      await visitor.locator('#field-company').fill('Fischer Design');
      await Promise.all([visitor.waitForURL(`${link}/submissions`), visitor.getByRole('button', { name: 'Submit' }).click()]);
      expect(await visitor.locator('h1').textContent()).toBe('Thanks!');
    } finally {
      await visitor.close();
    }
    await card('Workshop waitlist').getByTestId('form-submissions-count').filter({ hasText: /^2$/ }).waitFor();
  });

  it('an email the browser takes but the core refuses comes back as the form, answers kept, the message by the field, not JSON', async () => {
    const festive = card('Festive offer sign-up');
    const before = await festive.getByTestId('form-submissions-count').textContent();
    const link = await festive.getByTestId('form-link').getAttribute('href');
    const visitor = await page.context().newPage();
    try {
      await visitor.goto(link as string);
      await visitor.locator('#field-name').fill('Lena <Fischer>');
      // An address with no dot in its domain is valid to the page's type=email, so Chromium posts it; the core refuses it.
      await visitor.locator('#field-email').fill('lena@example');
      await visitor.locator('#field-city').fill('Köln');
      const [answer] = await Promise.all([visitor.waitForResponse(`${link}/submissions`), visitor.getByRole('button', { name: 'Submit' }).click()]);
      expect([answer.status(), answer.headers()['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
      expect(await visitor.locator('h1').textContent()).toBe('Festive offer sign-up');
      const alert = visitor.getByRole('alert');
      expect(await alert.textContent()).toBe('email: must be an email address');
      expect(await visitor.locator('#field-email').getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
      expect(await visitor.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
      expect([await visitor.locator('#field-name').inputValue(), await visitor.locator('#field-email').inputValue(), await visitor.locator('#field-city').inputValue()])
        .toEqual(['Lena <Fischer>', 'lena@example', 'Köln']);
      // Mended on the same page, it goes through.
      await visitor.locator('#field-email').fill('lena@example.org');
      await Promise.all([visitor.waitForURL(`${link}/submissions`), visitor.getByRole('button', { name: 'Submit' }).click()]);
      await visitor.getByRole('heading', { name: 'Thanks!' }).waitFor();
    } finally {
      await visitor.close();
    }
    await festive.getByTestId('form-submissions-count').filter({ hasText: new RegExp(`^${Number(before) + 1}$`) }).waitFor();
  });
});
