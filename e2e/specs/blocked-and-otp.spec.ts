// Two flows across the console: a blocked contact's sends are refused with its reason (also when it was
// blocked elsewhere while the composer was open), and an OTP code is read in the handset viewer and verified.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Contact, Conversation, ListEnvelope, Message } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const CUSTOMER = '+14155550177';
const OTP_PHONE = '+14155550166';
const REASON = 'Threatened staff on the phone';
const RACE_REASON = 'Chargeback fraud reported by finance';

// The live stream, with contact events held back on demand: the page keeps believing what it last heard,
// as it would while an event is still on its way.
let holdContactEvents = false;
const held: Array<() => void> = [];
function releaseContactEvents(): void {
  holdContactEvents = false;
  for (const deliver of held.splice(0)) deliver();
}

type Wallet = { balancePaise: number };
const ledgerState = async () => ({
  balancePaise: (await server.dashboard<Wallet>('GET', '/dashboard/wallet')).body.balancePaise,
  ledgerLines: (await server.dashboard<ListEnvelope<unknown>>('GET', '/dashboard/wallet/ledger?limit=1')).body.meta.total,
});

consoleForFile({
  beforeOpen: (tab) => tab.routeWebSocket(/\/socket\.io\//, (ws) => {
    const core = ws.connectToServer();
    core.onMessage((frame) => {
      if (holdContactEvents && typeof frame === 'string' && frame.includes('"contact:')) held.push(() => ws.send(frame));
      else ws.send(frame);
    });
  }),
}, (opened) => {
  ({ server, page } = opened);
});

describe('a blocked contact', () => {
  let contactId = '';
  let conversationId = '';
  const row = () => page.locator(`[data-testid="conversation-row"][data-address="${CUSTOMER}"]`);

  it('is blocked from the contact panel, and the inbox composer shows why', async () => {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: CUSTOMER, text: 'Hi' })).status).toBe(201);
    const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', `/dashboard/conversations?channel=whatsapp&search=${encodeURIComponent(CUSTOMER)}`);
    const conversation = listed.body.data[0];
    expect(conversation?.contactId).toBeTruthy();
    contactId = conversation?.contactId ?? '';
    conversationId = conversation?.id ?? '';

    await page.getByTestId('nav-contacts').click();
    await page.getByTestId('contact-search').fill('14155550177');
    await page.locator('[data-testid="contact-list"][data-search="14155550177"][data-ready="true"]').waitFor();
    await page.locator(`[data-testid="contact-row"][data-contact-id="${contactId}"]`).click();
    await page.getByTestId('block').click();
    await page.getByTestId('block-reason').fill(REASON);
    await page.getByTestId('confirm-block').click();
    await page.locator('[data-testid="contact-panel"][data-blocked="true"]').waitFor();

    await page.getByTestId('nav-inbox').click();
    await row().click();
    await page.getByTestId('thread').waitFor();
    await page.getByTestId('composer-blocked').filter({ hasText: `Blocked: ${REASON}` }).waitFor();
    expect(await page.getByTestId('composer').count()).toBe(0);
    await screenshot(page, 'blocked-composer');
  });

  it('is unblocked from the composer, blocked again from the API, and the reply is refused inline with the reason, uncharged', async () => {
    await page.getByTestId('composer-unblock').click();
    await page.getByTestId('composer').waitFor();
    expect((await server.dashboard<Contact>('GET', `/dashboard/contacts/${contactId}`)).body.isBlocked).toBe(false);

    const before = await ledgerState();
    holdContactEvents = true;
    const blocked = await server.dashboard<Contact>('POST', `/dashboard/contacts/${contactId}/block`, { reason: RACE_REASON });
    expect(blocked.status).toBe(200);
    // The page has not heard of the block yet: its composer is still open.
    expect(await page.getByTestId('composer-blocked').count()).toBe(0);
    await page.getByTestId('composer').fill('Are you still there?');
    const answered = page.waitForResponse((response) => response.url().endsWith(`/dashboard/conversations/${conversationId}/reply`));
    await page.getByTestId('send-reply').click();
    const refused = await answered;
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'CONTACT_BLOCKED', reason: RACE_REASON });

    await page.getByTestId('reply-error').filter({ hasText: RACE_REASON }).waitFor();
    // The refusal refreshes the contact, so the notice replaces the composer without waiting for the live event.
    await page.getByTestId('composer-blocked').filter({ hasText: `Blocked: ${RACE_REASON}` }).waitFor();
    await screenshot(page, 'blocked-reply-refused');
    releaseContactEvents();

    const again = await server.dashboard<{ code: string; reason: string }>('POST', `/dashboard/conversations/${conversationId}/reply`, { text: 'Are you still there?' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONTACT_BLOCKED', reason: RACE_REASON });
    const thread = await server.dashboard<{ data: Message[] }>('GET', `/dashboard/conversations/${conversationId}/messages`);
    expect(thread.body.data.filter((message) => message.direction === 'outbound')).toEqual([]);
    expect(await ledgerState()).toEqual(before);
  });
});

describe('a contact who opted out by writing STOP', () => {
  const OPTED_OUT = '+14155550178';
  const stopped = 'Opted out by sending STOP on SMS (writing START opts them back in)';
  const isBlocked = async (id: string) => (await server.dashboard<Contact>('GET', `/dashboard/contacts/${id}`)).body.isBlocked;

  it('is unblocked from the composer only after the console says they opted out, and Cancel keeps the block', async () => {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: OPTED_OUT, text: 'STOP' })).status).toBe(201);
    const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', `/dashboard/conversations?channel=sms&search=${encodeURIComponent(OPTED_OUT)}`);
    const contactId = listed.body.data[0]?.contactId ?? '';
    expect(await isBlocked(contactId)).toBe(true);

    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-sms').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${OPTED_OUT}"]`).click();
    await page.getByTestId('composer-blocked').filter({ hasText: `Blocked: ${stopped}` }).waitFor();
    await page.getByTestId('composer-unblock').click();
    const question = page.getByRole('group', { name: 'They opted out by sending STOP on SMS: unblocking overrides their choice.' });
    await question.waitFor();
    await screenshot(page, 'opted-out-unblock-question');
    await page.getByTestId('composer-unblock-cancel').click();
    await page.getByTestId('composer-unblock').waitFor();
    expect(await isBlocked(contactId)).toBe(true);

    await page.getByTestId('composer-unblock').click();
    await page.getByTestId('composer-unblock-confirm').click();
    await page.getByTestId('composer').waitFor();
    expect(await isBlocked(contactId)).toBe(false);
  });

  it('is told from a person\'s block in the very words of an opt-out, which START leaves and Unblock lifts at once', async () => {
    const PERSON = '+14155550179';
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: PERSON, text: 'Hi' })).status).toBe(201);
    const listed = await server.dashboard<ListEnvelope<Conversation>>('GET', `/dashboard/conversations?channel=sms&search=${encodeURIComponent(PERSON)}`);
    const contactId = listed.body.data[0]?.contactId ?? '';
    expect((await server.dashboard('POST', `/dashboard/contacts/${contactId}/block`, { reason: stopped })).status).toBe(200);
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: PERSON, text: 'START' })).status).toBe(201);
    expect(await isBlocked(contactId)).toBe(true);

    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-sms').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${PERSON}"]`).click();
    await page.getByTestId('composer-blocked').filter({ hasText: `Blocked: ${stopped}` }).waitFor();
    // No question: the composer comes back on the one click, as for any block a person set.
    await page.getByTestId('composer-unblock').click();
    await page.getByTestId('composer').waitFor();
    expect(await isBlocked(contactId)).toBe(false);
  });
});

describe('an OTP code in the handset viewer', () => {
  it('is sent with an API key, read from the handset viewer, and verified', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'OTP e2e', environment: 'test', scopes: ['otp:send', 'otp:verify'] });
    expect(created.status).toBe(201);
    const v1 = async <T>(path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST', headers: { authorization: `Bearer ${created.body.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    };
    const widgets = await server.dashboard<{ data: Array<{ id: string; name: string; otpLength: number }> }>('GET', '/dashboard/otp-widgets');
    const widget = widgets.body.data.find((w) => w.name === 'Example Store Login');
    expect(widget).toBeDefined();
    const sent = await v1<{ requestId: string }>('/v1/otp/send', { widgetId: widget?.id, identifier: OTP_PHONE });
    expect(sent.status).toBe(200);

    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('handset-address').fill(OTP_PHONE);
    await page.getByTestId('handset-open').click();
    const message = page.getByTestId('handset-message').filter({ hasText: 'verification code for Example Store Login' });
    await message.waitFor();
    await screenshot(page, 'otp-handset');
    const code = new RegExp(`\\b(\\d{${widget?.otpLength ?? 6}})\\b`).exec((await message.locator('p').textContent()) ?? '')?.[1];
    expect(code).toBeDefined();

    const verified = await v1<{ accessToken: string }>('/v1/otp/verify', { requestId: sent.body.requestId, otp: code });
    expect(verified.status).toBe(200);
    expect(verified.body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
