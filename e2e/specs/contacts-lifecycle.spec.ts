// Lifecycle stages in a real browser (the demo seed): the contact panel's select moves a contact to another stage, which
// the panel, the list's row (and its stage filter) and the core show; the Lifecycle stages dialog adds, renames, reorders and deletes a stage,
// and cannot delete one a contact is in, nor one an automation triggers on (the refusal shown in the stage's row).
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ConsoleContact, Contact, LifecycleStage } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let contact: Contact;
const session = consoleForFile({}, async ({ server }) => {
  contact = (await server.dashboard<Contact>('POST', '/dashboard/contacts', { name: 'Stella Stage', phone: '+14155550981' })).body;
});
const page = () => session().page;
const panel = () => page().getByTestId('contact-panel');
const stored = async () => (await session().server.dashboard<ConsoleContact>('GET', `/dashboard/contacts/${contact.id}`)).body;
const stages = async () => (await session().server.dashboard<{ data: LifecycleStage[] }>('GET', '/dashboard/lifecycle-stages')).body.data;
const rows = () => page().getByTestId('stages-dialog').getByTestId('stage-row');
const names = () => rows().evaluateAll((all) => all.map((row) => row.getAttribute('data-stage')));

describe('lifecycle stages', () => {
  it('a contact moved to another stage from the panel shows it there, in the list, and in the core', async () => {
    const p = page();
    await p.getByTestId('nav-contacts').click();
    await p.getByTestId('contact-search').fill('Stella');
    await p.locator('[data-testid="contact-list"][data-search="Stella"][data-ready="true"]').waitFor();
    await p.getByTestId('contact-list').getByTestId('contact-row').first().click();
    await panel().locator('h2', { hasText: /^Stella Stage$/ }).waitFor();
    const select = panel().getByTestId('contact-stage');
    await panel().locator('[data-testid="contact-stage"][data-ready="true"]').waitFor();
    expect(await select.inputValue()).toBe('');
    expect(await select.locator('option').allTextContents()).toEqual(['No stage', 'Subscriber', 'Lead', 'Qualified', 'Customer', 'Churned']);
    await select.selectOption({ label: 'Qualified' });
    const qualified = (await stages()).find((s) => s.name === 'Qualified') as LifecycleStage;
    await p.getByTestId('contact-list').getByTestId('contact-row-stage').filter({ hasText: /^Qualified$/ }).waitFor();
    expect((await stored()).lifecycleStageId).toBe(qualified.id);
    expect(await select.inputValue()).toBe(qualified.id);
    // The list filtered by stage: Stella in Qualified, nobody called Stella in Churned.
    const filter = p.getByTestId('contact-stage-filter');
    const churned = (await stages()).find((s) => s.name === 'Churned') as LifecycleStage;
    await filter.selectOption({ label: 'Qualified' });
    await p.locator(`[data-testid="contact-list"][data-stage="${qualified.id}"][data-ready="true"]`).waitFor();
    expect(await p.getByTestId('contact-list').getByTestId('contact-row').count()).toBe(1);
    expect(await p.getByTestId('contact-count').textContent()).toBe('1 contact in Qualified matching “Stella”');
    await screenshot(p, 'contacts-lifecycle-stage');
    await filter.selectOption({ label: 'Churned' });
    await p.locator(`[data-testid="contact-list"][data-stage="${churned.id}"][data-ready="true"]`).waitFor();
    expect(await p.getByTestId('contact-list').getByTestId('contact-row').count()).toBe(0);
    await filter.selectOption({ label: 'All stages' });
    await p.locator('[data-testid="contact-list"][data-stage=""][data-ready="true"]').getByTestId('contact-row').waitFor();
    await select.selectOption({ label: 'No stage' });
    await p.getByTestId('contact-list').getByTestId('contact-row-stage').waitFor({ state: 'detached' });
    expect((await stored()).lifecycleStageId).toBeNull();
  });

  it('the Lifecycle stages dialog adds, renames, moves and deletes a stage; one with a contact in it cannot be deleted', async () => {
    const p = page();
    const lead = (await stages()).find((s) => s.name === 'Lead') as LifecycleStage;
    await session().server.dashboard('PUT', `/dashboard/contacts/${contact.id}/lifecycle-stage`, { stageId: lead.id });
    await p.getByTestId('manage-stages').click();
    const dialog = p.getByTestId('stages-dialog');
    await dialog.locator('[data-testid="stage-rows"][data-ready="true"]').waitFor();
    const leadRow = dialog.locator('[data-stage="Lead"]');
    expect(await leadRow.getByTestId('delete-stage').isDisabled()).toBe(true);
    expect(Number((await leadRow.getByTestId('stage-contacts').textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(1);

    await dialog.getByTestId('new-stage').fill('Advocate');
    await dialog.getByTestId('add-stage').click();
    await dialog.locator('[data-stage="Advocate"]').waitFor();
    const advocate = dialog.locator('[data-stage="Advocate"]');
    await advocate.getByTestId('stage-name').fill('Champion');
    await advocate.getByTestId('rename-stage').click();
    const champion = dialog.locator('[data-stage="Champion"]');
    await champion.waitFor();
    await champion.getByRole('button', { name: 'Move Champion up' }).click();
    await dialog.locator('[data-testid="stage-rows"][data-ready="true"]').waitFor();
    await expect.poll(names).toEqual(['Subscriber', 'Lead', 'Qualified', 'Customer', 'Champion', 'Churned']);
    await screenshot(p, 'contacts-lifecycle-stages-dialog');
    // An automation moving contacts into Champion keeps it: the 409 is shown in its row, until its trigger names no stage.
    const championId = (await stages()).find((s) => s.name === 'Champion')?.id;
    const automation = await session().server.dashboard<{ id: string }>('POST', '/dashboard/automations', {
      name: 'Champions club', trigger: { type: 'contact.lifecycle_changed', config: { stageId: championId } }, steps: [{ type: 'contact.add_tag', config: { tag: 'champion' } }],
    });
    expect(automation.status).toBe(201);
    await champion.getByTestId('delete-stage').click();
    await champion.getByTestId('delete-stage-confirm').click();
    await champion.getByTestId('error-state').waitFor();
    expect(await champion.getByTestId('error-state').textContent())
      .toContain('Lifecycle stage Champion cannot be deleted: the automation "Champions club" triggers on it; change its trigger or delete it first');
    const moved = await session().server.dashboard('PATCH', `/dashboard/automations/${automation.body.id}`, { trigger: { type: 'contact.lifecycle_changed', config: {} } });
    expect(moved.status).toBe(200);
    await champion.getByTestId('delete-stage').click();
    await champion.getByTestId('delete-stage-confirm').click();
    await champion.waitFor({ state: 'detached' });
    expect((await stages()).map((s) => s.name)).toEqual(['Subscriber', 'Lead', 'Qualified', 'Customer', 'Churned']);
    await dialog.getByTestId('close-stages').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('arrow keys on the closed select save the stage they stop on (Enter, or leaving the field), not each stage passed', async () => {
    const p = page();
    const saves: string[] = [];
    const count = (request: Request) => {
      if (request.method() === 'PUT' && request.url().endsWith(`/dashboard/contacts/${contact.id}/lifecycle-stage`)) saves.push(request.postData() ?? '');
    };
    p.on('request', count);
    await session().server.dashboard('PUT', `/dashboard/contacts/${contact.id}/lifecycle-stage`, { stageId: null });
    await p.getByTestId('contact-search').fill('Stella Stage');
    await p.locator('[data-testid="contact-list"][data-search="Stella Stage"][data-ready="true"]').waitFor();
    await p.getByTestId('contact-list').getByTestId('contact-row').first().click();
    const select = panel().getByTestId('contact-stage');
    await panel().locator('[data-testid="contact-stage"][data-ready="true"]').waitFor();
    await expect.poll(() => select.inputValue()).toBe('');
    const byName = Object.fromEntries((await stages()).map((s) => [s.name, s.id]));

    // No stage → Subscriber → Lead → Qualified: nothing saved on the way (an automation on Lead would have run).
    await select.focus();
    for (let i = 0; i < 3; i++) await p.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe(byName.Qualified);
    await panel().getByTestId('contact-stage-unsaved').waitFor();
    expect(await panel().getByTestId('contact-stage-unsaved').textContent()).toBe('Not saved yet: Enter saves it (so does leaving the field).');
    expect((await stored()).lifecycleStageId).toBeNull();
    await p.keyboard.press('Enter');
    await panel().locator('[data-testid="contact-stage"][data-ready="true"]').waitFor();
    expect((await stored()).lifecycleStageId).toBe(byName.Qualified);
    expect(saves).toEqual([JSON.stringify({ stageId: byName.Qualified })]);
    expect(await panel().getByTestId('contact-stage-unsaved').count()).toBe(0);

    // Up to Lead, then Tab away: saved once, on leaving.
    await p.keyboard.press('ArrowUp');
    expect((await stored()).lifecycleStageId).toBe(byName.Qualified);
    await p.keyboard.press('Tab');
    await panel().locator('[data-testid="contact-stage"][data-ready="true"]').waitFor();
    await expect.poll(async () => (await stored()).lifecycleStageId).toBe(byName.Lead);
    expect(saves).toEqual([JSON.stringify({ stageId: byName.Qualified }), JSON.stringify({ stageId: byName.Lead })]);
    p.off('request', count);
  });
});
