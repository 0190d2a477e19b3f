// The Automations and Calls pages in the desktop window's smallest size (960 × 600) and a laptop's (1280 × 800), with
// scrollbars hidden and shown (layout-narrow.spec.ts and layout-narrow-lists.spec.ts check the other pages): nothing scrolls sideways, the console
// never scrolls as a whole, and each page's main controls are on screen: the automation builder's, the App calls
// tab's with a call open, the Simulator's Phone calls card, and People & bookings with their actions in reach.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';

let page: Page;

const session = consoleForFile({ width: 1280, height: 800 }, (opened) => {
  page = opened.page;
});

const fitsTheWindow = () => layout.fitsTheWindow(page);
const onScreen = layout.onScreen;
const go = (section: string) => page.getByTestId(`nav-${section}`).click();

// Every size twice: in the session's browser (scrollbars hidden), then in one showing a desktop's classic scrollbars.
layout.eachScrollbars(() => session().server.consoleUrl, () => session().page, (shown) => { page = shown; }, (shot) => {

  describe.each([{ width: 960, height: 600 }, { width: 1280, height: 800 }])('at $width × $height', ({ width, height }) => {
    const size = `${width}x${height}`;
    beforeAll(async () => {
      await layout.resize(page, width, height);
    });

    it('automations: the list, each card\'s actions, and the builder with steps (its Create button reachable)', async () => {
      await go('automations');
      await page.locator('[data-testid="automations"][data-ready="true"]').waitFor();
      await onScreen(page.getByTestId('new-automation'));
      for (const control of ['automation-edit', 'automation-toggle', 'automation-delete']) await onScreen(page.getByTestId(control).first());
      await fitsTheWindow();
      await page.getByTestId('new-automation').click();
      const form = page.getByTestId('new-automation-form');
      for (const label of ['Send SMS', 'Send WhatsApp template', 'Condition']) {
        await form.getByTestId('add-step-type').selectOption({ label });
        await form.getByTestId('add-step').click();
      }
      await onScreen(form.getByTestId('builder-step').nth(1).getByTestId('step-remove'));
      await onScreen(form.getByTestId('automation-save'));
      await fitsTheWindow();
      await shot(`layout-automations-builder-${size}`);
      await form.getByTestId('automation-form-cancel').click();
      await page.getByTestId('new-automation').waitFor();
    });


    it('calls: People & bookings fit (metadata keys whole), a person\'s devices, each row\'s actions and the booking form reachable', async () => {
      await go('calls');
      await page.getByTestId('calls-tab-people').click();
      const pro = page.locator('[data-testid="person-row"][data-external-id="pro_7"]');
      await pro.waitFor();
      await fitsTheWindow();
      for (const control of ['person-devices-toggle', 'person-edit', 'person-deactivate']) await onScreen(pro.getByTestId(control));
      const demo = page.locator('[data-testid="booking-row"][data-external-ref="booking_1042"]');
      for (const control of ['booking-call-toggle', 'booking-extend', 'booking-revoke']) await onScreen(demo.getByTestId(control));
      // Each metadata key on one line: the column once let 960 px cut "bookingNumber:" into "bookingNumb" / "er:".
      const keyLines = await demo.getByTestId('booking-metadata-key').evaluateAll((keys) => keys.map((key) => {
        const range = document.createRange();
        range.selectNodeContents(key);
        return `${key.textContent} ${new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size}`;
      }));
      expect(keyLines).toEqual(['bookingNumber: 1', 'service: 1']);
      await pro.getByTestId('person-devices-toggle').click();
      await onScreen(page.getByTestId('person-devices').getByTestId('device-register'));
      await fitsTheWindow();
      await page.getByTestId('booking-new').click();
      await onScreen(page.getByTestId('booking-form').getByTestId('booking-save'));
      await fitsTheWindow();
      await shot(`layout-calls-people-${size}`);
      await page.getByTestId('booking-cancel').click();
      await pro.getByTestId('person-devices-toggle').click();
      await page.getByTestId('person-devices').waitFor({ state: 'detached' });
    });


    it('calls: the App calls tab with a call open, its actions and the numbers card reachable; the Simulator\'s Phone calls card', async () => {
      await go('calls');
      await page.getByTestId('calls-tab-app').click();
      await page.getByTestId('app-calls-tab').waitFor();
      // One call between two app users, left ringing (the clock does not move here), opened: its actions make the
      // tallest detail (the demo's own booking call ended long ago).
      await page.getByTestId('app-calls-list').waitFor();
      const ringing = page.getByTestId('app-call-row').filter({ has: page.locator('[data-testid="app-call-status"][data-status="RINGING"]') });
      if ((await ringing.count()) === 0) {
        expect((await session().server.dashboard('POST', '/dashboard/voice/app/calls', { type: 'app', from: 'cust_1042', to: 'pro_7' })).status).toBe(201);
      }
      await ringing.first().getByTestId('app-call-open').click();
      await page.getByTestId('app-call-detail').waitFor();
      await fitsTheWindow();
      for (const control of ['app-call-place', 'app-call-open', 'app-call-close', 'app-number-route', 'app-number-add', 'app-pstn']) await onScreen(page.getByTestId(control).first());
      await shot(`layout-app-calls-${size}`);
      await go('simulator');
      await onScreen(page.getByTestId('phone-dial'));
      await fitsTheWindow();
    });
  });
});
