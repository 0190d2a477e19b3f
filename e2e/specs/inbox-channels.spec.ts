// A WhatsApp template message and an RCS card show whole in a thread (header or image, body, footer, buttons
// or suggestions as labels). Each channel's reply in the inbox follows its own rule: SMS fills an approved DLT
// template (checked as it is typed; a picked template gets an input per {#var#}, and Send stays off until the
// text matches), RCS sends an approved RCS template with a value for each {{variable}} (one named like a contact
// field, {{name}}, starts as the contact's; Send stays off while one is blank), and an email reply shows the text that was written.
// A template reply that Send cannot go out yet says what it still needs, in words over Send (its description).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const SMS = 'Hi Asha, your order #1002 has shipped. Track: shop.example.com/t/1002 - Example Store';

consoleForFile({}, async (opened) => {
  ({ page, server } = opened);
  await page.getByTestId('nav-inbox').click();
});

/** A WhatsApp customer whose 24-hour window has closed (a campaign's recipient who never wrote), not blocked. */
/**
 * A WhatsApp conversation whose reply window is closed, shown: on the demo, a campaign's that its customer did not
 * answer, so under Resolved ("Awaiting reply"), where the inbox is switched to.
 */
async function closedWindowAddress(): Promise<string> {
  const list = await server.dashboard<{ data: Array<{ id: string; address: string; contactBlocked: boolean; state: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&limit=100');
  for (const c of list.body.data.filter((row) => !row.contactBlocked)) {
    const detail = await server.dashboard<{ careWindow: { open: boolean } }>('GET', `/dashboard/conversations/${c.id}`);
    if (detail.body.careWindow.open) continue;
    await page.getByTestId(`show-${c.state}`).click();
    return c.address;
  }
  throw new Error('no WhatsApp conversation with a closed window');
}

async function openFirst(tab: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.getByTestId('conversation-row').first().click();
  await page.getByTestId('thread').waitFor();
}

/** What a screen reader hears of a bubble, in order, without its time and ticks (they change). */
async function heard(bubble: ReturnType<Page['locator']>): Promise<string> {
  return (await bubble.ariaSnapshot()).split('\n').filter((line) => !/^\s*- (time|text: (Sent|Delivered|Read))\b/.test(line)).join('\n');
}

/** A bubble holds nothing to Tab to: its buttons and chips are labels (the console cannot press them). */
const controlsIn = (bubble: ReturnType<Page['locator']>) => bubble.locator('button, a[href], input, select, textarea, [tabindex]').count();

describe('a message in full, as the customer received it', () => {
  it('WhatsApp: a template message shows its header, body, footer and buttons, heard in that order, none of them a control', async () => {
    await page.getByTestId('tab-whatsapp').click();
    await page.locator('[data-testid="conversation-row"][data-address="+14155550101"]').click();
    const bubble = page.getByTestId('message').filter({ hasText: 'Hi Alice, your order #1001 has shipped' });
    await bubble.waitFor();
    expect(await bubble.getByTestId('message-header').textContent()).toBe('Order #1001');
    expect(await bubble.getByTestId('message-footer').textContent()).toBe('Reply STOP to opt out');
    expect(await bubble.getByTestId('button-to').allTextContents()).toEqual(['https://shop.example.com/track/1001']);
    expect(await heard(bubble)).toBe([
      '- listitem:',
      '  - text: "template · order_update Order #1001"',
      '  - paragraph: "Hi Alice, your order #1001 has shipped and should arrive by Friday."',
      '  - text: Reply STOP to opt out',
      '  - list "Buttons":',
      '    - listitem: "Link: Track order goes to https://shop.example.com/track/1001"',
      '    - listitem: "Quick reply: Thanks!"',
    ].join('\n'));
    expect(await controlsIn(bubble)).toBe(0);
    await screenshot(page, 'inbox-whatsapp-template');
  });

  it('WhatsApp: a media header is named by its kind and link (the file is not loaded)', async () => {
    await page.locator('[data-testid="conversation-row"][data-address="+447700900123"]').click();
    const bubble = page.getByTestId('message').filter({ hasText: 'Use code WELCOME10' });
    await bubble.waitFor();
    expect(await bubble.getByTestId('message-media').textContent()).toBe('image headerhttps://cdn.example.com/welcome.png');
    expect(await bubble.getByTestId('message-button').textContent()).toContain('Shop now');
  });

  it('RCS: a rich card shows its image, title, text and suggestions, none of them a control; a search quotes it as its row reads it', async () => {
    await page.getByTestId('tab-rcs').click();
    const row = page.locator('[data-testid="conversation-row"][data-address="+919810015838"]');
    // The row's line keeps the card's title apart from its body, not run into one sentence.
    expect(await row.locator('.row-sub').textContent()).toBe('Order #1003 is on its way · Hi Rohan, your parcel arrives on Friday.');
    await row.click();
    const bubble = page.getByTestId('message').filter({ hasText: 'Hi Rohan, your parcel arrives on Friday.' });
    await bubble.waitFor();
    expect(await bubble.getByTestId('message-header').textContent()).toBe('Order #1003 is on its way');
    expect(await bubble.getByTestId('message-media').textContent()).toBe('imagehttps://cdn.example.com/parcel.png');
    expect(await heard(bubble)).toBe([
      '- listitem:',
      '  - text: "template · Order update card image https://cdn.example.com/parcel.png Order #1003 is on its way"',
      '  - paragraph: Hi Rohan, your parcel arrives on Friday.',
      '  - list "Suggestions":',
      '    - listitem: "Link: Track goes to https://shop.example.com/track"',
      '    - listitem: "Reply: Thanks!"',
    ].join('\n'));
    expect(await controlsIn(bubble)).toBe(0);
    // A search quotes the card as its row reads it, the term marked (before, its two stored lines ran together).
    await page.getByTestId('conversation-search').fill('on its way');
    const found = page.locator('[data-testid="conversation-list"][data-ready="true"] [data-testid="conversation-row"][data-address="+919810015838"]');
    await found.getByTestId('search-snippet').waitFor();
    expect(await found.getByTestId('search-snippet').textContent()).toBe('Order #1003 is on its way · Hi Rohan, your parcel arrives on Friday.');
    expect(await found.getByTestId('search-mark').textContent()).toBe('on its way');
    await page.getByTestId('conversation-search').fill('');
    await row.locator('.row-sub').filter({ hasText: /^Order #1003 is on its way · Hi Rohan/ }).waitFor();
    expect(await row.getByTestId('search-snippet').count()).toBe(0);
  });
});

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

  it('RCS: an approved RCS template is offered with an input per {{variable}}, {{name}} filled in from the contact; Send stays off while one is blank, and the card goes to the handset', async () => {
    await openFirst('rcs');
    await page.getByTestId('message').first().waitFor();
    const address = await page.getByTestId('thread-address').textContent().then((text) => text?.split(' · ')[1]);
    const send = page.getByTestId('send-template');
    await page.getByTestId('rcs-composer').waitFor();
    expect(await send.isDisabled()).toBe(true);
    await page.getByTestId('reply-template').selectOption({ label: 'Order update card · Rich card' });
    await page.getByTestId('reply-var-eta').waitFor();
    // {{name}} is named like a contact field: it starts as the contact's name, as an RCS campaign fills it, and says so.
    const listed = await server.dashboard<{ data: Array<{ address: string; customerName: string | null }> }>('GET', '/dashboard/conversations?channel=rcs&limit=100');
    const name = listed.body.data.find((c) => c.address === address)?.customerName;
    expect(name).toBeTruthy();
    expect(await page.getByTestId('reply-var-name').inputValue()).toBe(name);
    expect(await page.getByTestId('reply-var-name-note').textContent()).toBe('From the contact\'s name');
    expect(await page.getByTestId('reply-var-order').inputValue()).toBe('');
    expect(await page.getByTestId('reply-var-order-note').count()).toBe(0);
    expect(await page.getByTestId('reply-preview').textContent()).toBe(`Order {{order}} is on its way\nHi ${name}, your parcel arrives {{eta}}.`);
    // Why Send is off is written over it, and the button names that text as its description.
    expect(await page.getByTestId('reply-blockers').textContent()).toBe('Still needed: a value for {{order}}, a value for {{eta}}.');
    expect(await page.getByTestId('reply-blockers').getAttribute('id')).toBe(await send.getAttribute('aria-describedby'));
    // Each field is labelled with the card's text around its variable, as the WhatsApp template reply's are.
    expect(await page.getByTestId('rcs-composer').locator('input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent)))
      .toEqual(['Title · Order {{order}} is on its way', 'Text · Hi {{name}}, your parcel arrives {{eta}}.', 'Text · Hi {{name}}, your parcel arrives {{eta}}.']);
    expect(await page.getByTestId('rcs-composer').getByLabel('Title · Order {{order}} is on its way').getAttribute('placeholder')).toBe('after “Order”');
    await page.getByTestId('reply-var-order').fill('#1004');
    // The agent may write it otherwise: it is then theirs, no longer said to be the contact's.
    await page.getByTestId('reply-var-name').fill('Rohan');
    await page.getByTestId('reply-var-name-note').waitFor({ state: 'detached' });
    // Spaces are no value: the customer would read "arrives ."
    await page.getByTestId('reply-var-eta').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByTestId('reply-blockers').textContent()).toBe('Still needed: a value for {{eta}}.');
    expect(await page.getByTestId('reply-preview').textContent()).toBe('Order #1004 is on its way\nHi Rohan, your parcel arrives {{eta}}.');
    await page.getByTestId('reply-var-eta').fill('on Monday');
    const card = 'Order #1004 is on its way\nHi Rohan, your parcel arrives on Monday.';
    expect(await page.getByTestId('reply-preview').textContent()).toBe(card);
    expect(await send.isDisabled()).toBe(false);
    expect(await page.getByTestId('reply-blockers').count()).toBe(0);
    expect(await send.getAttribute('aria-describedby')).toBeNull();
    await send.click();
    const bubble = page.getByTestId('message').filter({ hasText: 'Hi Rohan, your parcel arrives on Monday.' });
    await bubble.waitFor();
    expect(await bubble.locator('.template-tag').textContent()).toBe('template · Order update card');
    // The message can arrive on the live stream before the send's answer empties the values.
    await expect.poll(() => page.getByTestId('reply-var-eta').inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);
    // The next reply starts again from the contact's name.
    expect(await page.getByTestId('reply-var-name').inputValue()).toBe(name);
    const handset = await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(address ?? '')}/messages`);
    expect(handset.body.data.at(-1)).toMatchObject({ channel: 'rcs', text: card });
    await screenshot(page, 'inbox-rcs-reply');
  });

  it('WhatsApp, window closed: each template field is labelled with its sentence, the contact\'s name offered, and the whole message is previewed as it will arrive', async () => {
    await page.getByTestId('tab-whatsapp').click();
    const address = await closedWindowAddress();
    await page.locator(`[data-testid="conversation-row"][data-address="${address}"]`).click();
    const composer = page.getByTestId('template-composer');
    const [send, needed] = [composer.getByTestId('send-template'), composer.getByTestId('reply-blockers')];
    expect(await needed.textContent()).toBe('Still needed: a template.');
    await composer.getByTestId('reply-template').selectOption({ label: 'order_update · English (US)' });
    // Send stays off until every value is in, and says why in words on screen (not only in a tooltip), which the
    // button names as its description: a keyboard or touch-screen user reads it too.
    await needed.filter({ hasText: 'a value for body {{1}}' }).waitFor();
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('title')).toBeNull();
    expect(await needed.getAttribute('id')).toBe(await send.getAttribute('aria-describedby'));
    expect(await needed.isVisible()).toBe(true);
    // The header's "Order" is the template's: the field says so, and its value is what follows it.
    expect(await composer.getByTestId('reply-var-header.1-context').textContent()).toBe('Header · Order {{1}}');
    expect(await composer.getByTestId('reply-var-header.1').getAttribute('placeholder')).toBe('after “Order”');
    expect(await composer.getByLabel('Header · Order {{1}}').count()).toBe(1);
    // Each body value is labelled with its whole sentence, not cut: what {{2}} is, is read from what follows it.
    const sentence = 'Hi {{1}}, your order {{2}} has shipped and should arrive by {{3}}.';
    for (const n of [1, 2, 3]) expect(await composer.getByTestId(`reply-var-body.${n}-context`).textContent()).toBe(`Body · ${sentence}`);
    expect(await composer.getByTestId('reply-var-body.3').getAttribute('placeholder')).toBe('after “arrive by”');
    expect(await composer.getByTestId('reply-var-button.1-context').textContent()).toBe('Button “Track order” link · https://shop.example.com/track/{{1}}');
    // Nothing is guessed: the contact's name is not put in {{1}}, but offered beside each empty header and body value,
    // first name and whole name, one click away (named for its field), the focus then in the field.
    expect(await composer.getByTestId('reply-var-body.1').inputValue()).toBe('');
    const fills = composer.getByTestId('reply-var-body.1-fills');
    expect(await fills.getByRole('button').allTextContents()).toEqual(['Meera', 'Meera Müller']);
    expect(await fills.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('title')))).toEqual(["Contact's first name", "Contact's name"]);
    expect(await composer.getByTestId('reply-var-header.1-fills').count()).toBe(1);
    expect(await composer.getByTestId('reply-var-button.1-fills').count()).toBe(0);
    await fills.getByRole('button', { name: 'Put “Meera” in body {{1}} (contact\'s first name)' }).click();
    expect(await composer.getByTestId('reply-var-body.1').inputValue()).toBe('Meera');
    expect(await composer.getByTestId('reply-var-body.1').evaluate((el) => el === document.activeElement)).toBe(true);
    await fills.waitFor({ state: 'detached' });
    expect(await composer.getByTestId('reply-var-body.2-fills').count()).toBe(1);

    const preview = composer.getByTestId('reply-preview');
    expect(await preview.getByTestId('message-header').textContent()).toBe('Order {{1}}');
    expect(await preview.getByTestId('message-footer').textContent()).toBe('Reply STOP to opt out');
    await composer.getByTestId('reply-var-header.1').fill('#1002');
    for (const [n, value] of [[2, '#1002'], [3, 'Friday']] as const) await composer.getByTestId(`reply-var-body.${n}`).fill(value);
    expect(await composer.getByTestId('reply-var-body.2-fills').count()).toBe(0);
    await composer.getByTestId('reply-var-button.1').fill('1002');
    expect(await preview.getByTestId('message-header').textContent()).toBe('Order #1002');
    expect(await preview.getByTestId('preview-body').textContent()).toBe('Hi Meera, your order #1002 has shipped and should arrive by Friday.');
    expect(await preview.getByTestId('button-to').allTextContents()).toEqual(['https://shop.example.com/track/1002']);
    expect(await preview.getByTestId('message-button').allTextContents()).toEqual(['↗ Link: Track order goes to https://shop.example.com/track/1002', '↩ Quick reply: Thanks!']);
    await needed.waitFor({ state: 'detached' });
    expect(await send.getAttribute('aria-describedby')).toBeNull();
    await screenshot(page, 'inbox-whatsapp-template-reply');

    await send.click();
    const sent = page.getByTestId('message').filter({ hasText: 'Hi Meera, your order #1002 has shipped' });
    await sent.waitFor();
    expect(await sent.getByTestId('message-header').textContent()).toBe('Order #1002');
    expect(await sent.getByTestId('button-to').allTextContents()).toEqual(['https://shop.example.com/track/1002']);
    // Still awaiting the customer's reply: the team's message leaves it where it was.
    expect(await page.getByTestId('resolved-badge').textContent()).toBe('Awaiting reply');
    await page.getByTestId('show-open').click();
  });

  it('a reply that failed marks its conversation\'s row, as the thread does, and the contact panel\'s row; a newer message clears both', async () => {
    // The demo's Omar Costa: his phone is a simulated handset without WhatsApp, so every message to it fails.
    const address = '+15005550002';
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: address, text: 'Can you hear me?' })).status).toBeLessThan(300);
    // A stranger writes too: known only by their number, their avatar shows "#", not the number's last digits as if they were initials.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550778', text: 'Hello?' })).status).toBeLessThan(300);
    await page.getByTestId('tab-whatsapp').click();
    const stranger = page.locator('[data-testid="conversation-row"][data-address="+14155550778"]');
    expect(await stranger.getByTestId('avatar').textContent()).toBe('#');
    const row = page.locator(`[data-testid="conversation-row"][data-address="${address}"]`);
    await row.click();
    expect(await row.getByTestId('avatar').textContent()).toBe('OC');
    await page.getByTestId('composer').fill('Yes, loud and clear.');
    expect(await row.getByTestId('row-failed').count()).toBe(0);
    await page.getByTestId('send-reply').click();
    await page.locator('[data-testid="message"][data-status="failed"]').filter({ hasText: 'Yes, loud and clear.' }).waitFor();
    await row.getByTestId('row-failed').waitFor();
    expect(await row.locator('.row-sub').innerText()).toBe('! Failed: Yes, loud and clear.');
    // The contact's panel, opened beside the thread, marks the conversation as the list does.
    await page.getByTestId('open-contact').click();
    const conversation = page.getByTestId('contact-drawer').locator('[data-testid="contact-conversation"][data-channel="whatsapp"]');
    await conversation.getByTestId('row-failed').waitFor();
    expect(await conversation.locator('.row-sub').innerText()).toBe('! Failed: Yes, loud and clear.');
    // The customer writes again: the newest message did not fail, and both marks go, live.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: address, text: 'Hello??' })).status).toBeLessThan(300);
    await conversation.locator('.row-sub').filter({ hasText: 'Hello??' }).waitFor();
    await row.locator('.row-sub').filter({ hasText: 'Hello??' }).waitFor();
    expect(await conversation.getByTestId('row-failed').count()).toBe(0);
    expect(await row.getByTestId('row-failed').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-drawer').waitFor({ state: 'detached' });
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
