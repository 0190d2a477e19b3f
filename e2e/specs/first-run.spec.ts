// A new user's first campaign on an empty database (`--seed none`), in Debian's Chromium: the builder says the wallet is
// short before its launch is asked for, not only once refused, and leads to the Wallet page's top-up and back to the
// builder as it was filled in.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violations } from '../fixtures/axe.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

const session = consoleForFile({ seed: 'none' }, (opened) => {
  page = opened.page;
});

describe('the empty contacts list', () => {
  it('names the ways a contact comes, and its Simulator link opens "write in as a customer", ready to type', async () => {
    await page.getByTestId('nav-contacts').click();
    const empty = page.locator('.state.empty').filter({ hasText: 'No contacts yet' });
    expect(await empty.locator('span').textContent()).toBe('Contacts appear as customers write in on any channel (the Simulator can write in as one), '
      + 'or add them with New contact or Import CSV above.');
    await empty.getByTestId('contacts-empty-simulator').click();
    await page.getByTestId('inbound-send').waitFor();
    expect(await page.getByTestId('inbound-text').evaluate((input) => input === document.activeElement)).toBe(true);
  });
});

describe('writing in on Instagram with no account connected', () => {
  // The empty Instagram inbox links here too: what the core would refuse ("Not found") is said before the send, with the way on.
  it('says so under the Simulator\'s form before the send, which waits, and links to Channels, Instagram', async () => {
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('inbound-channel').selectOption('instagram');
    await page.getByTestId('inbound-text').fill('Is my order on its way?');
    const note = page.getByTestId('inbound-unconnected');
    expect(await note.textContent()).toBe('No Instagram account is connected, so no customer can write in on Instagram yet: connect one on the Channels page, Instagram.');
    expect(await page.getByTestId('inbound-send').isDisabled()).toBe(true);
    await note.getByTestId('inbound-connect').click();
    expect(await page.getByTestId('channels-tab-instagram').getAttribute('aria-selected')).toBe('true');
  });
});

describe('the empty email inbox', () => {
  // Customers do not write in on email here: a first email is sent, and the list's "campaigns" is the way to send one.
  it('links its "campaigns" to the Campaigns page on the Email tab, where a first one is sent', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-email').click();
    const empty = page.locator('.state.empty').filter({ hasText: 'No open conversations' });
    expect(await empty.locator('span').textContent()).toBe('Messages sent on Email (campaigns, the API) appear here; customers do not write in on Email here. Resolved ones are under Resolved.');
    await empty.getByTestId('inbox-empty-campaigns').click();
    await page.getByTestId('campaign-needs').waitFor();
    expect(await page.getByTestId('campaign-tab-email').getAttribute('aria-selected')).toBe('true');
  });
});

describe('the empty campaigns list', () => {
  // Each need as it stands, the missing ones with the way to the page that makes them, following what is made meanwhile.
  it('says what a first SMS campaign needs, links each missing one to where it is made, and ticks it once made', async () => {
    const { server } = session();
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-sms').click();
    const needs = page.getByTestId('campaign-needs');
    const need = (id: string) => needs.locator(`[data-testid="campaign-need"][data-need="${id}"]`);
    await need('channel').and(page.locator('[data-ready="false"]')).waitFor();
    expect(await needs.textContent()).toBe('An SMS campaign needs:•An approved sender id and DLT template: a sender id and a DLT template still to register under '
      + 'Channels, SMS (approved a minute later on the virtual clock).✓Recipients: numbers pasted or uploaded in the builder, or your contacts (all, or those '
      + 'with a tag).•Money in the wallet, ₹0.25 a message, reserved at launch: it holds ₹0.00. Top up the wallet.Create your first SMS campaign from a DLT-approved text.');
    expect(await need('wallet').getAttribute('data-ready')).toBe('false');
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'first-run-campaign-needs');

    await need('channel').getByTestId('campaign-need-channels').click();
    await page.getByTestId('sms-sender-id').waitFor();
    expect(await page.getByTestId('channels-tab-sms').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('nav-campaigns').click();
    await need('wallet').getByTestId('campaign-need-wallet').click();
    await page.getByTestId('top-up-form').waitFor();

    // Registered and approved while the list is shown: ticked, named.
    await page.getByTestId('nav-campaigns').click();
    expect((await server.dashboard('POST', '/dashboard/sms/senders', { senderId: 'FIRSTR', entityId: '1201160000000000001' })).status).toBe(201);
    expect((await server.dashboard('POST', '/dashboard/sms/templates', { name: 'Order shipped', dltTemplateId: '1207160000000000001', body: 'Your order {#var#} has shipped.' })).status).toBe(201);
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 60 });
    await need('channel').and(page.locator('[data-ready="true"]')).waitFor();
    expect(await need('channel').textContent()).toBe('✓An approved sender id and DLT template: FIRSTR; Order shipped.');
    await needs.getByTestId('campaign-needs-new').click();
    await page.getByTestId('sms-builder').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('a first campaign on an empty wallet', () => {
  it('the WhatsApp builder says the wallet is short before launch, and its top-up link leads to the Wallet and back', async () => {
    const { server } = session();
    const made = await server.dashboard('POST', '/dashboard/whatsapp/templates', {
      name: 'order_shipped', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Your order has shipped.' }],
    });
    expect(made.status).toBe(201);
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 60 });

    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-template-name="order_shipped"]').click();
    await page.getByTestId('recipients-input').fill('+14155550177');
    await page.getByTestId('campaign-name').fill('First send');
    const short = page.getByTestId('wallet-short');
    await short.waitFor();
    expect(await short.textContent()).toBe('The wallet holds ₹0.00, short of the ₹0.80 this launch reserves. Top up the wallet first, or create a draft now and launch it once topped up.');
    await screenshot(page, 'first-run-wallet-short');

    // Launched anyway (its confirmation says the wallet is short too), the core's refusal carries the same way on.
    await page.getByTestId('create-launch').click();
    await page.locator('[data-testid="launch-dialog"][data-short="true"]').waitFor();
    await page.getByTestId('launch-confirm').click();
    await page.getByTestId('launch-error').getByTestId('error-action').filter({ hasText: 'Top up the wallet' }).waitFor();

    await short.getByTestId('wallet-short-top-up').click();
    await page.getByTestId('top-up-form').waitFor();
    expect(await page.getByTestId('nav-wallet').getAttribute('aria-current')).toBe('page');
    // The amount is next to type: the link's page went, and its focus with it.
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe('top-up-amount');
    await page.keyboard.type('10');
    await page.getByTestId('top-up').click();
    await page.getByTestId('top-up-done').waitFor();

    // The builder left is there still, as it was filled in, and no longer short: launched, the campaign opens.
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-builder').waitFor();
    expect([await page.getByTestId('recipients-input').inputValue(), await page.getByTestId('campaign-name').inputValue()]).toEqual(['+14155550177', 'First send']);
    expect(await page.locator('[data-template-name="order_shipped"] input').isChecked()).toBe(true);
    await short.waitFor({ state: 'detached' });
    await page.getByTestId('create-launch').click();
    await page.locator('[data-testid="launch-dialog"][data-short="false"]').waitFor();
    await page.getByTestId('launch-confirm').click();
    await page.getByTestId('campaign-detail').waitFor();
  });

  it('the RCS builder, which sends on create and keeps no draft, says to top up first', async () => {
    const { server } = session();
    const bot = await server.dashboard<{ id: string }>('POST', '/dashboard/rcs/bots', { name: 'First bot' });
    expect(bot.status).toBe(201);
    const card = await server.dashboard('POST', '/dashboard/rcs/templates', { botId: bot.body.id, name: 'Hello card', type: 'text', text: 'Hello there.' });
    expect(card.status).toBe(201);
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 60 });
    // More than the ₹10 topped up: 40 numbers at ₹0.30.
    const numbers = Array.from({ length: 40 }, (_, i) => `+1415555${String(1000 + i)}`).join('\n');

    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('rcs-builder').waitFor();
    await page.locator('[data-template-name="Hello card"]').click();
    await page.getByTestId('recipients-input').fill(numbers);
    const short = page.getByTestId('wallet-short');
    await short.filter({ hasText: '₹12.00' }).waitFor();
    expect(await short.textContent()).toBe('The wallet holds ₹9.20, short of the ₹12.00 this launch reserves. Top up the wallet first.');
    // Cancelled, it is forgotten: the next new campaign starts empty.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('new-campaign').click();
    expect(await page.getByTestId('recipients-input').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('an approved template, on the Channels page', () => {
  // What was just approved is one click from being sent: the builder opens on it, empty otherwise.
  it('opens a new WhatsApp campaign with it picked', async () => {
    await page.getByTestId('nav-channels').click();
    await page.getByTestId('channels-tab-whatsapp').click();
    await page.locator('[data-testid="wa-template-row"][data-name="order_shipped"]').getByTestId('wa-template-open').click();
    await page.getByTestId('wa-template-detail').getByTestId('wa-template-campaign').click();
    await page.getByTestId('campaign-builder').waitFor();
    expect(await page.locator('[data-template-name="order_shipped"] input').isChecked()).toBe(true);
    expect([await page.getByTestId('recipients-input').inputValue(), await page.getByTestId('campaign-name').inputValue()]).toEqual(['', '']);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});
