// SMS, RCS and email campaigns in a real browser: an SMS campaign to a pasted list with the demo's approved
// sender and a text matching its DLT template (a text matching none, a {#var#} left unfilled, or a passed
// schedule, keeps launch off; a refusal of the core leaves no draft behind; a segment's tag may hold spaces), an RCS campaign with SMS
// fallback that reaches a handset without RCS as an SMS (an empty variable no contact has, a fallback
// matching no DLT template, or a passed schedule, blocks; creating it asks first, since it sends), and an email campaign with its own subject and a
// merge-tag value that reach the simulated mailbox merged (an empty tag without a fallback, an unverified
// sender, or a passed schedule, blocks).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

const detail = (status: string) => page.locator(`[data-testid="campaign-detail"][data-status="${status}"]`);
const SHIPPED = 'Hi Asha, your order #2001 has shipped. Track: exmpl.in/t/2001 - Example Store';

async function bothThemes(name: string): Promise<void> {
  await screenshot(page, name);
  await page.getByTestId('theme-toggle').click();
  await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
  await screenshot(page, `${name}-dark`);
  await page.getByTestId('theme-toggle').click();
  await page.locator('html:not([data-theme="dark"])').waitFor({ state: 'attached' });
}

/** A schedule the clock has passed blocks `button` until it is turned off (and the blockers go with it). */
/** A passed schedule, and a time the zone's clocks skip (daylight saving time), each keep `button` off with the reason. */
async function badScheduleBlocks(button: 'create-launch' | 'create-draft'): Promise<void> {
  const blockers = page.getByTestId('builder-blockers');
  await page.getByTestId('schedule-toggle').check();
  await page.getByTestId('schedule-at').fill('2001-01-01T10:00');
  await blockers.filter({ hasText: 'a schedule time that has not passed' }).waitFor();
  expect(await page.getByTestId(button).isDisabled()).toBe(true);
  await page.getByTestId('schedule-zone').fill('America/New_York');
  await page.getByTestId('schedule-at').fill('2030-03-10T02:30');
  await blockers.filter({ hasText: 'a schedule time that exists in its time zone' }).waitFor();
  await page.getByTestId('schedule-error').filter({ hasText: '2030-03-10 02:30 does not exist in America/New_York' }).waitFor();
  expect(await page.getByTestId(button).isDisabled()).toBe(true);
  await page.getByTestId('schedule-toggle').uncheck();
  await blockers.waitFor({ state: 'detached' });
}

consoleForFile({ height: 860, reducedMotion: true }, (opened) => {
  ({ server, page } = opened);
});

describe('SMS, RCS and email campaigns', () => {
  it('keeps launch off for a text matching no DLT template or a passed schedule, leaves no draft when the core refuses, then sends to a pasted list', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-sms').click();
    await page.getByText('No SMS campaigns yet').waitFor();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('recipients-input').fill('919820000101\n+919820000102, 919820000103\nnot-a-number\n91 9820 000101');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1');
    expect(await page.getByTestId('count-duplicates').textContent()).toBe('1');
    // The approved sender ids load with the builder (under load, after the recipients are counted).
    await page.locator('[data-testid="sms-sender"]:not([disabled]) option[value="EXMPLE"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('sms-sender').inputValue()).toBe('EXMPLE');
    await page.getByTestId('campaign-name').fill('Shipping notice');

    // A text matching no approved DLT template: neither a draft nor a launch can be made of it.
    await page.getByTestId('sms-body').fill('Hello from Example Store');
    await page.locator('[data-testid="sms-body-dlt"][data-match=""]').waitFor();
    await page.getByTestId('builder-blockers').filter({ hasText: 'a message matching an approved DLT template' }).waitFor();
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);
    expect(await page.getByTestId('create-draft').isDisabled()).toBe(true);

    // The template as picked still holds its {#var#}: unfilled, it blocks; each gets its own input.
    await page.locator('[data-testid="dlt-template"][data-template-name="Order shipped"]').click();
    expect(await page.getByTestId('sms-body').inputValue()).toContain('{#var#}');
    await page.locator('[data-testid="sms-body-dlt"][data-match=""][data-unfilled="3"]').waitFor();
    await page.getByTestId('builder-blockers').filter({ hasText: 'each {#var#} of the message filled' }).waitFor();
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);
    await page.getByTestId('sms-body-var-1').fill('Asha');
    await page.getByTestId('sms-body-var-2').fill('#2001');
    await page.getByTestId('sms-body-var-3').fill('exmpl.in/t/2001');
    await page.locator('[data-testid="sms-body-dlt"][data-match="Order shipped"]').waitFor();
    expect(await page.getByTestId('sms-body').inputValue()).toBe(SHIPPED);
    await page.locator('[data-testid="builder-blockers"]').waitFor({ state: 'detached' });

    // A schedule the clock has passed is said at once, in the reader's format (no ISO timestamp), and blocks launch.
    await page.getByTestId('schedule-toggle').check();
    await page.getByTestId('schedule-at').fill('2001-01-01T10:00');
    const scheduleError = ((await page.getByTestId('schedule-error').textContent()) ?? '').replace(/\s/g, ' ');
    const zone = await page.getByTestId('schedule-zone').inputValue();
    expect(scheduleError).toContain(`Jan 1, 2001, 10:00 AM (${zone}) has already passed: it is now`);
    expect(scheduleError).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    await page.getByTestId('builder-blockers').filter({ hasText: 'a schedule time that has not passed' }).waitFor();
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);
    await page.getByTestId('schedule-toggle').uncheck();
    await page.getByTestId('schedule-error').waitFor({ state: 'detached' });

    // A refusal only the core can see (a segment matching nobody): shown in its words, and no draft is left.
    await page.getByTestId('audience-segment').click();
    await page.getByTestId('segment-tags').fill('nobody-has-this-tag');
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await page.getByTestId('launch-error').getByText('The campaign has no recipients', { exact: false }).waitFor();
    expect(await page.getByTestId('launch-error').getByText('The draft was saved').count()).toBe(0);
    const none = await server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/sms/campaigns');
    expect(none.body.meta.total).toBe(0);
    // The refusal was about the form as it was: changing it clears the error.
    await page.getByTestId('segment-tags').fill('still-nobody');
    await page.getByTestId('launch-error').waitFor({ state: 'detached' });

    await page.getByTestId('audience-manual').click();
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    await page.getByTestId('campaign-name').fill('Shipping notice 2');
    await bothThemes('campaigns-sms-builder');

    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    expect(await page.getByTestId('campaign-detail').textContent()).toContain(SHIPPED);
    await page.locator('[data-testid="funnel-sent"][data-value="3"]').waitFor();
    const handset = await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', '/sim/handsets/919820000102/messages');
    expect(handset.body.data.map((m) => [m.channel, m.text])).toContainEqual(['sms', SHIPPED]);
    await page.getByTestId('back-to-list').click();
    // The list shows what it last read (no SMS campaign yet) until it reads again: wait for the campaign's row.
    await page.getByTestId('campaign-row').filter({ hasText: 'Shipping notice 2' }).waitFor();
    const statuses = await page.getByTestId('campaign-row').getByTestId('campaign-status').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(statuses).toEqual(['COMPLETED']);
  });

  it('deletes a draft from its page, after asking; a launched campaign offers no delete', async () => {
    const draft = await server.dashboard<{ id: string }>('POST', '/dashboard/sms/campaigns', {
      name: 'Draft to delete', messageBody: SHIPPED, audienceType: 'manual', audienceCriteria: { phones: ['919820000111'] },
    });
    expect(draft.status).toBe(201);
    await page.reload();
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-sms').click();
    await page.getByTestId('campaign-row').filter({ hasText: 'Draft to delete' }).click();
    await detail('DRAFT').waitFor();
    await page.getByTestId('delete-draft').click();
    await page.getByTestId('confirm-delete-draft').click();
    // Back on the list, the draft is gone at once (the cached list drops it; it used to flash back until the refetch).
    await page.getByTestId('campaign-row').filter({ hasText: 'Shipping notice 2' }).waitFor();
    expect(await page.getByTestId('campaign-row').filter({ hasText: 'Draft to delete' }).count()).toBe(0);
    expect((await server.dashboard('GET', `/dashboard/sms/campaigns/${draft.body.id}`)).status).toBe(404);
    await page.getByTestId('campaign-row').filter({ hasText: 'Shipping notice 2' }).click();
    await detail('COMPLETED').waitFor();
    expect(await page.getByTestId('delete-draft').count()).toBe(0);
    await page.getByTestId('back-to-list').click();
  });

  it('reads a segment\'s tags as the contacts page does: a tag with a space is one tag, and reaches the contact holding it', async () => {
    const contact = await server.dashboard('POST', '/dashboard/contacts', { name: 'Big Spender', phone: '+919820000150', tags: ['Big Spender'] });
    expect(contact.status).toBe(201);
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('audience-segment').click();
    await page.getByTestId('segment-tags').fill(' big  spender, no;such tag,BIG SPENDER');
    await page.getByTestId('segment-tag').nth(1).waitFor();
    expect(await page.getByTestId('segment-tag').allTextContents()).toEqual(['big spender', 'no;such tag']);
    await page.locator('[data-testid="sms-sender"]:not([disabled]) option[value="EXMPLE"]').waitFor({ state: 'attached' });
    await page.getByTestId('sms-body').fill(SHIPPED);
    await page.locator('[data-testid="sms-body-dlt"][data-match="Order shipped"]').waitFor();
    await page.getByTestId('campaign-name').fill('Big spenders');
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    // The detail names the segment it went to, as the core kept it, not only "segment".
    expect(await page.getByTestId('fact-audience').locator('dd').textContent()).toBe('Segment: contacts tagged “big spender” or “no;such tag”');
    await page.locator('[data-testid="funnel-sent"][data-value="1"]').waitFor();
    const handset = await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', '/sim/handsets/919820000150/messages');
    expect(handset.body.data.map((m) => [m.channel, m.text])).toContainEqual(['sms', SHIPPED]);
    await page.getByTestId('back-to-list').click();
  });

  it('sends an RCS campaign with SMS fallback: the handset without RCS gets the SMS', async () => {
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByText('No RCS campaigns yet').waitFor();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="rcs-template"][data-template-name="Order update card"]').click();
    // {{name}} may be read from each contact; contacts have no order or eta, so those need a value.
    const blockers = page.getByTestId('builder-blockers');
    await blockers.filter({ hasText: 'a value for {{order}}, a value for {{eta}}' }).waitFor();
    expect(await blockers.textContent()).not.toContain('{{name}}');
    await page.getByLabel('Value of {{order}}').fill('#2002');
    await page.getByTestId('rcs-var-eta').fill('tomorrow');
    await blockers.filter({ hasText: 'a value for' }).waitFor({ state: 'detached' });
    // These numbers have no contacts: left empty, {{name}} would leave them unsent (failed, refunded), so it gets a value.
    await page.getByTestId('rcs-var-name').fill('there');
    await page.getByTestId('rcs-preview').getByText('#2002').first().waitFor();
    await page.getByTestId('recipients-input').fill('+15005550003\n+919820000201\n9820000202');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    // The fallback SMS follows the DLT rule too, and the blocker says it is the fallback.
    await page.getByTestId('rcs-fallback').check();
    await page.getByTestId('rcs-fallback-message').fill('Your parcel is coming');
    await blockers.filter({ hasText: 'a fallback SMS matching an approved DLT template' }).waitFor();
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);
    await page.locator('[data-testid="dlt-template"][data-template-name="Order shipped"]').click();
    await blockers.filter({ hasText: 'each {#var#} of the fallback SMS filled' }).waitFor();
    await page.getByTestId('rcs-fallback-message').fill(SHIPPED);
    await page.locator('[data-testid="rcs-fallback-message-dlt"][data-match="Order shipped"]').waitFor();
    // A passed schedule blocks here as in every builder.
    await badScheduleBlocks('create-launch');
    await page.getByTestId('campaign-name').fill('Parcel card');
    await bothThemes('campaigns-rcs');

    // Creating sends on RCS: it asks first, in words; Escape gives the focus back to the button, nothing created or sent.
    await page.getByTestId('create-launch').click();
    const asking = page.locator('[data-testid="launch-dialog"][open]');
    await asking.waitFor();
    expect(await asking.locator('h2').textContent()).toBe('Send “Parcel card” now?');
    expect(await asking.getByTestId('launch-fact-channel').locator('dd').textContent()).toBe('RCS');
    expect(await asking.getByTestId('launch-fact-recipients').locator('dd').textContent()).toBe('3');
    await page.keyboard.press('Escape');
    await page.getByTestId('launch-dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('create-launch');
    expect((await server.dashboard<{ data: unknown[] }>('GET', '/dashboard/rcs/campaigns')).body.data).toEqual([]);

    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    await page.locator('[data-testid="funnel-sent"][data-value="3"]').waitFor();
    const handset = await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', '/sim/handsets/15005550003/messages');
    expect(handset.body.data.map((m) => [m.channel, m.text])).toContainEqual(['sms', SHIPPED]);
    const rcs = await server.dashboard<{ data: Array<{ channel: string }> }>('GET', '/sim/handsets/919820000201/messages');
    expect(rcs.body.data.map((m) => m.channel)).toContain('rcs');
    // Receipts arrive on the clock after the dispatch has ended (no campaign event says so): the detail
    // follows them without a reload.
    await page.locator('[data-testid="funnel-delivered"][data-value="3"]').waitFor();
    await bothThemes('campaigns-rcs-detail');
  });

  it('sends an email campaign with its own subject and a merge-tag value; the mailbox receives them merged', async () => {
    await page.getByTestId('back-to-list').click();
    await page.getByTestId('campaign-tab-email').click();
    await page.getByText('No email campaigns yet').waitFor();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="email-template"][data-template-name="Order shipped"]').click();
    expect(await page.getByTestId('email-subject').inputValue()).toBe('Your order {{order}} has shipped');
    await page.locator('[data-testid="email-variables"][data-ready="true"]').waitFor();
    // {{first_name}} (in the HTML only) comes from each recipient's contact, and, having no fallback, needs one for a
    // recipient without a name (or they read "Hi , …"); {{order}} needs a value.
    await page.getByTestId('email-per-recipient-first_name').waitFor();
    expect(await page.locator('[data-testid^="email-variable-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual(['email-variable-order', 'email-variable-first_name']);
    await page.getByTestId('builder-blockers').filter({ hasText: 'a value of {{first_name}} for recipients without one (it has no fallback)' }).waitFor();
    await page.getByLabel('Value of {{first_name}} for a recipient without one').fill('there');
    await page.getByTestId('email-subject').fill('{{first_name}}, order {{order}} is on its way');
    const blockers = page.getByTestId('builder-blockers');
    // {{order}} has no fallback: left empty, every recipient would read "order  is on its way".
    await blockers.filter({ hasText: 'a value for {{order}} (it has no fallback)' }).waitFor();
    await page.getByLabel('Value of {{order}}').fill('#3001');
    // The summary's subject is the preview's, merged for its recipient (none listed yet: one without a name), over its template.
    await page.getByTestId('summary-subject').filter({ hasText: /^there, order #3001 is on its way$/ }).waitFor();
    expect(await page.getByTestId('summary-subject-template').textContent()).toBe('Template: {{first_name}}, order {{order}} is on its way');
    await page.getByTestId('email-from-name').fill('Example Store');
    await page.getByTestId('recipients-input').fill('alice@example.com\nnot-an-address');
    await page.getByTestId('count-valid').filter({ hasText: '1' }).waitFor();
    await page.getByTestId('campaign-name').fill('Order 3001 shipped');
    // A sender on a domain that is not verified is refused by the core: a blocker here.
    await page.getByTestId('email-from').fill('hello@unverified.example');
    await blockers.filter({ hasText: 'a sender address on a verified domain (unverified.example is not)' }).waitFor();
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);
    await page.getByTestId('email-from').fill('hello@example.com');
    await blockers.waitFor({ state: 'detached' });
    // A passed schedule blocks here as in every builder.
    await badScheduleBlocks('create-draft');
    await page.getByTestId('email-subject').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await bothThemes('campaigns-email-builder');

    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    expect(await page.getByTestId('fact-started').locator('dd').textContent()).not.toBe('—');
    const id = await page.getByTestId('campaign-detail').getAttribute('data-campaign-id');
    const stored = await server.dashboard<{ subject: string | null; variables: Record<string, unknown> }>('GET', `/dashboard/email/campaigns/${id}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ subject: '{{first_name}}, order {{order}} is on its way', variables: { order: '#3001' } });
    const mailbox = await server.dashboard<{ data: Array<{ channel: string; text: string; payload: { subject?: string; html?: string } }> }>('GET', '/sim/handsets/alice@example.com/messages');
    const received = mailbox.body.data.filter((m) => m.channel === 'email').at(-1);
    expect(received?.payload.subject).toBe('Alice, order #3001 is on its way');
    expect(received?.payload.html).toContain('Hi Alice, order #3001 is on its way.');
  });
});
