// Lists longer than one page of their route (100): the console reaches the oldest item of each, where one page left it
// out with nothing to say so. Configuration lists are read whole; a contact's history pages on with Show more.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VoiceAgentListItem } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({ width: 1280, height: 800 }, (opened) => {
  server = opened.server;
  page = opened.page;
});

describe('lists past a page', () => {
  it('lists every voice agent and offers the oldest active one to place calls', async () => {
    const demo = (await server.dashboard<{ data: VoiceAgentListItem[] }>('GET', '/dashboard/voice/agents?limit=100')).body.data;
    const oldest = demo.filter((agent) => agent.isActive).at(-1);
    expect(oldest).toBeDefined();
    for (let i = 1; i <= 101; i += 1) {
      const made = await server.dashboard('POST', '/dashboard/voice/agents', {
        name: `Bulk agent ${String(i).padStart(3, '0')}`, greeting: 'Hello.', instructions: 'Say hello.',
      });
      expect(made.status).toBe(201);
    }
    await page.getByTestId('nav-calls').click();
    await page.locator(`[data-testid="agents-panel"][data-total="${demo.length + 101}"]`).waitFor();
    for (const agent of demo) await page.locator(`[data-testid="agent-row"][data-agent-id="${agent.id}"]`).waitFor();
    await page.getByTestId('agent-row').filter({ hasText: 'Bulk agent 001' }).waitFor();
    await page.getByTestId('call-agent').locator('option', { hasText: oldest?.name ?? '' }).waitFor({ state: 'attached' });
  });
});
