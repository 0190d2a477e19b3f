// The voice agents on the Calls page: a new agent made from the console (the core's refusal shown, the typed form
// kept), offered at once to place calls; its greeting changed (only what was touched is sent) and kept after a
// reload; paused, which takes it out of the call form; deleted after a question.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceAgent } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let session: ConsoleSession;
let server: E2eServer;
let page: Page;
const row = (name: string) => page.getByTestId('agent-row').filter({ hasText: name });
const form = () => page.getByTestId('agent-form');

beforeAll(async () => {
  session = await openConsole({ width: 1280, height: 800 });
  ({ server, page } = session);
  await page.getByTestId('nav-calls').click();
  await page.getByTestId('agents-panel').waitFor();
});
afterAll(async () => {
  await session?.stop();
});

describe('voice agents on the Calls page', () => {
  it('creates an agent; a refusal keeps what was typed and says why', async () => {
    await page.getByTestId('agent-new').click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('agent-name');
    await form().getByTestId('agent-name').fill('Delivery reminders');
    await form().getByTestId('agent-greeting').fill('Hello, this is Acme about your delivery.');
    await form().getByTestId('agent-instructions').fill('Confirm the delivery slot.');
    await form().getByTestId('agent-maxDurationSeconds').fill('5');
    await form().getByTestId('agent-save').click();
    await form().getByRole('alert').filter({ hasText: 'maxDurationSeconds must be at least 30' }).waitFor();
    expect(await form().getByTestId('agent-name').inputValue()).toBe('Delivery reminders');
    await form().getByTestId('agent-maxDurationSeconds').fill('300');
    await form().getByTestId('agent-save').click();
    await form().waitFor({ state: 'detached' });
    await row('Delivery reminders').waitFor();
    expect(await row('Delivery reminders').getByTestId('agent-state').textContent()).toBe('Active');
    const made = (await server.dashboard<{ data: VoiceAgent[] }>('GET', '/dashboard/voice/agents')).body.data.find((a) => a.name === 'Delivery reminders');
    const full = (await server.dashboard<VoiceAgent>('GET', `/dashboard/voice/agents/${made?.id}`)).body;
    expect([full.greeting, full.maxDurationSeconds, full.language]).toEqual(['Hello, this is Acme about your delivery.', 300, 'en-IN']);
    // Offered at once to place calls.
    await page.getByTestId('call-agent').locator('option', { hasText: 'Delivery reminders' }).waitFor({ state: 'attached' });
    await screenshot(page, 'voice-agents');
  });

  it('changes the greeting alone, kept after a reload', async () => {
    await row('Delivery reminders').getByTestId('agent-edit').click();
    expect(await form().getByTestId('agent-greeting').inputValue()).toBe('Hello, this is Acme about your delivery.');
    await form().getByTestId('agent-greeting').fill('Namaste, Acme here.');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/dashboard/voice/agents/'));
    await form().getByTestId('agent-save').click();
    expect((await patch).postDataJSON()).toEqual({ greeting: 'Namaste, Acme here.' });
    await form().waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('nav-calls').click();
    await row('Delivery reminders').getByTestId('agent-edit').click();
    expect(await form().getByTestId('agent-greeting').inputValue()).toBe('Namaste, Acme here.');
    await form().getByTestId('agent-cancel').click();
  });

  it('pauses an agent, which the call form then leaves out, and deletes it after a question', async () => {
    await row('Delivery reminders').getByTestId('agent-toggle').click();
    await row('Delivery reminders').locator('[data-testid="agent-state"]', { hasText: 'Paused' }).waitFor();
    await page.getByTestId('call-agent').locator('option', { hasText: 'Delivery reminders' }).waitFor({ state: 'detached' });
    await row('Delivery reminders').getByTestId('agent-delete').click();
    await row('Delivery reminders').getByTestId('agent-delete-confirm').click();
    await row('Delivery reminders').waitFor({ state: 'detached' });
    const left = (await server.dashboard<{ data: VoiceAgent[] }>('GET', '/dashboard/voice/agents')).body.data.map((a) => a.name);
    expect(left).not.toContain('Delivery reminders');
  });
});
