// Send a message from a contact's panel in a real browser (the demo seed): a contact with no conversation is sent an
// approved WhatsApp template with its value, then an SMS matching an approved DLT template from the approved sender id;
// both reach the simulated handset, the panel lists the conversations they made, and Open the conversation goes to the
// SMS thread in the inbox. Channels the contact cannot be reached on say why; a blocked contact's send is refused in
// words (the core's 409 with its reason); Escape closes the dialog and the focus goes back to Send a message. axe finds
// nothing in the dialog, in either theme. An email goes from a template with its merge values and a verified sender; a
// send the wallet cannot pay for is refused with "Top up the wallet", which opens the Wallet page.
import { afterEach, describe, expect, it } from 'vitest';
import type { Contact } from '../../src-core/contract/index.ts';
import { violations } from '../fixtures/axe.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { onScreen, resize, sidewaysScrollers } from '../fixtures/layout.ts';

const PHONE = '+14155550177';
const SMS = 'Hi Priya, your order #2041 has shipped. Track: shop.example.com/t/2041 - Example Store';
let contact: Contact;
const session = consoleForFile({}, async ({ server }) => {
  contact = (await server.dashboard<Contact>('POST', '/dashboard/contacts', { name: 'Priya Raman', phone: PHONE })).body;
});
const page = () => session().page;
const focused = () => page().evaluate(() => document.activeElement?.getAttribute('data-testid') ?? (document.activeElement as HTMLInputElement | null)?.value ?? null);
const dialog = () => page().getByTestId('send-dialog');
const handset = async () => (await session().server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(PHONE)}/messages`)).body.data;

async function openContact(name = 'Priya Raman', id = contact.id): Promise<void> {
  const p = page();
  await p.getByTestId('nav-contacts').click();
  await p.getByTestId('contact-search').fill(name);
  await p.locator(`[data-testid="contact-list"][data-search="${name}"][data-ready="true"]`).waitFor();
  await p.locator(`[data-testid="contact-row"][data-contact-id="${id}"]`).click();
  await p.getByTestId('contact-panel').locator('h2', { hasText: name }).waitFor();
}

async function openDialog(): Promise<void> {
  await page().getByTestId('send-message').click();
  await page().locator('[data-testid="send-dialog"][data-ready="true"]').waitFor();
}

describe('send a message from a contact', () => {
  // A test that failed with the dialog open leaves it closed: the next starts from the page, not from inside a modal.
  afterEach(async () => {
    if (await dialog().count()) {
      await page().keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    }
  });

  it('sends a WhatsApp template to a contact with no conversation; it reaches the handset and the panel lists the conversation', async () => {
    const p = page();
    await openContact();
    const conversations = p.getByTestId('contact-conversations');
    expect(await conversations.textContent()).toContain('or when you send them a message with Send a message above');
    await openDialog();
    // The keyboard starts on the channel offered: WhatsApp, the contact's phone beside it.
    expect(await focused()).toBe('whatsapp');
    expect(await dialog().getByTestId('send-channel-whatsapp').textContent()).toContain(PHONE);
    // No email and no Instagram conversation: those channels cannot be chosen, and say why.
    expect(await dialog().locator('input[value="email"]').isDisabled()).toBe(true);
    expect(await dialog().getByTestId('send-channel-email').textContent()).toContain('no email address');
    expect(await dialog().getByTestId('send-channel-instagram').textContent()).toContain('no Instagram conversation yet');

    const composer = dialog().getByTestId('template-composer');
    expect(await composer.textContent()).toContain('start a conversation only with an approved template');
    const send = composer.getByTestId('send-template');
    expect(await send.isDisabled()).toBe(true);
    await composer.getByTestId('reply-template').selectOption({ label: 'login_code · English' });
    await composer.getByTestId('reply-blockers').filter({ hasText: 'a value for body {{1}}' }).waitFor();
    await composer.getByTestId('reply-var-body.1').fill('482913');
    await screenshot(p, 'contacts-send-whatsapp');
    await send.click();
    await dialog().getByTestId('send-done').filter({ hasText: `Sent on WhatsApp to ${PHONE}` }).waitFor();
    // Said by the dialog's own live region (the console's announcer is in the page the modal makes inert).
    const said = dialog().getByTestId('send-said');
    expect([await said.getAttribute('role'), await said.textContent()]).toEqual(['status', `Sent on WhatsApp to ${PHONE}.`]);
    expect(await focused()).toBe('send-open-conversation');
    await expect.poll(async () => (await handset()).filter((m) => m.channel === 'whatsapp').map((m) => m.text))
      .toEqual(['482913 is your verification code. It expires in 10 minutes.']);

    // Closed, the focus is back on Send a message, and the conversation the message made is listed.
    await dialog().getByTestId('send-close').click();
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('send-message');
    await conversations.locator('[data-testid="contact-conversation"][data-channel="whatsapp"]').waitFor();
  });

  it('sends an SMS matching an approved DLT template from the approved sender, and opens its conversation in the inbox', async () => {
    const p = page();
    await openDialog();
    await dialog().locator('input[value="sms"]').check();
    const composer = dialog().getByTestId('sms-composer');
    expect(await dialog().getByTestId('send-sms-sender').inputValue()).toBe('EXMPLE');
    await composer.getByTestId('composer').fill('Did you get the parcel?');
    await composer.locator('[data-testid="composer-dlt"][data-match=""]').waitFor();
    expect(await composer.getByTestId('send-reply').isDisabled()).toBe(true);
    await composer.getByTestId('composer').fill(SMS);
    await composer.locator('[data-testid="composer-dlt"]:not([data-match=""])').waitFor();
    await composer.getByTestId('send-reply').click();
    await dialog().getByTestId('send-done').filter({ hasText: `Sent on SMS to ${PHONE}` }).waitFor();
    await expect.poll(async () => (await handset()).filter((m) => m.channel === 'sms').map((m) => m.text)).toEqual([SMS]);
    await screenshot(p, 'contacts-send-done');

    await dialog().getByTestId('send-open-conversation').click();
    await dialog().waitFor({ state: 'detached' });
    expect(await p.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    await p.getByTestId('message').filter({ hasText: SMS }).waitFor();
    // As the panel's Open conversation: the thread's composer takes the focus, to write the next message there.
    await expect.poll(focused).toBe('composer');
  });

  it("refuses a blocked contact's send in words, with the block's reason; Escape closes and gives the focus back", async () => {
    const p = page();
    const blocked = await session().server.dashboard('POST', `/dashboard/contacts/${contact.id}/block`, { reason: 'Asked not to be contacted' });
    expect(blocked.status).toBe(200);
    await openContact();
    await p.locator('[data-testid="contact-panel"][data-blocked="true"]').waitFor();
    await openDialog();
    expect(await dialog().getByTestId('send-blocked').textContent()).toContain('Asked not to be contacted');
    await dialog().locator('input[value="sms"]').check();
    await dialog().getByTestId('sms-composer').getByTestId('composer').fill(SMS);
    await dialog().locator('[data-testid="composer-dlt"]:not([data-match=""])').waitFor();
    await dialog().getByTestId('send-reply').click();
    const refusal = dialog().getByTestId('send-error').getByTestId('error-state');
    await refusal.waitFor();
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(await refusal.textContent()).toContain('Not sent');
    expect(await refusal.textContent()).toContain('Asked not to be contacted');
    expect((await handset()).filter((m) => m.channel === 'sms')).toHaveLength(1);
    // The dialog with its refusal, and with WhatsApp's template fields, in both themes.
    for (const theme of ['light', 'dark'] as const) {
      if (await p.evaluate(() => document.documentElement.dataset.theme) !== theme) {
        await p.keyboard.press('Escape');
        await dialog().waitFor({ state: 'detached' });
        await p.getByTestId('theme-toggle').click();
        await p.locator(`html[data-theme="${theme}"]`).waitFor();
        await openDialog();
        await dialog().locator('input[value="sms"]').check();
        await dialog().getByTestId('sms-composer').getByTestId('composer').fill(SMS);
        await dialog().getByTestId('send-reply').click();
        await refusal.waitFor();
      }
      expect(await violations(p)).toEqual([]);
      await dialog().locator('input[value="whatsapp"]').check();
      await dialog().getByTestId('reply-template').selectOption({ label: 'login_code · English' });
      await dialog().getByTestId('reply-var-body.1').waitFor();
      expect(await violations(p)).toEqual([]);
      await screenshot(p, `contacts-send-${theme}`);
    }
    await p.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await focused()).toBe('send-message');
  });

  it('sends an email from a template, its merge tags filled (the first name from the contact), from a verified sender', async () => {
    const dev = (await session().server.dashboard<Contact>('POST', '/dashboard/contacts', { name: 'Dev Mistry', phone: '+14155550178', email: 'dev.mistry@example.net' })).body;
    await openContact('Dev Mistry', dev.id);
    await openDialog();
    await dialog().locator('input[value="email"]').check();
    const composer = dialog().getByTestId('email-composer');
    // Once the verified domains are read, only the template is missing: the sender is hello@ the first of them.
    await composer.getByTestId('send-blockers').filter({ hasText: /^Still needed: a template\.$/ }).waitFor();
    await composer.getByTestId('email-template').selectOption({ label: 'Order shipped · Your order {{order}} has shipped' });
    await composer.getByTestId('email-var-order').waitFor();
    expect(await composer.getByTestId('email-var-first_name').inputValue()).toBe('Dev');
    expect(await composer.getByTestId('email-from-email').inputValue()).toBe('hello@example.com');
    // A sender on a domain that is not verified is named as the reason Send waits.
    await composer.getByTestId('email-from-email').fill('hello@unverified.example');
    await composer.getByTestId('send-blockers').filter({ hasText: 'unverified.example is not one' }).waitFor();
    await composer.getByTestId('email-from-email').fill('hello@example.com');
    await composer.getByTestId('email-var-order').fill('#3001');
    expect(await composer.getByTestId('send-blockers').count()).toBe(0);
    await composer.getByTestId('send-email').click();
    await dialog().getByTestId('send-done').filter({ hasText: 'Sent on Email to dev.mistry@example.net' }).waitFor();
    const mailbox = async () => (await session().server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', '/sim/handsets/dev.mistry%40example.net/messages')).body.data;
    await expect.poll(async () => (await mailbox()).filter((m) => m.channel === 'email').length).toBe(1);
    expect(JSON.stringify(await mailbox())).toContain('#3001');
    await dialog().getByTestId('send-close').click();
  });

  it('sends an approved RCS template, its {{name}} from the contact', async () => {
    const dev = (await session().server.dashboard<{ data: Contact[] }>('GET', '/dashboard/contacts?search=Dev%20Mistry')).body.data[0] as Contact;
    await openContact('Dev Mistry', dev.id);
    await openDialog();
    await dialog().locator('input[value="rcs"]').check();
    const composer = dialog().getByTestId('rcs-composer');
    await composer.getByTestId('reply-template').selectOption({ label: 'Order update card · Rich card' });
    expect(await composer.getByTestId('reply-var-name').inputValue()).toBe('Dev Mistry');
    await composer.getByTestId('reply-var-order').fill('#3002');
    await composer.getByTestId('reply-var-eta').fill('on Monday');
    await composer.getByTestId('send-template').click();
    await dialog().getByTestId('send-done').filter({ hasText: 'Sent on RCS to +14155550178' }).waitFor();
    const phone = async () => (await session().server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', '/sim/handsets/%2B14155550178/messages')).body.data;
    await expect.poll(async () => (await phone()).filter((m) => m.channel === 'rcs').map((m) => m.text))
      .toEqual(['Order #3002 is on its way\nHi Dev Mistry, your parcel arrives on Monday.']);
    await dialog().getByTestId('send-close').click();
  });

  it('writes free text within the 24-hour window of a conversation the contact has: WhatsApp as its reply, Instagram to the IGSID they wrote from', async () => {
    const p = page();
    const { server } = session();
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550179', text: 'Is my order ready?' })).status).toBe(201);
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790119555', text: 'Do you ship abroad?' })).status).toBe(201);
    const [wa] = (await server.dashboard<{ data: Contact[] }>('GET', '/dashboard/contacts?search=4155550179')).body.data;
    // Resolved by the team since: a message sent to it leaves it so, and the inbox opens it among the Resolved.
    const waConversation = (await server.dashboard<{ data: Array<{ id: string }> }>('GET', `/dashboard/conversations?contactId=${wa?.id}&channel=whatsapp`)).body.data[0];
    expect((await server.dashboard('POST', `/dashboard/conversations/${waConversation?.id}/resolve`, {})).status).toBe(200);
    await openContact('4155550179', wa?.id);
    await openDialog();
    expect(await focused()).toBe('whatsapp');
    // Once the conversation's window is read (open: the customer wrote just now), the composer is free text.
    const composer = dialog().getByTestId('send-composer');
    await composer.filter({ hasText: 'wrote within the last 24 hours' }).waitFor();
    await composer.getByTestId('composer').fill('Yes: it is packed and leaves today.');
    await composer.getByTestId('send-reply').click();
    await dialog().getByTestId('send-done').filter({ hasText: 'Sent on WhatsApp to +14155550179' }).waitFor();
    const handsetOf = async (address: string) =>
      (await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(address)}/messages`)).body.data;
    await expect.poll(async () => (await handsetOf('+14155550179')).map((m) => m.text)).toContain('Yes: it is packed and leaves today.');
    await dialog().getByTestId('send-open-conversation').click();
    await dialog().waitFor({ state: 'detached' });
    expect(await p.getByTestId('tab-whatsapp').getAttribute('aria-selected')).toBe('true');
    await p.getByTestId('message').filter({ hasText: 'Yes: it is packed and leaves today.' }).waitFor();
    expect(await p.getByTestId('show-resolved').getAttribute('aria-checked')).toBe('true');
    await p.locator(`[data-testid="conversation-row"][data-address="+14155550179"]`).waitFor();

    const [ig] = (await server.dashboard<{ data: Contact[] }>('GET', '/dashboard/contacts?search=6234817790119555')).body.data;
    await openContact('6234817790119555', ig?.id);
    await openDialog();
    // Known only on Instagram: the channel offered, the phone channels saying why not.
    expect(await focused()).toBe('instagram');
    expect(await dialog().locator('input[value="sms"]').isDisabled()).toBe(true);
    await dialog().getByTestId('composer').fill('We do: to most of Europe.');
    await dialog().getByTestId('send-reply').click();
    await dialog().getByTestId('send-done').filter({ hasText: 'Sent on Instagram to 6234817790119555' }).waitFor();
    await expect.poll(async () => (await handsetOf('6234817790119555')).map((m) => m.text)).toContain('We do: to most of Europe.');
    await dialog().getByTestId('send-close').click();
  });

  it('a send the wallet cannot pay for is refused with its words and Top up the wallet, which opens the Wallet page', async () => {
    const p = page();
    const { server } = session();
    // WhatsApp at ₹1,000 a message, and a campaign reserving all but less than one more of the balance.
    expect((await server.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: 100_000 } })).status).toBe(200);
    const { balancePaise } = (await server.dashboard<{ balancePaise: number }>('GET', '/dashboard/wallet')).body;
    const templates = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/whatsapp/templates?status=APPROVED&limit=100');
    const phones = Array.from({ length: Math.floor(balancePaise / 100_000) }, (_, i) => `9198200006${String(i).padStart(2, '0')}`);
    const launched = await server.dashboard('POST', '/dashboard/whatsapp/campaigns/create-and-launch', {
      name: 'Spends the wallet', templateId: templates.body.data.find((t) => t.name === 'festive_sale')?.id, phones,
      templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }],
    });
    expect(launched.status).toBe(202);
    await openContact('Priya Raman');
    await p.getByTestId('unblock').click();
    await p.locator('[data-testid="contact-panel"][data-blocked="false"]').waitFor();
    await openDialog();
    await dialog().locator('input[value="whatsapp"]').check();
    // Said before the message is written, with the way to top up; Send stays (the core decides).
    const short = dialog().getByTestId('wallet-short');
    expect(await short.textContent()).toMatch(/^The wallet holds ₹\d+\.\d\d, short of the ₹1,000\.00 a WhatsApp message costs\. Top up the wallet first\.$/);
    // SMS is still paid for at its own price: nothing is said there.
    await dialog().locator('input[value="sms"]').check();
    await dialog().getByTestId('sms-composer').waitFor();
    expect(await dialog().getByTestId('wallet-short').count()).toBe(0);
    await dialog().locator('input[value="whatsapp"]').check();
    await dialog().getByTestId('reply-template').selectOption({ label: 'login_code · English' });
    await dialog().getByTestId('reply-var-body.1').fill('771204');
    await dialog().getByTestId('send-template').click();
    const refusal = dialog().getByTestId('send-error').getByTestId('error-state');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Not sentInsufficient wallet balance: 1 WhatsApp message costs ₹1,000\.00, the balance is ₹\d+\.\d\dTop up the wallet$/);
    await refusal.getByTestId('error-action').click();
    await dialog().waitFor({ state: 'detached' });
    await p.getByTestId('top-up-form').waitFor();
    expect(await p.getByTestId('nav-wallet').getAttribute('aria-current')).toBe('page');
  });

  it("fits a phone's width: nothing scrolls sideways, and the largest template's Send and Close are reached by scrolling the dialog", async () => {
    const p = page();
    const dev = (await session().server.dashboard<{ data: Contact[] }>('GET', '/dashboard/contacts?search=Dev%20Mistry')).body.data[0] as Contact;
    await openContact('Dev Mistry', dev.id);
    // Opened, the contact's panel takes the phone's page.
    await resize(p, 390, 740);
    try {
      await openDialog();
      await dialog().locator('input[value="whatsapp"]').check();
      await dialog().getByTestId('reply-template').selectOption({ label: 'order_update · English (US)' });
      await dialog().getByTestId('reply-var-button.1').waitFor();
      await expect.poll(() => sidewaysScrollers(p)).toEqual([]);
      await onScreen(dialog().getByTestId('send-template'));
      await onScreen(dialog().getByTestId('send-cancel'));
      await screenshot(p, 'contacts-send-phone');
      await p.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    } finally {
      await resize(p, 1280, 800);
    }
  });
});
