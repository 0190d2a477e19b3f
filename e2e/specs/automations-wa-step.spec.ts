// The builder's "Send WhatsApp template" step on the demo seed: a picker of the organization's templates (a rejected
// one shown disabled with its status), the header image's link asked for welcome_offer, a value per {{n}}; saved as
// the core's components, run from the simulator's inbound message and received; edited, the fields load back; a step
// the fields cannot hold is shown read-only and kept; a failed run says so on the card's "Last run", in words.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Automation } from '../../src-core/contract/index.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

const NAME = 'Offer on hello';
const CUSTOMER = '+14155550191';
const LINK = 'https://cdn.example.com/welcome.png';
const card = (name: string) => page.getByTestId('automation').filter({ has: page.getByTestId('automation-name').getByText(name, { exact: true }) });
const form = () => page.getByTestId('new-automation-form');

async function automationNamed(name: string): Promise<Automation> {
  const listed = await server.dashboard<{ data: Automation[] }>('GET', '/dashboard/automations?limit=100');
  return listed.body.data.find((a) => a.name === name) as Automation;
}

consoleForFile({ width: 1280, height: 720 }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-automations').click();
  await page.locator('[data-testid="automations"][data-ready="true"]').waitFor();
});

describe('the Send WhatsApp template step', () => {
  it('picks a template from a list, asks for its header image link and body value, and saves the components', async () => {
    await page.getByTestId('new-automation').click();
    await form().getByTestId('automation-name-input').fill(NAME);
    // The form trigger's field is a list of form names: labelled "Form", not "Form id".
    await form().getByTestId('trigger-type').selectOption('form.submitted');
    expect(await form().locator('label[for]', { hasText: /^Form/ }).textContent()).toBe('Form (optional)');
    await form().getByTestId('trigger-type').selectOption('message.received');
    await form().getByTestId('field-channel').selectOption('whatsapp');
    await form().getByTestId('field-keyword').fill('hello');
    await form().getByTestId('add-step-type').selectOption({ label: 'Send WhatsApp template' });
    await form().getByTestId('add-step').click();
    const picker = form().getByTestId('wa-step-template');
    await picker.locator('option[value="welcome_offer:en"]').waitFor({ state: 'attached' });
    const rejected = picker.locator('option', { hasText: 'reject_flash_sale' });
    expect(await rejected.isDisabled()).toBe(true);
    expect(await rejected.textContent()).toContain('rejected');
    expect(await form().getByTestId('wa-step-media-link').count()).toBe(0);
    await picker.selectOption('welcome_offer:en');
    await form().getByTestId('wa-step-media-link').fill(LINK);
    await form().getByTestId('wa-step-body-1').fill('friend');
    await form().getByTestId('automation-save').click();
    await form().waitFor({ state: 'detached' });
    const stored = await automationNamed(NAME);
    expect(stored.steps).toEqual([{ id: 'step_1', type: 'whatsapp.send_template', config: {
      templateName: 'welcome_offer', languageCode: 'en',
      components: [{ type: 'header', parameters: [{ type: 'image', image: { link: LINK } }] }, { type: 'body', parameters: [{ type: 'text', text: 'friend' }] }],
    } }]);
  });

  it('runs from a simulated inbound message: the template reaches the handset and Last run says when', async () => {
    const created = card(NAME);
    await created.getByTestId('automation-toggle').click();
    await created.getByTestId('automation-status').filter({ hasText: 'Active' }).waitFor();
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: CUSTOMER, text: 'hello' })).status).toBe(201);
    await created.locator('[data-testid="automation-last-run"][data-status="completed"]').waitFor();
    expect(await created.getByTestId('automation-last-run').textContent()).not.toContain('failed');
    const handset = await server.dashboard<{ data: Array<{ text: string }> }>('GET', `/sim/handsets/${encodeURIComponent(CUSTOMER)}/messages`);
    expect(handset.body.data.map((m) => m.text)).toContain('Welcome to Example Store, friend! Use code WELCOME10 for 10% off your first order.');
  });

  it('loads the step back into its fields when edited', async () => {
    await card(NAME).getByTestId('automation-edit').click();
    const edit = page.getByTestId('edit-automation-form');
    expect(await edit.getByTestId('wa-step-template').inputValue()).toBe('welcome_offer:en');
    expect(await edit.getByTestId('wa-step-media-link').inputValue()).toBe(LINK);
    expect(await edit.getByTestId('wa-step-body-1').inputValue()).toBe('friend');
    await edit.getByTestId('automation-form-cancel').click();
  });

  it('shows a step the fields cannot hold read-only, and saves it unchanged', async () => {
    const config = { templateName: 'order_update', languageCode: 'en_US', components: [
      { type: 'header', parameters: [{ type: 'text', text: '1001' }] }, { type: 'body', parameters: ['Meera', '1001', 'Friday'].map((text) => ({ type: 'text', text })) },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '1001' }] },
    ] };
    const made = await server.dashboard<Automation>('POST', '/dashboard/automations', {
      name: 'Order news', trigger: { type: 'message.received', config: { channel: 'whatsapp', keyword: 'order' } }, steps: [{ type: 'whatsapp.send_template', config }],
    });
    expect(made.status).toBe(201);
    await card('Order news').getByTestId('automation-edit').click();
    const edit = page.getByTestId('edit-automation-form');
    expect(await edit.getByTestId('wa-step-readonly').textContent()).toContain('cannot show');
    await edit.getByTestId('automation-name-input').fill('Order news (kept)');
    await edit.getByTestId('automation-save').click();
    await edit.waitFor({ state: 'detached' });
    expect((await automationNamed('Order news (kept)')).steps[0]?.config).toEqual(config);
  });

  it("says on Last run that the run failed, and why, in words", async () => {
    // WhatsApp fails for this simulated recipient: the send is refused at the provider.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+15005550002', text: 'hello' })).status).toBe(201);
    const lastRun = card(NAME).locator('[data-testid="automation-last-run"][data-status="failed"]');
    await lastRun.waitFor();
    const said = await lastRun.textContent() ?? '';
    expect(said).toMatch(/^Last run failed .+: Send WhatsApp template: WhatsApp template welcome_offer failed: /);
    expect(said).not.toContain('{');
  });
});
