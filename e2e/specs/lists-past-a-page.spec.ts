// Lists longer than one page of their route (100): the console reaches the oldest item of each, where one page left it
// out with nothing to say so. Configuration lists are read whole; a contact's history pages on with Show more.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VoiceAgentListItem } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

/** Opens a contact on the Contacts page, found by its (unique) name. */
async function openContact(name: string): Promise<void> {
  await page.getByTestId('nav-contacts').click();
  await page.getByTestId('contact-search').fill(name);
  await page.locator(`[data-testid="contact-list"][data-search="${name}"][data-ready="true"]`).waitFor();
  await page.getByTestId('contact-list').getByTestId('contact-row').filter({ hasText: name }).click();
}

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

  it("shows a contact's newest 100 notes, says how many there are, and shows the rest with Show more", async () => {
    const contact = await server.dashboard<{ id: string }>('POST', '/dashboard/contacts', { name: 'Noted Many', phone: '+14155550911' });
    expect(contact.status).toBe(201);
    for (let i = 1; i <= 101; i += 1) {
      const made = await server.dashboard('POST', `/dashboard/contacts/${contact.body.id}/notes`, { content: `Bulk note ${String(i).padStart(3, '0')}` });
      expect(made.status).toBe(201);
    }
    await openContact('Noted Many');
    const notes = page.getByTestId('notes');
    await notes.getByTestId('note').filter({ hasText: 'Bulk note 101' }).waitFor();
    expect(await page.getByTestId('notes-more-count').textContent()).toBe('Showing the newest 100 of 101 notes');
    expect(await notes.getByTestId('note').count()).toBe(100);
    await page.getByTestId('notes-more-button').click();
    await notes.getByTestId('note').filter({ hasText: 'Bulk note 001' }).waitFor();
    await page.getByTestId('notes-more').waitFor({ state: 'detached' });
    expect(await notes.getByTestId('note').count()).toBe(101);
    // The last page's button gone, the focus is on the note it showed.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="note"]')?.textContent)).toContain('Bulk note 001');
  });

  it("shows an automation's newest 10 runs, says how many there are, and shows the older ones with Show more", async () => {
    const made = await server.dashboard<{ id: string }>('POST', '/dashboard/automations', {
      name: 'Many runs', trigger: { type: 'message.received', config: { channel: 'whatsapp', keyword: 'manyruns' } },
      steps: [{ type: 'contact.add_tag', config: { tag: 'many-runs' } }],
    });
    expect(made.status).toBe(201);
    expect((await server.dashboard('POST', `/dashboard/automations/${made.body.id}/activate`)).status).toBe(200);
    for (let i = 10; i <= 20; i += 1) {
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: `+141555509${i}`, text: 'manyruns' })).status).toBe(201);
    }
    await page.getByTestId('nav-automations').click();
    const card = page.getByTestId('automation').filter({ has: page.getByTestId('automation-name').getByText('Many runs', { exact: true }) });
    await card.getByText('Recent runs (11)').click();
    const runs = card.getByTestId('automation-run');
    await runs.filter({ hasText: '+14155550920' }).waitFor();
    expect(await runs.count()).toBe(10);
    expect(await card.getByTestId('automation-runs-more-count').textContent()).toBe('Showing the newest 10 of 11 runs');
    await card.getByTestId('automation-runs-more-button').click();
    await runs.filter({ hasText: '+14155550910' }).waitFor();
    await card.getByTestId('automation-runs-more').waitFor({ state: 'detached' });
    expect(await runs.count()).toBe(11);
  });
});
