// The Automations page's list (its builder: automations-builder.spec.ts): automations made through the API are listed
// with their status, trigger and steps in the node catalog's words (an unknown step marked as doing nothing); a
// customer writing in runs the active one, and its recent runs show each step's outcome (the moment a wait ends written
// as the console writes times); axe finds nothing on the page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const card = (name: string) => page.getByTestId('automation').filter({ has: page.getByTestId('automation-name').getByText(name, { exact: true }) });

consoleForFile({ seed: 'none' }, async (opened) => {
  ({ server, page } = opened);
  const reply = await server.dashboard<{ id: string }>('POST', '/dashboard/automations', {
    name: 'Opening hours', description: 'Answers customers who ask for the hours',
    trigger: { type: 'message.received', config: { channel: 'whatsapp', keyword: 'hours' } },
    steps: [{ id: 'tag', type: 'contact.add_tag', config: { tag: 'asked-hours' } }, { id: 'fax', type: 'send_fax', config: {} }],
  });
  expect(reply.status).toBe(201);
  expect((await server.dashboard('POST', `/dashboard/automations/${reply.body.id}/activate`)).status).toBe(200);
  expect((await server.dashboard('POST', '/dashboard/automations', {
    name: 'Welcome', trigger: { type: 'contact.created', config: { source: 'manual' } }, steps: [{ type: 'wait', config: { minutes: 5 } }],
  })).status).toBe(201);
  expect((await server.dashboard('POST', '/dashboard/automations', {
    name: 'Tag imports', trigger: { type: 'contact.created', config: { source: 'import' } }, steps: [{ type: 'contact.add_tag', config: { tag: 'imported' } }],
  })).status).toBe(201);
});

describe('the Automations page', () => {
  it('lists each automation with its status, trigger and steps, an unknown step marked', async () => {
    await page.getByTestId('nav-automations').click();
    await page.locator('[data-testid="automations"][data-ready="true"]').waitFor();
    expect(await page.getByTestId('automation-name').allTextContents()).toEqual(['Tag imports', 'Welcome', 'Opening hours']);
    const hours = card('Opening hours');
    expect(await hours.getByTestId('automation-status').textContent()).toBe('Active');
    expect(await hours.getByTestId('automation-trigger').textContent()).toBe('When Customer message received · WhatsApp · is "hours"');
    expect(await hours.getByTestId('automation-step').allTextContents()).toEqual(['Add tag · asked-hours', 'send_fax (unknown type: does nothing at run time)']);
    const welcome = card('Welcome');
    expect(await welcome.getByTestId('automation-status').textContent()).toBe('Paused');
    expect(await welcome.getByTestId('automation-trigger').textContent()).toBe('When Contact created · from the dashboard');
    expect(await welcome.getByTestId('automation-step').allTextContents()).toEqual(['Wait · 5 minutes']);
    expect(await card('Tag imports').getByTestId('automation-trigger').textContent()).toBe('When Contact created · from a CSV import');
    // Its builder offers every source in words, the import's among them, chosen.
    await card('Tag imports').getByTestId('automation-edit').click();
    const source = page.getByTestId('builder-trigger').getByTestId('field-source');
    await source.waitFor();
    expect(await source.locator('option').allTextContents()).toEqual(['—', 'WhatsApp', 'SMS', 'Instagram', 'RCS', 'Email', 'The dashboard', 'A CSV import']);
    expect(await source.inputValue()).toBe('import');
    await page.getByTestId('automation-form-cancel').click();
    await card('Tag imports').getByTestId('automation-trigger').waitFor();
  });

  it("shows a run a customer's message set off, with each step's outcome", async () => {
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550177', text: 'Hours' })).status).toBe(201);
    const hours = card('Opening hours');
    await hours.getByText('Recent runs (1)').click();
    const run = hours.locator('[data-testid="automation-run"][data-status="completed"]');
    await run.waitFor();
    expect(await run.textContent()).toContain('+14155550177');
    expect(await run.getByTestId('automation-run-step').evaluateAll((steps) => steps.map((s) => (s as HTMLElement).dataset.status))).toEqual(['done', 'skipped']);
    expect(await run.getByTestId('automation-run-step').nth(1).textContent()).toContain('unknown step type "send_fax": it does nothing');
    await screenshot(page, 'automations');
  });

  it("writes the moment a run's wait ends as its run says it, not as the core's ISO time", async () => {
    const later = await server.dashboard<{ id: string }>('POST', '/dashboard/automations', {
      name: 'Follow up', trigger: { type: 'message.received', config: { channel: 'whatsapp', keyword: 'later' } },
      steps: [{ id: 'pause', type: 'wait', config: { minutes: 1 } }, { type: 'contact.add_tag', config: { tag: 'followed-up' } }],
    });
    expect((await server.dashboard('POST', `/dashboard/automations/${later.body.id}/activate`)).status).toBe(200);
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550178', text: 'later' })).status).toBe(201);
    const followUp = card('Follow up');
    await followUp.getByText('Recent runs (1)').click();
    const run = followUp.locator('[data-testid="automation-run"][data-status="waiting"]');
    await run.waitFor();
    const until = /until (.+)$/.exec((await run.locator('.automation-run-head').textContent()) ?? '')?.[1];
    expect(until).toMatch(/\d{4}/);
    const wait = await run.getByTestId('automation-run-step').first().textContent();
    expect(wait).toBe(`done Wait (pause) waits 60 s, until ${until}`);
  });

  it('has no axe violation', async () => {
    await page.addScriptTag({ content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8') });
    const found = await page.evaluate(async () => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'],
      });
      return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    });
    expect(found).toEqual([]);
  });
});
