// A campaign's audience in a real browser: the WhatsApp builder takes every contact, a segment or a pasted list as the
// SMS builder does; a segment's tags are suggested from the contacts' own; before launch the builder says how many the
// launch sends to and what it costs ("3 contacts match · 1 blocked · ₹1.60"), as the core's launch then resolves it, and names the
// blocked contacts the audience holds (a pasted number too), live as contacts change; the failed recipients name the contact.
// The RCS builder gets the same estimate (a handset without RCS failed, or on the SMS fallback at the RCS price) and
// offers every contact (its create without numbers), the email builder its subscribers counted and its credits (and an
// address suppressed meanwhile), and a draft resolved at launch its estimate on its page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
let prices: { whatsapp: number; sms: number; rcs: number };
const ids: Record<string, string> = {};

const detail = (status: string) => page.locator(`[data-testid="campaign-detail"][data-status="${status}"]`);
/**
 * A phone channel's estimate as the core's preview has it: "54 contacts match · 2 blocked · ₹13.00", and those that
 * are not blocked but will fail (an RCS audience's handsets without RCS, as the demo's Mateo Sharma's) apart: "· 2 will fail".
 */
type Preview = { recipients: number; sendable: number; costPaise: number; blocked: { count: number } };
const matchText = (p: Preview) => {
  const failing = p.recipients - p.sendable - p.blocked.count;
  return [`${plural(p.recipients, 'contact')} ${p.recipients === 1 ? 'matches' : 'match'}`, ...(p.blocked.count ? [`${p.blocked.count} blocked`] : []),
    ...(failing ? [`${failing} will fail`] : []), formatPaise(p.costPaise)].join(' · ');
};
const estimate = (text: string) => page.locator('[data-testid="summary-recipients"][data-ready="true"]').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
const plural = (n: number, one: string) => `${n.toLocaleString()} ${n === 1 ? one : `${one}s`}`;
const reserved = (text: string) => page.getByTestId('summary-reserved').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
const SHIPPED = 'Hi Asha, your order #2001 has shipped. Track: exmpl.in/t/2001 - Example Store';

async function welcomeOffer(): Promise<void> {
  await page.locator('[data-testid="template-option"][data-template-name="welcome_offer"]').click();
  await page.getByTestId('placeholder-1-text').fill('friend');
  await page.getByTestId('header-media-link').fill('https://cdn.example.com/welcome.png');
}

consoleForFile({ height: 1000, reducedMotion: true }, async (opened) => {
  ({ server, page } = opened);
  prices = (await server.dashboard<{ prices: { whatsapp: number; sms: number; rcs: number } }>('GET', '/dashboard/wallet')).body.prices;
  const people: Array<[string, Record<string, unknown>]> = [
    ['Aud One', { phone: '+919820000401', tags: ['Audit Wave'] }], ['Aud Two', { phone: '+919820000402', tags: ['audit wave', 'Audit North'] }],
    ['Aud Blocked', { phone: '+919820000403', tags: ['Audit Wave'] }], ['Aud Mail', { email: 'aud@example.com', tags: ['Audit Wave'] }],
  ];
  for (const [name, fields] of people) {
    const created = await server.dashboard<{ id: string }>('POST', '/dashboard/contacts', { name, ...fields });
    expect(created.status).toBe(201);
    ids[name] = created.body.id;
  }
  expect((await server.dashboard('POST', `/dashboard/contacts/${ids['Aud Blocked']}/block`, { reason: 'Asked not to be messaged' })).status).toBe(200);
});

describe('campaign audiences', () => {
  it('sends a WhatsApp campaign to a segment: its tags suggested, its estimate the launch\'s count and cost, its blocked contact named before and after', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('new-campaign').click();
    await welcomeOffer();
    await page.getByTestId('audience-segment').click();
    // The tags contacts carry are offered, once each (case aside), the tag being typed completed after those already given.
    const suggestions = page.getByTestId('segment-tag-suggestions').locator('option');
    await page.getByTestId('segment-tag-suggestions').locator('option[data-tag="Audit Wave"]').waitFor({ state: 'attached' });
    expect(await suggestions.evaluateAll((els) => els.filter((el) => /audit/i.test(el.getAttribute('data-tag') ?? '')).map((el) => el.getAttribute('data-tag'))))
      .toEqual(['Audit Wave', 'Audit North']);
    await page.getByTestId('segment-tags').fill('audit north, ');
    await page.getByTestId('segment-tag-suggestions').locator('option[value="audit north, Audit Wave"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('segment-tag-suggestions').locator('option[data-tag="Audit North"]').count()).toBe(0);

    await page.getByTestId('segment-tags').fill('Audit Wave');
    // Three contacts with a phone hold the tag; the blocked one fails at once, never charged: two are sent to, and paid for.
    await estimate(`3 contacts match · 1 blocked · ${formatPaise(2 * prices.whatsapp)}`).waitFor();
    expect(await page.getByTestId('summary-reserved').textContent()).toBe(formatPaise(2 * prices.whatsapp));
    const warning = page.getByTestId('audience-blocked');
    expect(await warning.locator('p').textContent()).toBe('1 contact in this audience is blocked: it will be skipped as blocked, not charged:');
    expect(await warning.getByTestId('blocked-recipient').textContent()).toBe('+919820000403 Aud Blocked: Asked not to be messaged');
    // The name is asked for, as in every other builder.
    await page.getByTestId('builder-blockers').filter({ hasText: 'a campaign name' }).waitFor();
    await page.getByTestId('campaign-name').fill('Audit wave');
    await page.getByTestId('builder-blockers').waitFor({ state: 'detached' });
    await screenshot(page, 'campaigns-audience-segment');

    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    expect(await page.getByTestId('fact-audience').locator('dd').textContent()).toBe('Segment: contacts tagged “Audit Wave”');
    await page.locator('[data-testid="funnel-sent"][data-value="2"]').waitFor();
    // Refused because the contact is blocked, never a message: Blocked, not Failed.
    await page.locator('[data-testid="funnel-failed"][data-value="0"]').waitFor();
    await page.locator('[data-testid="funnel-blocked"][data-value="1"]').waitFor();
    // Named as a person reads it: the contact, not its id.
    const failed = page.locator('[data-testid="failed-recipient"][data-address="+919820000403"]');
    expect(await failed.getByTestId('failed-contact').textContent()).toBe('Aud Blocked');
    expect(await failed.locator('td').nth(1).textContent()).toBe('Contact Aud Blocked is blocked: Asked not to be messaged');
    expect(await page.getByTestId('failed-recipients').textContent()).not.toContain('cnt_');
    await page.getByTestId('back-to-list').click();
  });

  it('warns of a pasted number whose contact is blocked, and follows a block made while the builder is open', async () => {
    await page.getByTestId('new-campaign').click();
    await welcomeOffer();
    await page.getByTestId('recipients-input').fill('919820000401\n919820000403\n919820000499');
    const warning = page.getByTestId('audience-blocked');
    await warning.filter({ hasText: '1 number belongs to a blocked contact: it will be skipped as blocked' }).waitFor();
    expect(await warning.getByTestId('blocked-recipient').getAttribute('data-address')).toBe('+919820000403');
    await reserved(formatPaise(2 * prices.whatsapp)).waitFor();
    // Blocked elsewhere meanwhile: the live stream brings it to the builder.
    expect((await server.dashboard('POST', `/dashboard/contacts/${ids['Aud One']}/block`, { reason: 'Moved away' })).status).toBe(200);
    await page.locator('[data-testid="audience-blocked"][data-count="2"]').filter({ hasText: '2 numbers belong to a blocked contact' }).waitFor();
    expect(await warning.getByTestId('blocked-recipient').evaluateAll((els) => els.map((el) => el.getAttribute('data-address')))).toEqual(['+919820000401', '+919820000403']);
    await screenshot(page, 'campaigns-audience-blocked');

    // Every contact: the count the core's launch would take, and how many of them are blocked.
    await page.getByTestId('audience-all').click();
    const all = await server.dashboard<Preview>('POST', '/dashboard/campaigns/audience-preview', { channel: 'whatsapp', audienceType: 'all' });
    await estimate(matchText(all.body)).waitFor();
    await page.getByTestId('campaign-builder').getByRole('button', { name: 'Cancel' }).click();
  });

  it('gives the SMS builder the same estimate at the SMS price', async () => {
    await page.getByTestId('campaign-tab-sms').click();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('audience-segment').click();
    await page.getByTestId('segment-tags').fill('audit wave');
    // Aud One and Aud Blocked are blocked now: one of the three is sent to.
    await estimate(`3 contacts match · 2 blocked · ${formatPaise(prices.sms)}`).waitFor();
    await page.locator('[data-testid="audience-blocked"][data-count="2"]').waitFor();
    await page.locator('[data-testid="sms-sender"]:not([disabled]) option[value="EXMPLE"]').waitFor({ state: 'attached' });
    await page.getByTestId('sms-body').fill(SHIPPED);
    await page.getByTestId('campaign-name').fill('Audit wave SMS');
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    await page.locator('[data-testid="funnel-sent"][data-value="1"]').waitFor();
    await page.locator('[data-testid="funnel-blocked"][data-value="2"]').waitFor();
  });
  it('gives the RCS builder the estimate: a blocked contact named, a handset without RCS failed, or on the SMS fallback at the RCS price', async () => {
    await page.getByTestId('back-to-list').click();
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    // Aud One is blocked (above); +15005550003 has no RCS on its handset.
    await page.getByTestId('recipients-input').fill('919820000401\n919820000410\n+15005550003');
    const failing = page.locator('[data-testid="audience-without-rcs"][data-fallback="false"]');
    await failing.waitFor();
    expect(await failing.textContent()).toBe('1 handset has no RCS and will fail, its charge refunded. Turn on the SMS fallback to reach it.');
    expect(await page.getByTestId('audience-blocked').locator('p').textContent()).toBe('1 number belongs to a blocked contact: it will be skipped as blocked, not charged:');
    expect(await page.getByTestId('blocked-recipient').getAttribute('data-address')).toBe('+919820000401');
    // Reserved for the two not blocked; the handset without RCS comes back at once.
    await reserved(`${formatPaise(2 * prices.rcs)} (${formatPaise(prices.rcs)} refunded at once)`).waitFor();
    // With the fallback, the handset gets the SMS, paid at the RCS price the create reserved for it.
    await page.getByTestId('rcs-fallback').check();
    const fallback = page.locator('[data-testid="audience-without-rcs"][data-fallback="true"]');
    await fallback.waitFor();
    expect(await fallback.textContent()).toBe(`1 handset has no RCS: it gets the SMS fallback instead, charged at the RCS price reserved (${formatPaise(prices.rcs)} each), not the SMS price; a fallback the SMS cannot deliver either is refunded then.`);
    await reserved(formatPaise(2 * prices.rcs)).waitFor();
    await screenshot(page, 'campaigns-audience-rcs');
    await page.getByTestId('rcs-builder').getByRole('button', { name: 'Cancel' }).click();
  });

  it('offers the RCS builder every contact, as its create without numbers reaches: estimated live, sent without numbers', async () => {
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    // Every contact or a pasted list, as the RCS create takes them: it has no segment.
    await page.getByTestId('audience-all').waitFor();
    expect(await page.getByTestId('rcs-builder').getByTestId('audience-segment').count()).toBe(0);
    await page.getByTestId('audience-all').click();
    expect(await page.getByTestId('recipients-input').count()).toBe(0);
    expect(await page.getByTestId('rcs-country').count()).toBe(0);
    const expected = async () => (await server.dashboard<{ recipients: number; sendable: number; costPaise: number; reservedPaise: number; blocked: { count: number } }>(
      'POST', '/dashboard/campaigns/audience-preview', { channel: 'rcs' })).body;
    const all = await expected();
    expect(all.blocked.count).toBeGreaterThan(0);
    await estimate(matchText(all)).waitFor();
    // The blocked are not reserved for; what else fails at once (no RCS, no fallback) comes back at once.
    expect(all.reservedPaise).toBe((all.recipients - all.blocked.count) * prices.rcs);
    const back = all.reservedPaise - all.costPaise;
    await reserved(back ? `${formatPaise(all.reservedPaise)} (${formatPaise(back)} refunded at once)` : formatPaise(all.reservedPaise)).waitFor();
    // The blocked contacts are named as the audience's (Aud Blocked among them), not as listed numbers.
    const blocked = page.locator(`[data-testid="audience-blocked"][data-count="${all.blocked.count}"]`);
    await blocked.locator('[data-testid="blocked-recipient"][data-address="+919820000403"]').waitFor();
    expect(await blocked.locator('p').textContent()).toMatch(/^\d+ contacts? in this audience (is|are) blocked: (it|they) will be skipped as blocked/);
    // Live: a contact added meanwhile is counted.
    expect((await server.dashboard('POST', '/dashboard/contacts', { name: 'Aud Rcs', phone: '+919820000420' })).status).toBe(201);
    const more = await expected();
    expect(more.recipients).toBe(all.recipients + 1);
    await estimate(matchText(more)).waitFor();
    await screenshot(page, 'campaigns-audience-rcs-all');

    await page.locator('[data-testid="rcs-template"][data-template-name="Order update card"]').click();
    await page.getByTestId('rcs-var-order').fill('#2010');
    await page.getByTestId('rcs-var-eta').fill('tomorrow');
    await page.getByTestId('rcs-var-name').fill('there');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && /\/rcs\/campaigns$/.test(new URL(request.url()).pathname));
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    // Without numbers: the core reads every contact, the count the builder showed.
    expect((await sent).postDataJSON()).not.toHaveProperty('numbers');
    await detail('COMPLETED').waitFor();
    expect(await page.getByTestId('progress-text').textContent()).toBe(`${more.recipients} of ${more.recipients} recipients processed`);
    await page.getByTestId('back-to-list').click();
  });

  it('counts the email builder\'s subscribers and the credits the launch spends, and names a blocked address of a list', async () => {
    await page.getByTestId('campaign-tab-email').click();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('email-audience-subscribers').check();
    const subscribers = (await server.dashboard<{ recipients: number; sendable: number; emailCredits: { spent: number } }>('POST', '/dashboard/campaigns/audience-preview', { channel: 'email', audience: 'subscribers' })).body;
    expect(subscribers.sendable).toBeGreaterThan(0);
    const notEmailed = subscribers.recipients - subscribers.sendable;
    await estimate([plural(subscribers.recipients, 'subscriber'), ...(notEmailed ? [`${notEmailed} not emailed`] : []), plural(subscribers.emailCredits.spent, 'email credit')].join(' · ')).waitFor();
    expect(await page.getByTestId('email-builder').textContent()).not.toContain('Counted at launch');
    expect((await server.dashboard('POST', `/dashboard/contacts/${ids['Aud Mail']}/block`, { reason: 'Unsubscribed by phone' })).status).toBe(200);
    await page.getByTestId('email-audience-list').check();
    await page.getByTestId('recipients-input').fill('aud@example.com\nsomeone-new@example.com');
    const warning = page.locator('[data-testid="audience-blocked"][data-count="1"]');
    await warning.waitFor();
    expect(await warning.locator('p').textContent()).toBe('1 address belongs to a blocked contact: it will be skipped as blocked, no credit spent:');
    await reserved('1 email credit').waitFor();

    // An address that bounces meanwhile is suppressed: the open builder warns of it (the stream's email:suppressed), live.
    const templates = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/email/templates?limit=100');
    const launched = await server.dashboard('POST', '/dashboard/email/campaigns/create-and-launch', {
      name: 'Bounces meanwhile', templateId: templates.body.data.find((t) => t.name === 'Welcome')?.id, fromName: 'Example Store',
      fromEmail: 'hello@example.com', audience: 'list', recipients: ['bounce@sim.test'], variables: { first_name: 'there' },
    });
    expect(launched.status).toBe(202);
    // Sent (its contact made), not yet bounced: the bounce comes 2 s later on the clock.
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 1 })).status).toBe(200);
    await page.getByTestId('recipients-input').fill('aud@example.com\nsomeone-new@example.com\nbounce@sim.test');
    await reserved('2 email credits').waitFor();
    expect(await page.getByTestId('audience-suppressed').count()).toBe(0);
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 2 })).status).toBe(200);
    await page.locator('[data-testid="audience-suppressed"][data-count="1"] [data-testid="suppressed-recipient"][data-address="bounce@sim.test"]').waitFor();
    await reserved('2 email credits (1 refunded at once)').waitFor();
    await page.getByTestId('email-builder').getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows a draft to a segment what launching it now would do, as an estimate that follows the contacts, until it is launched', async () => {
    await page.getByTestId('campaign-tab-sms').click();
    await page.getByTestId('new-campaign').click();
    await page.getByTestId('audience-segment').click();
    await page.getByTestId('segment-tags').fill('audit wave');
    await page.locator('[data-testid="sms-sender"]:not([disabled]) option[value="EXMPLE"]').waitFor({ state: 'attached' });
    await page.getByTestId('sms-body').fill(SHIPPED);
    await page.getByTestId('campaign-name').fill('Audit wave draft');
    await page.getByTestId('create-draft').click();
    await detail('DRAFT').waitFor();
    const estimateText = page.locator('[data-testid="draft-estimate"][data-ready="true"]').getByTestId('draft-estimate-text');
    // Aud One and Aud Blocked are blocked: one of the three is reached; the blocked ones are named.
    await estimateText.filter({ hasText: `Would reach 1 contact · ${formatPaise(prices.sms)} if launched now` }).waitFor();
    expect(await page.getByTestId('draft-estimate').locator('strong').textContent()).toBe('Estimate: resolved again at launch');
    await page.getByTestId('draft-estimate').locator('[data-testid="audience-blocked"][data-count="2"]').waitFor();
    // Its progress does not read "0 of 0 recipients processed": it has none until it launches.
    expect(await page.getByTestId('progress-text').textContent()).toBe('Not launched: its recipients are counted at launch');
    // A contact tagged meanwhile is in it, live.
    expect((await server.dashboard('POST', '/dashboard/contacts', { name: 'Aud Three', phone: '+919820000404', tags: ['Audit Wave'] })).status).toBe(201);
    await estimateText.filter({ hasText: `Would reach 2 contacts · ${formatPaise(2 * prices.sms)} if launched now` }).waitFor();
    await screenshot(page, 'campaigns-audience-draft-estimate');
    await page.getByTestId('launch-campaign').click();
    await page.getByTestId('launch-confirm').click();
    await detail('COMPLETED').waitFor();
    await page.locator('[data-testid="funnel-sent"][data-value="2"]').waitFor();
    expect(await page.getByTestId('draft-estimate').count()).toBe(0);
    expect(await page.getByTestId('progress-text').textContent()).toBe('4 of 4 recipients processed');
    await page.getByTestId('back-to-list').click();
  });

  it('shows an email draft to the subscribers the credits launching it now would spend', async () => {
    await page.getByTestId('campaign-tab-email').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="email-template"][data-template-name="Order shipped"]').click();
    await page.locator('[data-testid="email-variables"][data-ready="true"]').waitFor();
    await page.getByLabel('Value of {{order}}').fill('#4001');
    await page.getByLabel('Value of {{first_name}} for a recipient without one').fill('there');
    await page.getByTestId('email-audience-subscribers').check();
    await page.getByTestId('campaign-name').fill('Subscribers draft');
    await page.getByTestId('create-draft').click();
    await detail('DRAFT').waitFor();
    const subscribers = (await server.dashboard<{ sendable: number; emailCredits: { spent: number } }>('POST', '/dashboard/campaigns/audience-preview', { channel: 'email', audience: 'subscribers' })).body;
    await page.locator('[data-testid="draft-estimate"][data-ready="true"]').getByTestId('draft-estimate-text')
      .filter({ hasText: `Would reach ${plural(subscribers.sendable, 'subscriber')} · ${plural(subscribers.emailCredits.spent, 'email credit')} if launched now` }).waitFor();
    await page.getByTestId('back-to-list').click();
  });
});
