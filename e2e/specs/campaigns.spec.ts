// The campaigns page in a real browser: build a WhatsApp campaign from an approved template (its language named, not
// coded), schedule it (its results "not sent yet", not 0%), cancel it and see the refund in the wallet; launch another at once, watch it complete and its
// analytics fill (the builder's hints whole); a draft whose schedule the virtual clock has passed is launched now, and says so.
// Every launch asks first (launch-confirm.tsx), in words, the wallet's shortfall too; a cancelled campaign's results say
// its recipients were not sent because it was cancelled.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { cutPlaceholders } from '../fixtures/layout.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

const detail = (status: string) => page.locator(`[data-testid="campaign-detail"][data-status="${status}"]`);
const template = (name: string) => page.locator(`[data-testid="template-option"][data-template-name="${name}"]`);
/** The launch's confirmation, open; and gone (closed dialogs are unmounted). */
const launchOpen = () => page.locator('[data-testid="launch-dialog"][open]');
const launchGone = () => page.getByTestId('launch-dialog').waitFor({ state: 'detached' });
/** A fact of the launch's confirmation, as it reads. */
const fact = (key: string) => page.getByTestId(`launch-fact-${key}`).locator('dd').textContent();
const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

async function balance(): Promise<string> {
  await page.getByTestId('nav-wallet').click();
  const text = (await page.getByTestId('balance').textContent()) ?? '';
  expect(text).toMatch(/₹/);
  return text;
}

consoleForFile({ height: 860, reducedMotion: true }, (opened) => {
  ({ server, page } = opened);
});

describe('campaigns', () => {
  it('builds a scheduled campaign, its results "not sent yet"; cancelling it refunds the wallet', async () => {
    const before = await balance();
    await page.getByTestId('nav-campaigns').click();
    // The demo seed's campaign is there from the start.
    await page.getByTestId('campaign-row').filter({ hasText: 'Festive sale for VIPs' }).waitFor();
    await page.getByTestId('new-campaign').click();
    // Each template's language by name, its code (what the API takes) in the title: en_US and en read apart.
    for (const [name, language, code] of [['order_update', 'English (US)', 'en_US'], ['welcome_offer', 'English', 'en']] as const) {
      const chip = template(name).getByTestId('template-language');
      expect(await chip.textContent()).toBe(language);
      expect(await chip.getAttribute('title')).toBe(`${code} in the API`);
    }
    await template('order_update').click();
    await page.getByTestId('recipients-input').fill('919820000000\n+919820000001, 919820000004\n12345\n91 9820 000000');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1');
    expect(await page.getByTestId('count-duplicates').textContent()).toBe('1');
    expect(await page.getByTestId('invalid-list').textContent()).toContain('12345');
    // The next Tab stop is Upload CSV… (a button); the file input it stands for is hidden and no Tab stop.
    await page.getByTestId('recipients-input').press('Tab');
    expect(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent?.trim()])).toEqual(['BUTTON', 'Upload CSV…']);
    // Enter on it clicks the input it stands for, which opens the file picker. The click is seen on the input and
    // the picker kept shut: Chromium's file-chooser interception (waitForEvent('filechooser')) misses one now and then.
    await page.getByTestId('recipients-csv').evaluate((input) => {
      input.addEventListener('click', (event) => { event.preventDefault(); input.dataset.clicked = 'true'; }, { once: true });
    });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="recipients-csv"][data-clicked="true"]').waitFor({ state: 'attached' });

    await page.getByTestId('placeholder-1-source').selectOption('name');
    // A contact without a name would get an empty parameter, which WhatsApp refuses: the fallback is needed.
    await page.getByTestId('builder-blockers').filter({ hasText: 'a fallback for body {{1}} (for a contact without a name)' }).waitFor();
    // Both submits name that line as their description, for a screen reader on a disabled button.
    for (const submit of ['create-draft', 'create-launch']) {
      expect(await page.getByTestId(submit).getAttribute('aria-describedby')).toBe(await page.getByTestId('builder-blockers').getAttribute('id'));
    }
    // The fallback's hint shows whole beside the field's choice, in a laptop's window and the desktop one's smallest.
    for (const width of [1280, 960]) {
      await page.setViewportSize({ width, height: 860 });
      expect(await cutPlaceholders(page), `at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByTestId('placeholder-1-fallback').fill('there');
    await page.getByTestId('placeholder-2-text').fill('#2001');
    await page.getByTestId('placeholder-3-text').fill('Friday');
    await page.getByTestId('header-1-text').fill('#2001');
    await page.getByTestId('button-1-suffix').fill('2001');
    await page.getByTestId('preview-body').filter({ hasText: 'your order #2001 has shipped and should arrive by Friday' }).waitFor();
    await page.getByTestId('campaign-name').fill('Shipping update');
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-at').fill('2030-01-20T10:00');
    await page.getByTestId('schedule-zone').fill('Asia/Kolkata');
    expect(await page.getByTestId('builder-blockers').count()).toBe(0);
    expect(await page.getByTestId('create-launch').getAttribute('aria-describedby')).toBeNull();
    await screenshot(page, 'campaigns-builder');
    await page.getByTestId('theme-toggle').click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await screenshot(page, 'campaigns-builder-dark');
    await page.getByTestId('theme-toggle').click();

    // The launch asks first, in words: the campaign, its channel, the recipients, the cost at the wallet's price and that the
    // wallet covers it, and its time. Escape cancels, nothing sent, the focus back on the button; Cancel too.
    const sends = await page.locator('.summary > div').filter({ has: page.locator('dt', { hasText: /^Sends$/ }) }).locator('dd').textContent();
    await page.getByTestId('create-launch').click();
    await launchOpen().waitFor();
    expect(await focusedId()).toBe('launch-cancel');
    expect(await launchOpen().locator('h2').textContent()).toBe('Schedule “Shipping update”?');
    expect(await launchOpen().getByTestId('launch-lead').textContent()).toBe(
      `This schedules WhatsApp messages to 3 recipients for ${sends}. The wallet is charged now; cancelling before then gives it back.`);
    expect(await fact('campaign')).toBe('Shipping update');
    expect(await fact('channel')).toBe('WhatsApp');
    expect(await fact('recipients')).toBe('3');
    expect(await fact('cost')).toMatch(/^₹[\d,.]+ \(3 × ₹[\d,.]+\)$/);
    expect(await fact('wallet')).toMatch(/^₹[\d,.]+ in the wallet: enough$/);
    expect(await fact('when')).toBe(sends);
    expect(await page.getByTestId('launch-confirm').textContent()).toBe('Schedule it');
    await screenshot(page, 'campaigns-launch-confirm');
    await page.keyboard.press('Escape');
    await launchGone();
    expect(await focusedId()).toBe('create-launch');
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-cancel').click();
    await launchGone();
    expect(await focusedId()).toBe('create-launch');
    // Nothing was created or sent by asking: still the builder, and no campaign of that name.
    expect(await page.getByTestId('campaign-builder').count()).toBe(1);
    const listed = await server.dashboard<{ data: Array<{ name: string }> }>('GET', '/dashboard/whatsapp/campaigns?limit=100');
    expect(listed.body.data.map((c) => c.name)).not.toContain('Shipping update');

    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('SCHEDULED').waitFor();
    expect(await page.getByTestId('campaign-detail').textContent()).toContain('Asia/Kolkata');
    // Launched (its wallet reserved) but not started: no launch time stands in for a start that has not happened.
    expect(await page.getByTestId('fact-started').locator('dd').textContent()).toBe('Not yet');
    expect(await page.getByTestId('campaign-facts').textContent()).not.toContain('Launched');
    // Nothing sent yet: its funnel and rates say so, not a row of 0% (nor a rate of "0 of 0") that reads as a failed campaign.
    await page.getByTestId('rate-delivery-waiting').waitFor();
    for (const rate of ['delivery', 'read', 'click']) {
      expect(await page.locator(`[data-testid="rate-${rate}"] .ring-text`).textContent()).toBe('—');
      expect(await page.getByTestId(`rate-${rate}-waiting`).textContent()).toBe('not sent yet');
    }
    expect(await page.getByTestId('funnel-unsent').count()).toBe(await page.getByTestId('funnel').locator('.funnel-row').count());
    expect(await page.getByTestId('campaign-analytics').textContent()).not.toMatch(/\b0%|0 of 0/);

    // The launch reserved the three recipients: the balance moves away from where it was (cached value first, then the refetch).
    await page.getByTestId('nav-wallet').click();
    await page.getByTestId('balance').filter({ hasNotText: before }).waitFor();
    await page.locator('[data-testid="ledger-line"][data-kind="charge"]').filter({ hasText: 'WhatsApp messages ×3' }).waitFor();
    await page.getByTestId('nav-campaigns').click();
    await detail('SCHEDULED').waitFor();
    await page.getByTestId('cancel-campaign').click();
    await page.getByTestId('confirm-cancel').click();
    await detail('CANCELLED').waitFor();
    expect(await page.getByTestId('refunded-recipients').textContent()).toBe('3');
    expect(await page.getByTestId('fact-started').locator('dd').textContent()).toBe('Never: cancelled before its time');
    // Its recipients never will be sent now: the funnel and the rates say why, not "not sent yet".
    await page.getByTestId('rate-delivery-waiting').filter({ hasText: 'not sent: cancelled' }).waitFor();
    for (const rate of ['delivery', 'read', 'click']) expect(await page.getByTestId(`rate-${rate}-waiting`).textContent()).toBe('not sent: cancelled');
    expect(new Set(await page.getByTestId('funnel-unsent').allTextContents())).toEqual(new Set(['not sent: cancelled']));
    expect(await page.getByTestId('funnel-cancelled').count()).toBe(0);

    await page.getByTestId('nav-wallet').click();
    await page.locator('[data-testid="ledger-line"][data-kind="refund"]').filter({ hasText: 'Shipping update' }).waitFor();
    await page.getByTestId('balance').filter({ hasText: before }).waitFor();
  });

  it('launches a campaign at once: progress reaches 100%, and analytics fill as the clock moves', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('back-to-list').click();
    await page.getByTestId('new-campaign').click();
    await template('welcome_offer').click();
    await page.getByTestId('recipients-input').fill('919820000010, 919820000011, 919820000015');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    await page.getByTestId('placeholder-1-text').fill('friend');
    await page.getByTestId('header-media-link').fill('https://cdn.example.com/welcome.png');
    await page.getByTestId('campaign-name').fill('Welcome offer');
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();

    await page.locator('[data-testid="campaign-progress"][data-percent="100"]').waitFor();
    await detail('COMPLETED').waitFor();
    // Sent at once: it started when it was launched, and says when.
    expect(await page.getByTestId('fact-started').locator('dd').textContent()).toMatch(/\d{4}, \d{1,2}:\d{2}/);
    // Its audience, a pasted list, as an SMS campaign's is said (the core keeps no audience type for a WhatsApp list).
    expect(await page.getByTestId('fact-audience').locator('dd').textContent()).toBe('A list of numbers');
    const advanced = await server.dashboard('POST', '/sim/clock/advance', { seconds: 400 });
    expect(advanced.status).toBe(200);
    for (const stage of ['delivered', 'read', 'clicked']) {
      await page.locator(`[data-testid="funnel-${stage}"]:not([data-value="0"])`).waitFor();
    }
    expect(Number(await page.getByTestId('funnel-sent').getAttribute('data-value'))).toBe(3);
    expect(Number(await page.getByTestId('rate-delivery').getAttribute('data-value'))).toBe(100);
    await screenshot(page, 'campaigns-detail');
    await page.getByTestId('theme-toggle').click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await screenshot(page, 'campaigns-detail-dark');
    await page.getByTestId('theme-toggle').click();

    await page.getByTestId('back-to-list').click();
    await page.getByTestId('campaign-row').nth(2).waitFor();
    const statuses = await page.getByTestId('campaign-row').getByTestId('campaign-status').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    // The demo seed's own campaign (Festive sale for VIPs, completed at start) is listed too.
    expect(statuses.sort()).toEqual(['CANCELLED', 'COMPLETED', 'COMPLETED']);
    // A row lacks its campaign's zone: the schedule is written in the browser's, and says so as the detail does.
    expect(await page.getByTestId('campaign-row').filter({ hasText: 'Shipping update' }).getByTestId('campaign-scheduled').textContent())
      .toMatch(/^[A-Z][a-z]{2} \d{1,2}, 20\d\d, \d{1,2}:\d\d\s[AP]M \([A-Za-z_]+(\/[A-Za-z_+-]+)*\)$/);
    await screenshot(page, 'campaigns-list');
  });

  it('reads recipients from a CSV file; a passed schedule keeps create off, as in every builder', async () => {
    await page.getByTestId('new-campaign').click();
    await template('welcome_offer').click();
    const csv = 'name,phone\nAsha,919820000010\nRavi,+91 98200 00011\nNone,n/a\nAsha again,919820000010\n';
    await page.getByTestId('recipients-csv').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('csv-file').filter({ hasText: 'customers.csv' }).waitFor();
    await page.getByTestId('count-valid').filter({ hasText: '2' }).waitFor();
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1');
    expect(await page.getByTestId('count-duplicates').textContent()).toBe('1');
    await page.getByTestId('placeholder-1-text').fill('friend');
    await page.getByTestId('header-media-link').fill('https://cdn.example.com/welcome.png');
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-at').fill('2001-01-01T10:00');
    // The core would refuse it ("is in the past"; its refusals shown as sent are covered in campaigns-channels).
    await page.getByTestId('builder-blockers').filter({ hasText: 'a schedule time that has not passed' }).waitFor();
    expect(await page.getByTestId('create-draft').isDisabled()).toBe(true);
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);
  });

  it('a draft whose schedule the clock has passed offers "Launch now", says why, and is not shown as scheduled once sent', async () => {
    const templates = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/whatsapp/templates?status=APPROVED&limit=100');
    const now = (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now;
    const created = await server.dashboard<{ id: string }>('POST', '/dashboard/whatsapp/campaigns', {
      name: 'Overtaken draft', templateId: templates.body.data.find((t) => t.name === 'welcome_offer')?.id, phones: ['919820000320'],
      templateComponents: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com/welcome.png' } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'friend' }] },
      ],
      scheduledAt: new Date(Date.parse(now) + 120_000).toISOString(), scheduleTimezone: 'Asia/Kolkata',
    });
    expect(created.status).toBe(201);
    // The previous test left the builder open: Cancel goes back to the list.
    await page.getByTestId('campaign-builder').getByRole('button', { name: 'Cancel' }).click();
    // A draft made through the API has no live event: the list is read again on a reload.
    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('campaign-row').filter({ hasText: 'Overtaken draft' }).click();
    await detail('DRAFT').waitFor();
    // Not yet passed: a launch schedules it.
    await page.getByTestId('launch-campaign').filter({ hasText: 'Launch (schedule)' }).waitFor();
    expect(await page.getByTestId('schedule-passed').count()).toBe(0);
    // Its page asks first too, with the draft's own facts and its time; Escape leaves it a draft, the focus on Launch.
    await page.getByTestId('launch-campaign').click();
    await launchOpen().waitFor();
    expect(await launchOpen().locator('h2').textContent()).toBe('Schedule “Overtaken draft”?');
    expect(await fact('recipients')).toBe('1');
    expect(await fact('when')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 20\d\d, \d{1,2}:\d\d\s[AP]M \(Asia\/Kolkata\)$/);
    await page.keyboard.press('Escape');
    await launchGone();
    expect(await focusedId()).toBe('launch-campaign');
    await detail('DRAFT').waitFor();

    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 180 })).status).toBe(200);
    await page.getByTestId('launch-campaign').filter({ hasText: 'Launch now' }).waitFor();
    expect(await page.getByTestId('schedule-passed').textContent()).toMatch(/^Its scheduled time, .+ \(Asia\/Kolkata\), has passed: launching sends it at once\.$/);
    await page.getByTestId('launch-campaign').click();
    await launchOpen().waitFor();
    expect(await launchOpen().locator('h2').textContent()).toBe('Send “Overtaken draft” now?');
    expect(await fact('when')).toBe('Now, as soon as you confirm');
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    const scheduled = page.locator('.facts div').filter({ has: page.locator('dt', { hasText: /^Scheduled$/ }) }).locator('dd');
    expect(await scheduled.textContent()).toMatch(/^(—|None: its time had passed at launch, so it was sent at once)$/);
    await page.getByTestId('back-to-list').click();
  });

  it('keeps the builder\'s estimate on one line at 1440, 1280 and 960 px, each part whole and no "·" left at a line\'s end or start alone', async () => {
    await page.getByTestId('new-campaign').click();
    await template('welcome_offer').click();
    await page.getByTestId('audience-all').click();
    // The demo's every contact, some blocked: "54 contacts match · 2 blocked · ₹41.60", as the presenter saw it wrap.
    const estimate = page.locator('[data-testid="summary-recipients"][data-ready="true"]').filter({ hasText: /^\d+ contacts match · \d+ blocked · ₹[\d,.]+$/ });
    await estimate.waitFor();
    for (const width of [1440, 1280, 960]) {
      await page.setViewportSize({ width, height: 860 });
      // The lines the text takes (its boxes' distinct tops), and how many boxes each part takes (1: not broken inside).
      const measured = await estimate.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        const parts = [...el.querySelectorAll('[data-testid="estimate-part"]')].map((part) => {
          const r = document.createRange();
          r.selectNodeContents(part);
          return new Set([...r.getClientRects()].filter((b) => b.width > 0).map((b) => Math.round(b.top))).size;
        });
        return { lines, parts };
      });
      expect(measured, `at ${width} px`).toEqual({ lines: 1, parts: [1, 1, 1] });
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    await screenshot(page, 'campaigns-builder-estimate');
    await page.getByTestId('campaign-builder').getByRole('button', { name: 'Cancel' }).click();
  });

  it('says before the launch when the wallet would not cover it, as the core would refuse it', async () => {
    const wallet = await server.dashboard<{ prices: Record<string, number>; balancePaise: number }>('GET', '/dashboard/wallet');
    await page.getByTestId('new-campaign').click();
    await template('welcome_offer').click();
    await page.getByTestId('audience-all').click();
    await page.getByTestId('placeholder-1-text').fill('friend');
    await page.getByTestId('header-media-link').fill('https://cdn.example.com/welcome.png');
    await page.getByTestId('campaign-name').fill('Everyone, dearly');
    await page.locator('[data-testid="summary-recipients"][data-ready="true"]').waitFor();
    // The most a message may cost: every contact at it is more than the demo's wallet holds.
    expect((await server.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: 100_000 } })).status).toBe(200);
    try {
      await page.getByTestId('create-launch').click();
      await page.locator('[data-testid="launch-dialog"][open][data-short="true"]').waitFor();
      expect(await fact('wallet')).toMatch(/^₹[\d,.]+ in the wallet: not enough, so the launch would be refused\. Top up first\.$/);
      expect(await fact('recipients')).toMatch(/^\d+, of whom \d+ skipped as blocked or opted out \(not charged\)$/);
      await page.getByTestId('launch-cancel').click();
      await launchGone();
    } finally {
      expect((await server.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: wallet.body.prices.whatsapp } })).status).toBe(200);
    }
    await page.getByTestId('campaign-builder').getByRole('button', { name: 'Cancel' }).click();
  });
});
