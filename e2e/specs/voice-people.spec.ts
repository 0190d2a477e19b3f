// People & bookings, a tab of the Calls page (the voice app's identities, devices and booking sessions): the demo's pro,
// customer and booking listed; a person added with a phone shown masked (a bad phone's 400 shown, the form kept), not
// reachable while phone calling is off and rung on that phone when on; a device registered makes a person reachable,
// and removed, not; a booking's metadata checked as JSON before sending; a booking created, extended, expired by the
// virtual clock, renewed and revoked; a booking call placed from the demo booking, its status following the call live;
// a person deactivated after a question; a booking's people found by name beyond the newest 100 active people of their
// role (a deactivated one neither offered nor counted); a person with a notification-only device still rung by phone.
// Screenshots at 1280 × 720 and 960 × 600, light and dark.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AppCall, BookingSession, ListEnvelope } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const person = (externalId: string) => page.locator(`[data-testid="person-row"][data-external-id="${externalId}"]`);
const booking = (externalRef: string) => page.locator(`[data-testid="booking-row"][data-external-ref="${externalRef}"]`);
const personForm = () => page.getByTestId('person-form');
const bookingForm = () => page.getByTestId('booking-form');
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
const sessionOf = async (externalRef: string) => (await server.dashboard<BookingSession>('GET', `/dashboard/voice/app/sessions/${externalRef}`)).body;

/** `iso` as a `datetime-local` value in the browser's own time zone (what a person would pick). */
const localInput = (iso: string) => page.evaluate((at) => {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}, iso);

consoleForFile({ width: 1280, height: 720, reducedMotion: true }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-calls').click();
  await page.getByTestId('calls-tab-people').click();
  await page.getByTestId('people-panel').waitFor();
});

describe('People & bookings on the Calls page', () => {
  it('lists the demo\'s pro and customer (masked phone, device, reachable) and their booking', async () => {
    await person('pro_7').waitFor();
    expect(await person('pro_7').getByTestId('role-chip').textContent()).toBe('PRO');
    expect(await person('cust_1042').getByTestId('role-chip').textContent()).toBe('CUSTOMER');
    expect(await person('pro_7').getByTestId('person-name').textContent()).toBe('Sam Rivera');
    expect(await person('pro_7').getByTestId('person-phone').textContent()).toBe('+1******0142');
    expect(await person('pro_7').getByTestId('person-device-count').textContent()).toBe('1');
    expect(await person('pro_7').getAttribute('data-reachable')).toBe('true');
    expect(await person('cust_1042').getByTestId('person-state').textContent()).toBe('Active');
    const demo = booking('booking_1042');
    await demo.waitFor();
    expect(await demo.getAttribute('data-status')).toBe('active');
    expect(await demo.getByTestId('booking-pro').textContent()).toBe('Sam Rivera (pro_7)');
    expect(await demo.getByTestId('booking-customer').textContent()).toBe('Alice Johnson (cust_1042)');
    expect(await demo.getByTestId('booking-expires-relative').textContent()).toBe('in 7 d');
    expect(await demo.getByTestId('booking-metadata-cell').textContent()).toContain('service: Kitchen sink repair');
    // A person's devices open under their row, from the keyboard too; the token's Remove is the next stop.
    await person('pro_7').getByTestId('person-devices-toggle').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="device-row"][data-token="demo-apns-voip-pro-7"]').waitFor();
    expect(await person('pro_7').getByTestId('person-devices-toggle').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('device-remove');
    await person('pro_7').getByTestId('person-devices-toggle').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('person-devices').waitFor({ state: 'detached' });
    await page.getByTestId('people-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'voice-people-1280x720');
  });

  it('adds a person with a phone, shown masked; a bad phone\'s 400 is shown with the form kept', async () => {
    await page.getByTestId('person-new').click();
    expect(await focused()).toBe('person-externalId');
    await personForm().getByTestId('person-externalId').fill('pro_9');
    await personForm().getByTestId('person-role').selectOption('PRO');
    await personForm().getByTestId('person-displayName').fill('Dana Lee');
    await personForm().getByTestId('person-phone').fill('4155550177');
    await personForm().getByTestId('person-save').click();
    await personForm().getByRole('alert').filter({ hasText: 'phone: must be in E.164 form' }).waitFor();
    expect(await personForm().getByTestId('person-externalId').inputValue()).toBe('pro_9');
    expect(await personForm().getByTestId('person-displayName').inputValue()).toBe('Dana Lee');
    expect(await personForm().getByTestId('person-phone').inputValue()).toBe('4155550177');
    await screenshot(page, 'voice-people-refused');
    await personForm().getByTestId('person-phone').fill('+1 415 555 0177');
    await personForm().getByTestId('person-save').click();
    await personForm().waitFor({ state: 'detached' });
    expect(await focused()).toBe('person-new');
    await person('pro_9').waitFor();
    expect(await person('pro_9').getByTestId('person-phone').textContent()).toBe('+1******0177');
    // Reachable by phone alone (the fallback leg), with no device.
    expect(await person('pro_9').getByTestId('person-reachable').textContent()).toBe('Yes, by phone');
    expect(await page.getByTestId('people-panel').textContent()).not.toContain('4155550177');
  });

  it('phone calling off, a person reachable only by phone is not; on again, an app call to them rings their phone', async () => {
    const pstn = page.getByTestId('app-pstn');
    await page.getByTestId('calls-tab-app').click();
    await pstn.click();
    await page.locator('[data-testid="app-pstn"]:not(:checked)').waitFor();
    await page.getByTestId('calls-tab-people').click();
    await page.locator('[data-testid="person-row"][data-external-id="pro_9"][data-reachable="false"]').waitFor();
    expect(await person('pro_9').getByTestId('person-reachable').textContent()).toBe('No: phone calling is off');
    await page.getByTestId('calls-tab-app').click();
    await pstn.click();
    await page.locator('[data-testid="app-pstn"]:checked').waitFor();
    await page.getByTestId('app-call-type').selectOption('app');
    await page.getByTestId('app-call-from').fill('cust_1042');
    await page.getByTestId('app-call-to').fill('pro_9');
    await page.getByTestId('app-call-place').click();
    const detail = page.locator('[data-testid="app-call-detail"][data-status="RINGING"]');
    await detail.waitFor();
    expect(await detail.getByTestId('app-call-fact-shape').textContent()).toBe('app → phone');
    expect(await page.getByTestId('app-calls-tab').textContent()).not.toContain('4155550177');
    await detail.locator('[data-testid="app-call-end-as"][data-as="cust_1042"]').click();
    await page.locator('[data-testid="app-call-detail"][data-status="CANCELLED"]').waitFor();
    await page.getByTestId('calls-tab-people').click();
    await page.locator('[data-testid="person-row"][data-external-id="pro_9"][data-reachable="true"]').waitFor();
    expect(await person('pro_9').getByTestId('person-reachable').textContent()).toBe('Yes, by phone');
    // A notification-only device cannot ring them: still by phone, though they now have a device.
    await person('pro_9').getByTestId('person-devices-toggle').click();
    const devices = page.getByTestId('person-devices');
    await devices.getByTestId('device-token').fill('fcm-note-dana');
    await devices.getByTestId('device-platform').selectOption('android');
    expect(await devices.getByTestId('device-voip').isChecked()).toBe(false);
    await devices.getByTestId('device-register').click();
    await devices.locator('[data-testid="device-row"][data-token="fcm-note-dana"]').waitFor();
    await person('pro_9').getByTestId('person-device-count').filter({ hasText: '1' }).waitFor();
    expect(await person('pro_9').getByTestId('person-reachable').textContent()).toBe('Yes, by phone');
    await person('pro_9').getByTestId('person-devices-toggle').click();
  });

  it('registers a device: a person without a phone becomes reachable, and is not once it is removed', async () => {
    await page.getByTestId('person-new').click();
    await personForm().getByTestId('person-externalId').fill('cust_2001');
    await personForm().getByTestId('person-displayName').fill('Ravi Kumar');
    await personForm().getByTestId('person-save').click();
    await personForm().waitFor({ state: 'detached' });
    const ravi = person('cust_2001');
    await ravi.waitFor();
    expect([await ravi.getAttribute('data-reachable'), await ravi.getByTestId('person-reachable').textContent()]).toEqual(['false', 'No: no VoIP token or phone']);
    expect(await ravi.getByTestId('person-last-seen').textContent()).toBe('Never');
    await ravi.getByTestId('person-devices-toggle').click();
    const devices = page.getByTestId('person-devices');
    await devices.getByTestId('device-token').fill('apns-voip-ravi');
    expect(await devices.getByTestId('device-voip').isChecked()).toBe(true);
    await devices.getByTestId('device-register').click();
    await devices.locator('[data-testid="device-row"][data-token="apns-voip-ravi"]').waitFor();
    await page.locator('[data-testid="person-row"][data-external-id="cust_2001"][data-reachable="true"]').waitFor();
    expect(await ravi.getByTestId('person-device-count').textContent()).toBe('1');
    expect(await ravi.getByTestId('person-last-seen').textContent()).not.toBe('Never');
    await screenshot(page, 'voice-people-devices');
    await devices.getByTestId('device-remove').click();
    await devices.getByTestId('device-remove-confirm').click();
    await page.locator('[data-testid="person-row"][data-external-id="cust_2001"][data-reachable="false"]').waitFor();
    await devices.locator('[data-testid="device-row"]').waitFor({ state: 'detached' });
    // Registered again, to stay reachable for the booking below.
    await devices.getByTestId('device-token').fill('apns-voip-ravi');
    await devices.getByTestId('device-register').click();
    await page.locator('[data-testid="person-row"][data-external-id="cust_2001"][data-reachable="true"]').waitFor();
    await ravi.getByTestId('person-devices-toggle').click();
  });

  it('checks a booking\'s metadata before sending, creates it between two people and extends it', async () => {
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/dashboard/voice/app/sessions')) posted += 1;
    });
    await page.getByTestId('booking-new').click();
    expect(await focused()).toBe('booking-externalRef');
    await bookingForm().getByTestId('booking-externalRef').fill('booking_2001');
    await bookingForm().getByTestId('booking-pro').selectOption('pro_9');
    await bookingForm().getByTestId('booking-customer').selectOption('cust_2001');
    await bookingForm().getByTestId('booking-metadata').fill('{slot: 10}');
    await bookingForm().getByTestId('booking-save').click();
    await bookingForm().getByTestId('booking-metadata-problem').filter({ hasText: 'Metadata is not valid JSON' }).waitFor();
    expect(await bookingForm().getByTestId('booking-metadata').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);
    await bookingForm().getByTestId('booking-metadata').fill('{"slot": "10:00"}');
    await bookingForm().getByTestId('booking-metadata-problem').waitFor({ state: 'detached' });
    await bookingForm().getByTestId('booking-save').click();
    await bookingForm().waitFor({ state: 'detached' });
    const made = booking('booking_2001');
    await made.waitFor();
    expect(await made.getAttribute('data-status')).toBe('active');
    expect(await made.getByTestId('booking-pro').textContent()).toBe('Dana Lee (pro_9)');
    // A day ahead: "in 1 d", or "in 24 h" once a moment has passed.
    expect(await made.getByTestId('booking-expires-relative').textContent()).toMatch(/^in (1 d|24 h)$/);
    expect((await sessionOf('booking_2001')).metadata).toEqual({ slot: '10:00' });

    // Extended to two days from now on the virtual clock.
    const { now } = (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body;
    await made.getByTestId('booking-extend').click();
    expect(await focused()).toBe('booking-expiresAt');
    await bookingForm().getByTestId('booking-expiresAt').fill(await localInput(new Date(Date.parse(now) + 48 * 3_600_000 + 60_000).toISOString()));
    await bookingForm().getByTestId('booking-expiry-hint').filter({ hasText: 'in 2 d on the virtual clock' }).waitFor();
    await bookingForm().getByTestId('booking-save').click();
    await bookingForm().waitFor({ state: 'detached' });
    await made.getByTestId('booking-expires-relative').filter({ hasText: 'in 2 d' }).waitFor();
    const extended = await sessionOf('booking_2001');
    expect(Date.parse(extended.expiresAt) - Date.parse(now)).toBeGreaterThanOrEqual(48 * 3_600_000);
    expect(extended.metadata).toEqual({ slot: '10:00' });
  });

  it('a booking expires when the clock passes its expiry, is renewed, then revoked after a question', async () => {
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 49 * 3600 })).status).toBe(200);
    const made = booking('booking_2001');
    await page.locator('[data-testid="booking-row"][data-external-ref="booking_2001"][data-status="expired"]').waitFor();
    expect(await made.getByTestId('booking-status').textContent()).toBe('Expired');
    expect(await made.getByTestId('booking-expires-relative').textContent()).toMatch(/ago$/);
    expect(await made.getByTestId('booking-call-toggle').count()).toBe(0);
    expect((await sessionOf('booking_2001')).status).toBe('expired');
    // The demo's week-long booking is still active.
    expect(await booking('booking_1042').getAttribute('data-status')).toBe('active');

    await made.getByTestId('booking-extend').click();
    await bookingForm().getByTestId('booking-save').click();
    await bookingForm().waitFor({ state: 'detached' });
    await page.locator('[data-testid="booking-row"][data-external-ref="booking_2001"][data-status="active"]').waitFor();

    await made.getByTestId('booking-revoke').click();
    expect(await focused()).toBe('booking-revoke-cancel');
    await made.getByTestId('booking-revoke-confirm').click();
    await page.locator('[data-testid="booking-row"][data-external-ref="booking_2001"][data-status="revoked"]').waitFor();
    expect((await sessionOf('booking_2001')).status).toBe('revoked');
  });

  it('places a booking call from the demo booking: the call is created, within booking_1042, its status live', async () => {
    const demo = booking('booking_1042');
    await demo.getByTestId('booking-call-toggle').click();
    const call = page.getByTestId('booking-call');
    expect(await call.getByTestId('booking-call-as-customer').isChecked()).toBe(true);
    await call.getByTestId('booking-call-place').click();
    const result = call.getByTestId('booking-call-result');
    await result.waitFor();
    const callId = await result.getAttribute('data-call-id');
    expect(callId).toMatch(/^apc_/);
    expect(await result.getAttribute('data-status')).toBe('RINGING');
    expect(await result.textContent()).toContain('Sam Rivera');
    await screenshot(page, 'voice-people-call');
    // Again while it rings: the core refuses a second live call between the two (409), said under the call.
    await call.getByTestId('booking-call-place').click();
    await call.getByRole('alert').filter({ hasText: 'already has a live call' }).waitFor();
    expect(await call.getByTestId('booking-call-as-customer').isChecked()).toBe(true);
    const calls = (await server.dashboard<ListEnvelope<AppCall>>('GET', '/dashboard/voice/app/calls')).body.data;
    expect(calls.find((c) => c.callId === callId)).toMatchObject({ sessionRef: 'booking_1042', from: 'cust_1042', to: 'pro_7' });
    // The pro rejects it in their app: the result follows the call live (voice:app.call), with no reload.
    expect((await server.dashboard('POST', `/dashboard/voice/app/calls/${callId}/reject`, { asExternalId: 'pro_7' })).status).toBe(200);
    await call.locator('[data-testid="booking-call-result"][data-status="REJECTED"]').waitFor();
    expect(await result.getByTestId('app-call-status').textContent()).toBe('Rejected');
    expect(await result.getByTestId('booking-call-ended').textContent()).toMatch(/^ 0:00, .+\.$/);
    // The refusal of the second call no longer holds once the first has ended.
    await call.getByRole('alert').waitFor({ state: 'detached' });
    await result.scrollIntoViewIfNeeded();
    await screenshot(page, 'voice-people-call-ended');
    await demo.getByTestId('booking-call-toggle').click();
  });

  it('deactivates a person after a question: devices and phone dropped, not reachable; the focus goes to Reactivate', async () => {
    const dana = person('pro_9');
    await dana.getByTestId('person-deactivate').click();
    expect(await focused()).toBe('person-deactivate-cancel');
    await dana.getByTestId('person-deactivate-confirm').click();
    await page.locator('[data-testid="person-row"][data-external-id="pro_9"][data-active="false"]').waitFor();
    expect(await dana.getByTestId('person-state').textContent()).toBe('Deactivated');
    expect(await dana.getByTestId('person-reachable').textContent()).toBe('No: deactivated');
    expect(await dana.getByTestId('person-phone').textContent()).toBe('—');
    await expect.poll(focused).toBe('person-edit');
  });

  it('finds a booking\'s people beyond the newest 100 of their role by part of a name or id', async () => {
    // A roster sync through the API adds 100 newer customers (the console follows it live).
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'roster', environment: 'test', scopes: ['voice:app:write'], rateLimitPerMinute: 10_000 });
    for (let i = 0; i < 100; i++) {
      const walkIn = { externalId: `walkin_${String(i).padStart(3, '0')}`, role: 'CUSTOMER', displayName: `Walk-in ${i}` };
      const res = await fetch(`${server.url}/v1/voice/app/identities`, {
        method: 'POST', headers: { authorization: `Bearer ${created.body.key}`, 'content-type': 'application/json' }, body: JSON.stringify(walkIn),
      });
      expect(res.status).toBe(201);
    }
    // The newest walk-in leaves: the pickers ask the core for active people only, so it is neither offered nor counted.
    const left = await fetch(`${server.url}/v1/voice/app/identities/walkin_099`, { method: 'DELETE', headers: { authorization: `Bearer ${created.body.key}` } });
    expect(left.status).toBe(200);
    await page.getByTestId('booking-new').click();
    await bookingForm().getByTestId('booking-externalRef').fill('booking_3001');
    const customer = bookingForm().getByTestId('booking-customer');
    await bookingForm().getByTestId('booking-customer-more')
      .filter({ hasText: 'The newest 100 of 101 shown: type part of a name or id to find the others.' }).waitFor();
    expect(await customer.locator('option[value="walkin_098"]').count()).toBe(1);
    expect(await customer.locator('option[value="walkin_099"]').count()).toBe(0);
    // Alice is older than the newest 100 active customers: not offered until searched for.
    expect(await customer.locator('option[value="cust_1042"]').count()).toBe(0);
    await bookingForm().getByTestId('booking-customer-search').fill('ALICE');
    await customer.locator('option[value="cust_1042"]').waitFor({ state: 'attached' });
    expect(await customer.locator('option').allTextContents()).toEqual(['Choose a customer', 'Alice Johnson (cust_1042)']);
    // Enter in the search goes to the choice, sending nothing.
    await bookingForm().getByTestId('booking-customer-search').press('Enter');
    expect(await focused()).toBe('booking-customer');
    await customer.selectOption('cust_1042');
    // Another search keeps the person chosen.
    await bookingForm().getByTestId('booking-customer-search').fill('walkin_00');
    await page.locator('[data-testid="booking-customer"][data-ready="true"] option[value="walkin_009"]').waitFor({ state: 'attached' });
    expect(await customer.inputValue()).toBe('cust_1042');
    await bookingForm().getByTestId('booking-customer-search').fill('nobody-like-this');
    await bookingForm().getByTestId('booking-customer-none').filter({ hasText: 'No active customer matches “nobody-like-this”.' }).waitFor();
    expect(await customer.inputValue()).toBe('cust_1042');
    await bookingForm().getByTestId('booking-pro-search').fill('sam');
    await bookingForm().getByTestId('booking-pro').locator('option[value="pro_7"]').waitFor({ state: 'attached' });
    await bookingForm().getByTestId('booking-pro').selectOption('pro_7');
    await screenshot(page, 'voice-people-picker-search');
    await bookingForm().getByTestId('booking-save').click();
    await bookingForm().waitFor({ state: 'detached' });
    expect(await sessionOf('booking_3001')).toMatchObject({ proExternalId: 'pro_7', customerExternalId: 'cust_1042', status: 'active' });
    // Its people are named though Alice is not among the newest 100 customers.
    await booking('booking_3001').getByTestId('booking-customer').filter({ hasText: 'Alice Johnson (cust_1042)' }).waitFor();
    expect(await booking('booking_1042').getByTestId('booking-customer').textContent()).toBe('Alice Johnson (cust_1042)');
  });

  it('fits at 960 × 600 and reads in the dark theme', async () => {
    await page.setViewportSize({ width: 960, height: 600 });
    await page.getByTestId('bookings-section').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('people-panel').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'voice-people-960x600');
    await page.getByTestId('theme-toggle').click();
    await page.locator('html[data-theme="dark"]').waitFor();
    await page.getByTestId('people-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'voice-people-960x600-dark');
  });
});
