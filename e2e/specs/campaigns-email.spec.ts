// The email campaign builder in a real browser: its audience picked from option cards as in the other builders; the
// sender filled in from the organization's name and its verified domain (or, with none, where to verify one, and which
// is waiting for verification), each merge tag's requirement said in view, a preview merged as the chosen sample
// recipient gets it and following every change, the schedule's zone: the browser's by default, searched by typing,
// checked against the list, and kept by the campaign's detail; and the credits it reserves following a top-up made
// meanwhile.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { openConsole, type ConsoleSession } from '../fixtures/console.ts';

let session: ConsoleSession;
let page: Page;

const preview = () => page.frameLocator('[data-testid="email-preview-body"]');
const blockers = () => page.getByTestId('builder-blockers');

async function openEmailBuilder(): Promise<void> {
  await page.getByTestId('nav-campaigns').click();
  await page.getByTestId('campaign-tab-email').click();
  await page.getByTestId('new-campaign').click();
  await page.getByTestId('email-builder').waitFor();
}

describe('the email campaign builder (demo organization, browser in Asia/Kolkata)', () => {
  beforeAll(async () => {
    session = await openConsole({ height: 900, reducedMotion: true, timezoneId: 'Asia/Kolkata' });
    ({ page } = session);
  });
  afterAll(async () => {
    await session?.stop();
  });

  it('fills the sender from the organization and its verified domain, says which tags are required in view, and previews the merged email live', async () => {
    await openEmailBuilder();
    // The sender is there before anything is typed: the organization's name, hello@ its verified domain.
    await page.locator('[data-testid="email-from"][value="hello@example.com"]').waitFor();
    expect(await page.getByTestId('email-from-name').inputValue()).toBe('Example Store');
    expect(await page.getByTestId('email-domains').textContent()).toBe('Verified domains: example.com.');
    // The audience is picked from option cards, as in the other builders (their class and layout), not radios in a row.
    const audiences = page.getByTestId('email-builder').getByRole('radiogroup', { name: 'Audience' });
    expect(await audiences.getAttribute('class')).toBe('audience-options');
    expect(await audiences.locator('.template-option').evaluateAll((cards) => cards.map((card) => [card.querySelector('strong')?.textContent, card.classList.contains('selected')])))
      .toEqual([['A list of addresses', true], ['All subscribers', false]]);

    await page.locator('[data-testid="email-template"][data-template-name="Order shipped"]').click();
    await page.locator('[data-testid="email-variables"][data-ready="true"]').waitFor();
    // Nothing about the sender is missing: what still blocks is the template's tags, the audience and the name.
    const missing = (await blockers().textContent()) ?? '';
    expect(missing).not.toContain('sender');
    expect(missing).toContain('a value for {{order}} (it has no fallback)');
    // Whether a tag needs a value is said under its field, in full, not in a placeholder cut off by the field's width.
    expect(await page.getByTestId('email-per-recipient-first_name').textContent()).toContain('Required: the tag has no fallback.');
    expect(await page.getByTestId('email-tag-hint-order').textContent()).toContain('Required: the tag has no fallback.');
    const placeholderFits = await page.getByTestId('email-variable-first_name').evaluate((input: HTMLInputElement) => {
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = getComputedStyle(input).font;
      return context.measureText(input.placeholder).width <= input.clientWidth;
    });
    expect(placeholderFits).toBe(true);
    expect(await page.getByTestId('email-variable-first_name').getAttribute('aria-describedby')).toBeTruthy();

    // The preview: the template's subject and HTML, a tag without a value empty (it has no fallback), in a sandboxed frame.
    expect(await page.getByTestId('email-preview-subject').textContent()).toBe('Your order  has shipped');
    expect(await page.getByTestId('summary-subject').textContent()).toBe('Your order  has shipped');
    expect(await page.getByTestId('email-preview-from').textContent()).toBe('Example Store <hello@example.com>');
    expect(await page.getByTestId('email-preview-body').getAttribute('sandbox')).toBe('');
    expect(await page.getByTestId('email-preview-recipient').textContent()).toContain('a recipient without a contact name');
    await preview().getByText('Hi , order  is on its way.').waitFor();

    // Each value typed shows at once, in the subject and the body.
    await page.getByLabel('Value of {{order}}').fill('#3001');
    await page.getByLabel('Value of {{first_name}} for a recipient without one').fill('there');
    await page.getByTestId('email-preview-subject').filter({ hasText: /^Your order #3001 has shipped$/ }).waitFor();
    await preview().getByText('Hi there, order #3001 is on its way.').waitFor();
    await page.getByTestId('email-subject').fill('{{first_name}}, {{order}} is on its way');
    await page.getByTestId('email-preview-subject').filter({ hasText: /^there, #3001 is on its way$/ }).waitFor();

    // The first address of the list is the sample: its contact's name fills first_name, as the core will.
    await page.getByTestId('recipients-input').fill('alice@example.com\nbob@nowhere.example');
    await page.getByTestId('email-preview-recipient').filter({ hasText: 'alice@example.com (Alice Johnson)' }).waitFor();
    await page.getByTestId('email-preview-subject').filter({ hasText: /^Alice, #3001 is on its way$/ }).waitFor();
    // The summary's subject is the preview's, merged for the same recipient, with the template it comes from labelled.
    await page.getByTestId('summary-subject').filter({ hasText: /^Alice, #3001 is on its way$/ }).waitFor();
    expect(await page.getByTestId('summary-subject-template').textContent()).toBe('Template: {{first_name}}, {{order}} is on its way');
    await preview().getByText('Hi Alice, order #3001 is on its way.').waitFor();
    // The sender typed is the preview's too.
    await page.getByTestId('email-from-name').fill('Example Store Team');
    await page.getByTestId('email-preview-from').filter({ hasText: 'Example Store Team <hello@example.com>' }).waitFor();
    await page.getByTestId('email-preview').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'campaigns-email-preview');
  });

  // The sample's contact is found as the core finds it, not among a search's first page: here a search for the address
  // lists twelve newer contacts whose addresses hold it first.
  it('names the sample recipient\'s contact however many other contacts a search for the address would list first', async () => {
    const target = 'quinn@example.org';
    expect((await session.server.dashboard('POST', '/dashboard/contacts', { name: 'Quinn Target', email: target })).status).toBe(201);
    for (const prefix of 'abcdefghijkl') {
      expect((await session.server.dashboard('POST', '/dashboard/contacts', { name: `Other ${prefix}`, email: `${prefix}${target}` })).status).toBe(201);
    }
    const search = await session.server.dashboard<{ data: Array<{ email: string }> }>('GET', `/dashboard/contacts?limit=10&page=1&search=${target}`);
    expect(search.body.data.map((contact) => contact.email)).not.toContain(target);
    await page.getByTestId('recipients-input').fill(`${target}\nalice@example.com`);
    await page.getByTestId('email-preview-recipient').filter({ hasText: `${target} (Quinn Target)` }).waitFor();
    await page.getByTestId('email-preview-subject').filter({ hasText: /^Quinn, #3001 is on its way$/ }).waitFor();
    await preview().getByText('Hi Quinn, order #3001 is on its way.').waitFor();
    // The list as the first test left it, for the next.
    await page.getByTestId('recipients-input').fill('alice@example.com\nbob@nowhere.example');
    await page.getByTestId('email-preview-recipient').filter({ hasText: 'alice@example.com (Alice Johnson)' }).waitFor();
  });

  it("schedules in the browser's zone by default; the zone is searched by typing, checked against the list, and kept by the campaign", async () => {
    await page.getByTestId('campaign-name').fill('Order 3001 shipped');
    await page.getByTestId('schedule-toggle').check();
    const zone = page.getByRole('combobox', { name: /Time zone/ });
    expect(await zone.getAttribute('data-testid')).toBe('schedule-zone');
    expect(await zone.inputValue()).toBe('Asia/Kolkata');
    // The suggestions are the browser's whole list (a datalist the field filters as it is typed in).
    const listId = await zone.getAttribute('list');
    expect(await page.locator(`datalist[id="${listId}"] option`).count()).toBeGreaterThan(300);
    expect(await page.locator(`datalist[id="${listId}"] option[value="America/New_York"]`).count()).toBe(1);

    // Part of a name is not a zone: said once the field is left, and it blocks.
    await zone.fill('New York');
    await page.getByTestId('schedule-at').focus();
    await page.getByTestId('schedule-zone-error').filter({ hasText: '“New York” is not a time zone the browser knows' }).waitFor();
    expect(await zone.getAttribute('aria-invalid')).toBe('true');
    await blockers().filter({ hasText: 'a time zone from the list' }).waitFor();
    expect(await page.getByTestId('create-launch').isDisabled()).toBe(true);

    // Written loosely, a zone of the list is taken, and written as the list names it on leaving the field.
    await zone.fill('america/new york');
    await page.getByTestId('schedule-zone-error').waitFor({ state: 'detached' });
    await page.getByTestId('schedule-at').focus();
    expect(await zone.inputValue()).toBe('America/New_York');

    // Typed from the keyboard alone.
    await zone.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Asia/Kolkata');
    await page.keyboard.press('Tab');
    await page.getByTestId('schedule-at').fill('2030-01-20T10:00');
    await blockers().waitFor({ state: 'detached' });
    await screenshot(page, 'campaigns-email-schedule');

    await page.getByTestId('create-launch').click();
    // Asked first, in email's terms: credits, not rupees, against the credits left; and the time it goes out.
    const asking = page.locator('[data-testid="launch-dialog"][open][data-ready="true"]');
    await asking.waitFor();
    const fact = (key: string) => asking.getByTestId(`launch-fact-${key}`).locator('dd').textContent();
    expect(await fact('channel')).toBe('Email');
    expect(await fact('cost')).toMatch(/^\d+ email credits?$/);
    expect(await fact('wallet')).toMatch(/^[\d,]+ credits left: enough$/);
    expect(await fact('when')).toBe('Jan 20, 2030, 10:00 AM (Asia/Kolkata)');
    await page.getByTestId('launch-confirm').click();
    const detail = page.locator('[data-testid="campaign-detail"][data-status="SCHEDULED"]');
    await detail.waitFor();
    // The email detail carries its zone, so its schedule is shown in it; its credits, not the wallet, pay.
    await detail.getByText('Goes out Jan 20, 2030, 10:00 AM (Asia/Kolkata)').waitFor();
    await detail.getByText('Its email credits are reserved until then; cancelling gives them back.').waitFor();
    expect(await page.getByTestId('fact-scheduled').locator('dd').textContent()).toBe('Jan 20, 2030, 10:00 AM (Asia/Kolkata)');
    expect(await page.getByTestId('fact-price-per-message').locator('dd').textContent()).toBe('1 email credit');
  });
});

describe('the email campaign builder without a verified domain (an empty organization)', () => {
  let empty: ConsoleSession;
  beforeAll(async () => {
    empty = await openConsole({ seed: 'none' });
  });
  afterAll(async () => {
    await empty?.stop();
  });

  it('says there is no sender address to fill in, and links to where domains are verified', async () => {
    page = empty.page;
    await openEmailBuilder();
    await page.getByTestId('email-domains').filter({ hasText: 'No verified sending domain yet, so there is no sender address to fill in' }).waitFor();
    expect(await page.getByTestId('email-from').inputValue()).toBe('');
    expect(await page.getByTestId('email-from-name').inputValue()).toBe('Default organization');
    await blockers().filter({ hasText: 'the sender address' }).waitFor();
    // The link opens the Channels page on its Email tab, where a domain is added and verified.
    await page.getByRole('button', { name: 'Channels page' }).click();
    await page.getByRole('heading', { name: 'Sending domains' }).waitFor();
    expect(await page.getByTestId('channels-tab-email').getAttribute('aria-selected')).toBe('true');
  });

  it('says which domain is waiting for verification, refuses a sender at it, and takes it once the clock verifies it', async () => {
    // Added on the Channels page, where the last test left off: verified a minute later on the clock.
    await page.getByTestId('email-domain-input').fill('example.org');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByTestId('email-domain').filter({ hasText: 'example.org' }).waitFor();
    // Back on the Campaigns page, the builder left for the link is still open.
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('email-builder').waitFor();
    const domains = page.getByTestId('email-domains');
    await domains.filter({ hasText: 'waiting for verification' }).waitFor();
    expect(await domains.textContent()).toBe('No verified sending domain yet, so there is no sender address to fill in. example.org is waiting for verification (under Email on the Channels page), which comes a minute after a domain is added, on the virtual clock.');
    expect(await domains.getByRole('button', { name: 'Channels page' }).count()).toBe(1);
    await page.getByTestId('email-from').fill('news@example.org');
    await blockers().filter({ hasText: 'a sender address on a verified domain (example.org is waiting for verification)' }).waitFor();
    // The clock's move verifies it (the stream's clock:changed reloads the domains): the builder says so, and takes the sender.
    await empty.server.dashboard('POST', '/sim/clock/advance', { seconds: 60 });
    await domains.filter({ hasText: /^Verified domains: example\.org\.$/ }).waitFor();
    await blockers().filter({ hasText: 'a sender address' }).waitFor({ state: 'detached' });
  });

  it('follows a top-up made through the API while it is open: the credits it lacked are there, without a reload', async () => {
    // The organization has no email credits: the list's one credit is short.
    await page.getByTestId('email-audience-list').check();
    await page.getByTestId('recipients-input').fill('ana@customer.test');
    const reserved = (text: string) => page.getByTestId('summary-reserved').filter({ hasText: new RegExp(`^${text}$`) });
    await reserved('1 email credit').waitFor();
    // Said under the summary before launch, with the way to the Wallet page (first-run.spec.ts follows it).
    const short = page.getByTestId('wallet-short');
    expect(await short.textContent()).toBe('The wallet has 0 email credits, short of the 1 this launch reserves. Top up the wallet first, or create a draft now and launch it once topped up.');
    expect((await empty.server.dashboard('POST', '/dashboard/wallet/top-up', { emailCredits: 5 })).status).toBe(200);
    // The stream's wallet:changed reloads the wallet and the audience preview: the shortfall is gone.
    await short.waitFor({ state: 'detached' });
    const creditsLeft = page.locator('.builder-side dl > div').filter({ has: page.locator('dt', { hasText: 'Email credits left' }) }).locator('dd');
    await creditsLeft.filter({ hasText: /^5$/ }).waitFor();
  });
});
