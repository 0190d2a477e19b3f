// The Channels page's Email tab opens a template to correct it: one made through the API without HTML (which every
// send refuses) says so when opened, gets its HTML there and then sends; its plain text is kept; Cancel leaves a
// template as it was and the form goes back to a new template. It lists the suppression list as addresses join it
// (a bounce, live), and takes one off it, which can then be emailed again. The email campaign builder says a template
// whose HTML is only whitespace needs HTML, as the core refuses it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

type Template = { id: string; name: string; subject: string; html: string | null; text: string | null };
const send = (templateId: string, to = 'noor@example.net') => server.dashboard<{ message?: string; status?: string }>('POST', '/dashboard/email/send', {
  templateId, recipient: { to, firstName: 'Noor' }, fromName: 'Example Store', fromEmail: 'hello@example.com',
});
/** The demo's Welcome template (with HTML). */
const welcome = async () => (await server.dashboard<{ data: Template[] }>('GET', '/dashboard/email/templates')).body.data.find((t) => t.name === 'Welcome')!.id;

describe('channels: an email template opened to be corrected', () => {
  it('one made without HTML says so, takes its HTML in the form, keeps its plain text, and then sends', async () => {
    const made = await server.dashboard<Template>('POST', '/dashboard/email/templates', { name: 'Plain notice', subject: 'A notice for {{first_name}}', text: 'Plain words' });
    expect(made.status).toBe(201);
    expect(await send(made.body.id)).toMatchObject({ status: 400, body: { message: 'Email template Plain notice has no HTML content' } });

    await page.getByTestId('nav-channels').click();
    await page.getByTestId('channels-tab-email').click();
    const row = page.getByTestId('email-template-row').filter({ hasText: 'Plain notice' });
    await row.getByRole('button', { name: 'Edit Plain notice' }).click();
    const form = page.getByTestId('email-template-form');
    await form.getByRole('heading', { name: 'Edit “Plain notice”' }).waitFor();
    await form.getByTestId('email-template-no-html').waitFor();
    expect(await form.getByTestId('email-template-subject').inputValue()).toBe('A notice for {{first_name}}');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('email-template-name');
    expect(await form.getByTestId('email-template-submit').isDisabled()).toBe(true);

    await form.getByTestId('email-template-html').fill('<p>Hi {{first_name}}, a notice.</p>');
    await form.getByTestId('email-template-submit').click();
    await form.getByRole('heading', { name: 'New email template' }).waitFor();
    const saved = await server.dashboard<Template>('GET', `/dashboard/email/templates/${made.body.id}`);
    expect(saved.body).toMatchObject({ name: 'Plain notice', subject: 'A notice for {{first_name}}', html: '<p>Hi {{first_name}}, a notice.</p>', text: 'Plain words' });
    expect(await send(made.body.id)).toMatchObject({ status: 200, body: { status: 'sent' } });
  });

  it('Cancel leaves the template as it was, and the form makes a new one again', async () => {
    const before = (await server.dashboard<{ data: Template[] }>('GET', '/dashboard/email/templates')).body.data.find((t) => t.name === 'Welcome')!;
    await page.getByTestId('email-template-row').filter({ hasText: 'Welcome' }).getByRole('button', { name: 'Edit Welcome' }).click();
    const form = page.getByTestId('email-template-form');
    await form.getByRole('heading', { name: 'Edit “Welcome”' }).waitFor();
    expect(await form.getByTestId('email-template-html').inputValue()).toContain('Welcome, {{first_name}}!');
    expect(await form.getByTestId('email-template-no-html').count()).toBe(0);
    await form.getByTestId('email-template-subject').fill('Changed, not saved');
    await form.getByTestId('email-template-cancel').click();
    await form.getByRole('heading', { name: 'New email template' }).waitFor();
    expect(await form.getByTestId('email-template-subject').inputValue()).toBe('');
    const after = (await server.dashboard<{ data: Template[] }>('GET', '/dashboard/email/templates')).body.data.find((t) => t.name === 'Welcome')!;
    expect(after).toEqual(before);
  });
});

describe('channels: the email suppression list', () => {
  it('shows an address as it bounces, and one removed there is emailed again', async () => {
    const suppression = page.getByTestId('email-suppression').and(page.locator('[data-email="bounce@sim.test"]'));
    expect(await suppression.count()).toBe(0);
    expect(await send(await welcome(), 'bounce@sim.test')).toMatchObject({ status: 200, body: { status: 'sent' } });
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 3 })).status).toBe(200);
    await suppression.filter({ hasText: 'Bounced' }).waitFor();
    expect(await send(await welcome(), 'bounce@sim.test')).toMatchObject({ status: 400, body: { message: 'bounce@sim.test is on the suppression list (bounced); it will not be emailed again' } });

    await page.getByRole('button', { name: 'Remove bounce@sim.test from the suppression list' }).click();
    await suppression.waitFor({ state: 'detached' });
    expect(await send(await welcome(), 'bounce@sim.test')).toMatchObject({ status: 200, body: { status: 'sent' } });
  });
});

describe('the email campaign builder and a template of blank HTML', () => {
  it('says the template needs HTML content, as the core refuses a template whose HTML is only whitespace', async () => {
    const made = await server.dashboard<Template>('POST', '/dashboard/email/templates', { name: 'Blank html', subject: 'Hello', html: '  \n ' });
    expect(await send(made.body.id)).toMatchObject({ status: 400, body: { message: 'Email template Blank html has no HTML content' } });
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-email').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="email-template"][data-template-name="Blank html"]').click();
    await page.getByTestId('builder-blockers').filter({ hasText: 'a template with HTML content' }).waitFor();
  });
});
