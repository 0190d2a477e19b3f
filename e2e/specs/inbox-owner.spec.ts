// A conversation follows the contact that owns its address now: after Alice's phone is edited, a message from her old
// number is a new contact's, and the open thread (and its row) names them live; a separator after Alice's last message
// says the earlier messages were with her ("another contact" when she cannot be read). axe over that thread, both themes.
import { describe, expect, it } from 'vitest';
import { aliceWroteFrom } from '../fixtures/address-handover.ts';
import { axeInThemes } from '../fixtures/axe.ts';
import { screenshot } from '../fixtures/browser.ts';
import { conversationRow } from '../fixtures/inbox.ts';

const OLD = '+14155550111';
const { page, thread, aliceId, openConversation: openOldNumber, handOver } = aliceWroteFrom(OLD, 'Hi, this is Alice');
const separator = () => thread().getByTestId('owner-change');
/** What the thread's list holds, in order: each message's text, and each separator's words. */
const threadItems = () => thread().getByTestId('thread-messages').locator('[data-testid="message"] p, [data-testid="owner-change"]').allTextContents();

describe('a conversation whose address changed hands', () => {
  it('names the new contact live in the thread and its row, a separator after Alice\'s last message saying they were with her', async () => {
    await openOldNumber();
    expect(await thread().locator('h2').textContent()).toBe('Alice Rao');
    expect(await separator().count()).toBe(0);

    await handOver(aliceId(), '+14155550122', 'Ben Ortiz', 'Hello, I just got this number');

    await thread().locator('h2', { hasText: /^Ben Ortiz$/ }).waitFor();
    await conversationRow(page(), OLD).locator('.name', { hasText: /^Ben Ortiz$/ }).waitFor();
    await thread().locator('[data-testid="owner-change"][data-ready="true"]').waitFor();
    expect(await threadItems()).toEqual(['Hi, this is Alice', 'Earlier messages were with Alice Rao', 'Hello, I just got this number']);
    // A separator named by its words, not a line alone.
    expect(await thread().getByRole('separator', { name: 'Earlier messages were with Alice Rao' }).count()).toBe(1);
    await screenshot(page(), 'inbox-owner-separator');
  });

  it('says "another contact" when the earlier contact cannot be read', async () => {
    await page().route(`**/dashboard/contacts/${aliceId()}`, (route) => route.fulfill({
      status: 404, contentType: 'application/json', body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: `Contact ${aliceId()} not found` }),
    }));
    await page().reload();
    await page().getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await openOldNumber();
    await thread().locator('[data-testid="owner-change"][data-ready="true"]').waitFor();
    expect(await separator().textContent()).toBe('Earlier messages were with another contact');
    await page().unroute(`**/dashboard/contacts/${aliceId()}`);
    await page().reload();
    await page().getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
  });
});

axeInThemes(page, [
  ['a thread whose earlier messages were with another contact', async () => {
    await openOldNumber();
    await thread().locator('[data-testid="owner-change"][data-ready="true"]', { hasText: 'Alice Rao' }).waitFor();
  }],
]);
