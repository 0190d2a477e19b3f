// Each channel's reply in the inbox follows its own rule: SMS fills an approved DLT template (checked as it
// is typed; a picked template gets an input per {#var#}, and Send stays off until the text matches), RCS
// sends an approved RCS template with a value for each {{variable}} (Send stays off while one is blank), and
// an email reply shows the text that was written.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let session: ConsoleSession;
let server: E2eServer;
let page: Page;
const SMS = 'Hi Asha, your order #1002 has shipped. Track: shop.example.com/t/1002 - Example Store';

beforeAll(async () => {
  session = await openConsole();
  ({ page, server } = session);
  await page.getByTestId('nav-inbox').click();
});
afterAll(async () => {
  await session?.stop();
});

async function openFirst(tab: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('conversation-row').first().click();
  await page.getByTestId('thread').waitFor();
}

describe('replies per channel', () => {
  it('SMS: the approved DLT templates are offered, the text is checked as it is typed, and a match is sent', async () => {
    await openFirst('sms');
    await page.getByTestId('sms-composer').waitFor();
    // The templates wait behind a toggle, so the thread keeps its height.
    expect(await page.getByTestId('dlt-template').count()).toBe(0);
    await page.getByTestId('dlt-templates-toggle').click();
    await page.getByTestId('dlt-template').first().waitFor();
    expect(await page.getByTestId('dlt-template').count()).toBeGreaterThan(0);
    await page.getByTestId('composer').fill('Did you get the code?');
    await page.locator('[data-testid="composer-dlt"][data-match=""]').waitFor();
    await page.getByTestId('composer').fill(SMS);
    await page.locator('[data-testid="composer-dlt"]:not([data-match=""])').waitFor();
    await page.getByTestId('send-reply').click();
    await page.getByTestId('message').filter({ hasText: SMS }).waitFor();
    // The message can arrive on the live stream before the send's answer clears the composer.
    await expect.poll(() => page.getByTestId('composer').inputValue()).toBe('');
    await screenshot(page, 'inbox-sms-reply');
    // Away to the simulator and back: the same tab and the same thread.
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('message').filter({ hasText: SMS }).waitFor();
    expect(await page.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
  });

  it('SMS: a picked template gets an input per {#var#}; Send stays off until each is filled, and a refusal goes when the text changes', async () => {
    await page.getByTestId('sms-composer').waitFor();
    await page.getByTestId('composer').fill('Did you get the code?');
    await page.locator('[data-testid="composer-dlt"][data-match=""]').waitFor();
    expect(await page.getByTestId('send-reply').isDisabled()).toBe(true);
    // The text is marked invalid and described by the check, so a screen reader hears why with the field.
    const composer = page.getByTestId('composer');
    expect(await composer.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await composer.getAttribute('aria-describedby')}"]`).textContent()).toContain('Matches no approved DLT template');

    // The template as it is, {#var#} and all, matches nothing: it would reach the customer literally.
    if (await page.locator('[data-testid="dlt-templates-toggle"][aria-expanded="false"]').count()) await page.getByTestId('dlt-templates-toggle').click();
    await page.locator('[data-testid="dlt-template"][data-template-name="Order shipped"]').click();
    expect(await page.getByTestId('composer').inputValue()).toContain('{#var#}');
    const check = page.getByTestId('composer-dlt');
    await page.locator('[data-testid="composer-dlt"][data-unfilled="3"]').waitFor();
    expect(await check.getAttribute('data-match')).toBe('');
    expect(await check.textContent()).toContain('Fill each {#var#}');
    expect(await page.getByTestId('send-reply').isDisabled()).toBe(true);
    await page.getByTestId('composer-var-1').fill('Asha');
    await page.getByTestId('composer-var-2').fill('#1003');
    await page.locator('[data-testid="composer-dlt"][data-unfilled="1"]').waitFor();
    expect(await page.getByTestId('send-reply').isDisabled()).toBe(true);
    await page.getByTestId('composer-var-3').fill('shop.example.com/t/1003');
    const filled = 'Hi Asha, your order #1003 has shipped. Track: shop.example.com/t/1003 - Example Store';
    await page.locator('[data-testid="composer-dlt"][data-match="Order shipped"]').waitFor();
    expect(await page.getByTestId('composer').inputValue()).toBe(filled);
    expect(await composer.getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByTestId('send-reply').isDisabled()).toBe(false);

    // A refusal (one the form cannot foresee, answered here by a stand-in) is about the text as it was.
    await page.route('**/dashboard/conversations/*/reply', (route) => route.fulfill({
      status: 400, contentType: 'application/json', body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'Refused for this test' }),
    }), { times: 1 });
    await page.getByTestId('send-reply').click();
    await page.getByTestId('reply-error').filter({ hasText: 'Refused for this test' }).waitFor();
    await page.getByTestId('composer-var-1').fill('Asha K');
    await page.getByTestId('reply-error').waitFor({ state: 'detached' });
    await page.getByTestId('send-reply').click();
    await page.getByTestId('message').filter({ hasText: filled.replace('Asha', 'Asha K') }).waitFor();
    // The message can arrive on the live stream before the send's answer clears the composer.
    await expect.poll(() => page.getByTestId('composer').inputValue()).toBe('');
    await page.getByTestId('composer-vars').waitFor({ state: 'detached' });
  });

  it('RCS: an approved RCS template is offered with an input per {{variable}}; Send stays off while one is blank, and the card goes to the handset', async () => {
    await openFirst('rcs');
    await page.getByTestId('message').first().waitFor();
    const address = await page.getByTestId('thread-address').textContent().then((text) => text?.split(' · ')[1]);
    const send = page.getByTestId('send-template');
    await page.getByTestId('rcs-composer').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page.getByTestId('reply-template').selectOption({ label: 'Order update card · rich card' });
    await page.getByTestId('reply-var-eta').waitFor();
    expect(await page.getByTestId('rcs-composer').locator('input').evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label'))))
      .toEqual(['{{order}}', '{{name}}', '{{eta}}']);
    await page.getByTestId('reply-var-order').fill('#1004');
    await page.getByTestId('reply-var-name').fill('Rohan');
    // Spaces are no value: the customer would read "arrives ."
    await page.getByTestId('reply-var-eta').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('title')).toBe('Needs a value for {{eta}}');
    expect(await page.getByTestId('reply-preview').textContent()).toBe('Order #1004 is on its way\nHi Rohan, your parcel arrives {{eta}}.');
    await page.getByTestId('reply-var-eta').fill('on Monday');
    const card = 'Order #1004 is on its way\nHi Rohan, your parcel arrives on Monday.';
    expect(await page.getByTestId('reply-preview').textContent()).toBe(card);
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    const bubble = page.getByTestId('message').filter({ hasText: 'Hi Rohan, your parcel arrives on Monday.' });
    await bubble.waitFor();
    expect(await bubble.locator('.template-tag').textContent()).toBe('template · Order update card');
    // The message can arrive on the live stream before the send's answer empties the values.
    await expect.poll(() => page.getByTestId('reply-var-eta').inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);
    const handset = await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(address ?? '')}/messages`);
    expect(handset.body.data.at(-1)).toMatchObject({ channel: 'rcs', text: card });
    await screenshot(page, 'inbox-rcs-reply');
  });

  it('email: a reply shows what the agent wrote under its subject', async () => {
    await openFirst('email');
    await page.getByTestId('composer').fill('Thanks for joining! Reply here any time.');
    await page.getByTestId('send-reply').click();
    const bubble = page.getByTestId('message').filter({ hasText: 'Thanks for joining! Reply here any time.' });
    await bubble.waitFor();
    expect(await bubble.locator('.template-tag').textContent()).toMatch(/^Re: /);
  });
});
