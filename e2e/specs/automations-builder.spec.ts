// The Automations page as a builder, on the demo seed at 1280 × 720: Create waiting for a name ("Still needed"); a
// new automation (an SMS keyword trigger, an SMS step with the demo's approved sender and DLT text, a tag) made from
// the console, the core's 400 shown beside the form with everything typed kept; activated, a customer's SMS runs it
// and its run shows each step's outcome, and can be rerun (paused, the rerun's 409 is shown); a step changed is kept
// after a reload; a step's need for Instagram shown only once it is disconnected, and an activation refused then with
// the core's 409 says why; a delete is asked first, the focus going with the question and back to "New automation".
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Automation } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

const NAME = 'Tracking answers';
const CUSTOMER = '+14155550188';
/** The demo's approved DLT template, filled in: "Hi {#var#}, your order {#var#} has shipped. Track: {#var#} - Example Store". */
const SMS_TEXT = 'Hi there, your order 1001 has shipped. Track: exmpl.in/t/1001 - Example Store';

const card = (name: string) => page.getByTestId('automation').filter({ has: page.getByTestId('automation-name').getByText(name, { exact: true }) });
const focusedTestId = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
const form = () => page.getByTestId('new-automation-form');
const step = (n: number) => form().getByTestId('builder-step').nth(n);

async function addStep(label: string): Promise<void> {
  await form().getByTestId('add-step-type').selectOption({ label });
  await form().getByTestId('add-step').click();
}

async function automationNamed(name: string): Promise<Automation> {
  const listed = await server.dashboard<{ data: Automation[] }>('GET', '/dashboard/automations?limit=100');
  const found = listed.body.data.find((a) => a.name === name);
  expect(found).toBeDefined();
  return found as Automation;
}

consoleForFile({ width: 1280, height: 720 }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-automations').click();
  await page.locator('[data-testid="automations"][data-ready="true"]').waitFor();
});

describe('the automation builder', () => {
  it('builds a trigger and ordered steps from the node catalog, moving the focus with them', async () => {
    await page.getByTestId('new-automation').click();
    await form().waitFor();
    expect(await focusedTestId()).toBe('automation-name-input');
    // Nameless, Create waits and says why, as a campaign builder does; a name of spaces is no name.
    expect(await form().getByTestId('automation-save').isDisabled()).toBe(true);
    expect(await form().getByTestId('builder-blockers').textContent()).toBe('Still needed: a name.');
    // Create names that line as its description, for a screen reader on the disabled button.
    expect(await form().getByTestId('automation-save').getAttribute('aria-describedby')).toBe(await form().getByTestId('builder-blockers').getAttribute('id'));
    await form().getByTestId('automation-name-input').fill('   ');
    expect(await form().getByTestId('automation-save').isDisabled()).toBe(true);
    await form().getByTestId('automation-name-input').fill(NAME);
    expect(await form().getByTestId('automation-save').isEnabled()).toBe(true);
    expect(await form().getByTestId('builder-blockers').count()).toBe(0);
    expect(await form().getByTestId('automation-save').getAttribute('aria-describedby')).toBeNull();
    const trigger = form().getByTestId('builder-trigger');
    expect(await trigger.getByTestId('trigger-type').inputValue()).toBe('message.received');
    await trigger.getByTestId('field-channel').selectOption('sms');
    await trigger.getByTestId('field-keyword').fill('track');
    await trigger.getByTestId('field-contains').fill('parcel');

    await addStep('Add tag');
    expect(await focusedTestId()).toBe('step-type');
    await step(0).getByTestId('field-tag').fill('asked-tracking');
    await addStep('Send SMS');
    await step(1).getByTestId('field-senderId').fill('EXMPLE');
    await step(1).getByTestId('field-message').fill(SMS_TEXT);
    expect(await step(1).getByTestId('field-route').evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.value))).toEqual(['', 'transactional', 'promotional']);
    // The SMS step up, first: its fields go with it, and the focus stays on it (Move up is now disabled: Move down).
    await step(1).getByTestId('step-up').click();
    expect(await step(0).locator('legend').textContent()).toBe('Step 1: Send SMS');
    expect(await step(0).getByTestId('field-message').inputValue()).toBe(SMS_TEXT);
    expect(await focusedTestId()).toBe('step-down');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move down (step 1)');
    // A step added and removed: the focus goes to the new step's type.
    await addStep('Wait');
    expect(await step(2).getByTestId('field-minutes').getAttribute('type')).toBe('number');
    await step(2).getByTestId('step-remove').click();
    expect(await form().getByTestId('builder-step').count()).toBe(2);
    expect(await focusedTestId()).toBe('add-step-type');
    await form().scrollIntoViewIfNeeded();
    await screenshot(page, 'automations-builder');
    await page.getByTestId('theme-toggle').click();
    await page.locator('html[data-theme="dark"]').waitFor();
    await screenshot(page, 'automations-builder-dark');
    await page.getByTestId('theme-toggle').click();
    await page.locator('html[data-theme="light"]').waitFor();
  });

  it("shows the core's 400 beside the form, keeping what was typed", async () => {
    await form().getByTestId('automation-save').click();
    const refusal = form().getByTestId('error-state');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('give keyword or contains, not both');
    expect(await form().getByTestId('automation-name-input').inputValue()).toBe(NAME);
    expect(await step(0).getByTestId('field-message').inputValue()).toBe(SMS_TEXT);
    expect(await step(1).getByTestId('field-tag').inputValue()).toBe('asked-tracking');
    await screenshot(page, 'automations-builder-refused');
    // Changing the form clears the refusal, which was about the form as it was.
    await form().getByTestId('builder-trigger').getByTestId('field-contains').fill('');
    await refusal.waitFor({ state: 'detached' });
  });

  it('creates it paused, listed with its trigger and steps, the focus back on New automation', async () => {
    await form().getByTestId('automation-save').click();
    await form().waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('new-automation');
    const created = card(NAME);
    await created.waitFor();
    expect(await created.getByTestId('automation-status').textContent()).toBe('Paused');
    expect(await created.getByTestId('automation-trigger').textContent()).toBe('When Customer message received · SMS · is "track"');
    expect(await created.getByTestId('automation-step').allTextContents()).toEqual([
      'Send SMS · from EXMPLE: "Hi there, your order 1001 has shipped. Track: exmpl.in/t/10…"', 'Add tag · asked-tracking',
    ]);
    const stored = await automationNamed(NAME);
    expect(stored.steps).toEqual([
      { id: 'step_1', type: 'sms.send', config: { senderId: 'EXMPLE', message: SMS_TEXT } },
      { id: 'step_2', type: 'contact.add_tag', config: { tag: 'asked-tracking' } },
    ]);
  });

  it("activates it; a customer's SMS runs it, and the run shows each step's outcome; an ended run is rerun", async () => {
    const created = card(NAME);
    await created.getByTestId('automation-toggle').click();
    await created.getByTestId('automation-status').filter({ hasText: 'Active' }).waitFor();
    expect(await created.getByTestId('automation-toggle').textContent()).toBe('Pause');
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: CUSTOMER, text: 'Track' })).status).toBe(201);
    await created.getByText('Recent runs (1)').click();
    const run = created.locator('[data-testid="automation-run"][data-status="completed"]');
    await run.waitFor();
    expect(await run.textContent()).toContain(CUSTOMER);
    const outcomes = run.getByTestId('automation-run-step');
    expect(await outcomes.evaluateAll((steps) => steps.map((s) => (s as HTMLElement).dataset.status))).toEqual(['done', 'done']);
    expect(await outcomes.nth(0).textContent()).toContain(`SMS sent to ${CUSTOMER}`);
    expect(await outcomes.nth(1).textContent()).toContain('added the tag asked-tracking');
    const handset = await server.dashboard<{ data: Array<{ text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(CUSTOMER)}/messages`);
    expect(handset.body.data.map((m) => m.text)).toContain(SMS_TEXT);
    await screenshot(page, 'automations-builder-run');

    await run.getByTestId('automation-rerun').click();
    await created.getByText('Recent runs (2)').waitFor();
    await expect.poll(() => created.getByTestId('automation-run').count()).toBe(2);
    expect(await created.getByTestId('automation-run').first().textContent()).toContain('rerun');
  });

  it("pauses it; a rerun then shows the core's 409 (a paused automation runs nothing)", async () => {
    const created = card(NAME);
    await created.getByTestId('automation-toggle').click();
    await created.getByTestId('automation-status').filter({ hasText: 'Paused' }).waitFor();
    await created.getByTestId('automation-rerun').first().click();
    const refusal = created.getByTestId('automation-runs').getByTestId('error-state');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Not rerun');
    expect(await refusal.textContent()).toContain('is paused: activate it to rerun an execution');
    expect(await created.getByTestId('automation-run').count()).toBe(2);
  });

  it('changes a step, kept after a reload, the step ids unchanged', async () => {
    await card(NAME).getByTestId('automation-edit').click();
    const edit = page.getByTestId('edit-automation-form');
    await edit.waitFor();
    expect(await focusedTestId()).toBe('automation-name-input');
    const tag = edit.getByTestId('builder-step').nth(1).getByTestId('field-tag');
    expect(await tag.inputValue()).toBe('asked-tracking');
    await tag.fill('tracking');
    await edit.getByTestId('automation-save').click();
    await edit.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Edit ${NAME}`);

    await page.reload();
    await page.getByTestId('live-status').filter({ hasText: 'Live' }).waitFor();
    await page.getByTestId('nav-automations').click();
    await page.locator('[data-testid="automations"][data-ready="true"]').waitFor();
    await card(NAME).getByTestId('automation-edit').click();
    const again = page.getByTestId('edit-automation-form');
    expect(await again.getByTestId('builder-step').nth(1).getByTestId('field-tag').inputValue()).toBe('tracking');
    expect(await again.getByTestId('builder-step').nth(0).getByTestId('field-senderId').inputValue()).toBe('EXMPLE');
    await again.getByTestId('automation-form-cancel').click();
    expect((await automationNamed(NAME)).steps.map((s) => [s.id, s.config])).toEqual([
      ['step_1', { senderId: 'EXMPLE', message: SMS_TEXT }], ['step_2', { tag: 'tracking' }],
    ]);
  });

  it("names a step's integration only once it is not connected, and shows the core's 409 then; the automation stays paused", async () => {
    expect((await server.dashboard('POST', '/dashboard/automations', {
      name: 'Instagram follow-up', trigger: { type: 'message.received', config: { channel: 'instagram', contains: 'size' } },
      steps: [{ id: 'reply', type: 'instagram.reply', config: { message: 'Our size guide is on shop.example.com/sizes' } }],
    })).status).toBe(201);
    const follow = card('Instagram follow-up');
    await follow.waitFor();
    // While Instagram is connected (the demo's), its steps name no requirement: there is nothing to do about it.
    expect(await follow.getByTestId('automation-step').allTextContents()).toEqual(['Reply on Instagram · "Our size guide is on shop.example.com/sizes"']);
    expect(await card('Price questions on Instagram').getByTestId('automation-needs').count()).toBe(0);
    expect((await server.dashboard('DELETE', '/dashboard/instagram/connection')).status).toBe(200);
    // Disconnected (here through the API), the card says what the step now lacks: the stream says so (`integration:changed`).
    await follow.getByTestId('automation-needs').waitFor();
    expect(await follow.getByTestId('automation-step').allTextContents()).toEqual(['Reply on Instagram · "Our size guide is on shop.example.com/sizes" · needs Instagram (not connected)']);
    await follow.getByTestId('automation-toggle').click();
    const refusal = follow.getByTestId('error-state');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Not activated');
    expect(await refusal.textContent()).toContain('step reply (instagram.reply) needs the Instagram integration, which is not connected');
    expect(await follow.getByTestId('automation-status').textContent()).toBe('Paused');
    await screenshot(page, 'automations-builder-409');
  });

  it('deletes an automation once asked, the focus on Cancel while asking and on New automation after', async () => {
    const follow = card('Instagram follow-up');
    const { id } = await automationNamed('Instagram follow-up');
    await follow.getByTestId('automation-delete').click();
    expect(await focusedTestId()).toBe('automation-delete-cancel');
    await follow.getByTestId('automation-delete-cancel').click();
    expect(await focusedTestId()).toBe('automation-delete');
    await follow.getByTestId('automation-delete').click();
    await follow.getByTestId('automation-delete-confirm').click();
    await follow.waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('new-automation');
    expect((await server.dashboard('GET', `/dashboard/automations/${id}`)).status).toBe(404);
    await card(NAME).waitFor();
  });
});
