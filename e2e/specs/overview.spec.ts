// The Overview on the demo seed: the first item of the sidebar (the console still opens on the Inbox), its cards show
// the core's own figures (GET /dashboard/overview, read side by side, not numbers written here), a customer writing in
// moves the inbox card live (no reload, no polling: the stream's event), and a figure's link opens the page behind it. Its
// messages' Sent (failed ones included) and a campaign's Sent (not) each say what they count.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHANNELS, formatPaise, type Overview } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { fitsTheWindow, resize } from '../fixtures/layout.ts';

let page: Page;
const session = consoleForFile({ width: 1280, height: 800 }, (opened) => {
  page = opened.page;
});
const core = async () => (await session().server.dashboard<Overview>('GET', '/dashboard/overview')).body;
const text = async (testId: string) => (await page.getByTestId(testId).first().textContent())?.trim() ?? '';
const rate = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

/** What the page shows, in the core's shape, for the figures compared. */
async function shown(): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  for (const channel of CHANNELS) {
    for (const field of ['sent', 'delivered', 'read', 'failed', 'received', 'rate']) figures[`${channel}.${field}`] = await text(`ov-${channel}-${field}`);
  }
  for (const id of ['ov-inbox-open', 'ov-inbox-unread', 'ov-inbox-snoozed', 'ov-campaigns-running', 'ov-campaigns-scheduled', 'ov-campaigns-completed',
    'ov-webhooks-active', 'ov-webhooks-disabled', 'ov-webhooks-retrying', 'ov-webhooks-held', 'ov-wallet-balance', 'ov-wallet-credits', 'ov-wallet-spent', 'ov-wallet-credits-spent']) {
    figures[id] = await text(id);
  }
  for (const kind of ['agent', 'app']) for (const field of ['live', 'started', 'completed', 'failed']) figures[`${kind}.${field}`] = await text(`ov-calls-${kind}-${field}`);
  return figures;
}

function expected(o: Overview): Record<string, string> {
  const n = (value: number) => value.toLocaleString('en-US');
  const figures: Record<string, string> = {};
  for (const channel of CHANNELS) {
    const row = o.messages.byChannel[channel];
    for (const field of ['sent', 'delivered', 'read', 'failed', 'received'] as const) figures[`${channel}.${field}`] = n(row[field]);
    figures[`${channel}.rate`] = rate(row.deliveryRate);
  }
  Object.assign(figures, {
    'ov-inbox-open': n(o.inbox.openTotal), 'ov-inbox-unread': n(o.inbox.unread.total), 'ov-inbox-snoozed': n(o.inbox.snoozed),
    'ov-campaigns-running': n(o.campaigns.running.length), 'ov-campaigns-scheduled': n(o.campaigns.scheduled.length),
    'ov-campaigns-completed': n(o.campaigns.completedCount),
    'ov-webhooks-active': n(o.webhooks.active), 'ov-webhooks-disabled': n(o.webhooks.disabled), 'ov-webhooks-retrying': n(o.webhooks.retrying),
    'ov-webhooks-held': n(o.webhooks.held), 'ov-wallet-balance': formatPaise(o.wallet.balancePaise), 'ov-wallet-credits': n(o.wallet.emailCredits),
    'ov-wallet-spent': formatPaise(o.wallet.spentPaise), 'ov-wallet-credits-spent': n(o.wallet.emailCreditsSpent),
  });
  for (const kind of ['agent', 'app'] as const) for (const field of ['live', 'started', 'completed', 'failed'] as const) figures[`${kind}.${field}`] = n(o.calls[kind][field]);
  return figures;
}

/** The page and the core agree (read again until they do: the demo runs on real time, and receipts keep coming). */
async function agrees(): Promise<void> {
  let last: [Record<string, string>, Record<string, string>] = [{}, {}];
  await expect.poll(async () => {
    last = [await shown(), expected(await core())];
    return JSON.stringify(last[0]) === JSON.stringify(last[1]);
  }, { timeout: 10_000, interval: 250 }).toBe(true);
  expect(last[0]).toEqual(last[1]);
}

const openOverview = async () => {
  await page.getByTestId('nav-overview').click();
  await page.locator('[data-testid="overview-page"][data-ready="true"]').waitFor();
};

describe('the Overview page', () => {
  it('is the first item of the sidebar, while the console still opens on the Inbox', async () => {
    expect(await page.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
    const items = await page.locator('nav[aria-label="Main"] a').evaluateAll((links) => links.map((a) => a.getAttribute('data-testid')));
    expect(items[0]).toBe('nav-overview');
    await openOverview();
    expect(await page.getByTestId('nav-overview').getAttribute('aria-current')).toBe('page');
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('section')).toBe('overview');
    expect(await page.title()).toBe('Overview · Switchboard');
  });

  it("shows the demo's figures as the core counts them", async () => {
    await openOverview();
    const o = await core();
    // The demo has a day of conversations, messages and calls: the page is not empty.
    expect(o.messages.total.sent).toBeGreaterThan(0);
    expect(o.inbox.openTotal).toBeGreaterThan(0);
    await agrees();
    // The story's campaign finished within the day: the Campaigns card lists it as completed, with what it came to (two
    // VIPs' phones could not be reached), and opens it (not "No campaign running or scheduled" on the demo's first page).
    const festive = o.campaigns.completed.find((c) => c.name === 'Festive sale for VIPs');
    expect(festive).toMatchObject({ channel: 'whatsapp', status: 'COMPLETED', sentCount: 14, failedCount: 2 });
    const row = page.getByTestId('ov-campaign').filter({ hasText: 'Festive sale for VIPs' });
    expect(await row.getAttribute('data-status')).toBe('COMPLETED');
    expect((await row.textContent())?.replace(/\s+/g, ' ')).toContain('WhatsApp · completed · 14 sent · 2 failed');
    // Not a perfect morning: WhatsApp's delivery rate, and all channels', are below 100%, the failed figure marked.
    expect(o.messages.byChannel.whatsapp.failed).toBe(2);
    expect(await text('ov-whatsapp-failed')).toBe('2');
    expect(await page.getByTestId('ov-whatsapp-failed').getAttribute('class')).toContain('ov-bad');
    // The table's Sent counts those 2 failed messages, the campaign's Sent (14) does not: each header says what it counts,
    // and a line under the table says it in full (the header's description), so the two do not read as a contradiction.
    const sentHead = page.getByTestId('ov-head-sent');
    expect(await sentHead.getAttribute('title')).toBe('Every outbound message made in the last 24 hours, failed ones included');
    expect(await sentHead.getAttribute('aria-describedby')).toBe('ov-sent-note');
    expect(await page.getByTestId('ov-head-failed').getAttribute('title')).toBe('Outbound messages that failed (also counted in Sent)');
    expect(await text('ov-sent-note')).toBe("Sent counts every outbound message, failed ones included, so Failed is part of it; a campaign's Sent counts only the recipients its messages went out to.");
    await screenshot(page, 'overview');
    await row.getByRole('link', { name: 'Festive sale for VIPs' }).click();
    await page.getByText('16 of 16 recipients processed').waitFor();
    await page.getByTestId('back-to-list').click();
    expect(await page.getByTestId('campaign-head-sent').getAttribute('title')).toBe('Recipients whose message went out; failed and blocked ones are counted under Failed, not here');
  });

  it('moves the inbox card live when a customer writes in', async () => {
    await openOverview();
    await agrees();
    const before = await core();
    const sent = await session().server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: '+14155550777', text: 'Is the shop open today?' });
    expect(sent.status).toBe(201);
    const after = await core();
    expect(after.inbox.unread.total).toBe(before.inbox.unread.total + 1);
    expect(after.messages.byChannel.sms.received).toBe(before.messages.byChannel.sms.received + 1);
    await page.getByTestId('ov-inbox-unread').filter({ hasText: new RegExp(`^${after.inbox.unread.total}$`) }).waitFor();
    await page.getByTestId('ov-sms-received').filter({ hasText: new RegExp(`^${after.messages.byChannel.sms.received}$`) }).waitFor();
    expect(await text('ov-inbox-sms-unread')).toBe(String(after.inbox.unread.sms));
  });

  it("opens the page behind a figure: a channel's inbox, the webhook inspector, the ledger", async () => {
    await openOverview();
    const sms = page.getByTestId('ov-inbox-sms').getByRole('link');
    expect(new URLSearchParams((await sms.getAttribute('href'))?.slice(1)).get('channel')).toBe('sms');
    await sms.click();
    await page.getByTestId('tab-sms').waitFor();
    expect(await page.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect([hash.get('section'), hash.get('channel')]).toEqual(['inbox', 'sms']);
    // Back returns to the Overview.
    await page.goBack();
    await page.locator('[data-testid="overview-page"][data-ready="true"]').waitFor();

    await page.getByTestId('ov-webhooks-retrying').click();
    await page.getByTestId('webhooks-page').waitFor();
    expect(await page.getByTestId('tab-deliveries').getAttribute('aria-selected')).toBe('true');

    await openOverview();
    await page.getByTestId('ov-wallet-spent').click();
    await page.getByTestId('balance').waitFor();
    expect(await page.getByTestId('nav-wallet').getAttribute('aria-current')).toBe('page');
  });

  it('is reachable from the keyboard: Tab from the top bar comes to the first card, Enter follows its link', async () => {
    await openOverview();
    await page.getByTestId('theme-toggle').focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    for (let i = 0; i < 5 && (await focused()) !== 'ov-messages-link'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('ov-messages-link');
    // A figure's link says what it counts (its number alone would be read as a bare number).
    expect(await page.getByTestId('ov-inbox-unread').getAttribute('aria-label')).toMatch(/^Unread: \d+$/);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="nav-inbox"][aria-current="page"]').waitFor();
  });

  it('fits a 960 px window without sideways scrolling, in both themes', async () => {
    await resize(page, 960, 600);
    await openOverview();
    await fitsTheWindow(page);
    await page.getByTestId('theme-toggle').click();
    await fitsTheWindow(page);
    await screenshot(page, 'overview-960-other-theme');
    await page.getByTestId('theme-toggle').click();
    await resize(page, 1280, 800);
  });
});
