// SMS, RCS and email campaigns in a real browser: an SMS campaign to a pasted list with the demo's approved
// sender and a text matching its DLT template (a text matching none is refused at launch, in the core's
// words), an RCS campaign with SMS fallback that reaches a handset without RCS as an SMS, and an email
// campaign with its own subject and a merge-tag value that reach the simulated mailbox merged.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let session: ConsoleSession;
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

beforeAll(async () => {
  session = await openConsole({ height: 860, reducedMotion: true });
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.stop();
});

describe('SMS, RCS and email campaigns', () => {
  it('refuses a text matching no DLT template at launch in the core\'s words, then sends one that matches to a pasted list', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-sms').click();
    await page.getByText('No SMS campaigns yet').waitFor();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('recipients-input').fill('919820000101\n+919820000102, 919820000103\nnot-a-number\n91 9820 000101');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    expect(await page.getByTestId('count-invalid').textContent()).toBe('1');
    expect(await page.getByTestId('count-duplicates').textContent()).toBe('1');
    expect(await page.getByTestId('sms-sender').inputValue()).toBe('EXMPLE');
    await page.getByTestId('campaign-name').fill('Shipping notice');

    await page.getByTestId('sms-body').fill('Hello from Example Store');
    await page.locator('[data-testid="sms-body-dlt"][data-match=""]').waitFor();
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-error').getByText('message does not match any approved DLT template of this organization').waitFor();
    // The refused launch left a draft; start again from a clean builder.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('recipients-input').fill('919820000101\n+919820000102, 919820000103\nnot-a-number\n91 9820 000101');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();

    await page.locator('[data-testid="dlt-template"][data-template-name="Order shipped"]').click();
    expect(await page.getByTestId('sms-body').inputValue()).toContain('{#var#}');
    await page.getByTestId('sms-body').fill(SHIPPED);
    await page.locator('[data-testid="sms-body-dlt"][data-match="Order shipped"]').waitFor();
    await page.getByTestId('campaign-name').fill('Shipping notice 2');
    await bothThemes('campaigns-sms-builder');

    await page.getByTestId('create-launch').click();
    await detail('COMPLETED').waitFor();
    expect(await page.getByTestId('campaign-detail').textContent()).toContain(SHIPPED);
    await page.locator('[data-testid="funnel-sent"][data-value="3"]').waitFor();
    const handset = await server.dashboard<{ data: Array<{ channel: string; text: string }> }>('GET', '/sim/handsets/919820000102/messages');
    expect(handset.body.data.map((m) => [m.channel, m.text])).toContainEqual(['sms', SHIPPED]);
    await page.getByTestId('back-to-list').click();
    const statuses = await page.getByTestId('campaign-row').getByTestId('campaign-status').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(statuses.sort()).toEqual(['COMPLETED', 'DRAFT']);
  });

  it('sends an RCS campaign with SMS fallback: the handset without RCS gets the SMS', async () => {
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByText('No RCS campaigns yet').waitFor();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="rcs-template"][data-template-name="Order update card"]').click();
    await page.getByTestId('rcs-var-order').fill('#2002');
    await page.getByTestId('rcs-var-eta').fill('tomorrow');
    await page.getByTestId('rcs-preview').getByText('#2002').first().waitFor();
    await page.getByTestId('recipients-input').fill('+15005550003\n+919820000201\n9820000202');
    await page.getByTestId('count-valid').filter({ hasText: '3' }).waitFor();
    await page.getByTestId('rcs-fallback').check();
    await page.getByTestId('rcs-fallback-message').fill(SHIPPED);
    await page.locator('[data-testid="rcs-fallback-message-dlt"][data-match="Order shipped"]').waitFor();
    await page.getByTestId('campaign-name').fill('Parcel card');
    await bothThemes('campaigns-rcs');

    await page.getByTestId('create-launch').click();
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
    // {{first_name}} (in the HTML only) comes from each recipient's contact; {{order}} needs a value.
    await page.getByTestId('email-per-recipient-first_name').waitFor();
    expect(await page.locator('[data-testid^="email-variable-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual(['email-variable-order']);
    await page.getByTestId('email-subject').fill('{{first_name}}, order {{order}} is on its way');
    await page.getByTestId('email-variable-order').fill('#3001');
    await page.getByTestId('summary-subject').filter({ hasText: '{{first_name}}, order {{order}} is on its way' }).waitFor();
    await page.getByTestId('email-from-name').fill('Example Store');
    await page.getByTestId('email-from').fill('hello@example.com');
    await page.getByTestId('recipients-input').fill('alice@example.com\nnot-an-address');
    await page.getByTestId('count-valid').filter({ hasText: '1' }).waitFor();
    await page.getByTestId('campaign-name').fill('Order 3001 shipped');
    await page.getByTestId('email-subject').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await bothThemes('campaigns-email-builder');

    await page.getByTestId('create-launch').click();
    await detail('COMPLETED').waitFor();
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
