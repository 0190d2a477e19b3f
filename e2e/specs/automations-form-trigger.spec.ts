// The automation builder's form and lifecycle-stage triggers, on the demo seed: "Form submitted" picks the demo's popup
// by name (stored as its id) and "Lifecycle stage changed" offers the organization's stages; activated, a visitor's
// post to the popup's public page runs it for the contact the submission made, and the card says which form; a stage
// automation made elsewhere is named by its stage, and a contact moved into that stage runs it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Automation, Form } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

const NAME = 'Festive welcome';
const FORM = 'Festive offer sign-up';
const form = () => page.getByTestId('new-automation-form');
const card = () => page.getByTestId('automation').filter({ has: page.getByTestId('automation-name').getByText(NAME, { exact: true }) });
const optionLabels = (testId: string) => form().getByTestId(testId).evaluate((el) => [...(el as HTMLSelectElement).options].map((o) => o.label));

consoleForFile({ width: 1280, height: 720 }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-automations').click();
  await page.locator('[data-testid="automations"][data-ready="true"]').waitFor();
});

describe('form and lifecycle-stage triggers in the builder', () => {
  it('offers the stages by name for a lifecycle trigger, and the forms by name for a form trigger; creates it with the form picked', async () => {
    await page.getByTestId('new-automation').click();
    await form().getByTestId('automation-name-input').fill(NAME);
    const trigger = form().getByTestId('builder-trigger');
    await trigger.getByTestId('trigger-type').selectOption({ label: 'Lifecycle stage changed' });
    expect(await optionLabels('field-stageId')).toEqual(['Any stage', 'Subscriber', 'Lead', 'Qualified', 'Customer', 'Churned']);
    await trigger.getByTestId('trigger-type').selectOption({ label: 'Form submitted' });
    expect(await optionLabels('field-formId')).toEqual(['Any form', FORM]);
    await trigger.getByTestId('field-formId').selectOption({ label: FORM });
    await form().getByTestId('add-step-type').selectOption({ label: 'Add tag' });
    await form().getByTestId('add-step').click();
    await form().getByTestId('builder-step').nth(0).getByTestId('field-tag').fill('festive');
    await form().getByTestId('automation-save').click();
    await form().waitFor({ state: 'detached' });
    expect(await card().getByTestId('automation-trigger').textContent()).toBe(`When Form submitted · ${FORM}`);
    const forms = await server.dashboard<{ data: Form[] }>('GET', '/dashboard/forms');
    const festive = forms.body.data.find((f) => f.name === FORM) as Form;
    const automations = await server.dashboard<{ data: Automation[] }>('GET', '/dashboard/automations?limit=100');
    expect(automations.body.data.find((a) => a.name === NAME)?.trigger).toEqual({ type: 'form.submitted', config: { formId: festive.id } });
  });

  it("activated, a visitor's post to the form's public page runs it: the run is listed on the card", async () => {
    await card().getByTestId('automation-toggle').click();
    await card().getByTestId('automation-status').filter({ hasText: 'Active' }).waitFor();
    const festive = (await server.dashboard<{ data: Form[] }>('GET', '/dashboard/forms')).body.data.find((f) => f.name === FORM) as Form;
    const posted = await fetch(`${festive.publicUrl}/submissions`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Ines Duarte', email: 'ines.duarte@example.org' }).toString(),
    });
    expect(posted.status).toBe(201);
    await card().getByText('Recent runs (1)').click();
    const run = card().locator('[data-testid="automation-run"][data-status="completed"]');
    await run.waitFor();
    expect(await run.getByTestId('automation-run-step').textContent()).toContain('added the tag festive');
  });

  it('names a lifecycle automation by its stage, and a contact moved into that stage runs it', async () => {
    const stages = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/lifecycle-stages');
    const customer = stages.body.data.find((stage) => stage.name === 'Customer') as { id: string };
    const made = await server.dashboard<Automation>('POST', '/dashboard/automations', {
      name: 'New customers', trigger: { type: 'contact.lifecycle_changed', config: { stageId: customer.id } }, steps: [{ type: 'contact.add_tag', config: { tag: 'customer' } }],
    });
    expect(made.status).toBe(201);
    expect((await server.dashboard('POST', `/dashboard/automations/${made.body.id}/activate`)).status).toBe(200);
    const stageCard = page.getByTestId('automation').filter({ has: page.getByTestId('automation-name').getByText('New customers', { exact: true }) });
    await stageCard.getByTestId('automation-trigger').filter({ hasText: 'When Lifecycle stage changed · into Customer' }).waitFor();
    const contact = await server.dashboard<{ id: string }>('POST', '/dashboard/contacts', { name: 'Ravi Menon', email: 'ravi.menon@example.org' });
    expect((await server.dashboard('PUT', `/dashboard/contacts/${contact.body.id}/lifecycle-stage`, { stageId: customer.id })).status).toBe(200);
    await stageCard.getByText('Recent runs (1)').click();
    await stageCard.locator('[data-testid="automation-run"][data-status="completed"]').waitFor();
  });
});
