// The voice agents on the Calls page: a new agent made from the console (the core's refusal shown, the typed form
// kept), its model chosen from the AI catalogue's labels (the quickest for calls by default), offered at once to place
// calls; its greeting changed (only what was touched is sent) and kept after a reload; the demo's gpt-4o-mini named by
// its label (fast) on the chip and in the form; a model the catalogue does not name shown as it is; paused, which takes it out of the call form; deleted after a question.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VoiceAgent } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const row = (name: string) => page.getByTestId('agent-row').filter({ hasText: name });
const form = () => page.getByTestId('agent-form');

consoleForFile({ width: 1280, height: 800 }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-calls').click();
  await page.getByTestId('agents-panel').waitFor();
});

describe('voice agents on the Calls page', () => {
  it('creates an agent; a refusal keeps what was typed and says why', async () => {
    await page.getByTestId('agent-new').click();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('agent-name');
    // The model is one of the catalogue's labels, each with its description; a new agent starts on the quickest for calls.
    const model = form().getByTestId('agent-llmModel');
    expect(await model.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['fast', 'balanced', 'advanced']);
    expect(await model.locator('option').first().textContent()).toBe('fast — Quick, low-cost answers: classifying, routing and short replies.');
    expect(await model.inputValue()).toBe('fast');
    expect(await form().getByTestId('agent-model-hint').textContent()).toBe('Quick, low-cost answers: classifying, routing and short replies. Can: text, tools, voice.');
    await model.selectOption('advanced');
    expect(await form().getByTestId('agent-model-hint').textContent()).toContain('Not marked for voice');
    await model.selectOption('balanced');
    await form().scrollIntoViewIfNeeded();
    await screenshot(page, 'voice-agents-form');
    await form().getByTestId('agent-name').fill('Delivery reminders');
    await form().getByTestId('agent-greeting').fill('Hello, this is Acme about your delivery.');
    await form().getByTestId('agent-instructions').fill('Confirm the delivery slot.');
    await form().getByTestId('agent-maxDurationSeconds').fill('5');
    await form().getByTestId('agent-save').click();
    await form().getByRole('alert').filter({ hasText: 'maxDurationSeconds: must be at least 30' }).waitFor();
    expect(await form().getByTestId('agent-name').inputValue()).toBe('Delivery reminders');
    await form().getByTestId('agent-maxDurationSeconds').fill('300');
    await form().getByTestId('agent-save').click();
    await form().waitFor({ state: 'detached' });
    await row('Delivery reminders').waitFor();
    expect(await row('Delivery reminders').getByTestId('agent-state').textContent()).toBe('Active');
    const made = (await server.dashboard<{ data: VoiceAgent[] }>('GET', '/dashboard/voice/agents')).body.data.find((a) => a.name === 'Delivery reminders');
    const full = (await server.dashboard<VoiceAgent>('GET', `/dashboard/voice/agents/${made?.id}`)).body;
    expect([full.greeting, full.maxDurationSeconds, full.language, full.llmModel]).toEqual(['Hello, this is Acme about your delivery.', 300, 'en-IN', 'balanced']);
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
    expect(await form().getByTestId('agent-llmModel').inputValue()).toBe('balanced');
    await form().getByTestId('agent-cancel').click();
  });

  it('names the demo agents\' gpt-4o-mini by its label, fast, on the chip and in the form, and keeps it when something else changes', async () => {
    const chip = row('Feedback Survey').getByTestId('agent-model');
    await row('Feedback Survey').locator('[data-testid="agent-model"]', { hasText: 'fast' }).waitFor();
    expect([await chip.textContent(), await chip.getAttribute('title')]).toEqual(['fast', 'Model gpt-4o-mini']);
    expect(await row('Order Confirmation').getByTestId('agent-model').textContent()).toBe('fast');
    await row('Feedback Survey').getByTestId('agent-edit').click();
    const model = form().getByTestId('agent-llmModel');
    expect(await model.inputValue()).toBe('gpt-4o-mini');
    // The same three words as a new agent's picker: the default engine stands in for fast, no fourth raw name.
    expect(await model.locator('option').allTextContents()).toEqual([expect.stringMatching(/^fast — /), expect.stringMatching(/^balanced — /), expect.stringMatching(/^advanced — /)]);
    expect(await model.locator('option:checked').textContent()).toMatch(/^fast — /);
    expect(await form().getByTestId('agent-model-hint').textContent()).toBe('Quick, low-cost answers: classifying, routing and short replies. Can: text, tools, voice.');
    await form().getByTestId('agent-voice').fill('meera');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/dashboard/voice/agents/'));
    await form().getByTestId('agent-save').click();
    expect((await patch).postDataJSON()).toEqual({ voice: 'meera' });
    await form().waitFor({ state: 'detached' });
    expect(await row('Feedback Survey').getByTestId('agent-model').textContent()).toBe('fast');
  });

  it('shows a model the catalogue does not name as it is, and keeps it when something else changes', async () => {
    const feedback = (await server.dashboard<{ data: VoiceAgent[] }>('GET', '/dashboard/voice/agents')).body.data.find((a) => a.name === 'Feedback Survey');
    expect((await server.dashboard('PATCH', `/dashboard/voice/agents/${feedback?.id}`, { llmModel: 'my-own-llm' })).status).toBe(200);
    await page.reload();
    await page.getByTestId('nav-calls').click();
    const chip = row('Feedback Survey').getByTestId('agent-model');
    await chip.waitFor();
    expect([await chip.textContent(), await chip.getAttribute('title')]).toEqual(['my-own-llm', null]);
    await row('Feedback Survey').getByTestId('agent-edit').click();
    const model = form().getByTestId('agent-llmModel');
    await model.locator('option', { hasText: 'advanced' }).waitFor({ state: 'attached' });
    expect(await model.inputValue()).toBe('my-own-llm');
    expect(await model.locator('option').allTextContents()).toEqual(['my-own-llm', expect.stringMatching(/^fast — /), expect.stringMatching(/^balanced — /), expect.stringMatching(/^advanced — /)]);
    expect(await form().getByTestId('agent-model-hint').textContent()).toBe('Not one of the catalogue\u2019s labels: kept as it is.');
    await form().getByTestId('agent-voice').fill('kavya');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/dashboard/voice/agents/'));
    await form().getByTestId('agent-save').click();
    expect((await patch).postDataJSON()).toEqual({ voice: 'kavya' });
    await form().waitFor({ state: 'detached' });
    expect(await row('Feedback Survey').getByTestId('agent-model').textContent()).toBe('my-own-llm');
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
