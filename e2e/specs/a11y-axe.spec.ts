// axe-core in Chromium over the console's main pages and states, in the light and the dark theme: no
// violation of WCAG 2.x A/AA or axe's best practices (text contrast, names matching their visible labels,
// list markup, keyboard-scrollable regions, heading order, unique landmarks among them). Data as a user
// would have it: the demo seed, API calls answered 2xx and 4xx, a webhook endpoint whose receiver fails.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Rules left out: none (every rule of the tags below runs). */
const DISABLED_RULES: string[] = [];

let session: ReceiverSession;
let server: E2eServer;
let receiver: WebhookReceiver;
let page: Page;
/** Whether the receiver's endpoint for inbound voice app calls was made (the first theme's pass makes it). */
let inboundHeard = false;

/** What axe finds on the page as it is now: one line per rule and element, with axe's reason. */
async function violations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (disabled) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
      resultTypes: ['violations'],
    });
    return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`));
  }, DISABLED_RULES);
}

/** Nothing is loading or fetching (spinners gone), so axe sees the state the user reads. */
const settled = () => page.waitForFunction(() => document.querySelector('.spinner, [role="status"].state') === null);

/** The demo's Alice, whose WhatsApp thread gets long enough to be read from above. */
const ALICE = '+14155550101';

async function inbound(text: string) {
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text })).status).toBe(201);
  await page.getByTestId('message').filter({ hasText: text }).last().waitFor();
}

/**
 * A WhatsApp customer with more messages than a thread shows at first (a new one per theme: the first theme reads
 * its own back to the start), among more conversations than the list shows at first (written once).
 */
async function longThread(): Promise<string> {
  const write = async (from: string, text: string) => expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text })).status).toBe(201);
  const listed = await server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/conversations?channel=whatsapp&limit=1');
  for (let n = listed.body.meta.total; n <= 100; n++) await write(`+1415558${String(n).padStart(4, '0')}`, `Hello ${n}`);
  const address = (await page.evaluate(() => document.documentElement.dataset.theme)) === 'dark' ? '+14155589002' : '+14155589001';
  for (let n = 1; n <= 120; n++) await write(address, `Earlier ${n}`);
  return address;
}

async function nav(section: string) {
  await page.getByTestId(`nav-${section}`).click();
  await page.locator(`[data-testid="nav-${section}"][aria-current="page"]`).waitFor();
}

/** Each state: how to reach it from wherever the previous one left the console. */
const STATES: Array<[string, () => Promise<void>]> = [
  ...(['whatsapp', 'sms', 'rcs', 'instagram', 'email'] as const).map((channel): [string, () => Promise<void>] => [`inbox, ${channel} thread`, async () => {
    await nav('inbox');
    await page.getByTestId(`tab-${channel}`).click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').waitFor();
  }]),
  ['inbox, an RCS reply with its template chosen and a value left blank', async () => {
    await page.getByTestId('tab-rcs').click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().click();
    await page.getByTestId('rcs-composer').waitFor();
    await page.getByTestId('reply-template').selectOption({ label: 'Order update card · Rich card' });
    await page.getByTestId('reply-var-order').fill('#1004');
    await page.getByTestId('reply-preview').waitFor();
  }],
  ['inbox, a thread read from above with a new message below', async () => {
    await page.getByTestId('tab-whatsapp').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${ALICE}"]`).click();
    await page.getByTestId('thread-address').filter({ hasText: ALICE }).waitFor();
    const list = page.getByTestId('thread-messages');
    for (let n = 1; n <= 30 && !(await list.evaluate((el) => el.scrollHeight > el.clientHeight * 2)); n++) await inbound(`History ${n}`);
    // Up at the start, with the wheel as a reader scrolls (a scroll without the reader's input does not let go of the end).
    await list.hover();
    await page.mouse.wheel(0, -5000);
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="thread-messages"]');
      return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight > el.clientHeight / 2;
    });
    await inbound('While you were reading');
    await page.getByTestId('new-below').waitFor();
  }],
  ['inbox, a long thread with older messages to load, in a list longer than a page', async () => {
    const address = await longThread();
    await page.getByTestId('tab-whatsapp').click();
    await page.locator(`[data-testid="conversation-row"][data-address="${address}"]`).click();
    await page.getByTestId('thread-address').filter({ hasText: address }).waitFor();
    await page.getByTestId('load-older').waitFor();
    await page.getByTestId('load-more-conversations').waitFor();
  }],
  ['inbox, a long thread read back to its start', async () => {
    await page.getByTestId('load-older').click();
    await page.getByTestId('thread-start').waitFor();
  }],
  ['inbox, the saved replies picker over a WhatsApp reply', async () => {
    await page.getByTestId('composer').press('/');
    await page.locator('[data-testid="saved-replies-list"][data-ready="true"]').getByTestId('saved-reply-option').first().waitFor();
  }],
  ['inbox, managing saved replies', async () => {
    await page.getByTestId('manage-saved-replies').click();
    await page.getByTestId('saved-replies-manage-list').waitFor();
  }],
  ['inbox, a thread\'s contact open beside it, and a search\'s matches marked', async () => {
    // The saved replies dialog, then its picker, closed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByTestId('saved-replies-picker').waitFor({ state: 'detached' });
    await page.getByTestId('conversation-search').fill('delivery address');
    await page.locator(`[data-testid="conversation-list"][data-ready="true"] [data-testid="conversation-row"][data-address="${ALICE}"]`).click();
    await page.getByTestId('search-mark').first().waitFor();
    await page.getByTestId('open-contact').click();
    await page.getByTestId('contact-drawer').getByTestId('contact-conversations').waitFor();
  }],
  ['inbox, the Snooze menu open on a thread', async () => {
    await page.getByTestId('close-contact').click();
    await page.getByTestId('conversation-search').fill('');
    await page.getByTestId('snooze-conversation').click();
    await page.getByRole('menu', { name: 'Snooze' }).waitFor();
  }],
  ['inbox, a snoozed conversation under Snoozed, its time in the row and the header', async () => {
    await page.getByTestId('snooze-tomorrow').click();
    await page.getByTestId('show-snoozed').click();
    await page.locator('[data-testid="conversation-list"][data-ready="true"]').getByTestId('conversation-row').first().click();
    await page.getByTestId('snoozed-badge').waitFor();
  }],
  ['contacts, with a contact open', async () => {
    // The inbox as it was for the next theme's pass: the conversation open again, the Open list shown.
    await page.getByTestId('unsnooze-conversation').click();
    await page.getByTestId('snooze-conversation').waitFor();
    await page.getByTestId('show-open').click();
    await nav('contacts');
    await page.locator('[data-testid="contact-list"][data-ready="true"]').getByTestId('contact-row').first().click();
    await page.getByTestId('contact-conversations').waitFor();
  }],
  ['contacts, the Block dialog', async () => {
    await page.getByTestId('block').click();
    await page.getByTestId('block-reason').waitFor();
  }],
  // A file that changes nothing (a demo contact as it is, a row skipped), so both themes' passes see the same pages.
  ['contacts, an Import CSV preview', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('block-dialog').waitFor({ state: 'detached' });
    const file = 'Name,Phone,Company\r\nAlice Johnson,+14155550101,Acme\r\nNo Number,call me,\r\nNo Address,,\r\n';
    await page.getByTestId('import-csv-file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByTestId('import-preview').waitFor();
  }],
  ['contacts, an import\'s result with skipped rows', async () => {
    await page.getByTestId('confirm-import').click();
    await page.getByTestId('import-skipped').waitFor();
  }],
  ['OTP', async () => {
    await page.keyboard.press('Escape');
    await nav('otp');
    await page.getByTestId('otp-page').waitFor();
  }],
  ['Calls, a call open with its transcript', async () => {
    await nav('calls');
    // The other theme's pass left the App calls tab chosen.
    await page.getByTestId('calls-tab-agent').click();
    // The other theme's pass left its call open.
    if (!(await page.getByTestId('call-detail').isVisible())) {
      await page.getByTestId('call-to').fill('+14155550101');
      await page.getByTestId('call-place').click();
      await page.getByTestId('call-detail').waitFor();
      await server.dashboard('POST', '/sim/clock/advance', { seconds: 20 });
    }
    await page.getByTestId('call-turn').first().waitFor();
  }],
  ['Calls, an agent being edited', async () => {
    const form = page.getByTestId('agent-form');
    if (!(await form.isVisible())) await page.getByTestId('agent-row').first().getByTestId('agent-edit').click();
    await form.getByTestId('agent-greeting').waitFor();
  }],
  ['Calls, App calls: a ringing call open with its actions, a refused call beside the form, numbers and settings', async () => {
    await page.getByTestId('calls-tab-app').click();
    // Parties of this theme's own (the other pass's call may still ring: a second one between the same two is refused).
    const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? '');
    await page.getByTestId('app-call-from').fill(`cust_${theme}`);
    await page.getByTestId('app-call-to').fill(`pro_${theme}`);
    await page.getByTestId('app-call-place').click();
    await page.locator(`[data-testid="app-call-detail"][data-status="RINGING"]`).getByTestId('app-call-accept').waitFor();
    await page.getByTestId('app-call-to').fill(`cust_${theme}`);
    await page.getByTestId('app-call-place').click();
    await page.getByTestId('app-place-error').waitFor();
    await page.getByTestId('app-number-row').first().waitFor();
  }],
  ['Calls, App calls: a phone waiting for a connect, with its countdown', async () => {
    if (!inboundHeard) {
      expect((await server.dashboard('POST', '/dashboard/webhooks', { url: receiver.url, events: ['voice.app.call.inbound'] })).status).toBe(201);
      inboundHeard = true;
    }
    const dialled = await server.dashboard<{ callId: string }>('POST', '/sim/voice/inbound-call', { from: '+14155550177' });
    await page.locator(`[data-testid="app-call-row"][data-call-id="${dialled.body.callId}"]`).getByTestId('app-call-open').click();
    await page.locator(`[data-testid="app-call-detail"][data-call-id="${dialled.body.callId}"]`).getByTestId('app-call-countdown').waitFor();
  }],
  ['Calls, People & bookings: a person\'s devices open, the person form refusing a bad phone (400)', async () => {
    await page.getByTestId('calls-tab-people').click();
    const devices = page.getByTestId('person-devices');
    if (!(await devices.isVisible())) await page.locator('[data-testid="person-row"][data-external-id="pro_7"]').getByTestId('person-devices-toggle').click();
    await devices.getByTestId('device-row').first().waitFor();
    if (!(await page.getByTestId('person-form').isVisible())) await page.getByTestId('person-new').click();
    const form = page.getByTestId('person-form');
    await form.getByTestId('person-externalId').fill('axe_person');
    await form.getByTestId('person-phone').fill('12345');
    await form.getByTestId('person-save').click();
    await form.getByTestId('error-state').waitFor();
  }],
  ['Calls, People & bookings: the booking form refusing its metadata, a booking call placed', async () => {
    if (!(await page.getByTestId('booking-form').isVisible())) await page.getByTestId('booking-new').click();
    const form = page.getByTestId('booking-form');
    await form.getByTestId('booking-metadata').fill('{');
    await form.getByTestId('booking-save').click();
    await form.getByTestId('booking-metadata-problem').waitFor();
    const call = page.getByTestId('booking-call');
    if (!(await call.isVisible())) await page.locator('[data-testid="booking-row"][data-external-ref="booking_1042"]').getByTestId('booking-call-toggle').click();
    if (!(await call.getByTestId('booking-call-result').isVisible())) {
      // The other theme's call is ended first: a second live call between the two is refused.
      const placed = await server.dashboard<{ data: Array<{ callId: string; endedAt: string | null }> }>('GET', '/dashboard/voice/app/calls?identityExternalId=cust_1042');
      for (const live of placed.body.data.filter((c) => c.endedAt === null)) await server.dashboard('POST', `/dashboard/voice/app/calls/${live.callId}/end`, {});
      await call.getByTestId('booking-call-place').click();
    }
    await call.getByTestId('booking-call-result').waitFor();
  }],
  ['campaigns, the list', async () => {
    await nav('campaigns');
    // The other theme's pass left the builder open.
    for (const builder of ['campaign-builder', 'email-builder', 'rcs-builder']) {
      if (await page.getByTestId(builder).isVisible()) await page.getByTestId(builder).getByRole('button', { name: 'Cancel' }).click();
    }
    // ... or a draft's page open.
    if (await page.getByTestId('back-to-list').isVisible()) await page.getByTestId('back-to-list').click();
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('campaign-row').first().waitFor();
  }],
  ['campaigns, a campaign', async () => {
    await page.getByTestId('campaign-row').first().click();
    await page.getByTestId('campaign-analytics').waitFor();
  }],
  ['campaigns, the WhatsApp builder', async () => {
    await page.getByTestId('back-to-list').click();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('campaign-builder').waitFor();
  }],
  ['campaigns, the WhatsApp builder previewing a template with a header, footer and buttons', async () => {
    await page.locator('[data-testid="template-option"][data-template-name="order_update"]').click();
    await page.getByTestId('template-preview').getByTestId('message-footer').waitFor();
  }],
  ['campaigns, the WhatsApp builder\'s segment, with its estimate and a blocked contact named', async () => {
    await page.getByTestId('audience-segment').click();
    await page.getByTestId('segment-tags').fill('spam');
    await page.getByTestId('audience-blocked').waitFor();
    await page.locator('[data-testid="summary-recipients"][data-ready="true"]').waitFor();
  }],
  ['campaigns, the email builder previewing an email, with a time zone not in the list', async () => {
    await page.getByTestId('campaign-builder').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('campaign-tab-email').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="email-template"][data-template-name="Order shipped"]').click();
    await page.getByTestId('email-preview-body').waitFor();
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-zone').fill('Nowhere');
    await page.getByTestId('schedule-at').focus();
    await page.getByTestId('schedule-zone-error').waitFor();
  }],
  ['campaigns, the email builder counting its subscribers and the credits', async () => {
    await page.getByTestId('email-audience-subscribers').check();
    await page.locator('[data-testid="summary-recipients"][data-ready="true"]').waitFor();
  }],
  ['campaigns, the RCS builder\'s estimate: a blocked contact named, a handset without RCS', async () => {
    await page.getByTestId('email-builder').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    // The demo's blocked spammer, and the simulated handset without RCS.
    await page.getByTestId('recipients-input').fill('+15550000199\n+15005550003');
    await page.getByTestId('audience-blocked').waitFor();
    await page.getByTestId('audience-without-rcs').waitFor();
  }],
  ['campaigns, a draft to a segment with its estimate', async () => {
    await page.getByTestId('rcs-builder').getByRole('button', { name: 'Cancel' }).click();
    // Made once, before the SMS list is first read (the other theme's pass finds it listed).
    const name = 'Spam draft';
    const listed = await server.dashboard<{ data: Array<{ name: string }> }>('GET', '/dashboard/sms/campaigns?status=DRAFT');
    if (!listed.body.data.some((c) => c.name === name)) {
      expect((await server.dashboard('POST', '/dashboard/sms/campaigns', { name, messageBody: 'Hello', audienceType: 'segment', audienceCriteria: { tags: ['spam'] } })).status).toBe(201);
    }
    await page.getByTestId('campaign-tab-sms').click();
    await page.getByTestId('campaign-row').filter({ hasText: name }).click();
    await page.locator('[data-testid="draft-estimate"][data-ready="true"]').getByTestId('audience-blocked').waitFor();
  }],
  ['automations, a run open with its steps\' outcomes, one a condition that ended it', async () => {
    // Made and run once (the other theme's pass finds it listed, with its run).
    const name = 'Questions by SMS';
    const listed = await server.dashboard<{ data: Array<{ name: string }> }>('GET', '/dashboard/automations?limit=100');
    if (!listed.body.data.some((a) => a.name === name)) {
      const made = await server.dashboard<{ id: string }>('POST', '/dashboard/automations', {
        name, trigger: { type: 'message.received', config: { channel: 'sms', contains: 'question' } },
        steps: [{ id: 'tag', type: 'contact.add_tag', config: { tag: 'asked' } }, { id: 'vip', type: 'condition', config: { check: 'contact_has_tag', value: 'VIP' } }],
      });
      expect((await server.dashboard('POST', `/dashboard/automations/${made.body.id}/activate`)).status).toBe(200);
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550199', text: 'A question about sizes' })).status).toBe(201);
    }
    await nav('automations');
    const card = page.getByTestId('automation').filter({ hasText: name });
    await card.getByText('Recent runs (1)').click();
    await card.locator('[data-testid="automation-run"][data-status="completed"]').waitFor();
  }],
  ['automations, the builder with steps, refusing keyword and contains both (400)', async () => {
    await page.getByTestId('new-automation').click();
    const form = page.getByTestId('new-automation-form');
    await form.getByTestId('automation-name-input').fill('Sizes');
    await form.getByTestId('field-keyword').fill('size');
    await form.getByTestId('field-contains').fill('sizes');
    for (const label of ['Send WhatsApp template', 'Condition', 'Wait']) {
      await form.getByTestId('add-step-type').selectOption({ label });
      await form.getByTestId('add-step').click();
    }
    await form.getByTestId('automation-save').click();
    await form.getByTestId('error-state').waitFor();
  }],
  ...([['whatsapp', 'wa-template-submit'], ['sms', 'sms-template-form'], ['rcs', 'rcs-template-form'], ['email', 'email-template-form'], ['instagram', 'instagram-connection'], ['shopify', 'shopify-connection']] as const)
    .map(([tab, shown]): [string, () => Promise<void>] => [`channels, ${tab}`, async () => {
      await nav('channels');
      await page.getByTestId(`channels-tab-${tab}`).click();
      await page.getByTestId(shown).waitFor();
    }]),
  ['wallet', async () => {
    await nav('wallet');
    await page.getByTestId('ledger').waitFor();
  }],
  ['the organization rename form, refusing an empty name', async () => {
    if (!(await page.getByTestId('organization-form').isVisible())) await page.getByTestId('organization-rename').click();
    await page.getByTestId('organization-input').fill('');
    await page.getByTestId('organization-error').filter({ hasText: 'Type a name' }).waitFor();
  }],
  ['API keys, with the new key form', async () => {
    await nav('keys');
    await page.getByTestId('new-key').click();
    await page.getByTestId('create-key-form').locator('[data-testid^="scope-group-"]').first().waitFor();
  }],
  ['request log, with a 4xx request open', async () => {
    await page.getByTestId('create-key-cancel').click();
    await nav('requests');
    await page.getByTestId('request-row').filter({ hasText: '404' }).first().click();
    await page.getByTestId('request-details').waitFor();
  }],
  ['webhooks, endpoints', async () => {
    await nav('webhooks');
    await page.getByTestId('tab-endpoints').click();
    await page.getByTestId('endpoint-card').first().waitFor();
  }],
  ['webhooks, a failed delivery open', async () => {
    await page.getByTestId('tab-deliveries').click();
    await page.locator('[data-testid="delivery-row"][data-status="FAILED"]').first().click();
    await page.locator('[data-testid="delivery-detail"][data-status="FAILED"]').getByTestId('payload').waitFor();
  }],
  ['simulator, with a handset open', async () => {
    await nav('simulator');
    await page.getByTestId('handset-address').fill('+14155550101');
    await page.getByTestId('handset-open').click();
    await page.getByTestId('handset-messages').waitFor();
  }],
  ['simulator, a phone that dialled the business number', async () => {
    await page.getByTestId('phone-dial').click();
    await page.locator('[data-testid="phone-dialled"][data-status="RINGING"]').waitFor();
    await page.getByTestId('phone-hangup-caller').first().waitFor();
  }],
  ['simulator, a mailbox with an email open', async () => {
    await page.getByTestId('handset-address').fill('marco@example.org');
    await page.getByTestId('handset-open').click();
    await page.locator('[data-testid="handset-messages"][aria-label="Messages to and from marco@example.org"]').getByTestId('handset-email-body').waitFor();
  }],
];

beforeAll(async () => {
  session = await openConsoleWithReceiver({ reducedMotion: true });
  ({ server, page, receiver } = session);
  receiver.status = 500;
  // Requests answered 200, 404 and 400, so the log shows each status class.
  const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'axe', environment: 'test', scopes: ['contacts:read', 'sms:send'] });
  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${created.body.key}`, 'content-type': 'application/json' } });
  expect((await call('/v1/contacts?limit=5')).status).toBe(200);
  expect((await call('/v1/contacts/cnt_nope')).status).toBe(404);
  expect((await call('/v1/messages/send', { method: 'POST', body: '{}' })).status).toBe(400);
  // An endpoint whose receiver answers 500: its test delivery fails (the deliveries state waits for it).
  const endpoint = await server.dashboard<{ id: string }>('POST', '/dashboard/webhooks', { url: receiver.url, events: ['form.submitted'] });
  expect((await server.dashboard('POST', `/dashboard/webhooks/${endpoint.body.id}/test`, {})).status).toBe(202);
});
afterAll(async () => {
  await session?.stop();
});

for (const theme of ['light', 'dark'] as const) {
  describe(`axe, ${theme} theme`, () => {
    beforeAll(async () => {
      if (await page.evaluate(() => document.documentElement.dataset.theme) !== theme) await page.getByTestId('theme-toggle').click();
      await page.locator(`html[data-theme="${theme}"]`).waitFor();
    });

    for (const [name, reach] of STATES) {
      it(name, async () => {
        await reach();
        await settled();
        expect((await violations()).join('\n')).toBe('');
      });
    }
  });
}
