// The Simulator's "Write in as a customer" opened from an inbox conversation: the form starts on the conversation's
// channel and customer, the message field focused, so a presenter has only the message to type; what they send lands
// in that conversation. Opened from the sidebar, it starts from its own example again. What was written in opens in the
// Inbox from the form's "Open it in the Inbox". Its confirmation names the customer as the inbox lists them: an Instagram
// user by name and handle (not by their user id), a known contact by their name and number.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

type Row = { id: string; address: string; state: string };

/** Opens the demo's first conversation on `channel`, in the list (Open, Snoozed or Resolved) that holds it. */
async function openConversation(channel: string): Promise<Row> {
  const list = await server.dashboard<{ data: Row[] }>('GET', `/dashboard/conversations?channel=${channel}&limit=1`);
  const conversation = list.body.data[0];
  if (!conversation) throw new Error(`the demo has no ${channel} conversation`);
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId(`tab-${channel}`).click();
  await page.getByTestId(`show-${conversation.state}`).click();
  await page.locator(`[data-testid="conversation-row"][data-address="${conversation.address}"]`).click();
  await page.getByTestId('thread').waitFor();
  return conversation;
}

/** Writes in from the sidebar's Simulator as `from` on `channel`, with a profile `name` if given, once the form confirmed it. */
async function sendFromSidebar(channel: string, from: string, text: string, name = ''): Promise<void> {
  await page.getByTestId('nav-simulator').click();
  await page.getByTestId('inbound-channel').selectOption(channel);
  await page.getByTestId('inbound-from').fill(from);
  await page.getByTestId('inbound-name').fill(name);
  await page.getByTestId('inbound-text').fill(text);
  await page.getByTestId('inbound-send').click();
  await page.getByTestId('inbound-sent').waitFor();
}

/** The form's channel, sender and whether the message field has the focus. */
const form = async () => [
  await page.getByTestId('inbound-channel').inputValue(),
  await page.getByTestId('inbound-from').inputValue(),
  await page.getByTestId('inbound-text').evaluate((input) => input === document.activeElement),
];

describe('writing in as the customer of a conversation', () => {
  it('SMS: the Simulator opens on SMS and the conversation’s number, ready to type; the message lands in that conversation', async () => {
    const conversation = await openConversation('sms');
    await page.getByTestId('thread-write-in').click();
    await page.getByTestId('inbound-send').waitFor();
    expect(await page.getByTestId('nav-simulator').getAttribute('aria-current')).toBe('page');
    expect(await form()).toEqual(['sms', conversation.address, true]);
    await page.keyboard.type('Is it still on for Friday?');
    await page.getByTestId('inbound-send').click();
    await page.getByTestId('inbound-sent').waitFor();
    await page.getByTestId('nav-inbox').click();
    // The inbox kept the conversation open: the customer's message shows in its thread.
    await page.getByTestId('thread').getByTestId('message').filter({ hasText: 'Is it still on for Friday?' }).waitFor();
    const thread = await server.dashboard('GET', `/dashboard/conversations/${conversation.id}/messages`);
    expect(JSON.stringify(thread.body)).toContain('Is it still on for Friday?');
  });

  it('Instagram: the Simulator opens on Instagram and the customer’s user id, not an example phone', async () => {
    const conversation = await openConversation('instagram');
    await page.getByTestId('thread-write-in').click();
    await page.getByTestId('inbound-send').waitFor();
    expect(await form()).toEqual(['instagram', conversation.address, true]);
  });

  it('the sidebar’s Simulator starts from its own example, not the last conversation’s customer', async () => {
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('inbound-send').waitFor();
    expect((await form()).slice(0, 2)).toEqual(['whatsapp', '+14155550123']);
  });

  it('a new customer written in from the sidebar\'s Simulator: "Open it in the Inbox" opens their conversation under Open, from the Resolved list', async () => {
    const customer = '+14155550733';
    // The inbox left on SMS's Resolved list: the link still lands on WhatsApp's Open list, where the new conversation is.
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-sms').click();
    await page.getByTestId('show-resolved').click();
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('inbound-from').fill(customer);
    await page.getByTestId('inbound-text').fill('Do you have it in blue?');
    await page.getByTestId('inbound-send').click();
    await page.getByTestId('inbound-open').click();
    await page.getByTestId('thread').getByTestId('message').filter({ hasText: 'Do you have it in blue?' }).waitFor();
    expect(await page.getByTestId('thread-address').textContent()).toContain(customer);
    expect(await page.getByTestId('tab-whatsapp').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('show-open').getAttribute('aria-checked')).toBe('true');
    await page.locator('[data-testid="conversation-row"][aria-selected="true"]').filter({ hasText: customer }).waitFor();
  });

  it('a new customer written in with their profile name is listed by it in the Inbox, not as a bare number', async () => {
    const customer = '+14155550734';
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('inbound-from').fill(customer);
    await page.getByTestId('inbound-name').fill('Neha Kapoor');
    await page.getByTestId('inbound-text').fill('Do you ship to Pune?');
    await page.getByTestId('inbound-send').click();
    expect(await page.getByTestId('inbound-sent').textContent()).toBe(`Delivered to the inbox: “Do you ship to Pune?” from Neha Kapoor (${customer}).`);
    await page.getByTestId('inbound-open').click();
    await page.getByTestId('thread').getByTestId('message').filter({ hasText: 'Do you ship to Pune?' }).waitFor();
    await page.locator('[data-testid="conversation-row"][aria-selected="true"]').filter({ hasText: 'Neha Kapoor' }).waitFor();
    expect(await page.getByTestId('thread-address').textContent()).toContain(customer);
  });

  it('the confirmation names an Instagram user by name and handle, as the inbox lists them, not by their user id', async () => {
    // The demo's Maya Fernandes, whose handle the connected account knows (maya.designs).
    await sendFromSidebar('instagram', '6234817790112233', 'Is the tote back in stock?');
    expect(await page.getByTestId('inbound-sent').textContent()).toBe('Delivered to the inbox: “Is the tote back in stock?” from Maya Fernandes (@maya.designs).');
    // A user the platform knows no handle for: their name, and what the digits are.
    await sendFromSidebar('instagram', '6234817790112299', 'Hello!', 'Lena Park');
    expect(await page.getByTestId('inbound-sent').textContent()).toBe('Delivered to the inbox: “Hello!” from Lena Park (Instagram ID 6234817790112299).');
  });

  it('the confirmation names a known customer as the inbox does, by the contact’s name with the number', async () => {
    // Alice Johnson keeps her name: a name typed for her number is not the one the inbox shows.
    await sendFromSidebar('whatsapp', '+14155550101', 'Any news?', 'Ally');
    expect(await page.getByTestId('inbound-sent').textContent()).toBe('Delivered to the inbox: “Any news?” from Alice Johnson (+14155550101).');
  });

  it('has no way to write in from an RCS or email conversation (customers do not write in there)', async () => {
    await openConversation('rcs');
    await page.getByTestId('thread-contact').waitFor();
    expect(await page.getByTestId('thread-write-in').count()).toBe(0);
  });
});
