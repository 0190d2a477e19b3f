// Channels → WhatsApp: a template with a text header holding its own placeholder, a footer, a quick reply and a link
// with a dynamic suffix is made through the form, previewed live as a phone shows it, reviewed on the clock (pending,
// then approved), opened from its row to show each part (a rejected one shows why), and offered by the campaign
// builder with the same parts; the core's refusals of a button's URL and of the header's placeholders are said under
// those fields; buttons stop at the contract's number.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WA_TEMPLATE_LIMITS } from '../../src-core/contract/index.ts';
import { expectNamedAndDescribed } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({ height: 900 }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-channels').click();
});

const row = (name: string) => page.locator(`[data-testid="wa-template-row"][data-name="${name}"]`);
const statusOf = (name: string, status: string) => row(name).locator(`[data-testid="review-status"][data-status="${status}"]`).waitFor();
const texts = async (locator: ReturnType<Page['locator']>) => (await locator.allTextContents()).map((t) => t.trim());

/** Adds a button of `type` with `text` (the form's last); returns it. */
async function addButton(type: string, text: string) {
  const form = page.getByTestId('wa-template-form');
  await form.getByTestId('wa-button-add').click();
  const button = form.getByTestId('wa-button').last();
  await button.getByTestId('wa-button-type').selectOption(type);
  await button.getByTestId('wa-button-text').fill(text);
  return button;
}

describe('channels: the WhatsApp template builder', () => {
  it('a template with a text header, a footer, a quick reply and a dynamic link is previewed, reviewed, opened and offered to a campaign', async () => {
    const form = page.getByTestId('wa-template-form');
    await form.getByTestId('wa-template-name').fill('pickup_ready');
    await form.getByTestId('wa-template-header-format').selectOption('TEXT');
    await form.getByTestId('wa-template-header-text').fill('Order {{1}} is ready');
    await form.getByTestId('wa-template-body').fill('Hi {{1}}, come and collect it today.');
    await form.getByTestId('wa-template-footer').fill('Reply STOP to opt out');
    await addButton('QUICK_REPLY', 'Thanks');
    const link = await addButton('URL', 'Track order');
    await link.getByTestId('wa-button-url').fill('https://shop.example.com/track/');
    await link.getByTestId('wa-button-dynamic').check();

    // The live preview: the phone's header, body, footer and buttons, each placeholder as the template holds it.
    const preview = form.getByTestId('wa-template-preview');
    expect(await preview.getByTestId('message-header').textContent()).toBe('Order {{1}} is ready');
    expect(await preview.getByTestId('preview-body').textContent()).toBe('Hi {{1}}, come and collect it today.');
    expect(await preview.getByTestId('message-footer').textContent()).toBe('Reply STOP to opt out');
    expect(await preview.getByTestId('message-button').evaluateAll((els) => els.map((el) => el.getAttribute('data-type')))).toEqual(['QUICK_REPLY', 'URL']);
    expect(await preview.getByTestId('button-to').textContent()).toBe('https://shop.example.com/track/{{1}}');
    await form.evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'channels-whatsapp-builder-form');

    await form.getByTestId('wa-template-submit').click();
    await statusOf('pickup_ready', 'PENDING');
    // The form is empty again, its preview too.
    expect(await form.getByTestId('wa-button').count()).toBe(0);
    expect(await form.getByTestId('wa-template-header-format').inputValue()).toBe('NONE');
    // The simulated review lands a minute later on the clock (docs/contract-notes.md, WhatsApp).
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 61 })).status).toBe(200);
    await statusOf('pickup_ready', 'APPROVED');
    expect(await row('pickup_ready').getByTestId('wa-template-extras').textContent()).toBe('Text header · footer · 2 buttons');

    // Opened from its row: each part, the same preview, and its status.
    const open = row('pickup_ready').getByTestId('wa-template-open');
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    await open.click();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const detail = page.locator('[data-testid="wa-template-detail"][data-name="pickup_ready"]');
    expect(await open.getAttribute('aria-controls')).toBe(await detail.getAttribute('id'));
    const parts = detail.getByTestId('wa-template-part');
    expect(await parts.evaluateAll((els) => els.map((el) => el.getAttribute('data-part')))).toEqual(['header', 'body', 'footer', 'button', 'button']);
    expect(await texts(parts)).toEqual([
      'HeaderOrder {{1}} is ready', 'BodyHi {{1}}, come and collect it today.', 'FooterReply STOP to opt out',
      'Quick reply: Thanks', 'Link: Track order → https://shop.example.com/track/{{1}} (its end filled at each send)',
    ]);
    expect(await detail.getByTestId('review-status').getAttribute('data-status')).toBe('APPROVED');
    expect(await detail.getByTestId('wa-template-rejected-reason').count()).toBe(0);
    const shown = detail.getByTestId('wa-template-detail-preview');
    expect(await shown.getByTestId('message-header').textContent()).toBe('Order {{1}} is ready');
    expect(await shown.getByTestId('message-footer').textContent()).toBe('Reply STOP to opt out');
    expect(await shown.getByTestId('message-button').count()).toBe(2);
    await detail.evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'channels-whatsapp-builder-detail');
    await open.click();
    expect(await detail.count()).toBe(0);

    // A rejected one (the demo's) says why, in words.
    await row('reject_flash_sale').getByTestId('wa-template-open').click();
    const rejected = page.locator('[data-testid="wa-template-detail"][data-name="reject_flash_sale"]');
    expect(await rejected.getByTestId('wa-template-rejected-reason').textContent()).toMatch(/the template name starts with "reject"/);

    // The campaign builder offers it, approved, and previews the same parts.
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="template-option"][data-template-name="pickup_ready"]').click();
    const builder = page.getByTestId('template-preview');
    await builder.getByTestId('message-header').waitFor();
    expect(await builder.getByTestId('message-footer').textContent()).toBe('Reply STOP to opt out');
    expect(await builder.getByTestId('message-button').evaluateAll((els) => els.map((el) => el.getAttribute('data-type')))).toEqual(['QUICK_REPLY', 'URL']);
    await page.getByTestId('nav-channels').click();
  });

  it('the core’s refusal of a link’s placeholder is said under that button’s URL, and of the header’s placeholders under the header', async () => {
    const form = page.getByTestId('wa-template-form');
    await form.getByTestId('wa-template-name').fill('refused_parts');
    await form.getByTestId('wa-template-header-format').selectOption('TEXT');
    await form.getByTestId('wa-template-header-text').fill('Order {{2}}');
    await form.getByTestId('wa-template-body').fill('Hi {{1}}');
    await addButton('QUICK_REPLY', 'Thanks');
    const link = await addButton('URL', 'Track');
    // The suffix right after the host would let each send change the host: the core refuses it.
    await link.getByTestId('wa-button-url').fill('https://shop.example.com');
    await link.getByTestId('wa-button-dynamic').check();
    await form.getByTestId('wa-template-submit').click();
    const urlProblem = form.getByTestId('wa-button-1-url-problem');
    await urlProblem.filter({ hasText: /^Button 2 URL: may hold one placeholder, \{\{1\}\}, only at its end, after the host/ }).waitFor();
    const url = link.getByTestId('wa-button-url');
    expect([await url.getAttribute('aria-invalid'), await url.getAttribute('aria-describedby')]).toEqual(['true', 'wa-button-1-url-problem']);
    await expectNamedAndDescribed(url, 'URL', urlProblem);
    expect(await form.getByTestId('error-state').count()).toBe(0);

    await url.fill('https://shop.example.com/t/');
    await form.getByTestId('wa-template-submit').click();
    // The header's own placeholders start at {{1}}: said under the header's text, as the core wrote it.
    const headerProblem = form.getByTestId('wa-template-header-text-problem');
    await headerProblem.filter({ hasText: 'HEADER placeholders must be numbered {{1}}, {{2}}, ... without gaps' }).waitFor();
    expect(await form.getByTestId('wa-button-1-url-problem').count()).toBe(0);
    expect(await form.getByTestId('error-state').count()).toBe(0);
    await form.getByTestId('wa-template-header-text').fill('Order {{1}}');
    await form.getByTestId('wa-template-submit').click();
    await statusOf('refused_parts', 'PENDING');
  });

  it('buttons stop at the contract’s number; a media header previews its kind; characters are counted as the core counts them', async () => {
    const form = page.getByTestId('wa-template-form');
    for (let i = 0; i < WA_TEMPLATE_LIMITS.buttons; i += 1) await form.getByTestId('wa-button-add').click();
    expect(await form.getByTestId('wa-button').count()).toBe(WA_TEMPLATE_LIMITS.buttons);
    expect(await form.getByTestId('wa-button-add').isDisabled()).toBe(true);
    await form.getByTestId('wa-buttons-full').waitFor();
    await form.getByTestId('wa-button-remove').first().click();
    expect(await form.getByTestId('wa-button-add').isDisabled()).toBe(false);
    while (await form.getByTestId('wa-button-remove').count()) await form.getByTestId('wa-button-remove').first().click();

    await form.getByTestId('wa-template-header-format').selectOption('IMAGE');
    await form.getByTestId('wa-template-body').fill('Our new range is here.');
    expect((await form.getByTestId('wa-template-preview').getByTestId('message-media').textContent())?.toLowerCase()).toBe('image header');
    // Trimmed, as the core counts: spaces around the footer do not count; one character over the limit is said.
    const footer = form.getByTestId('wa-template-footer');
    await footer.fill(`  ${'x'.repeat(WA_TEMPLATE_LIMITS.footer)}  `);
    const count = form.locator('#wa-template-footer ~ [data-testid="char-count"]');
    expect(await count.getAttribute('data-over')).toBe('false');
    await footer.fill('x'.repeat(WA_TEMPLATE_LIMITS.footer + 1));
    expect(await count.textContent()).toBe(`${WA_TEMPLATE_LIMITS.footer + 1} / ${WA_TEMPLATE_LIMITS.footer} · 1 too many`);
    // The core refuses it, said under the Footer.
    await form.getByTestId('wa-template-name').fill('long_footer');
    await form.getByTestId('wa-template-submit').click();
    await form.getByTestId('wa-template-footer-problem').filter({ hasText: `Footer must be at most ${WA_TEMPLATE_LIMITS.footer} characters` }).waitFor();
  });
});
