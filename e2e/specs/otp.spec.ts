// The OTP page: the seeded widget is listed; a widget is created from the form (a value the core would refuse
// is caught before anything is sent, and a refusal of the core itself still shows its message); a code sent
// through the API appears in the log, and once verified with what the simulated handset received, its status
// and the analytics follow.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { OtpWidget } from '../../src-core/contract/index.ts';
import { accessibleOf, expectNamedAndDescribed } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { TIME_OF_DAY } from '../fixtures/formats.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const PHONE = '+14155550144';

const widgets = async () => (await server.dashboard<{ data: OtpWidget[] }>('GET', '/dashboard/otp-widgets')).body.data;
const card = (name: string) => page.getByTestId('otp-widget').filter({ has: page.getByTestId('otp-widget-name').getByText(name, { exact: true }) });
const stat = (id: string) => page.getByTestId(`otp-stat-${id}`);
/** The analytics shown for `widgetId` ('all' for every widget), once they are for it and not the previous choice's. */
const analyticsFor = (widgetId: string) => page.locator(`[data-testid="otp-analytics"][data-widget="${widgetId}"][data-ready="true"]`);

async function withTheme(theme: 'light' | 'dark', name: string): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.dataset.theme);
  if (current !== theme) await page.getByTestId('theme-toggle').click();
  await page.locator(`html[data-theme="${theme}"]`).waitFor();
  await screenshot(page, name);
}

consoleForFile({ reducedMotion: true, midday: true }, (opened) => {
  ({ server, page } = opened);
});

describe('the OTP page', () => {
  it('lists the seeded widget with its channels in order, and the seeded requests in the log', async () => {
    await page.getByTestId('nav-otp').click();
    const widget = card('Example Store Login');
    await widget.waitFor();
    expect(await widget.getByTestId('otp-widget-channels').locator('li').allTextContents()).toEqual(['1. SMS', '2. WhatsApp']);
    await widget.getByText('6 digits, valid 5 min').waitFor();
    await page.locator('[data-testid="otp-log-row"][data-status="verified"]').filter({ hasText: '+14155550101' }).waitFor();
    await analyticsFor('all').waitFor();
    expect(Number(await stat('verified').getAttribute('data-value'))).toBeGreaterThanOrEqual(1);
    await withTheme('light', 'otp-page-light');
    await withTheme('dark', 'otp-page-dark');
    await withTheme('light', 'otp-page-light');
  });

  it('creates a widget from the form; a value the core would refuse is named and nothing is sent', async () => {
    const posts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/dashboard/otp-widgets')) posts.push(request.url());
    };
    page.on('request', onRequest);
    const before = (await widgets()).length;

    await page.getByTestId('otp-new-widget').click();
    const form = page.locator('[data-testid="otp-widget-form"][data-mode="new"]');
    await form.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('otp-field-name');
    await form.getByTestId('otp-field-name').fill('Checkout');
    await form.getByTestId('otp-field-otpLength').fill('12');
    await form.getByTestId('otp-field-otpLength-problem').filter({ hasText: 'Code length must be at most 10' }).waitFor();
    await form.getByTestId('otp-channel-sms').uncheck();
    await form.getByTestId('otp-field-channels-problem').filter({ hasText: 'needs at least one channel' }).waitFor();
    // A refused field is named by its label alone and described by its problem (a screen reader says "Code length
    // (digits), edit text, Code length must be at most 10"); a field with no problem is described by its hint.
    const length = form.getByTestId('otp-field-otpLength');
    await expectNamedAndDescribed(length, 'Code length (digits)', form.getByTestId('otp-field-otpLength-problem'));
    expect([await length.getAttribute('aria-invalid'), await length.getAttribute('aria-describedby')]).toEqual(['true', 'otp-field-otpLength-problem']);
    expect(await accessibleOf(form.getByTestId('otp-field-expirySeconds')))
      .toEqual({ name: 'Expiry (seconds · 5 min)', specName: 'Expiry (seconds · 5 min)', description: 'How long a code works; 30 to 3600' });
    const channels = form.getByRole('group', { name: 'Delivery channels' });
    await expectNamedAndDescribed(channels, 'Delivery channels', page.locator(`#${await channels.getAttribute('aria-describedby')}`));
    await form.getByTestId('otp-widget-save').click();
    await form.getByTestId('otp-form-blocked').waitFor();
    // The submit moved the focus to the first field in the way.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('otp-field-otpLength');
    await withTheme('light', 'otp-widget-form-problems');
    await withTheme('dark', 'otp-widget-form-problems-dark');
    await withTheme('light', 'otp-widget-form-problems');
    expect(posts).toEqual([]);
    expect((await widgets()).length).toBe(before);

    await form.getByTestId('otp-field-otpLength').fill('8');
    await form.getByTestId('otp-field-expirySeconds').fill('120');
    // WhatsApp first, then SMS: ticked in that order, and SMS moved back down past WhatsApp to be sure the arrows work.
    await form.getByTestId('otp-channel-sms').check();
    await form.getByTestId('otp-channel-whatsapp').check();
    await form.getByTestId('otp-channel-up-whatsapp').click();
    expect(await form.getByTestId('otp-field-otpLength-problem').count()).toBe(0);
    await form.getByTestId('otp-widget-save').click();
    await card('Checkout').waitFor();
    expect(await page.getByTestId('otp-widget-form').count()).toBe(0);
    expect(posts).toHaveLength(1);
    expect(await card('Checkout').getByTestId('otp-widget-channels').locator('li').allTextContents()).toEqual(['1. WhatsApp', '2. SMS']);
    const created = (await widgets()).find((w) => w.name === 'Checkout');
    expect(created).toMatchObject({ otpLength: 8, expirySeconds: 120, channels: ['whatsapp', 'sms'], maxResends: 3, maxVerifyAttempts: 3 });
    page.off('request', onRequest);
  });

  it('changes a widget; when the core still refuses, its message is shown and the form stays open', async () => {
    const checkout = card('Checkout');
    await checkout.getByTestId('otp-widget-edit').click();
    const form = page.locator('[data-testid="otp-widget-form"][data-mode="edit"]');
    expect(await form.getByTestId('otp-widget-save').textContent()).toBe('No changes');
    await form.getByTestId('otp-field-maxVerifyAttempts').fill('5');
    // A rule the form does not know (a newer core, say): the body is changed on its way so the core refuses it.
    await page.route('**/dashboard/otp-widgets/*', (route) => route.continue({ postData: JSON.stringify({ maxResends: 11 }) }));
    await form.getByTestId('otp-widget-save').click();
    await form.getByTestId('error-state').filter({ hasText: 'Not accepted' }).filter({ hasText: 'maxResends: must be at most 10' }).waitFor();
    await screenshot(page, 'otp-widget-core-refusal');
    await page.unroute('**/dashboard/otp-widgets/*');

    await form.getByTestId('otp-widget-save').click();
    await card('Checkout').getByText('blocked after 5 wrong codes').waitFor();
    expect((await widgets()).find((w) => w.name === 'Checkout')).toMatchObject({ maxVerifyAttempts: 5, maxResends: 3, otpLength: 8 });
  });

  it('shows a code sent through the API in the log; after a wrong code and the right one, its row and the analytics follow', async () => {
    const widget = (await widgets()).find((w) => w.name === 'Example Store Login');
    expect(widget).toBeDefined();
    const widgetId = widget?.id ?? '';
    await page.getByTestId('otp-filter-widget').selectOption({ label: 'Example Store Login' });
    await analyticsFor(widgetId).waitFor();
    const count = async (id: string) => Number(await stat(id).getAttribute('data-value'));
    const [sentBefore, verifiedBefore] = [await count('sent'), await count('verified')];

    const key = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'OTP page e2e', environment: 'test', scopes: ['otp:send', 'otp:verify'] });
    expect(key.status).toBe(201);
    const v1 = async <T>(path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST', headers: { authorization: `Bearer ${key.body.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    };
    const sent = await v1<{ requestId: string }>('/v1/otp/send', { widgetId, identifier: PHONE });
    expect(sent.status).toBe(200);
    const row = page.locator(`[data-testid="otp-log-row"][data-request-id="${sent.body.requestId}"]`);
    await row.and(page.locator('[data-status="sent"]')).waitFor();
    expect(await row.textContent()).toContain(PHONE);
    expect(await row.locator('td').first().textContent()).toMatch(TIME_OF_DAY);
    await row.getByTestId('otp-status').filter({ hasText: 'Awaiting code' }).waitFor();
    // How long the code has left, counting down on the clock (Example Store Login's codes last 5 minutes).
    const left = await row.getByTestId('otp-time-left').textContent();
    expect(left).toMatch(/^\s*[45]:\d\d left$/);
    await page.waitForFunction(([id, before]) => document.querySelector(`[data-request-id="${id}"] [data-testid="otp-time-left"]`)?.textContent !== before, [sent.body.requestId, left]);
    await page.locator(`[data-testid="otp-stat-sent"][data-value="${sentBefore + 1}"]`).waitFor();

    const handset = await server.dashboard<{ data: Array<{ text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(PHONE)}/messages`);
    const text = handset.body.data.map((m) => m.text).find((t) => t.includes('verification code for Example Store Login')) ?? '';
    const code = new RegExp(`\\b(\\d{${widget?.otpLength ?? 6}})\\b`).exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d+$/);

    const wrong = await v1<{ message: string }>('/v1/otp/verify', { requestId: sent.body.requestId, otp: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    await row.getByTestId('otp-log-attempts').filter({ hasText: '1 / 3' }).waitFor();

    const verified = await v1<{ accessToken: string }>('/v1/otp/verify', { requestId: sent.body.requestId, otp: code });
    expect(verified.status).toBe(200);
    await row.and(page.locator('[data-status="verified"]')).waitFor();
    await row.getByTestId('otp-status').filter({ hasText: 'Verified' }).waitFor();
    await page.locator(`[data-testid="otp-stat-verified"][data-value="${verifiedBefore + 1}"]`).waitFor();
    expect(await count('sent')).toBe(sentBefore + 1);
    const breakdown = page.locator('[data-testid="otp-breakdown"] [data-channel="sms"]');
    expect(Number(await breakdown.getAttribute('data-verified'))).toBeGreaterThanOrEqual(1);
    await withTheme('light', 'otp-log-verified');
    await withTheme('dark', 'otp-log-verified-dark');
    await withTheme('light', 'otp-log-verified');
  });

  it('filters the log by status and by widget', async () => {
    await page.getByTestId('otp-filter-status').selectOption('sent');
    const log = page.locator('[data-testid="otp-log"][data-ready="true"]');
    await page.locator('[data-testid="otp-log-row"][data-status="verified"]').first().waitFor({ state: 'detached' });
    await log.waitFor();
    expect(await page.getByTestId('otp-log-row').filter({ hasText: PHONE }).count()).toBe(0);
    for (const status of await page.getByTestId('otp-log-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))) expect(status).toBe('sent');

    await page.getByTestId('otp-filter-status').selectOption('verified');
    await page.getByTestId('otp-log-row').filter({ hasText: PHONE }).waitFor();

    await page.getByTestId('otp-filter-widget').selectOption({ label: 'Checkout' });
    await page.locator('[data-testid="otp-log"][data-total="0"]').getByText('No OTP requests match these filters').waitFor();
    await analyticsFor((await widgets()).find((w) => w.name === 'Checkout')?.id ?? '').waitFor();
    expect(await stat('sent').getAttribute('data-value')).toBe('0');
    // None sent: no rate yet, not a 0% that reads as every code failing.
    expect(await stat('rate').getAttribute('data-value')).toBe('—');
    expect(await stat('rate').locator('.small').textContent()).toBe('none sent yet');
  });

  it('tries a code from the console without a key: sent to the simulated handset, a wrong code refused, the right one verified', async () => {
    const phone = '+14155550177';
    await page.getByTestId('nav-otp').click();
    await page.getByTestId('otp-try-widget').selectOption({ label: 'Example Store Login' });
    await page.getByTestId('otp-try-phone').fill(phone);
    await page.getByTestId('otp-try-send').click();
    await page.getByTestId('otp-try-sent').filter({ hasText: phone }).waitFor();
    const received = await server.dashboard<{ data: Array<{ text: string }> }>('GET', '/sim/handsets/14155550177/messages');
    const code = /^(\d+) is your verification code/.exec(received.body.data.at(-1)?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByTestId('otp-try-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('otp-try-verify').click();
    // Refused on one line where Verified shows, in the error colour, read out at once: not a block of its own.
    const refused = page.getByTestId('otp-try-refused');
    await refused.filter({ hasText: /^Not verified: .*(incorrect|wrong|invalid)/i }).waitFor();
    expect(await refused.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('otp-try').getByTestId('error-state').count()).toBe(0);
    const colour = (testId: string, css: string) => page.evaluate(([id, variable]) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${variable})`;
      document.body.append(probe);
      const wanted = getComputedStyle(probe).color;
      probe.remove();
      return [getComputedStyle(document.querySelector(`[data-testid="${id}"]`) as Element).color, wanted];
    }, [testId, css]);
    const [shown, danger] = await colour('otp-try-refused', '--danger');
    expect(shown).toBe(danger);
    const lineAt = (testId: string) => page.getByTestId(testId).evaluate((line) => {
      const box = line.getBoundingClientRect();
      return { tag: line.tagName, x: Math.round(box.x), y: Math.round(box.y), fontSize: getComputedStyle(line).fontSize };
    });
    const wrongAt = await lineAt('otp-try-refused');
    // The handset's message is shown beside the form, and its code can be taken from there.
    await page.getByTestId('otp-try-handset').filter({ hasText: `${code} is your verification code` }).waitFor();
    await page.getByTestId('otp-try-use-code').click();
    expect(await page.getByTestId('otp-try-code').inputValue()).toBe(code);
    await page.getByTestId('otp-try-verify').click();
    await page.getByTestId('otp-try-verified').waitFor();
    await refused.waitFor({ state: 'detached' });
    // Where the refusal was, in the same size.
    expect(await lineAt('otp-try-verified')).toEqual(wrongAt);
    await page.getByTestId('otp-filter-status').selectOption('');
    await page.getByTestId('otp-filter-widget').selectOption('');
    await page.locator('[data-testid="otp-log-row"][data-status="verified"]').filter({ hasText: phone }).waitFor();
    await screenshot(page, 'otp-try');
  });

  it('says the number the code went to as the core took it, not as typed', async () => {
    const form = page.getByTestId('otp-try');
    await form.getByTestId('otp-try-phone').fill('9810012345');
    await form.getByTestId('otp-try-send').click();
    const sent = form.getByTestId('otp-try-sent');
    await sent.filter({ hasText: /^Code sent to \+9810012345 \(request otp_/ }).waitFor();
    const requestId = await sent.locator('code').textContent();
    // The number the core logged for that request.
    const logged = (await server.dashboard<{ data: Array<{ id: string; identifier: string }> }>('GET', '/dashboard/otp/logs?limit=100')).body.data;
    expect(logged.find((entry) => entry.id === requestId)?.identifier).toBe('+9810012345');
  });

  it('a send the provider fails is headed as a refusal, and the previous request’s code, Verify and Resend go with it', async () => {
    const form = page.getByTestId('otp-try');
    await form.getByTestId('otp-try-sent').waitFor();
    await form.getByTestId('otp-try-phone').fill('+15005550001');
    await form.getByTestId('otp-try-send').click();
    const refused = form.locator('[data-testid="error-state"][data-kind="refused"]');
    await refused.filter({ hasText: 'The OTP could not be delivered to +15005550001 over sms' }).waitFor();
    expect(await refused.locator('strong').textContent()).toBe('Not sent');
    expect(await form.getByText('Something went wrong').count()).toBe(0);
    for (const gone of ['otp-try-sent', 'otp-try-handset', 'otp-try-code', 'otp-try-verify', 'otp-try-resend', 'otp-try-verified']) {
      expect([gone, await form.getByTestId(gone).count()]).toEqual([gone, 0]);
    }
    await screenshot(page, 'otp-try-not-delivered');
  });
});
