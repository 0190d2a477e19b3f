// What a marketer's walk through the console found, each mended and held here: the builder's "Sends" written as the
// campaign's page writes it, the typing going on where a DLT template was picked, the focus kept on the campaign
// when a launch or a cancel takes away the button that held it; an email draft's subject and merge-tag values among
// its facts; the schedule's date level with its zone; the form builder's fields styled and laid out as the console's,
// and the focus back on the button that opened it when it closes; an automation's run naming its contact.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

const session = consoleForFile({ height: 860, reducedMotion: true }, (opened) => {
  ({ page } = opened);
});

const detail = (status: string) => page.locator(`[data-testid="campaign-detail"][data-status="${status}"]`);
const focused = () => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? null;
});

async function openBuilder(tab: 'WhatsApp' | 'SMS') {
  await page.getByTestId('nav-campaigns').click();
  const back = page.getByTestId('back-to-list');
  if (await back.count()) await back.click();
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByTestId('new-campaign').click();
}

describe("a marketer's walk: campaigns", () => {
  it("writes the builder's schedule as the campaign's page does, and keeps the focus on the campaign through launch, Keep it and cancel", async () => {
    await openBuilder('WhatsApp');
    await page.locator('[data-testid="template-option"][data-template-name="festive_sale"]').click();
    await page.getByTestId('recipients-input').fill('+14155550101');
    await page.getByTestId('placeholder-1-text').fill('friend');
    await page.getByTestId('campaign-name').fill('Winter preview');
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-zone').fill('Asia/Kolkata');
    await page.getByTestId('schedule-at').fill('2030-01-20T10:00');
    const sends = page.locator('.summary > div').filter({ has: page.locator('dt', { hasText: /^Sends$/ }) }).locator('dd');
    await sends.filter({ hasText: 'Asia/Kolkata' }).waitFor();
    const written = await sends.textContent();
    // Not the field's raw value ("2030-01-20 10:00 Asia/Kolkata"): the one way the console writes a moment.
    expect(written).not.toContain('2030-01-20');
    await page.getByTestId('create-draft').click();
    await detail('DRAFT').waitFor();
    expect(await page.getByTestId('fact-scheduled').locator('dd').textContent()).toBe(written);

    // Launch (schedule) goes away with the launch: the focus goes to the campaign's name, not to the page.
    await page.getByTestId('launch-campaign').click();
    await page.getByTestId('launch-confirm').click();
    await detail('SCHEDULED').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

    // "Keep it" gives the focus back to Cancel campaign, which asked.
    await page.getByTestId('cancel-campaign').click();
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await focused()).toBe('cancel-campaign');

    // The cancel's confirmation goes with the cancel: the focus goes to the campaign's name again.
    await page.getByTestId('cancel-campaign').click();
    await page.getByTestId('confirm-cancel').click();
    await detail('CANCELLED').waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.locator('h1').textContent()).toBe('Winter preview');
  });

  it("picking a DLT template puts the typing in its first {#var#}'s value", async () => {
    await openBuilder('SMS');
    await page.locator('[data-testid="dlt-template"][data-template-name="Order shipped"]').click();
    expect(await focused()).toBe('sms-body-var-1');
    await page.keyboard.type('Asha');
    expect(await page.getByTestId('sms-body-var-1').inputValue()).toBe('Asha');
    expect(await page.getByTestId('sms-body').inputValue()).toMatch(/^Hi Asha, your order \{#var#\}/);
  });
});

describe("a marketer's walk: an email draft", () => {
  it("shows the subject and the merge-tag values it will send, to check before Launch now", async () => {
    await page.getByTestId('nav-campaigns').click();
    const back = page.getByTestId('back-to-list');
    if (await back.count()) await back.click();
    await page.getByRole('tab', { name: 'Email', exact: true }).click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="email-template"][data-template-name="Order shipped"]').click();
    await page.locator('[data-testid="email-variables"][data-ready="true"]').waitFor();
    await page.getByTestId('recipients-input').fill('alice@example.com');
    await page.getByTestId('email-variable-order').fill('#1001');
    await page.getByTestId('email-variable-first_name').fill('there');
    await page.getByTestId('campaign-name').fill('Order 1001 shipped');
    await page.getByTestId('create-draft').click();
    await detail('DRAFT').waitFor();
    const fact = (name: string) => page.getByTestId(`fact-${name}`).locator('dd');
    await fact('subject').filter({ hasText: "Your order {{order}} has shipped (the template's)" }).waitFor();
    expect(await fact('merge-tag-values').textContent()).toBe('{{order}} #1001 · {{first_name}} there (for a recipient without one)');
  });
});

describe("a marketer's walk: the schedule", () => {
  it("keeps the date and the time zone level when the zone's error shows under it", async () => {
    await openBuilder('SMS');
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-zone').fill('Kolkata');
    await page.getByTestId('schedule-at').focus();
    await page.getByTestId('schedule-zone-error').waitFor();
    const [at, zone] = [await page.getByTestId('schedule-at').boundingBox(), await page.getByTestId('schedule-zone').boundingBox()];
    if (!at || !zone) throw new Error('the schedule fields are not shown');
    // Side by side at this width, the date beside the zone's field, not pushed down beside its error.
    expect(at.x + at.width).toBeLessThanOrEqual(zone.x);
    expect(Math.abs(at.y - zone.y)).toBeLessThan(2);
    await page.getByTestId('schedule-toggle').uncheck();
  });
});

describe("a marketer's walk: forms", () => {
  it("the form builder's fields are styled as the console's, each contact field on one line with how it is asked", async () => {
    await page.getByTestId('nav-forms').click();
    await page.getByTestId('new-form').click();
    const builder = page.getByTestId('form-builder');
    await builder.waitFor();
    const look = (testId: string) => builder.getByTestId(testId).evaluate((el) => {
      const style = getComputedStyle(el);
      return { border: style.borderTopColor, radius: style.borderTopLeftRadius, background: style.backgroundColor };
    });
    try {
      // The description (a textarea the console styles everywhere) is the model: the name and every select look like it,
      // not the browser's grey, square defaults.
      await builder.getByTestId('form-name').evaluate((el) => (el as HTMLElement).blur()); // a focused field's border is the accent
      const model = await look('form-description');
      for (const testId of ['form-name', 'form-kind', 'form-ask-name', 'form-ask-email', 'form-ask-phone']) expect(await look(testId)).toEqual(model);
      for (const field of ['name', 'email', 'phone']) {
        const select = builder.getByTestId(`form-ask-${field}`);
        const label = select.locator('xpath=..').locator('span').first();
        const [labelBox, selectBox] = [await label.boundingBox(), await select.boundingBox()];
        if (!labelBox || !selectBox) throw new Error(`form-ask-${field} is not shown`);
        // Side by side: the select starts right of its label and within its line, not centred under it.
        expect(selectBox.x).toBeGreaterThan(labelBox.x + labelBox.width);
        expect(selectBox.y).toBeLessThan(labelBox.y + labelBox.height);
      }
    } finally {
      await builder.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  it('the focus goes back to the button that opened the builder, whether the form was saved or not', async () => {
    await page.getByTestId('nav-forms').click();
    await page.getByTestId('new-form').click();
    await page.getByTestId('form-builder').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('form-builder').waitFor({ state: 'detached' });
    expect(await focused()).toBe('new-form');

    await page.getByTestId('new-form').click();
    await page.getByTestId('form-name').fill('Winter sign-up');
    await page.getByTestId('form-save').click();
    await page.locator('[data-testid="form-card"][data-name="Winter sign-up"]').waitFor();
    expect(await focused()).toBe('new-form');

    const card = page.locator('[data-testid="form-card"][data-name="Winter sign-up"]');
    await card.getByTestId('form-edit').click();
    await page.getByTestId('form-save').click();
    await page.getByTestId('form-builder').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit Winter sign-up');
  });
});

describe("a marketer's walk: automations", () => {
  it('a run set off by a contact without an address (a contact created) names the contact, not its id', async () => {
    const { server } = session();
    await page.getByTestId('nav-automations').click();
    const card = page.getByTestId('automation').filter({ hasText: 'Tag contacts added by hand' });
    await card.getByTestId('automation-toggle').click();
    await card.getByTestId('automation-status').filter({ hasText: 'Active' }).waitFor();
    const made = await server.dashboard<{ id: string }>('POST', '/dashboard/contacts', { name: 'Pat Walker', phone: '+14155550188' });
    expect(made.status).toBe(201);
    await card.locator('summary').filter({ hasText: 'Recent runs (1)' }).click();
    const head = card.getByTestId('automation-run').locator('.automation-run-head');
    await head.filter({ hasText: 'Pat Walker' }).waitFor();
    expect(await head.textContent()).not.toContain(made.body.id);
    expect(await card.getByTestId('automation-rerun').getAttribute('aria-label')).toMatch(/ from Pat Walker$/);
  });
});
