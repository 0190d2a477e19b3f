// The Inbox says aloud when a customer writes into another conversation than the one open (the demo seed): the list
// changed silently for a screen reader before. One message is "New message from Rita Gomez on SMS."; the open
// conversation's own messages are left to its thread's announcement; a burst (the Simulator's support rush, its clock
// advanced a minute) is said in a sentence or two, not one per message.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, ListEnvelope } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

/** The demo's first open WhatsApp conversation, opened in the Inbox. */
async function openWhatsAppConversation(): Promise<Conversation> {
  const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', '/dashboard/conversations?channel=whatsapp&state=open&limit=1');
  const conversation = listed.body.data[0];
  if (!conversation) throw new Error('the demo has no open WhatsApp conversation');
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId('tab-whatsapp').click();
  await page.getByTestId('show-open').click();
  await page.locator(`[data-testid="conversation-row"][data-address="${conversation.address}"]`).click();
  await page.getByTestId('thread').getByTestId('message').first().waitFor();
  return conversation;
}

/**
 * Every announcement about other conversations made from now on, kept as said (the live region keeps only its last
 * few): a MutationObserver on the region, started here.
 */
async function listenForNewMessages(): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as Window & { otherConversationsSaid?: string[] }).otherConversationsSaid = said;
    new MutationObserver((changes) => {
      for (const change of changes) {
        // Not the open thread's own "New message from Omar Costa: Still there?".
        for (const node of change.addedNodes) {
          const text = node.textContent ?? '';
          if (/^New message from .+ on (WhatsApp|SMS|Instagram)\.$/.test(text) || /^\d+ new messages\b/.test(text)) said.push(text);
        }
      }
    }).observe(document.querySelector('[data-testid="announcer"]') as Node, { childList: true });
  });
  return () => page.evaluate(() => [...((window as Window & { otherConversationsSaid?: string[] }).otherConversationsSaid ?? [])]);
}

/** How many messages a sentence says: "New message from …" one, "3 new messages …" three. */
const messagesSaid = (sentence: string) => (/^New message from /.test(sentence) ? 1 : Number(/^(\d+) new messages/.exec(sentence)?.[1] ?? 0));

describe('customers writing into other conversations', () => {
  let open: Conversation;
  beforeEach(async () => {
    open = await openWhatsAppConversation();
  });

  it('a customer writing in elsewhere is said by name and channel; the open conversation’s own message is left to its thread', async () => {
    const said = await listenForNewMessages();
    // The open conversation's customer writes first: its thread says it, with the text.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: open.address, text: 'Still there?' })).status).toBe(201);
    await page.getByTestId('announcer').locator('p').filter({ hasText: 'Still there?' }).waitFor();
    // Then a new customer on SMS, another tab: named as the inbox will list them.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550761', text: 'Do you deliver on Sundays?', name: 'Rita Gomez' })).status).toBe(201);
    await expect.poll(said, { timeout: 15_000 }).toEqual(['New message from Rita Gomez on SMS.']);
    // The conversation open stays open, and its customer is in no sentence about other conversations.
    expect(await page.getByTestId('thread').isVisible()).toBe(true);
  });

  it('the support rush, its clock advanced a minute, is said in a sentence or two naming its customers, not one per message', async () => {
    const said = await listenForNewMessages();
    expect((await server.dashboard('POST', '/sim/scenarios/support-rush/run')).status).toBe(202);
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 60 })).status).toBe(200);
    // All five said: the first customer at the run, the other four with the advance.
    await expect.poll(async () => (await said()).reduce((sum, sentence) => sum + messagesSaid(sentence), 0), { timeout: 20_000 }).toBe(5);
    const sentences = await said();
    expect(sentences.length).toBeLessThanOrEqual(2);
    // The last names the first of the customers it counts, and counts the others: "4 new messages: Nora Quinn, Maya Torres and 2 more."
    expect(sentences.at(-1)).toMatch(/^(\d) new messages: (Ishaan Kapoor|Nora Quinn), (Nora Quinn|Maya Torres) and \d more\.$/);
    for (const sentence of sentences) expect(sentence).not.toMatch(/\d{10,}/);
  });
});
