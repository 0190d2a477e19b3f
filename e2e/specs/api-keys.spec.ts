// The new-key form: every scope chosen or cleared at once, and what the core would refuse (an allowed IP that is
// not one, an allow-list naming no address, a rate limit out of range, an expiry the virtual clock has passed)
// said next to its field before sending; what only the core refuses still shows, next to the button; while Create key
// is disabled for want of a name or a scope, it says so.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibleOf, expectNamedAndDescribed } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { DATE_TIME, DATE_TIME_TEXT } from '../fixtures/formats.ts';
import { focusOn } from '../fixtures/keyboard.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
type Box = { x: number; y: number; width: number; height: number };
/** The new-key form's field `testId` (the keys table's rows, the demo's among them, use `key-ips` and `key-expires` too). */
const field = (testId: string) => page.getByTestId('create-key-form').getByTestId(testId);

/** A datetime-local value (the browser's zone, which is this process's) for `iso`. */
const localInput = (iso: string): string => {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
};

consoleForFile({ width: 1280, height: 720 }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-keys').click();
  await page.getByTestId('new-key').click();
});

describe('the new-key form', () => {
  it('selects every scope at once and clears them again', async () => {
    // New key took the keyboard into the form's first field.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('key-name');
    const scopes = (await server.dashboard<{ data: string[] }>('GET', '/dashboard/scopes')).body.data;
    expect(scopes.length).toBeGreaterThan(20);
    const boxes = page.locator('.scope input[type="checkbox"]');
    await page.getByTestId('scopes-all').click();
    await page.getByText(`(${scopes.length} of ${scopes.length} chosen)`).waitFor();
    expect(await boxes.evaluateAll((all) => all.every((box) => (box as HTMLInputElement).checked))).toBe(true);
    expect(await page.getByTestId('scope-group-contacts').isChecked()).toBe(true);
    await page.getByTestId('scopes-clear').click();
    await page.getByText(`(0 of ${scopes.length} chosen)`).waitFor();
    expect(await boxes.evaluateAll((all) => all.some((box) => (box as HTMLInputElement).checked))).toBe(false);
  });

  it('says what Create key still needs while it is disabled: a name, at least one scope', async () => {
    const create = page.getByTestId('create-key');
    const needed = page.getByTestId('create-key-form').getByTestId('builder-blockers');
    expect(await create.isDisabled()).toBe(true);
    expect(await needed.textContent()).toBe('Still needed: a name, at least one scope.');
    await page.getByTestId('key-name').fill('  ');
    expect(await needed.textContent()).toBe('Still needed: a name, at least one scope.');
    await page.getByTestId('key-name').fill('Needed');
    await needed.filter({ hasText: /^Still needed: at least one scope\.$/ }).waitFor();
    await page.getByTestId('scope-group-contacts').check();
    await needed.waitFor({ state: 'detached' });
    expect(await create.isEnabled()).toBe(true);
    await page.getByTestId('key-name').fill('');
    await needed.filter({ hasText: /^Still needed: a name\.$/ }).waitFor();
    expect(await create.isDisabled()).toBe(true);
    await page.getByTestId('scopes-clear').click();
  });

  it('folds away no domain while each has a scope in use: AI and the voice app show with the rest', async () => {
    const { notUsedYet, groups } = (await server.dashboard<{ notUsedYet: string[]; groups: Record<string, string[]> }>('GET', '/dashboard/scopes')).body;
    expect(notUsedYet).toEqual([]);
    // Every domain has its routes now (AI models, automations, the voice app's identities and sessions, Shopify's orders).
    for (const scope of ['ai:models:read', 'voice:app:read', 'shopify:orders:read', 'voice:calls:read', 'automations:read']) expect(notUsedYet).not.toContain(scope);
    // The fold would hold the domains none of whose scopes is used: there is none.
    const inFold = Object.values(groups).filter((list) => list.every((scope) => notUsedYet.includes(scope))).flat();
    expect(inFold).toEqual([]);
    expect(await page.getByTestId('scopes-not-used').count()).toBe(0);
    for (const group of ['ai', 'voice', 'automations', 'contacts']) expect(await page.getByTestId(`scope-group-${group}`).isVisible(), group).toBe(true);
    const scopes = Object.values(groups).flat();
    await page.getByTestId('scope-group-ai').check();
    await page.getByText(`(${groups.ai?.length} of ${scopes.length} chosen)`).waitFor();
    await page.getByTestId('scopes-clear').click();
    await page.getByText(`(0 of ${scopes.length} chosen)`).waitFor();
  });

  it('says which allowed IP is not one and keeps Create disabled until it is fixed', async () => {
    await page.getByTestId('key-name').fill('Checked');
    await page.getByTestId('scope-group-contacts').check();
    const create = page.getByTestId('create-key');
    expect(await create.isEnabled()).toBe(true);
    await field('key-ips').fill('203.0.113.7, 10.0.0.300, 2001:db8::1');
    await page.getByTestId('key-ips-problem').filter({ hasText: '“10.0.0.300” is not an IP address' }).waitFor();
    expect(await create.isDisabled()).toBe(true);
    // The field is marked invalid and described by its problem, so a screen reader reads them together; it is named by
    // its label alone, not by its label and the problem ("IP allow-list … “10.0.0.300” is not …").
    const ips = field('key-ips');
    expect(await ips.getAttribute('aria-invalid')).toBe('true');
    const problem = page.locator(`#${await ips.getAttribute('aria-describedby')}`);
    expect(await problem.textContent()).toContain('“10.0.0.300” is not an IP address');
    await expectNamedAndDescribed(ips, 'IP allow-list (optional, comma-separated)', problem);
    // Text that names no address would switch on a list that refuses everything: refused, as the core refuses it.
    await field('key-ips').fill(' , ');
    await page.getByTestId('key-ips-problem').filter({ hasText: 'The IP allow-list names no address' }).waitFor();
    expect(await create.isDisabled()).toBe(true);
    await field('key-ips').fill('203.0.113.7, 2001:db8::1');
    await page.getByTestId('key-ips-problem').waitFor({ state: 'detached' });
    expect([await ips.getAttribute('aria-invalid'), await ips.getAttribute('aria-describedby')]).toEqual([null, null]);
    expect(await accessibleOf(ips)).toEqual({ name: 'IP allow-list (optional, comma-separated)', specName: 'IP allow-list (optional, comma-separated)', description: '' });
  });

  it('says the rate limit’s range, read from the contract, without widening the field or moving the row', async () => {
    const rateField = page.getByTestId('key-rate').locator('xpath=..');
    const boxes = async () => Promise.all([rateField.boundingBox(), page.getByTestId('key-env').boundingBox(), page.getByTestId('key-rate').boundingBox()]);
    const before = await boxes();
    await page.getByTestId('key-rate').fill('0');
    await page.getByTestId('key-rate-problem').filter({ hasText: 'from 1 to 10000' }).waitFor();
    await expectNamedAndDescribed(page.getByTestId('key-rate'), 'Requests per minute', page.locator(`#${await page.getByTestId('key-rate').getAttribute('aria-describedby')}`));
    const after = await boxes();
    expect(after.map((box) => [box?.x, box?.width])).toEqual(before.map((box) => [box?.x, box?.width]));
    expect(await page.getByTestId('create-key').isDisabled()).toBe(true);
    await page.getByTestId('key-rate').fill('120');
    await page.getByTestId('key-rate-problem').waitFor({ state: 'detached' });
  });

  it('refuses an expiry the virtual clock has passed, though the wall clock has not', async () => {
    const before = (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now;
    const tomorrow = localInput(new Date(Date.parse(before) + 24 * 3600_000).toISOString());
    await field('key-expires').fill(tomorrow);
    expect(await page.getByTestId('key-expires-problem').count()).toBe(0);
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 2 * 24 * 3600 })).status).toBe(200);
    await page.getByTestId('key-expires-problem').filter({ hasText: 'must be in the future' }).waitFor();
    // The clock's time, written as the header writes it.
    expect(await page.getByTestId('key-expires-problem').textContent()).toMatch(new RegExp(`it is now ${DATE_TIME_TEXT} on the clock$`));
    await expectNamedAndDescribed(field('key-expires'), 'Expires (optional)', page.locator(`#${await field('key-expires').getAttribute('aria-describedby')}`));
    expect(await page.getByTestId('clock').textContent()).toMatch(DATE_TIME);
    expect(await page.getByTestId('create-key').isDisabled()).toBe(true);
    await screenshot(page, 'keys-form-problems');
    const later = (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now;
    await field('key-expires').fill(localInput(new Date(Date.parse(later) + 7 * 24 * 3600_000).toISOString()));
    await page.getByTestId('key-expires-problem').waitFor({ state: 'detached' });
  });

  it('still shows what only the core refuses, by the button; then creates the key as checked', async () => {
    await page.getByTestId('key-name').fill('x'.repeat(101));
    await page.getByTestId('create-key').click();
    const refusal = page.getByTestId('create-key-form').getByTestId('error-state');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('name: must be at most 100 characters');
    // Right above the button, not at the top of the form.
    const [shown, button] = await Promise.all([refusal.boundingBox(), page.getByTestId('create-key').boundingBox()]);
    expect((button?.y ?? 0) - ((shown?.y ?? 0) + (shown?.height ?? 0))).toBeLessThan(60);
    await page.getByTestId('key-name').fill('Checked');
    await page.getByTestId('create-key').click();
    await page.getByTestId('plaintext-key').waitFor();
    // Copying the key is the next thing to do: its button takes the focus (in an effect after the key is shown).
    await focusOn(page, '[data-testid="copy-key"]');
    const keys = (await server.dashboard<{ data: Array<{ name: string; allowedIps: string[]; rateLimitPerMinute: number; expiresAt: string | null }> }>('GET', '/dashboard/api-keys')).body.data;
    const key = keys.find((k) => k.name === 'Checked');
    expect(key).toMatchObject({ allowedIps: ['203.0.113.7', '2001:db8::1'], rateLimitPerMinute: 120 });
    expect(key?.expiresAt).not.toBeNull();
  });

  it('lists the key with its scopes by name, allowed IPs, created date and expiry, which turns expired on the virtual clock', async () => {
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.locator('[data-testid="key-row"]').filter({ hasText: 'Checked' });
    const key = (await server.dashboard<{ data: Array<{ name: string; scopes: string[]; createdAt: string }> }>('GET', '/dashboard/api-keys')).body.data.find((k) => k.name === 'Checked');
    expect(key?.scopes).toHaveLength(4);
    expect(await row.getByTestId('key-ips').locator('li').allTextContents()).toEqual(['203.0.113.7', '2001:db8::1']);
    expect(await row.getByTestId('key-scopes').locator('[data-scope]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-scope')))).toEqual(key?.scopes.slice(0, 2));
    await row.getByTestId('key-scopes-toggle').filter({ hasText: '+2 more' }).click();
    const all = page.getByTestId('key-scopes-all');
    expect(await all.locator('[data-scope]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-scope')))).toEqual(key?.scopes);
    expect(await all.locator('dt').allTextContents()).toEqual(['contacts']);
    expect(await row.getByTestId('key-created').textContent()).toMatch(DATE_TIME);
    expect(await row.getByTestId('key-expires').locator('span').first().textContent()).toMatch(DATE_TIME);
    const expires = row.getByTestId('key-expires');
    expect(await expires.getAttribute('data-expired')).toBe('false');
    expect(await expires.textContent()).toMatch(/in 7 d$/);
    expect(await row.locator('.badge').textContent()).toBe('Active');

    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 8 * 24 * 3600 })).status).toBe(200);
    await row.locator('[data-testid="key-expires"][data-expired="true"]').waitFor();
    expect(await expires.textContent()).toMatch(/expired 1 d ago$/);
    await row.locator('.badge.danger').filter({ hasText: 'Expired' }).waitFor();
    await screenshot(page, 'keys-table');

    // At 1024 px the table still fits its card: nothing is pushed out of sight to the right.
    await page.setViewportSize({ width: 1024, height: 700 });
    const card = page.getByTestId('keys').locator('xpath=..');
    await page.waitForFunction(() => window.innerWidth === 1024);
    await screenshot(page, 'keys-table-1024');
    expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it('asks before revoking in a row of its own, its question and both buttons on one line at 1024 px; the key then reads revoked', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(() => window.innerWidth === 1024);
    const row = page.locator('[data-testid="key-row"]').filter({ hasText: 'Checked' });
    await row.getByTestId('revoke-key').click();
    const confirm = page.getByTestId('keys').getByRole('group', { name: 'Its calls fail from now on.' });
    await confirm.waitFor();
    await screenshot(page, 'keys-revoke-1024');
    const parts = [confirm.getByText('Its calls fail from now on.'), confirm.getByTestId('revoke-key-confirm'), confirm.getByRole('button', { name: 'Cancel' })] as const;
    // No part wraps inside itself ("Revoke / key" on two lines): the lines its text takes.
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    expect(await Promise.all(parts.map(async (part) => part.evaluate(lines)))).toEqual([1, 1, 1]);
    const [question, yes, cancel] = (await Promise.all(parts.map(async (part) => part.boundingBox()))).map((box) => box ?? { x: 0, y: 0, width: 0, height: 0 }) as [Box, Box, Box];
    for (const box of [yes, cancel]) expect(Math.abs((box.y + box.height / 2) - (question.y + question.height / 2))).toBeLessThan(4);
    expect(question.x + question.width).toBeLessThanOrEqual(yes.x);
    expect(yes.x + yes.width).toBeLessThanOrEqual(cancel.x);
    const card = page.getByTestId('keys').locator('xpath=..');
    expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await confirm.getByTestId('revoke-key-confirm').click();
    await row.locator('.badge.danger').filter({ hasText: 'Revoked' }).waitFor();
    expect(await confirm.count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
