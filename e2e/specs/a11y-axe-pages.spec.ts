// axe-core over the console's pages beyond the inbox and contacts, in the light and the dark theme (e2e/fixtures/axe.ts):
// the Overview, OTP, calls (agents, app calls, people and bookings), campaigns and their builders, automations, forms, the wallet, the
// organization, API keys, the request log, webhooks and the simulator. Data as a user would have it: the demo seed, API
// calls answered 2xx and 4xx, a webhook endpoint whose receiver fails.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { WebhookReceiver } from '../../src-core/testing/webhook-receiver.ts';
import { axeInThemes, nav as navTo, sharedSteps, type AxeState } from '../fixtures/axe.ts';
import { openConsoleWithReceiver, type ReceiverSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let session: ReceiverSession;
let server: E2eServer;
let receiver: WebhookReceiver;
let page: Page;
/** Whether the receiver's endpoint for inbound voice app calls was made (the first theme's pass makes it). */
let inboundHeard = false;
const nav = (section: string) => navTo(page, section);

const STATES: AxeState[] = [
  ['Overview', async () => {
    await nav('overview');
    await page.locator('[data-testid="overview-page"][data-ready="true"]').waitFor();
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
  ['campaigns, a draft\'s launch asking first, its estimate counted', async () => {
    await page.getByTestId('launch-campaign').click();
    await page.locator('[data-testid="launch-dialog"][open][data-ready="true"]').waitFor();
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
    // The launch's confirmation is left open by the state before: Escape closes it, nothing launched.
    await page.keyboard.press('Escape');
    await page.getByTestId('launch-dialog').waitFor({ state: 'detached' });
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
  ['forms, the builder with a custom field', async () => {
    await nav('forms');
    await page.getByTestId('new-form').click();
    await page.getByTestId('form-add-custom').click();
    await page.getByTestId('form-custom-label').fill('City');
  }],
  ['forms, the demo popup\'s submissions', async () => {
    await page.getByTestId('form-builder').getByRole('button', { name: 'Cancel' }).click();
    const festive = page.locator('[data-testid="form-card"][data-name="Festive offer sign-up"]');
    if ((await festive.getByTestId('form-submissions').count()) === 0) await festive.getByTestId('form-submissions-toggle').click();
    await festive.getByTestId('form-submissions').waitFor();
  }],
  ...([['whatsapp', 'wa-template-submit'], ['sms', 'sms-template-form'], ['rcs', 'rcs-template-form'], ['email', 'email-template-form'], ['instagram', 'instagram-connection'], ['shopify', 'shopify-connection']] as const)
    .map(([tab, shown]): [string, () => Promise<void>] => [`channels, ${tab}`, async () => {
      await nav('channels');
      await page.getByTestId(`channels-tab-${tab}`).click();
      await page.getByTestId(shown).waitFor();
    }]),
  ['channels, whatsapp, a template opened and the form with a text header, buttons and a refused link', async () => {
    await page.getByTestId('channels-tab-whatsapp').click();
    await page.locator('[data-testid="wa-template-row"][data-name="order_update"]').getByTestId('wa-template-open').click();
    await page.getByTestId('wa-template-detail').waitFor();
    const form = page.getByTestId('wa-template-form');
    await form.getByTestId('wa-template-name').fill('axe_parts');
    await form.getByTestId('wa-template-header-format').selectOption('TEXT');
    await form.getByTestId('wa-template-header-text').fill('Order {{1}}');
    await form.getByTestId('wa-template-body').fill('Hi {{1}}');
    await form.getByTestId('wa-template-footer').fill('Reply STOP to opt out');
    for (const type of ['QUICK_REPLY', 'URL', 'PHONE_NUMBER']) {
      await form.getByTestId('wa-button-add').click();
      await form.getByTestId('wa-button').last().getByTestId('wa-button-type').selectOption(type);
      await form.getByTestId('wa-button-text').last().fill(type.toLowerCase());
    }
    await form.getByTestId('wa-button-url').fill('https://shop.example.com');
    await form.getByTestId('wa-button-dynamic').check();
    await form.getByTestId('wa-button-phone').fill('+14155550100');
    await form.getByTestId('wa-template-submit').click();
    await form.getByTestId('wa-button-1-url-problem').waitFor();
  }],
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
    await sharedSteps.requestOpen(page);
  }],
  ['webhooks, endpoints', () => sharedSteps.webhookEndpoints(page)],
  ['webhooks, a failed delivery open', () => sharedSteps.failedDeliveryOpen(page)],
  ['simulator, with a handset open', () => sharedSteps.handsetOpen(page)],
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
axeInThemes(() => page, STATES);
