// The request log's detail says what was asked and what went wrong: the path with its query, and for an
// error the code and message the server answered (a 403 names the scope that was missing).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
