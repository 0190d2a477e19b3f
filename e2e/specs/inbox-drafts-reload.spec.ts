// A reply being written outlives a reload of the tab: its text, and a WhatsApp or RCS template chosen with its values,
// each back with its conversation (its row marked "Draft ·"), kept in the tab's sessionStorage for the organization
// (never localStorage: a draft can hold a customer's details); once sent, none comes back after a reload, even one made
// between the send and its answer (the draft is taken out when the send starts); a send that fails gives it back. A
// WhatsApp or RCS template draft whose template is no longer approved is shown with a note and its values, until discarded.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';

let server: E2eServer;
let page: Page;
const CUSTOMER = '+14155550191';
const TEXT = 'It left our warehouse this morning.\nTracking link to follow';
/** A WhatsApp conversation whose window has closed (a template reply), and the list it is in; an RCS conversation. */
let closed: { address: string; state: string };
let rcs: string;
let organizationId: string;

consoleForFile({}, async (opened) => {
  ({ page, server } = opened);
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: CUSTOMER, text: 'Where is my order?' })).status).toBe(201);
  organizationId = (await server.dashboard<{ defaultOrganizationId: string }>('GET', '/dashboard/organizations')).body.defaultOrganizationId;
  closed = await closedWindowConversation();
  const rcsListed = await server.dashboard<{ data: Array<{ address: string; contactBlocked: boolean; state: string }> }>('GET', '/dashboard/conversations?channel=rcs&limit=100');
  const open = rcsListed.body.data.find((c) => !c.contactBlocked && c.state === 'open');
  if (!open) throw new Error('no open RCS conversation');
  rcs = open.address;
  await page.getByTestId('nav-inbox').click();
});

async function closedWindowConversation(): Promise<{ address: string; state: string }> {
  const list = await server.dashboard<{ data: Array<{ id: string; address: string; contactBlocked: boolean; state: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&limit=100');
  for (const c of list.body.data.filter((row) => !row.contactBlocked && row.state !== 'snoozed')) {
    const detail = await server.dashboard<{ careWindow: { open: boolean } }>('GET', `/dashboard/conversations/${c.id}`);
    if (!detail.body.careWindow.open) return { address: c.address, state: c.state };
  }
  throw new Error('no WhatsApp conversation with a closed window');
}

async function open(channel: string, address: string, state = 'open'): Promise<void> {
  await page.getByTestId(`tab-${channel}`).click();
  await page.getByTestId(`show-${state}`).click();
  await listReady(page).waitFor();
  await conversationRow(page, address).click();
  await page.getByTestId('thread-address').filter({ hasText: address }).waitFor();
}
const openClosed = () => open('whatsapp', closed.address, closed.state);
const reply = () => page.getByTestId('composer');
const kept = () => page.evaluate((key) => ({ session: sessionStorage.getItem(key), local: Object.keys(localStorage).filter((k) => k.includes('draft')) }), `switchboard.drafts.${organizationId}`);
/** Whether `address`'s row (in the list shown) reads "Draft ·". */
const drafted = async (address: string) => (await conversationRow(page, address).getByTestId('row-draft').count()) === 1;

async function reload(): Promise<void> {
  await page.reload();
  await page.getByTestId('nav-inbox').click();
  await listReady(page).waitFor();
}

describe('a reply being written, across a reload of the tab', () => {
  it('comes back with its conversation: free text, a WhatsApp template with its values, an RCS template with its values', async () => {
    await open('whatsapp', CUSTOMER);
    await reply().fill(TEXT);
    await openClosed();
    const template = page.getByTestId('template-composer');
    await template.getByTestId('reply-template').selectOption({ label: 'order_update · English (US)' });
    await template.getByTestId('reply-var-header.1').fill('#1002');
    await template.getByTestId('reply-var-body.1').fill('Meera');
    await open('rcs', rcs);
    await page.getByTestId('rcs-composer').getByTestId('reply-template').selectOption({ label: 'Order update card · Rich card' });
    await page.getByTestId('reply-var-order').fill('#1004');
    expect(await drafted(rcs)).toBe(true);
    // In the tab's session only (written once typing pauses), and nothing of it in localStorage.
    await expect.poll(async () => (await kept()).session ?? '').toContain('#1004');
    expect((await kept()).local).toEqual([]);

    await reload();
    await open('rcs', rcs);
    expect(await drafted(rcs)).toBe(true);
    const card = page.getByTestId('rcs-composer');
    await expect.poll(() => page.getByTestId('reply-var-order').inputValue().catch(() => null)).toBe('#1004');
    expect(await card.getByTestId('reply-template').inputValue()).not.toBe('');
    expect(await page.getByTestId('reply-var-eta').inputValue()).toBe('');
    await openClosed();
    expect(await drafted(closed.address)).toBe(true);
    await expect.poll(() => template.getByTestId('reply-var-body.1').inputValue().catch(() => null)).toBe('Meera');
    expect(await template.getByTestId('reply-var-header.1').inputValue()).toBe('#1002');
    expect(await template.getByTestId('reply-var-body.2').inputValue()).toBe('');
    expect(await template.getByTestId('reply-preview').getByTestId('message-header').textContent()).toBe('Order #1002');
    await open('whatsapp', CUSTOMER);
    expect(await drafted(CUSTOMER)).toBe(true);
    expect(await reply().inputValue()).toBe(TEXT);
  });

  it('once sent, is gone, and does not come back after a reload', async () => {
    await open('whatsapp', CUSTOMER);
    await reply().press('Enter');
    await page.getByTestId('message').filter({ hasText: 'Tracking link to follow' }).waitFor();
    await expect.poll(() => reply().inputValue()).toBe('');

    await openClosed();
    const template = page.getByTestId('template-composer');
    await template.getByTestId('reply-var-body.2').fill('#1002');
    await template.getByTestId('reply-var-body.3').fill('Friday');
    await template.getByTestId('reply-var-button.1').fill('1002');
    await template.getByTestId('send-template').click();
    await page.getByTestId('message').filter({ hasText: 'Hi Meera, your order #1002 has shipped and should arrive by Friday.' }).waitFor();
    await expect.poll(() => template.getByTestId('reply-var-body.1').inputValue()).toBe('');

    await open('rcs', rcs);
    await page.getByTestId('reply-var-eta').fill('on Monday');
    await page.getByTestId('rcs-composer').getByTestId('send-template').click();
    await page.getByTestId('message').filter({ hasText: 'parcel arrives on Monday.' }).first().waitFor();
    await expect.poll(() => page.getByTestId('reply-var-eta').inputValue()).toBe('');
    expect(await drafted(rcs)).toBe(false);
    await expect.poll(async () => (await kept()).session).toBeNull();

    await reload();
    await open('rcs', rcs);
    expect(await drafted(rcs)).toBe(false);
    await page.getByTestId('rcs-composer').waitFor();
    expect(await page.getByTestId('rcs-composer').getByTestId('reply-template').inputValue()).toBe('');
    await openClosed();
    expect(await drafted(closed.address)).toBe(false);
    expect(await template.getByTestId('reply-template').inputValue()).toBe('');
    expect(await template.getByTestId('reply-blockers').textContent()).toBe('Still needed: a template.');
    await open('whatsapp', CUSTOMER);
    expect(await drafted(CUSTOMER)).toBe(false);
    expect(await reply().inputValue()).toBe('');
  });

  it('sent, is no draft from the moment it is sent: a reload before its answer does not bring it back', async () => {
    await open('whatsapp', CUSTOMER);
    await reply().fill('Your parcel is out for delivery.');
    await expect.poll(async () => (await kept()).session ?? '').toContain('out for delivery');
    // The core takes the reply; its answer is held until after the reload.
    let answered!: () => void;
    const held = new Promise<void>((done) => { answered = done; });
    let taken!: () => void;
    const reached = new Promise<void>((done) => { taken = done; });
    await page.route('**/dashboard/conversations/*/reply', async (route) => {
      const response = await route.fetch();
      taken();
      await held;
      await route.fulfill({ response }).catch(() => undefined);
    }, { times: 1 });
    await reply().press('Enter');
    await reached;
    expect((await kept()).session ?? '').not.toContain('out for delivery');
    await reload();
    answered();
    await open('whatsapp', CUSTOMER);
    await page.getByTestId('message').filter({ hasText: 'Your parcel is out for delivery.' }).waitFor();
    expect(await drafted(CUSTOMER)).toBe(false);
    expect(await reply().inputValue()).toBe('');
  });

  it('sent and refused, is the draft again, kept across a reload, the refusal shown', async () => {
    await open('whatsapp', CUSTOMER);
    await reply().fill('Refund issued today.');
    await page.route('**/dashboard/conversations/*/reply', (route) => route.fulfill({
      status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'The core is busy' }),
    }), { times: 1 });
    await reply().press('Enter');
    await page.getByTestId('reply-error').filter({ hasText: 'The core is busy' }).waitFor();
    expect(await reply().inputValue()).toBe('Refund issued today.');
    await expect.poll(async () => (await kept()).session ?? '').toContain('Refund issued today.');
    await reload();
    await open('whatsapp', CUSTOMER);
    expect(await drafted(CUSTOMER)).toBe(true);
    expect(await reply().inputValue()).toBe('Refund issued today.');
  });

  it('whose WhatsApp template is no longer approved, is shown with a note and what it holds, as its row says, until discarded', async () => {
    const rejected = (await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/whatsapp/templates?status=REJECTED&limit=100')).body.data[0];
    if (!rejected) throw new Error('no rejected WhatsApp template');
    const listed = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&state=all&limit=100');
    const id = listed.body.data.find((c) => c.address === closed.address)?.id as string;
    // A draft kept from when its template was approved (the tab's storage, as the console writes it).
    const values = { header: [], body: [{ kind: 'static', text: 'Meera' }], mediaLink: '', buttons: {} };
    await page.evaluate(({ key, entry }) => sessionStorage.setItem(key, JSON.stringify({ v: 1, drafts: [entry] })),
      { key: `switchboard.drafts.${organizationId}`, entry: [id, { template: { channel: 'whatsapp', templateId: rejected.id, values } }] });
    await reload();
    await openClosed();
    expect(await drafted(closed.address)).toBe(true);
    const note = page.getByTestId('template-draft-stale');
    await note.filter({ hasText: `The template “${rejected.name}”` }).waitFor();
    expect(await note.locator('p').textContent()).toMatch(/ was rejected, so WhatsApp will not send it\. Choose another template for this reply; what this draft holds:$/);
    expect(await page.getByTestId('template-draft-stale-values').innerText()).toBe('Meera');
    expect(await page.getByTestId('template-composer').getByTestId('reply-template').inputValue()).toBe('');
    await page.getByTestId('discard-template-draft').click();
    await note.waitFor({ state: 'detached' });
    expect(await drafted(closed.address)).toBe(false);
    await expect.poll(async () => (await kept()).session).toBeNull();
  });

  it('whose RCS template is no longer approved, is shown with a note and what it holds, as its row says, until discarded', async () => {
    const templates = await server.dashboard<{ data: Array<{ botId: string }> }>('GET', '/dashboard/rcs/templates?limit=100');
    // Reviewed on the clock: a name starting "REJ" is rejected 60 s after it is made.
    const made = await server.dashboard<{ id: string }>('POST', '/dashboard/rcs/templates', {
      botId: templates.body.data[0]?.botId, name: 'REJ Delivery slot', text: 'Hi {{name}}, your delivery slot is {{slot}}.',
    });
    await server.dashboard('POST', '/sim/clock/advance', { seconds: 60 });
    const listed = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', '/dashboard/conversations?channel=rcs&state=all&limit=100');
    const id = listed.body.data.find((c) => c.address === rcs)?.id as string;
    // A draft kept from when its template was approved (the tab's storage, as the console writes it).
    const typed = { slot: 'Tuesday 10:00', name: 'Priya' };
    await page.evaluate(({ key, entry }) => sessionStorage.setItem(key, JSON.stringify({ v: 1, drafts: [entry] })),
      { key: `switchboard.drafts.${organizationId}`, entry: [id, { template: { channel: 'rcs', templateId: made.body.id, typed } }] });
    await reload();
    await open('rcs', rcs);
    expect(await drafted(rcs)).toBe(true);
    const composer = page.getByTestId('rcs-composer');
    const note = composer.getByTestId('template-draft-stale');
    await note.filter({ hasText: 'The template “REJ Delivery slot”' }).waitFor();
    expect(await note.locator('p').textContent()).toMatch(/ was rejected, so RCS will not send it\. Choose another template for this reply; what this draft holds:$/);
    // In the template's order: {{name}}, then {{slot}}.
    expect(await composer.getByTestId('template-draft-stale-values').innerText()).toBe('Priya\nTuesday 10:00');
    expect(await composer.getByTestId('reply-template').inputValue()).toBe('');
    expect(await composer.getByTestId('send-template').isDisabled()).toBe(true);
    await composer.getByTestId('discard-template-draft').click();
    await note.waitFor({ state: 'detached' });
    expect(await drafted(rcs)).toBe(false);
    await expect.poll(async () => (await kept()).session).toBeNull();
  });

  it('typed, then the tab reloaded at once (before typing pauses long enough to write it), comes back', async () => {
    await open('whatsapp', CUSTOMER);
    await reply().fill('Refund issued today. A voucher follows.');
    await reload();
    await open('whatsapp', CUSTOMER);
    expect(await drafted(CUSTOMER)).toBe(true);
    expect(await reply().inputValue()).toBe('Refund issued today. A voucher follows.');
  });
});
