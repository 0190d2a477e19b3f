// A reply draft written to one contact, in a conversation that then moves to another (its address changed hands): the
// draft is kept, a note over the composer says who it was written to and who has the conversation now, and Send (the
// button and Enter) waits until the agent keeps it for the new contact or discards it; across a reload too. axe over
// the note, both themes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeInThemes } from '../fixtures/axe.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';

const OLD = '+14155550131';
let aliceId: string;
const session = consoleForFile({ seed: 'none' }, async ({ server }) => {
  aliceId = (await server.dashboard<{ id: string }>('POST', '/dashboard/contacts', { name: 'Alice Rao', phone: OLD })).body.id;
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: OLD, text: 'Where is my refund?' })).status).toBe(201);
});
const page = (): Page => session().page;
const thread = () => page().getByTestId('thread');
const note = () => thread().getByTestId('draft-owner-note');
const reply = () => thread().getByTestId('composer');
const send = () => thread().getByTestId('send-reply');
const DRAFT = 'Hi Alice, your refund of ₹1,200 went out today.';

async function openOldNumber(): Promise<void> {
  await page().getByTestId('nav-inbox').click();
  await page().getByTestId('tab-whatsapp').click();
  await listReady(page()).waitFor();
  await conversationRow(page(), OLD).click();
  await thread().getByTestId('message').first().waitFor();
}

describe('a draft written before the conversation moved to another contact', () => {
  it('is kept, with a note naming both; Send waits until Keep it for the new contact', async () => {
    await openOldNumber();
    await reply().fill(DRAFT);
    expect(await note().count()).toBe(0);

    expect((await session().server.dashboard('PATCH', `/dashboard/contacts/${aliceId}`, { phone: '+14155550132' })).status).toBe(200);
    expect((await session().server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: OLD, text: 'Hello, new number here', name: 'Ben Ortiz' })).status).toBe(201);
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
    const contacts = (await session().server.dashboard<{ data: { id: string; name: string }[] }>('GET', '/dashboard/contacts?search=Ben')).body.data;
    const benContact = contacts.find((c) => c.name === 'Ben Ortiz');
    expect(benContact).toBeDefined();
    expect((await session().server.dashboard('PATCH', `/dashboard/contacts/${benContact?.id}`, { phone: '+14155550133' })).status).toBe(200);
    expect((await session().server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: OLD, text: 'Hi, Cara here', name: 'Cara Diaz' })).status).toBe(201);
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
      const cara = (await session().server.dashboard<{ data: { id: string; name: string }[] }>('GET', '/dashboard/contacts?search=Cara')).body.data.find((c) => c.name === 'Cara Diaz');
      expect((await session().server.dashboard('PATCH', `/dashboard/contacts/${cara?.id}`, { phone: '+14155550134' })).status).toBe(200);
      expect((await session().server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: OLD, text: 'Dan here', name: 'Dan Evans' })).status).toBe(201);
    }
    await thread().locator('[data-testid="draft-owner-note"][data-ready="true"]', { hasText: 'written to Cara Diaz' }).waitFor();
  }],
]);
