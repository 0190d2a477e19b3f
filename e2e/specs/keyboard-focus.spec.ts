// Where the keyboard focus goes when the control that held it becomes unavailable or goes away: a button kept on
// screen keeps it while its request runs (and after its own press emptied what it needs); a question answered, a
// form done, a card or a note deleted or a contact unblocked hands it to what took its place (or comes next); a
// campaign opened puts it on its name, and back on the list, on its row. Every step presses keys and checks
// document.activeElement once what it waits for is shown.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ListEnvelope } from '../../src-core/contract/index.ts';
import type { WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';
import { focusOn as focusOnIn } from '../fixtures/keyboard.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let session: ReceiverSession;
let page: Page;
let receiver: WebhookReceiver;

beforeAll(async () => {
  session = await openConsoleWithReceiver({ width: 1440, height: 900 });
  ({ server, page, receiver } = session);
});
afterAll(async () => {
  await session?.stop();
});

const focusOn = (selector: string) => focusOnIn(page, selector);
/** Whether the element with this test id has the focus now. */
const hasFocus = (testId: string) => page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId);
const virtualNow = async () => Date.parse((await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now);

describe('buttons that stay on screen keep the focus', () => {
  it('Send keeps it while the reply goes and once the emptied reply makes it unavailable', async () => {
    const customer = '+14155550177';
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: customer, text: 'Hello?' })).status).toBe(201);
    await page.locator(`[data-testid="conversation-row"][data-address="${customer}"]`).click();
    await page.getByTestId('composer').fill('Keyboard reply');
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="send-reply"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('message').filter({ hasText: 'Keyboard reply' }).waitFor();
    await expect.poll(() => page.getByTestId('composer').inputValue()).toBe('');
    // Unavailable (nothing to send), yet it holds the focus: aria-disabled, not disabled, until the focus leaves.
    await page.locator('[data-testid="send-reply"][aria-disabled="true"]').waitFor();
    expect(await hasFocus('send-reply')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('message').filter({ hasText: 'Keyboard reply' }).count()).toBe(1);
    await page.keyboard.press('Shift+Tab');
    await focusOn('[data-testid="composer"]');
    await page.locator('[data-testid="send-reply"][disabled]').waitFor();
  });

  it('the clock buttons keep it while the clock moves, and the handset viewer\'s Open keeps it', async () => {
    await page.getByTestId('nav-simulator').click();
    const before = await virtualNow();
    await page.getByTestId('advance-60').focus();
    await page.keyboard.press('Enter');
    await expect.poll(virtualNow).toBeGreaterThanOrEqual(before + 60_000);
    // The console heard the answer (it says so), and only then is the press over: the server's clock alone can move
    // before a busy page has even shown the button pending, and then the press would end after the checks below.
    await page.locator('[data-testid="announcer"] p:last-child').filter({ hasText: /^Clock advanced to / }).waitFor({ state: 'attached' });
    await page.locator('[data-testid="advance-60"]:not([aria-disabled])').waitFor();
    await page.locator('[data-testid="advance-10"]:not([disabled])').waitFor();
    expect(await hasFocus('advance-60')).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await focusOn('[data-testid="advance-10"]');

    await page.getByTestId('handset-address').fill('+14155550199');
    await page.keyboard.press('Tab');
    await focusOn('[data-testid="handset-open"]');
    await page.keyboard.press('Enter');
    await page.getByText('Nothing received yet').waitFor();
    expect(await hasFocus('handset-open')).toBe(true);
    expect(await page.getByTestId('handset-address').inputValue()).toBe('+14155550199');
  });
});

describe('what takes a removed control\'s place takes the focus', () => {
  it('API keys: Cancel and Done give it to New key; Revoke asks with the focus on Cancel, and a revoked key puts it on its state', async () => {
    await page.getByTestId('nav-keys').click();
    await page.getByTestId('new-key').focus();
    await page.keyboard.press('Enter');
    await focusOn('[data-testid="key-name"]');
    await page.getByTestId('create-key-cancel').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('create-key-form').waitFor({ state: 'detached' });
    await focusOn('[data-testid="new-key"]');

    await page.keyboard.press('Enter');
    await focusOn('[data-testid="key-name"]');
    await page.keyboard.type('Focus test');
    await page.getByTestId('scope-group-contacts').focus();
    await page.keyboard.press(' ');
    await page.getByTestId('create-key').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('created-key').waitFor();
    await focusOn('[data-testid="copy-key"]');
    await page.getByTestId('created-key-done').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('created-key').waitFor({ state: 'detached' });
    await focusOn('[data-testid="new-key"]');

    const row = page.getByTestId('key-row').filter({ hasText: 'Focus test' });
    const rowSelector = `[data-testid="key-row"][data-key-id="${await row.getAttribute('data-key-id')}"]`;
    await row.getByTestId('revoke-key').focus();
    await page.keyboard.press('Enter');
    await focusOn(`[data-testid="revoke-key-cancel"]`); // the question has a row of its own under the key
    await page.keyboard.press('Enter');
    await focusOn(`${rowSelector} [data-testid="revoke-key"]`);
    await page.keyboard.press('Enter');
    await focusOn(`[data-testid="revoke-key-cancel"]`); // the question has a row of its own under the key
    await page.keyboard.press('Shift+Tab');
    await focusOn(`[data-testid="revoke-key-confirm"]`);
    await page.keyboard.press('Enter');
    await row.locator('.badge.danger').filter({ hasText: 'revoked' }).waitFor();
    await focusOn(`${rowSelector} .badge.danger`);
  });

  it('webhook endpoints: Keep gives it back, a rotation puts it on Copy, Disable keeps it, a deletion gives it to Add endpoint', async () => {
    const created = await server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: receiver.url, events: '*' });
    expect(created.status).toBe(201);
    await page.getByTestId('nav-webhooks').click();
    const card = page.locator(`[data-testid="endpoint-card"][data-endpoint-id="${created.body.id}"]`);
    await card.waitFor();
    const inCard = (testId: string) => `[data-endpoint-id="${created.body.id}"] [data-testid="${testId}"]`;

    await card.getByTestId('rotate-secret').focus();
    await page.keyboard.press('Enter');
    await focusOn(inCard('keep-endpoint'));
    await page.keyboard.press('Enter');
    await focusOn(inCard('rotate-secret'));
    await page.keyboard.press('Enter');
    await focusOn(inCard('keep-endpoint'));
    await page.keyboard.press('Shift+Tab');
    await focusOn(inCard('confirm-rotate'));
    await page.keyboard.press('Enter');
    await page.getByTestId('secret-once').filter({ hasText: 'Secret rotated' }).waitFor();
    await focusOn('[data-testid="copy-secret"]');

    await card.getByTestId('toggle-endpoint').focus();
    await page.keyboard.press('Enter');
    await card.locator('[data-testid="endpoint-state"]').filter({ hasText: 'Disabled' }).waitFor();
    await page.locator(`${inCard('toggle-endpoint')}:not([aria-disabled])`).filter({ hasText: 'Enable' }).waitFor();
    expect(await page.evaluate((s) => document.activeElement?.matches(s), inCard('toggle-endpoint'))).toBe(true);

    await card.getByTestId('delete-endpoint').focus();
    await page.keyboard.press('Enter');
    await focusOn(inCard('keep-endpoint'));
    await page.keyboard.press('Shift+Tab');
    await focusOn(inCard('confirm-delete'));
    await page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });
    await focusOn('[data-testid="new-endpoint"]');
  });

  it('inbox: Unblock done gives it to the composer (on RCS, its template\'s choice)', async () => {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550178', text: 'Unblock me' })).status).toBe(201);
    for (const channel of ['rcs', 'whatsapp']) {
      const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', `/dashboard/conversations?channel=${channel}${channel === 'whatsapp' ? '&search=%2B14155550178' : ''}`);
      const conversation = listed.body.data[0];
      expect((await server.dashboard('POST', `/dashboard/contacts/${conversation?.contactId}/block`, { reason: 'Focus test' })).status).toBe(200);
      await page.getByTestId('nav-inbox').click();
      await page.getByTestId(`tab-${channel}`).click();
      await page.locator(`[data-testid="conversation-row"][data-address="${conversation?.address}"]`).click();
      await page.getByTestId('composer-blocked').filter({ hasText: 'Blocked: Focus test' }).waitFor();
      await page.getByTestId('composer-unblock').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('composer-blocked').waitFor({ state: 'detached' });
      await focusOn(channel === 'rcs' ? '[data-testid="rcs-composer"] [data-testid="reply-template"]' : '[data-testid="composer"]');
    }
  });

  it('contacts: a note\'s Delete asks first (Cancel keeps it); one deleted gives it to the next note\'s Delete, the previous one\'s for the last, then the note field', async () => {
    const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', '/dashboard/conversations?channel=whatsapp&search=%2B14155550178');
    const contactId = listed.body.data[0]?.contactId ?? '';
    for (const content of ['First note', 'Second note', 'Third note']) {
      expect((await server.dashboard('POST', `/dashboard/contacts/${contactId}/notes`, { content })).status).toBe(201);
    }
    await page.getByTestId('open-contact').click(); // the WhatsApp thread's contact, left open above
    await page.getByTestId('open-contact-page').click(); // the contacts page, as the panel beside the thread is the same
    await page.getByTestId('contact-field-phone').filter({ hasText: '+14155550178' }).waitFor();
    const notes = page.getByTestId('note');
    await notes.nth(2).waitFor();
    const ids = await notes.evaluateAll((items) => items.map((item) => item.getAttribute('data-note-id') ?? ''));
    const deleteOf = (id: string | undefined) => `[data-note-id="${id}"] [data-testid="delete-note"]`;
    // Delete asks first, the focus on Cancel (the safe answer); Delete note, before it, deletes.
    const remove = async (id: string | undefined) => {
      await page.locator(deleteOf(id)).focus();
      await page.keyboard.press('Enter');
      await focusOn(`[data-note-id="${id}"] [data-testid="delete-note-cancel"]`);
      await page.keyboard.press('Shift+Tab');
      await focusOn(`[data-note-id="${id}"] [data-testid="delete-note-confirm"]`);
      await page.keyboard.press('Enter');
      await page.locator(`[data-note-id="${id}"]`).waitFor({ state: 'detached' });
    };
    // Cancel keeps the note, the focus back on its Delete.
    await page.locator(deleteOf(ids[0])).focus();
    await page.keyboard.press('Enter');
    expect(await page.locator(`[data-note-id="${ids[0]}"]`).textContent()).toContain('Delete this note? It cannot be brought back.');
    await focusOn(`[data-note-id="${ids[0]}"] [data-testid="delete-note-cancel"]`);
    await page.keyboard.press('Enter');
    await focusOn(deleteOf(ids[0]));
    expect(await notes.count()).toBe(3);
    await remove(ids[0]);
    await focusOn(deleteOf(ids[1]));
    await remove(ids[2]);
    await focusOn(deleteOf(ids[1]));
    await remove(ids[1]);
    await focusOn('[data-testid="note-input"]');
  });

  it('a campaign opened from its row takes the focus on its name; back on the list, its row has it', async () => {
    await page.getByTestId('nav-campaigns').click();
    const row = page.getByTestId('campaign-row').filter({ hasText: 'Festive sale for VIPs' });
    const id = await row.getAttribute('data-campaign-id');
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('campaign-detail').waitFor();
    await focusOn('[data-testid="campaign-detail"] h1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Festive sale for VIPs');
    await page.keyboard.press('Shift+Tab');
    await focusOn('[data-testid="back-to-list"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('campaign-list').waitFor();
    await focusOn(`[data-testid="campaign-row"][data-campaign-id="${id}"]`);
  });
});
