// Forms' spam trap and submission pages in Chromium: the public page's trap is off-screen and Tab never reaches it (axe
// finds nothing on the page); a bot's post with it filled gets the Thanks page and the console says "1 blocked as spam";
// a form's submissions show 50 at a time with Show more, which reads the rest, and a new one still comes in on top.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FORM_TRAP_FIELD } from '../../src-core/contract/forms.ts';
import { violations } from '../fixtures/axe.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let browser: Browser;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, browser, page } = opened);
});

const card = (name: string) => page.locator(`[data-testid="form-card"][data-name="${name}"]`);
const newForm = async (name: string) => {
  const created = await server.dashboard<{ id: string; publicUrl: string }>('POST', '/dashboard/forms', { name, fields: { name: 'optional', email: 'required', phone: 'hidden' } });
  expect(created.status).toBe(201);
  return created.body;
};
/** A script's JSON post from `ip` (the server reads X-Forwarded-For from loopback), so many stay under the per-address limit. */
const postJson = (formId: string, body: Record<string, string>, ip: string) => fetch(`${server.url}/forms/${formId}/submissions`, {
  method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body),
});

describe('the spam trap on the public page', () => {
  it('is off-screen, never reached by Tab, passes axe; a bot filling it gets the Thanks page and the console counts it', async () => {
    const form = await newForm('Trap in a browser');
    // axe needs its script on a page whose CSP allows none: a context that bypasses the CSP, for the check alone.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    const visitor = await context.newPage();
    try {
      await visitor.goto(form.publicUrl);
      const trap = visitor.locator(`#field-${FORM_TRAP_FIELD}`);
      const box = await trap.boundingBox();
      expect(box && box.x + box.width <= 0, JSON.stringify(box)).toBe(true);
      expect(await visitor.locator('.trap').getAttribute('aria-hidden')).toBe('true');
      // Tab from the page's start: name, email, Submit, and never the trap.
      const reached: string[] = [];
      for (let i = 0; i < 3; i++) {
        await visitor.keyboard.press('Tab');
        reached.push(await visitor.evaluate(() => document.activeElement?.id || document.activeElement?.tagName || ''));
      }
      expect(reached).toEqual(['field-name', 'field-email', 'BUTTON']);
      expect((await violations(visitor)).join('\n')).toBe('');

      // A bot fills every input it finds, the trap too, and posts: the Thanks page, as anyone gets.
      await visitor.locator('#field-email').fill('bot@spam.example');
      await trap.fill('http://spam.example', { force: true });
      await Promise.all([visitor.waitForURL(`${form.publicUrl}/submissions`), visitor.getByRole('button', { name: 'Submit' }).click()]);
      expect(await visitor.locator('h1').textContent()).toBe('Thanks!');
    } finally {
      await context.close();
    }
    await page.getByTestId('nav-forms').click();
    const trapped = card('Trap in a browser');
    expect(await trapped.getByTestId('form-spam-count').textContent()).toBe('1 blocked as spam');
    expect(await trapped.getByTestId('form-submissions-count').textContent()).toBe('0');
    // The demo's popup caught none: no line for it.
    expect(await card('Festive offer sign-up').getByTestId('form-spam-count').count()).toBe(0);
  });
});

describe('submissions, a page at a time', () => {
  it('shows the newest 50, Show more reads the rest and takes the focus to the table, and a new submission still comes in on top', async () => {
    const form = await newForm('Many sign-ups');
    for (let i = 0; i < 52; i++) expect((await postJson(form.id, { email: `signup${i}@example.org` }, `198.51.100.${1 + Math.floor(i / 15)}`)).status).toBe(201);
    await page.reload();
    await page.getByTestId('nav-forms').click();
    const many = card('Many sign-ups');
    await many.getByTestId('form-submissions-count').filter({ hasText: /^52$/ }).waitFor();
    await many.getByTestId('form-submissions-toggle').click();
    await many.getByTestId('form-submissions').waitFor();
    expect(await many.getByTestId('form-submission').count()).toBe(50);
    expect(await many.getByTestId('form-submissions-more-count').textContent()).toBe('Showing the newest 50 of 52 submissions');
    expect(await many.getByTestId('form-submission').first().textContent()).toContain('signup51@example.org');
    expect((await violations(page)).join('\n')).toBe('');

    await many.getByTestId('form-submissions-more-button').click();
    await many.getByTestId('form-submissions-more').waitFor({ state: 'detached' });
    const emails = await many.getByTestId('form-submission').evaluateAll((rows) => rows.map((row) => /signup\d+@example\.org/.exec(row.textContent ?? '')?.[0]));
    expect(emails).toEqual(Array.from({ length: 52 }, (_, i) => `signup${51 - i}@example.org`));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('form-submissions');

    expect((await postJson(form.id, { email: 'latecomer@example.org' }, '198.51.100.9')).status).toBe(201);
    await many.getByTestId('form-submission').first().filter({ hasText: 'latecomer@example.org' }).waitFor();
    expect(await many.getByTestId('form-submission').count()).toBe(53);
    await many.getByTestId('form-submissions-count').filter({ hasText: /^53$/ }).waitFor();
  });
});
