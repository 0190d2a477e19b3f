// The request log's detail says what was asked and what went wrong: the path with its query, and for an
// error the code and message the server answered (a 403 names the scope that was missing), and a failed request's
// bodies (the request as sent, then the unified send's 502 with its attempts: side by side on a wide page, one
// above the other on a narrow one; a voice identity's phone masked). The log pages back
// through every entry with its total, an older page stays put while new requests arrive, and the filters take a
// status class and an error code (listed by HTTP status, then name). The demo's integrations' keys and requests are there
// before any of this file's.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let session: ConsoleSession;
let page: Page;

beforeAll(async () => {
  session = await openConsole();
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.stop();
});

/** Opens the detail of the newest row whose request is `endpoint` and answered `status`. */
async function openRow(endpoint: string, status: number) {
  await page.getByTestId('request-row').filter({ hasText: endpoint }).filter({ hasText: String(status) }).first().click();
  const details = page.getByTestId('request-details');
  await details.getByTestId('request-detail-status').filter({ hasText: String(status) }).waitFor();
  return details;
}

describe('the demo\'s Developer pages', () => {
  it('list the integrations\' keys, the old one revoked, and the requests the server logged for them', async () => {
    await page.getByTestId('nav-keys').click();
    const state = (name: string) => page.getByTestId('key-row').filter({ hasText: name }).locator('.badge');
    await state('Storefront (demo)').filter({ hasText: 'Active' }).waitFor();
    expect(await state('CRM sync (demo)').textContent()).toBe('Active');
    expect(await state('Storefront, old key (demo)').textContent()).toBe('Revoked');

    await page.getByTestId('nav-requests').click();
    const row = (endpoint: string | RegExp, status: number) => page.getByTestId('request-row').filter({ hasText: endpoint }).filter({ hasText: String(status) });
    await row('/v1/otp/verify', 400).filter({ hasText: 'Storefront (demo)' }).waitFor();
    expect(await row('/v1/otp/send', 200).count()).toBe(2);
    expect(await row('/v1/sms/send', 401).textContent()).toContain('no valid key');
    const denied = await openRow('/notes', 403);
    expect(await denied.getByTestId('request-detail-error').locator('dd').textContent()).toBe('INSUFFICIENT_SCOPE');
    expect(await denied.getByTestId('request-detail-message').locator('dd').textContent()).toBe('Insufficient scope. Required: contacts:notes:write');
    expect(await row(/\/v1\/contacts\/\S+\/notes/, 403).textContent()).toContain('CRM sync (demo)');
    await screenshot(page, 'request-log-demo');
    await denied.getByRole('button', { name: 'Close' }).click();
  });
});

describe('request log detail', () => {
  it('shows the query with the path, and for an error the code and message the server sent', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Debugging', environment: 'test', scopes: ['contacts:read', 'sms:send'] });
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${created.body.key}`, 'content-type': 'application/json' } });
    expect((await call('/v1/contacts?search=alice&limit=5')).status).toBe(200);
    expect((await call('/v1/whatsapp/logs')).status).toBe(403);
    const refused = await call('/v1/messages/send', { method: 'POST', body: JSON.stringify({ to: '+14155550101', channel: 'sms' }) });
    expect(refused.status).toBe(400);
    const { message } = (await refused.json()) as { message: string };

    await page.getByTestId('nav-requests').click();
    const denied = await openRow('/v1/whatsapp/logs', 403);
    expect(await denied.getByTestId('request-detail-error').locator('dd').textContent()).toBe('INSUFFICIENT_SCOPE');
    expect(await denied.getByTestId('request-detail-message').locator('dd').textContent()).toBe('Insufficient scope. Required: whatsapp:logs:read');

    const send = await openRow('/v1/messages/send', 400);
    expect(await send.getByTestId('request-detail-error').locator('dd').textContent()).toBe('VALIDATION_FAILED');
    expect(await send.getByTestId('request-detail-message').locator('dd').textContent()).toBe(message);

    const listed = await openRow('/v1/contacts', 200);
    expect(await listed.getByTestId('request-detail-request').locator('dd').textContent()).toBe('GET /v1/contacts?search=alice&limit=5');
    expect(await listed.getByTestId('request-detail-error').count()).toBe(0);
  });
});

describe('a failed request\'s bodies', () => {
  it('shows what a unified send that failed on every channel sent and was answered, with its attempts; never the key', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Bodies', environment: 'test', scopes: ['sms:send'] });
    const sent = { to: '+15005550001', channel: 'sms', message: 'Hi Alice, your order #1001 has shipped. Track: exmpl.in/t/1001 - Example Store', sms: { senderId: 'EXMPLE' } };
    const failed = await fetch(`${server.url}/v1/messages/send`, {
      method: 'POST', body: JSON.stringify(sent), headers: { authorization: `Bearer ${created.body.key}`, 'content-type': 'application/json' },
    });
    expect(failed.status).toBe(502);
    const answered = (await failed.json()) as { attempts: Array<{ error: string }> };

    await page.getByTestId('nav-requests').click();
    const details = await openRow('/v1/messages/send', 502);
    expect(await details.getByTestId('request-detail-error').locator('dd').textContent()).toBe('BAD_GATEWAY');
    const response = details.getByTestId('request-response-body');
    const request = details.getByTestId('request-request-body');
    await response.waitFor();
    // The request as sent; then the answer as sent, its attempts with each channel's error, pretty-printed.
    expect(await details.locator('.request-bodies h3').allTextContents()).toEqual(['Request body', 'Response body']);
    expect(JSON.parse((await request.textContent()) ?? '')).toEqual(sent);
    expect(JSON.parse((await response.textContent()) ?? '')).toEqual(answered);
    expect(await response.textContent()).toContain(`"error": "${answered.attempts[0]?.error ?? 'none'}"`);
    expect(await details.textContent()).not.toContain(created.body.key);
    // On a wide page the panel takes its width, the request on the left and the answer beside it on the right.
    const boxes = async () => {
      const [panel, sentBox, answerBox, pageBox] = await Promise.all([details.boundingBox(), request.boundingBox(), response.boundingBox(), page.locator('.page').boundingBox()]);
      if (!panel || !sentBox || !answerBox || !pageBox) throw new Error('the details are not laid out');
      return { panel, sent: sentBox, answer: answerBox, page: pageBox };
    };
    const wide = await boxes();
    expect(wide.panel.x + wide.panel.width).toBeGreaterThan(wide.page.x + wide.page.width - 40);
    expect(wide.answer.x).toBeGreaterThanOrEqual(wide.sent.x + wide.sent.width);
    expect(Math.abs(wide.answer.y - wide.sent.y)).toBeLessThan(2);
    expect(wide.answer.x + wide.answer.width).toBeGreaterThan(wide.panel.x + wide.panel.width - 40);
    await screenshot(page, 'request-log-bodies');
    // On a narrow one, the answer goes under the request, each the panel's width.
    await page.setViewportSize({ width: 960, height: 800 });
    await expect.poll(async () => { const narrow = await boxes(); return narrow.answer.y >= narrow.sent.y + narrow.sent.height; }).toBe(true);
    const narrow = await boxes();
    expect(Math.abs(narrow.answer.x - narrow.sent.x)).toBeLessThan(2);
    expect(Math.abs(narrow.answer.width - narrow.sent.width)).toBeLessThan(2);
    await screenshot(page, 'request-log-bodies-narrow');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A successful request keeps no bodies: its details show none.
    await page.getByTestId('request-row').filter({ hasText: '200' }).first().click();
    await details.getByTestId('request-detail-status').filter({ hasText: '200' }).waitFor();
    expect(await details.getByTestId('request-bodies').count()).toBe(0);
    expect(await details.getByTestId('request-response-body').count()).toBe(0);
  });

  it('shows a voice identity\'s phone masked, as it is stored encrypted: never the whole number', async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Roster', environment: 'test', scopes: ['voice:app:write'] });
    const refused = await fetch(`${server.url}/v1/voice/app/identities`, {
      method: 'POST', body: JSON.stringify({ externalId: 'pro_log', role: 'BOSS', phone: '+16288670188' }),
      headers: { authorization: `Bearer ${created.body.key}`, 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    await page.getByTestId('nav-requests').click();
    const details = await openRow('/v1/voice/app/identities', 400);
    const request = details.getByTestId('request-request-body');
    await request.waitFor();
    expect(JSON.parse((await request.textContent()) ?? '')).toEqual({ externalId: 'pro_log', role: 'BOSS', phone: '+1******0188' });
    expect(await details.textContent()).toContain('a phone stored encrypted masked');
    expect(await page.textContent('body')).not.toContain('6288670');
  });
});

describe('request log pages and filters', () => {
  let call: (path: string) => Promise<Response>;
  const card = () => page.getByTestId('request-log-card');
  const firstRowId = () => page.getByTestId('request-row').first().getAttribute('data-request-id');
  const serverTotal = async (query = '') => (await server.dashboard<{ meta: { total: number } }>('GET', `/dashboard/request-log?limit=1${query}`)).body.meta.total;

  beforeAll(async () => {
    const created = await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name: 'Paging', environment: 'test', scopes: ['contacts:read'], rateLimitPerMinute: 1000 });
    call = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${created.body.key}` } });
    for (let i = 0; i < 120; i++) expect((await call(i % 10 === 0 ? '/v1/whatsapp/logs' : `/v1/contacts?limit=1&_=${i}`)).status).toBe(i % 10 === 0 ? 403 : 200);
  });

  it('shows the total and pages back through every entry, with one format for durations', async () => {
    await page.getByTestId('nav-requests').click();
    const total = await serverTotal();
    expect(total).toBeGreaterThan(120);
    await page.locator(`[data-testid="request-log-card"][data-total="${total}"][data-ready="true"]`).waitFor();
    expect(await page.getByTestId('request-log-total').textContent()).toBe(`${total.toLocaleString('en-US')} requests · newest first`);
    const pages = Math.ceil(total / 50);
    await page.getByRole('navigation', { name: 'Pages' }).getByText(`Page 1 of ${pages}`).waitFor();
    expect(await page.getByTestId('request-row').count()).toBe(50);
    // The key was made after the page first read the keys: it is named, not shown by its id.
    await page.getByTestId('request-row').first().filter({ hasText: 'Paging' }).waitFor();
    for (const ms of await page.getByTestId('request-ms').allTextContents()) expect(ms).toMatch(/^\d[\d,]*\.\d$/);
    // The details open under the 50 rows: they are brought into view, with the focus on them.
    await page.getByTestId('request-row').first().click();
    const details = page.getByTestId('request-details');
    await details.waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="request-details"]')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
    });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('request-details');
    await details.getByRole('button', { name: 'Close' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));

    // Older sits under the rows, so the card is scrolled to its end to reach it; the older page starts at its first row.
    const scrolled = await card().evaluate((element) => { element.scrollTop = element.scrollHeight; return element.scrollTop; });
    expect(scrolled).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Older' }).click();
    await page.locator('[data-testid="request-log-card"][data-page="2"][data-anchored="true"][data-ready="true"]').waitFor();
    expect(await card().evaluate((element) => element.scrollTop)).toBe(0);
    await page.getByRole('button', { name: 'Older' }).click();
    await page.locator(`[data-testid="request-log-card"][data-page="3"][data-ready="true"]`).waitFor();
    expect(await page.getByTestId('request-row').count()).toBe(Math.min(50, total - 100));
  });

  it('keeps an older page where it is while new requests arrive, and says how many wait on page 1', async () => {
    const before = await firstRowId();
    await page.getByTestId('request-log-new').filter({ hasText: 'New requests appear on page 1' }).waitFor();
    for (let i = 0; i < 5; i++) expect((await call('/v1/contacts?_=late')).status).toBe(200);
    await page.locator('[data-testid="request-log-new"][data-count="5"]').filter({ hasText: '5 new requests on page 1' }).waitFor();
    expect(await firstRowId()).toBe(before);
    expect(await card().getAttribute('data-page')).toBe('3');
    await screenshot(page, 'request-log-anchored');
    await page.getByTestId('request-log-newest').click();
    await page.locator('[data-testid="request-log-card"][data-page="1"][data-anchored="false"][data-ready="true"]').waitFor();
    expect(await page.getByTestId('request-row').first().textContent()).toContain('/v1/contacts');
    expect(await page.getByTestId('request-log-new').count()).toBe(0);
  });

  it('filters by a status class or code, marks anything else invalid, and filters by error code', async () => {
    const status = page.getByTestId('filter-status');
    await status.fill('4xx');
    const errors = await serverTotal('&status=4xx');
    await page.locator(`[data-testid="request-log-card"][data-total="${errors}"][data-ready="true"]`).waitFor();
    for (const code of await page.locator('[data-testid="request-row"] .status').allTextContents()) expect(code).toMatch(/^4\d\d$/);
    expect(await status.getAttribute('aria-invalid')).toBe('false');

    await status.fill('abc');
    await page.getByTestId('filter-status-problem').waitFor();
    expect(await status.getAttribute('aria-invalid')).toBe('true');
    await status.fill('');
    await page.getByTestId('filter-status-problem').waitFor({ state: 'detached' });

    // The error codes are listed by their HTTP status, then by name.
    const listed = (await page.getByTestId('filter-code').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).slice(1);
    const byStatus = Object.entries(ERROR_STATUS).sort(([a, s], [b, t]) => s - t || (a < b ? -1 : 1)).map(([code]) => code);
    expect(listed).toEqual(byStatus);
    expect(listed.slice(0, 7)).toEqual(['BAD_REQUEST', 'INSUFFICIENT_BALANCE', 'INSUFFICIENT_CREDITS', 'MALFORMED_JSON', 'NOT_DELIVERED', 'OUTSIDE_MESSAGING_WINDOW', 'VALIDATION_FAILED']);
    expect(await page.getByTestId('filter-code').locator('option').nth(1).textContent()).toBe('BAD_REQUEST (400)');
    await page.getByTestId('filter-code').selectOption('INSUFFICIENT_SCOPE');
    const refused = await serverTotal('&code=INSUFFICIENT_SCOPE');
    expect(refused).toBeGreaterThanOrEqual(12);
    await page.locator(`[data-testid="request-log-card"][data-total="${refused}"][data-ready="true"]`).waitFor();
    // This file's refusals, and the demo CRM's note it had no scope to write.
    const rows = await page.getByTestId('request-row').allTextContents();
    expect(rows.filter((row) => row.includes('/v1/whatsapp/logs'))).toHaveLength(refused - 1);
    expect(rows.filter((row) => !row.includes('/v1/whatsapp/logs')).map((row) => /\/v1\/contacts\/\S+\/notes/.test(row) && row.includes('CRM sync (demo)'))).toEqual([true]);
    await page.getByTestId('filter-code').selectOption('');
  });
});
