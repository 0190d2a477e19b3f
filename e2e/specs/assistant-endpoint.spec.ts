// The API keys page's REST API card (the base URL, the reference page and the OpenAPI document, each URL's Copy named
// by what it copies) and its assistant
// endpoint: its URL and a client configuration to copy, the tools folded with the scope each needs and the writes
// marked; and an assistant's tool call, made with a key, in the live request log.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({ width: 1280, height: 800, permissions: ['clipboard-read', 'clipboard-write'] }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-keys').click();
});

describe('the assistant endpoint', () => {
  it('says where to point an MCP client, with a configuration to copy and the tools folded', async () => {
    const card = page.getByTestId('assistant-card');
    await card.waitFor();
    expect(await card.getByTestId('assistant-url').textContent()).toBe(server.mcpUrl);
    const config = JSON.parse((await card.getByTestId('assistant-config').textContent()) as string);
    expect(config.mcpServers.switchboard).toEqual({ type: 'http', url: server.mcpUrl, headers: { Authorization: 'Bearer sk_test_…', 'X-Service-MCP-Writes': 'true' } });
    const tools = (await server.dashboard<{ tools: unknown[] }>('GET', '/dashboard/mcp')).body.tools;
    const fold = card.getByTestId('assistant-tools-fold-toggle');
    expect(await fold.textContent()).toBe(`Show ${tools.length} tools`);
    expect(await card.getByTestId('assistant-tools').isVisible()).toBe(false);
    await fold.click();
    const rows = card.getByTestId('assistant-tools').locator('tbody tr');
    expect(await rows.count()).toBe(tools.length);
    const sms = rows.filter({ hasText: 'list_sms_logs' });
    expect(await sms.locator('td').nth(2).textContent()).toBe('sms:logs:read');
    expect(await sms.getByText('sends or changes').count()).toBe(0);
    const send = rows.filter({ hasText: 'send_message' });
    expect(await send.locator('td').first().textContent()).toBe('send_messagesends or changes');
    expect(await send.locator('td').nth(2).textContent()).toBe("each channel's :send scope");
    await screenshot(page, 'assistant-endpoint');
  });

  it('says where the REST API is, with its reference page and OpenAPI document a click away', async () => {
    const card = page.getByTestId('rest-api-card');
    await card.waitFor();
    expect(await card.getByTestId('rest-api-base').textContent()).toBe(server.apiBase);
    const reference = await card.getByTestId('api-reference-link').getAttribute('href');
    const document = await card.getByTestId('openapi-link').getAttribute('href');
    expect([reference, document]).toEqual([`${server.url}/docs`, `${server.url}/openapi.json`]);
    // Its two Copy buttons are told apart by name, as a screen reader lists them, and by sight: each reads its name.
    expect(await card.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
    expect(await card.getByRole('button').allTextContents()).toEqual(['Copy URL of the REST API base', 'Copy URL of the OpenAPI document']);
    await card.getByRole('button', { name: 'Copy URL of the OpenAPI document', exact: true }).click();
    await card.getByRole('button', { name: 'Copied URL of the OpenAPI document', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(document);
    await card.getByRole('button', { name: 'Copy URL of the REST API base', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(server.apiBase);
    const opened = await fetch(document as string);
    expect(((await opened.json()) as { servers: Array<{ url: string }> }).servers).toEqual([{ url: server.apiBase }]);
    // Its links are the console's accent, as its link buttons are, in both themes (not the browser's blue), with a
    // softened underline of that colour.
    for (const theme of ['dark', 'light']) {
      if (await page.evaluate(() => window.document.documentElement.dataset.theme) !== theme) await page.getByTestId('theme-toggle').click();
      await page.locator(`html[data-theme="${theme}"]`).waitFor();
      const looks = await card.locator('a').evaluateAll((links) => {
        const probe = window.document.createElement('span');
        probe.style.color = 'var(--accent)';
        window.document.body.append(probe);
        const accent = getComputedStyle(probe).color;
        probe.remove();
        return links.map((link) => {
          const style = getComputedStyle(link);
          return { accent: style.color === accent, underline: style.textDecorationLine, softened: style.textDecorationColor !== style.color };
        });
      });
      expect(looks, theme).toEqual([{ accent: true, underline: 'underline', softened: true }, { accent: true, underline: 'underline', softened: true }]);
    }
    // The reference opens beside the console (a new tab; the desktop app hands it to the browser).
    const [tab] = await Promise.all([page.context().waitForEvent('page'), card.getByTestId('api-reference-link').click()]);
    await tab.getByRole('heading', { level: 1 }).filter({ hasText: 'Switchboard API' }).waitFor();
    await tab.close();
  });

  it("shows an assistant's tool call in the request log, under the key it used", async () => {
    const created = await server.dashboard<{ id: string; key: string }>('POST', '/dashboard/api-keys', { name: 'Assistant', environment: 'test', scopes: ['contacts:read'] });
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl), { requestInit: { headers: { authorization: `Bearer ${created.body.key}` } } }));
    const result = await client.callTool({ name: 'list_contacts', arguments: { search: 'Alice', limit: 3 } });
    expect(result.isError).toBeFalsy();
    await client.close();
    await page.getByTestId('nav-requests').click();
    // The key was made behind the console's back: the row shows its id until the page reads the keys again, then its name.
    const row = page.locator('[data-testid="request-log-card"] tbody tr').filter({ hasText: '/v1/contacts' }).first();
    await row.waitFor();
    await row.filter({ hasText: 'Assistant' }).waitFor();
  });
});
