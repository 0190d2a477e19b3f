// The Channels page: a WhatsApp template submitted for review turns approved when the clock passes the
// simulated platform's review (statuses and categories in the API's words, APPROVED and UTILITY), and the templates
// table fits beside the form at 1280 × 800; an email template with a broken merge tag is refused with the core's
// message under its Subject field, then saved; a field the core refuses on the SMS, RCS and email forms is said under
// it in the form's words (a DLT id registered already, in the form's block); DLT and RCS templates are registered and reviewed; the Instagram account is
// disconnected (the API then answers 404) and connected again; so is the demo's Shopify store, its counts shown.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNamedAndDescribed } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

const advance = async (seconds: number) => expect((await server.dashboard('POST', '/sim/clock/advance', { seconds })).status).toBe(200);
type Row = ReturnType<Page['locator']>;
const statusOf = (row: Row, status: string) => row.locator(`[data-testid="review-status"][data-status="${status}"]`).waitFor();
/** A platform code as the console writes it: `APPROVED` → `Approved`, `IN_REVIEW` → `In review`. */
const asWord = (code: string) => `${code.charAt(0)}${code.slice(1).toLowerCase().replaceAll('_', ' ')}`;
/**
 * Every review status on the tab is written as a word (`Approved`, `Verified`, `Active`), never the API's capitals,
 * which its title keeps (`APPROVED in the API`) unless it carries a rejection's reason.
 */
async function statusesReadAsWords(): Promise<void> {
  const chips = await page.getByTestId('review-status').evaluateAll((els) => els.map((el) => [el.textContent, el.getAttribute('data-status'), el.getAttribute('title')]));
  expect(chips.length).toBeGreaterThan(0);
  for (const [shown, status, title] of chips) {
    expect(shown).toBe(asWord(status!));
    if (status !== 'REJECTED') expect(title).toBe(`${status} in the API`);
  }
}
/**
 * A refused field of the card `card` says its problem (in the form's words) under it, marked invalid and described by
 * it (named `label` alone, the problem no part of its name), and the card shows no error block.
 */
async function expectUnder(card: string, input: Locator, label: string, problemId: string, text: RegExp): Promise<void> {
  const problem = page.getByTestId(problemId);
  await problem.filter({ hasText: text }).waitFor();
  expect(await problem.getAttribute('role')).toBe('alert');
  expect([await input.getAttribute('aria-invalid'), await input.getAttribute('aria-describedby')]).toEqual(['true', problemId]);
  await expectNamedAndDescribed(input, label, problem);
  expect(await page.getByTestId(card).getByTestId('error-state').count()).toBe(0);
}
/** Submits a filled form; its row shows pending, then approved once the clock passes the simulated review. */
async function submitForReview(submit: string, row: Row): Promise<void> {
  await page.getByTestId(submit).click();
  await statusOf(row, 'PENDING');
  await advance(61);
  await statusOf(row, 'APPROVED');
}

describe('channels', () => {
  it('a WhatsApp template goes from pending to approved as the clock passes its review', async () => {
    await page.getByTestId('nav-channels').click();
    await page.getByTestId('wa-template-name').fill('order_ready');
    await page.getByTestId('wa-template-body').fill('Hi {{1}}, your order {{2}} is ready for pickup.');
    const row = page.locator('[data-testid="wa-template-row"][data-name="order_ready"]');
    await submitForReview('wa-template-submit', row);
    // Status and category as words; the API's codes, which integrators compare against, in their titles.
    const words = async (r: Row) => Promise.all(['wa-template-category', 'review-status'].map(async (testId) => {
      const chip = r.getByTestId(testId);
      return [await chip.textContent(), await chip.getAttribute('title')];
    }));
    expect(await words(row)).toEqual([['Utility', 'UTILITY in the API'], ['Approved', 'APPROVED in the API']]);
    const offer = page.locator('[data-testid="wa-template-row"][data-name="welcome_offer"]');
    expect(await words(offer)).toEqual([['Marketing', 'MARKETING in the API'], ['Approved', 'APPROVED in the API']]);
    // The language by name, the code the API takes in its title.
    const language = async (r: Row) => { const cell = r.locator('.template-language'); return [await cell.textContent(), await cell.getAttribute('title')]; };
    expect(await language(row)).toEqual(['English', 'en in the API']);
    expect(await language(page.locator('[data-testid="wa-template-row"][data-name="order_update"]'))).toEqual(['English (US)', 'en_US in the API']);
    // The badges keep their colours: an approved one's green, a rejected one's (the demo's reject_flash_sale) red.
    const colourOf = (status: string) => page.locator(`[data-testid="wa-template-row"] [data-testid="review-status"][data-status="${status}"]`).first()
      .evaluate((el) => getComputedStyle(el).color);
    const themeColour = (name: string) => page.evaluate((variable) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = `var(${variable})`;
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    }, name);
    expect(await colourOf('APPROVED')).toBe(await themeColour('--ok'));
    expect(await colourOf('REJECTED')).toBe(await themeColour('--danger'));
    await statusesReadAsWords();
    const options = page.getByTestId('wa-template-form').locator('select').first().locator('option');
    expect(await options.allTextContents()).toEqual(['Utility', 'Marketing', 'Authentication']);
    expect(await options.evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))).toEqual(['UTILITY', 'MARKETING', 'AUTHENTICATION']);
    await screenshot(page, 'channels-whatsapp');
    const approved = await server.dashboard<{ data: Array<{ name: string }> }>('GET', '/dashboard/whatsapp/templates?status=APPROVED&limit=100');
    expect(approved.body.data.map((t) => t.name)).toContain('order_ready');
  });

  it('the WhatsApp templates table fits a 1280 × 800 window: nothing to scroll sideways, every column shown', async () => {
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    const table = page.getByTestId('wa-templates');
    await table.locator('[data-testid="wa-template-row"][data-name="welcome_offer"]').waitFor();
    // The card scrolls a table wider than itself: here it has nothing to scroll, and neither has the page.
    const widths = await table.evaluate((el) => {
      const card = el.closest('.table-card') as HTMLElement;
      const root = document.documentElement;
      return { cardScroll: card.scrollWidth, cardWidth: card.clientWidth, pageScroll: root.scrollWidth, pageWidth: root.clientWidth };
    });
    expect(widths.cardScroll).toBeLessThanOrEqual(widths.cardWidth);
    expect(widths.pageScroll).toBeLessThanOrEqual(widths.pageWidth);
    expect(await table.locator('th').allTextContents()).toEqual(['Name', 'Category', 'Status', 'Body', 'Created']);
  });

  it('a template made elsewhere appears without a reload, from the stream (channels:changed), while one is under review', async () => {
    await page.getByTestId('wa-template-name').fill('order_delayed');
    await page.getByTestId('wa-template-body').fill('Hi {{1}}, your order {{2}} is running late.');
    await page.getByTestId('wa-template-submit').click();
    await statusOf(page.locator('[data-testid="wa-template-row"][data-name="order_delayed"]'), 'PENDING');
    const made = await server.dashboard('POST', '/dashboard/whatsapp/templates', { name: 'made_elsewhere', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] });
    expect(made.status).toBe(201);
    await statusOf(page.locator('[data-testid="wa-template-row"][data-name="made_elsewhere"]'), 'PENDING');
    // The top bar's clock runs with real time between reads.
    const shown = await page.getByTestId('clock').textContent();
    await page.waitForFunction((before) => document.querySelector('[data-testid="clock"]')?.textContent !== before, shown);
  });

  it('a template name the core refuses is said under the Name field, in the form’s words', async () => {
    const form = page.getByTestId('wa-template-form');
    await form.getByTestId('wa-template-name').fill('Bad Name!');
    await form.getByTestId('wa-template-body').fill('Hello {{1}}');
    await form.getByTestId('wa-template-submit').click();
    const problem = form.getByTestId('wa-template-name-problem');
    await problem.filter({ hasText: /^Name must be lowercase letters, digits and underscores$/ }).waitFor();
    expect(await form.getByTestId('error-state').count()).toBe(0);
    const name = form.getByTestId('wa-template-name');
    expect([await name.getAttribute('aria-invalid'), await name.getAttribute('aria-describedby')]).toEqual(['true', 'wa-template-name-problem']);
    // Read as "Name", then its problem: inside the field's label, the problem was read in its name as well.
    await expectNamedAndDescribed(name, 'Name', problem);
    await name.fill('bad_name_fixed');
    await form.getByTestId('wa-template-submit').click();
    await page.locator('[data-testid="wa-template-row"][data-name="bad_name_fixed"]').waitFor();
    expect(await problem.count()).toBe(0);
  });

  it('an email template with a broken merge tag is refused with the reason under the Subject field, then saved once fixed', async () => {
    await page.getByTestId('channels-tab-email').click();
    await page.getByTestId('email-template-name').fill('Order ready');
    await page.getByTestId('email-template-subject').fill('Your order is ready, {{first_name}');
    await page.getByTestId('email-template-html').fill('<p>Hi {{first_name}}, order {{order}} is ready.</p>');
    await page.getByTestId('email-template-submit').click();
    await expectUnder('email-template-form', page.getByTestId('email-template-subject'), 'Subject', 'email-template-subject-problem', /^Subject\b.*malformed merge tag/);
    await page.getByTestId('email-template-subject').fill('Your order is ready, {{first_name}}');
    await page.getByTestId('email-template-submit').click();
    await page.getByTestId('email-template-row').filter({ hasText: 'Order ready' }).waitFor();
    expect(await page.getByTestId('error-state').count()).toBe(0);
    expect(await page.getByTestId('email-template-subject-problem').count()).toBe(0);
    await statusesReadAsWords();
  });

  it('a sending domain the core refuses is said under the Domain field', async () => {
    await page.getByTestId('email-domain-input').fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await expectUnder('email-domains', page.getByTestId('email-domain-input'), 'Domain', 'email-domain-problem', /^Domain must be a domain name/);
  });

  it('a DLT template is registered pending and approved a minute later', async () => {
    await page.getByTestId('channels-tab-sms').click();
    await page.getByTestId('sms-template-name').fill('Pickup ready');
    await page.getByTestId('sms-template-dlt').fill('1207160000000000009');
    await page.getByTestId('sms-template-body').fill('Hi {#var#}, order {#var#} is ready for pickup. - Example Store');
    await submitForReview('sms-template-submit', page.getByTestId('sms-template-row').filter({ hasText: 'Pickup ready' }));
    await statusesReadAsWords();
    await screenshot(page, 'channels-sms');
  });

  it('a sender id and an entity id the core refuses are each said under their field; a DLT template id, under its own', async () => {
    const senders = page.getByTestId('sms-senders');
    await senders.getByTestId('sms-sender-id').fill('ab');
    const entity = senders.getByRole('textbox', { name: 'Principal entity id' });
    await entity.fill('123');
    await senders.getByRole('button', { name: 'Register' }).click();
    await expectUnder('sms-senders', senders.getByTestId('sms-sender-id'), 'Sender id', 'sms-sender-id-problem', /^Sender id must be/);
    await expectUnder('sms-senders', entity, 'Principal entity id', 'sms-entity-id-problem', /^Principal entity id must be/);
    expect(await senders.textContent()).not.toMatch(/senderId|entityId/);

    const form = page.getByTestId('sms-template-form');
    await form.getByTestId('sms-template-name').fill('Short id');
    await form.getByTestId('sms-template-dlt').fill('12');
    await form.getByTestId('sms-template-body').fill('Hi {#var#}, your code is {#var#}. - Example Store');
    await form.getByTestId('sms-template-submit').click();
    await expectUnder('sms-template-form', form.getByTestId('sms-template-dlt'), 'DLT template id', 'sms-template-dlt-problem', /^DLT template id must be/);
    expect(await form.textContent()).not.toContain('dltTemplateId');
    // An id registered already is no problem of the field's form: the form's block says it, the field no longer marked.
    await form.getByTestId('sms-template-dlt').fill('1207160000000000009');
    await form.getByTestId('sms-template-submit').click();
    await form.getByTestId('error-state').filter({ hasText: 'already registered' }).waitFor();
    expect(await form.getByTestId('sms-template-dlt-problem').count()).toBe(0);
    expect(await form.getByTestId('sms-template-dlt').getAttribute('aria-invalid')).toBeNull();
  });

  it('an RCS rich card is submitted for the demo bot and approved a minute later', async () => {
    await page.getByTestId('channels-tab-rcs').click();
    await page.getByTestId('rcs-template-name').fill('Pickup card');
    await page.getByTestId('rcs-template-title').fill('Order {{order}} is ready');
    await page.getByTestId('rcs-template-text').fill('Hi {{name}}, order {{order}} is ready for pickup.');
    // Its type as a word, capitalised as the console's other labels are ("Rich card", not "rich card").
    expect(await page.getByTestId('rcs-template-kind').evaluate((select) => [...(select as HTMLSelectElement).options].map((o) => o.text)))
      .toEqual(['Rich card', 'Text']);
    const row = page.getByTestId('rcs-template-row').filter({ hasText: 'Pickup card' });
    await submitForReview('rcs-template-submit', row);
    expect(await row.getByTestId('rcs-template-type').textContent()).toBe('Rich card');
    // Each row names its bot (a campaign sends a template only from its own).
    expect(await row.getByTestId('rcs-template-bot').textContent()).toBe('Example Store');
    await statusesReadAsWords();
  });

  it('a bot name and a card image the core refuses are each said under their field', async () => {
    await page.getByTestId('rcs-bot-name').fill('   ');
    await page.getByRole('button', { name: 'Add bot' }).click();
    await expectUnder('rcs-bots', page.getByTestId('rcs-bot-name'), 'Bot name', 'rcs-bot-name-problem', /^Bot name must not be empty/);
    const form = page.getByTestId('rcs-template-form');
    await form.getByTestId('rcs-template-name').fill('Broken image');
    await form.getByTestId('rcs-template-title').fill('Order {{order}}');
    const image = form.getByRole('textbox', { name: 'Image URL' });
    await image.fill('not a url');
    await form.getByTestId('rcs-template-text').fill('Hi {{name}}');
    await form.getByTestId('rcs-template-submit').click();
    await expectUnder('rcs-template-form', image, 'Image URL', 'rcs-template-image-problem', /^Image URL must be an http or https URL/);
    expect(await form.textContent()).not.toContain('imageUrl');
  });

  it('the Instagram account is disconnected (the API answers 404) and connected again', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'IG e2e', environment: 'test', scopes: ['instagram:messages:read'] });
    const profile = async () => (await fetch(`${server.url}/v1/instagram/profile`, { headers: { authorization: `Bearer ${created.body.key}` } })).status;
    await page.getByTestId('channels-tab-instagram').click();
    await page.getByTestId('instagram-connected').filter({ hasText: '@examplestore' }).waitFor();
    await page.getByTestId('instagram-disconnect').click();
    expect(await page.getByTestId('instagram-disconnected').count()).toBe(0); // the first click only asks
    await page.getByTestId('instagram-disconnect-confirm').click();
    await page.getByTestId('instagram-disconnected').waitFor();
    expect(await profile()).toBe(404);
    await page.getByTestId('instagram-username').fill('@examplestore');
    await page.getByTestId('instagram-connect').click();
    await page.getByTestId('instagram-connected').filter({ hasText: '@examplestore' }).waitFor();
    expect(await profile()).toBe(200);
    await screenshot(page, 'channels-instagram');
  });

  it('the Shopify store shows its counts, is disconnected (the API answers 404) and connected again by its domain', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Shopify e2e', environment: 'test', scopes: ['shopify:discounts:read'] });
    const validate = async () => (await fetch(`${server.url}/v1/shopify/discounts/validate?code=WELCOME10`, { headers: { authorization: `Bearer ${created.body.key}` } })).status;
    await page.getByTestId('channels-tab-shopify').click();
    await page.getByTestId('shopify-connected').filter({ hasText: 'example-store.myshopify.com' }).waitFor();
    expect(await page.getByTestId('shopify-counts').textContent()).toBe('12 products · 4 collections · 4 customers · 5 orders · 4 discount codes');
    await page.getByTestId('shopify-disconnect').click();
    await page.getByTestId('shopify-disconnect-confirm').click();
    await page.getByTestId('shopify-disconnected').waitFor();
    expect(await validate()).toBe(404);
    // A store not seen before is empty.
    await page.getByTestId('shopify-domain').fill('new-shop.myshopify.com');
    await page.getByTestId('shopify-connect').click();
    await page.getByTestId('shopify-counts').filter({ hasText: '0 products · 0 collections' }).waitFor();
    expect(await page.getByTestId('shopify-connected').textContent()).toBe('New Shop · new-shop.myshopify.com · USD');
    await page.getByTestId('shopify-domain').fill('https://Example-Store.myshopify.com/');
    await page.getByTestId('shopify-connect').click();
    await page.getByTestId('shopify-counts').filter({ hasText: '12 products' }).waitFor();
    expect(await validate()).toBe(200);
    await screenshot(page, 'channels-shopify');
  });
});
