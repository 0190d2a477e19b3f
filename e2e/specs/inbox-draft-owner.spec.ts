// A reply draft written to one contact, in a conversation that then moves to another (its address changed hands): the
// draft is kept, a note over the composer says who it was written to and who has the conversation now, and Send (the
// button and Enter) waits until the agent keeps it for the new contact or discards it; across a reload too. axe over
// the note, both themes.
import { describe, expect, it } from 'vitest';
import { aliceWroteFrom } from '../fixtures/address-handover.ts';
import { axeInThemes } from '../fixtures/axe.ts';
import { screenshot } from '../fixtures/browser.ts';
import { conversationRow } from '../fixtures/inbox.ts';

const OLD = '+14155550131';
const { page, thread, aliceId, openConversation: openOldNumber, handOver, contactNamed } = aliceWroteFrom(OLD, 'Where is my refund?');
const note = () => thread().getByTestId('draft-owner-note');
const reply = () => thread().getByTestId('composer');
const send = () => thread().getByTestId('send-reply');
const DRAFT = 'Hi Alice, your refund of ₹1,200 went out today.';

describe('a draft written before the conversation moved to another contact', () => {
  it('is kept, with a note naming both; Send waits until Keep it for the new contact', async () => {
    await openOldNumber();
    await reply().fill(DRAFT);
    expect(await note().count()).toBe(0);

    await handOver(aliceId(), '+14155550132', 'Ben Ortiz', 'Hello, new number here');
    await thread().locator('h2', { hasText: /^Ben Ortiz$/ }).waitFor();
    await thread().locator('[data-testid="draft-owner-note"][data-ready="true"]').waitFor();
    expect(await note().getAttribute('role')).toBe('alert');
    expect(await note().locator('strong').textContent()).toBe('This draft was written to Alice Rao; the conversation is now with Ben Ortiz.');
    expect(await reply().inputValue()).toBe(DRAFT);
    expect(await send().getAttribute('aria-disabled')).toBe('true');
    // Enter in the reply sends nothing while the note stands.
    await reply().press('End');
    await reply().press('Enter');
    await expect.poll(() => reply().inputValue()).toBe(DRAFT);
    expect(await thread().getByTestId('message').count()).toBe(2);
    await screenshot(page(), 'inbox-draft-owner-note');

    // Kept across a reload: the draft remembers who it was written to.
    await page().reload();
    await page().getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await openOldNumber();
    await thread().locator('[data-testid="draft-owner-note"][data-ready="true"]').waitFor();
    expect(await reply().inputValue()).toBe(DRAFT);

    await note().getByRole('button', { name: 'Keep it for Ben Ortiz' }).click();
    expect(await note().count()).toBe(0);
    expect(await reply().evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await reply().inputValue()).toBe(DRAFT);
    expect(await send().getAttribute('aria-disabled')).toBeNull();
  });

  it('Discard draft empties the reply, the focus in it', async () => {
    await reply().fill('Hi Ben, welcome!');
    // Ben's number changes too; Cara writes from it.
    await handOver(await contactNamed('Ben Ortiz'), '+14155550133', 'Cara Diaz', 'Hi, Cara here');
    await thread().locator('[data-testid="draft-owner-note"][data-ready="true"]').waitFor();
    expect(await note().locator('strong').textContent()).toBe('This draft was written to Ben Ortiz; the conversation is now with Cara Diaz.');
    await note().getByRole('button', { name: 'Discard draft' }).click();
    expect(await note().count()).toBe(0);
    expect(await reply().inputValue()).toBe('');
    expect(await reply().evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await conversationRow(page(), OLD).getByTestId('row-draft').count()).toBe(0);
  });
});

axeInThemes(page, [
  ['a draft written to the conversation\'s earlier contact, its note over the composer', async () => {
    await openOldNumber();
    if (await note().count() === 0) {
      await reply().fill('Hi Cara, thanks for your patience.');
      await handOver(await contactNamed('Cara Diaz'), '+14155550134', 'Dan Evans', 'Dan here');
    }
    await thread().locator('[data-testid="draft-owner-note"][data-ready="true"]', { hasText: 'written to Cara Diaz' }).waitFor();
  }],
]);
