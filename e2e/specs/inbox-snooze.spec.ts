// Snoozed conversations in the inbox, as a support agent puts one aside: Snooze in the thread's header opens a menu of
// times computed from the virtual clock in the browser's zone (keyboard operable: arrows, Enter, Escape back to the
// button); choosing one takes the conversation out of Open and shows the next, as Resolve does; Snoozed lists it with its
// time, its header says until when and offers Unsnooze, and Snooze again for another time (the same menu and keys; the
// time it has marked current); the Snoozed list is soonest to wake first; the virtual clock passing that time brings it
// back to Open live, and so does its customer writing in first; the list shown is in the URL (`state=snoozed`); the menu
// stays in the pane in the narrow layout; from a Sunday it offers "Tomorrow, 9:00" and no "Next Monday" of the same time.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listedAddresses, listReady } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';
import { announced as announcedIn } from '../fixtures/announcer.ts';

let server: E2eServer;
let page: Page;
const KIRAN = '+919810000001';
const ALICE = '+14155550101';
const OLIVER = '+447700900123';
/** The browser's zone here: the menu's "Tomorrow, 9:00" is 9:00 there. */
const ZONE = 'Asia/Kolkata';

consoleForFile({ timezoneId: ZONE }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId('tab-whatsapp').click();
});

const ready = () => listReady(page);
const row = (address: string) => conversationRow(page, address);
const listed = () => listedAddresses(page);
const threadOf = (address: string) => page.getByTestId('thread-address').filter({ hasText: address }).waitFor();
const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const focusedAddress = () => page.evaluate(() => document.activeElement?.getAttribute('data-address') ?? null);
const fragment = () => new URLSearchParams(new URL(page.url()).hash.slice(1));
const announced = (text: string | RegExp) => announcedIn(page, text);
/** A moment as the day and time of day in ZONE: "2026-11-28 09:00". */
const inZone = (iso: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const clockNow = async () => (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now;
type Detail = { state: string; snoozedUntil: string | null };
const detailOf = async (address: string) => (await server.dashboard<Detail>('GET', `/dashboard/conversations/${await conversationId(address)}`)).body;

describe('snoozed conversations', () => {
  it('the Snooze menu works from the keyboard; choosing a time takes the conversation out of Open, shows the next, and lists it under Snoozed with its time', async () => {
    await ready().waitFor();
    const before = await listed();
    const at = before.indexOf(KIRAN);
    expect(at).toBeGreaterThanOrEqual(0);
    const next = before[at + 1] ?? before[at - 1];
    await row(KIRAN).click();
    await threadOf(KIRAN);
    const snooze = page.getByTestId('snooze-conversation');
    expect(await snooze.getAttribute('aria-haspopup')).toBe('menu');
    expect(await snooze.getAttribute('aria-expanded')).toBe('false');

    // Enter opens it on its first choice; the arrows move (wrapping); Escape closes it, the focus back on Snooze.
    await snooze.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Snooze' });
    await menu.waitFor();
    expect(await snooze.getAttribute('aria-expanded')).toBe('true');
    const items = menu.getByRole('menuitem');
    // On a Sunday (in the browser's zone) the next Monday is tomorrow, offered once (the last test).
    const sunday = new Date(`${inZone(await clockNow()).slice(0, 10)}T12:00:00Z`).getUTCDay() === 0;
    expect(await items.evaluateAll((els) => els.map((el) => el.firstElementChild?.textContent)))
      .toEqual(['In 1 hour', 'Tomorrow, 9:00', ...(sunday ? [] : ['Next Monday, 9:00'])]);
    await expect.poll(focusedTestId).toBe('snooze-hour');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedTestId).toBe('snooze-tomorrow');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedTestId).toBe(sunday ? 'snooze-tomorrow' : 'snooze-monday');
    await screenshot(page, 'inbox-snooze-menu');
    // Each choice shows the time it ends at, from the virtual clock, in the browser's zone.
    const now = await clockNow();
    const until = async (key: string) => (await page.getByTestId(`snooze-${key}`).getAttribute('data-until')) as string;
    const hour = Date.parse(await until('hour')) - Date.parse(now);
    expect(hour).toBeGreaterThan(3_500_000);
    expect(hour).toBeLessThanOrEqual(3_600_000);
    const tomorrow = inZone(await until('tomorrow'));
    expect(tomorrow.slice(11)).toBe('09:00');
    expect(tomorrow.slice(0, 10)).toBe(inZone(new Date(Date.parse(`${inZone(now).slice(0, 10)}T12:00:00Z`) + 86_400_000).toISOString()).slice(0, 10));
    if (!sunday) expect(new Date(`${inZone(await until('monday')).slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(await page.getByTestId('snooze-tomorrow').textContent()).toMatch(/^Tomorrow, 9:00.*9:00/);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('snooze-conversation');
    expect(await snooze.getAttribute('aria-expanded')).toBe('false');

    // ↓ on the button opens it too; Enter on "In 1 hour" snoozes: out of Open at once, the next one shown and focused, said so.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedTestId).toBe('snooze-hour');
    const chosen = await until('hour');
    await page.keyboard.press('Enter');
    await row(KIRAN).waitFor({ state: 'detached' });
    await threadOf(next as string);
    expect(await announced(/^Snoozed the conversation with Kiran Mehta until /)).toMatch(/until .+\. Press Z to undo\. Next open conversation: .+\.$/);
    await expect.poll(focusedAddress).toBe(next);
    expect(await listed()).toEqual(before.filter((address) => address !== KIRAN));
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'snoozed', snoozedUntil: chosen }));

    // Under Snoozed: listed with its time, in the URL; its header says until when and offers Unsnooze.
    await page.getByTestId('show-snoozed').click();
    await ready().waitFor();
    expect(await page.getByTestId('show-snoozed').getAttribute('aria-checked')).toBe('true');
    expect(fragment().get('state')).toBe('snoozed');
    await page.getByTestId('conversation-count').filter({ hasText: /^1 snoozed conversation$/ }).waitFor();
    expect(await listed()).toEqual([KIRAN]);
    const rowTime = (await row(KIRAN).getByTestId('row-snoozed-until').textContent()) as string;
    expect(rowTime).toMatch(/^Until .+/);
    await row(KIRAN).click();
    await threadOf(KIRAN);
    expect(await page.getByTestId('snoozed-badge').textContent()).toBe(`Snoozed until ${rowTime.slice('Until '.length)}`);
    await page.getByTestId('unsnooze-conversation').waitFor();
    // Snooze is there too, for another time (below).
    await page.getByTestId('snooze-conversation').waitFor();
    await screenshot(page, 'inbox-snoozed');
  });

  it('the virtual clock passing its time brings it back to Open, live', async () => {
    // Still on Snoozed with its thread shown: the Simulator's clock moves past the time.
    await row(KIRAN).waitFor();
    const { snoozedUntil } = await detailOf(KIRAN);
    const seconds = Math.ceil((Date.parse(snoozedUntil as string) - Date.parse(await clockNow())) / 1000) + 60;
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds })).status).toBe(200);
    await row(KIRAN).waitFor({ state: 'detached' });
    await ready().getByText('No snoozed conversations').waitFor();
    // The thread shown says so too: its badge and Unsnooze go (Snooze is shown either way, so it proves nothing).
    await page.getByTestId('snoozed-badge').waitFor({ state: 'detached' });
    await page.getByTestId('unsnooze-conversation').waitFor({ state: 'detached' });
    await page.getByTestId('snooze-conversation').waitFor();
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    await row(KIRAN).waitFor();
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));
  });

  it('a customer writing in wakes a snoozed conversation early; a click outside closes the menu', async () => {
    await row(ALICE).click();
    await threadOf(ALICE);
    await page.getByTestId('snooze-conversation').click();
    await page.getByRole('menu', { name: 'Snooze' }).waitFor();
    await page.getByTestId('thread-messages').click({ position: { x: 5, y: 5 } });
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.getByTestId('snooze-conversation').click();
    await page.getByTestId('snooze-tomorrow').click();
    await row(ALICE).waitFor({ state: 'detached' });
    await page.getByTestId('show-snoozed').click();
    await row(ALICE).waitFor();
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: 'Actually, is it in stock now?' })).status).toBe(201);
    await row(ALICE).waitFor({ state: 'detached' });
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    await expect.poll(async () => (await listed())[0]).toBe(ALICE);
    expect(await row(ALICE).textContent()).toContain('Actually, is it in stock now?');
  });

  it('Unsnooze opens it again and stays on it; the contact\'s panel marks a snoozed conversation', async () => {
    const tomorrow = new Date(Date.parse(await clockNow()) + 86_400_000).toISOString();
    expect((await server.dashboard('POST', `/dashboard/conversations/${await conversationId(KIRAN)}/snooze`, { until: tomorrow })).status).toBe(200);
    await row(KIRAN).waitFor({ state: 'detached' });
    await page.getByTestId('show-snoozed').click();
    await row(KIRAN).click();
    await threadOf(KIRAN);
    await page.getByTestId('open-contact').click();
    const drawer = page.getByRole('dialog', { name: /^Contact: / });
    await drawer.locator('[data-testid="contact-conversation"][data-channel="whatsapp"]').getByTestId('contact-conversation-snoozed').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByTestId('unsnooze-conversation').click();
    expect(await announced(/^Unsnoozed the conversation with Kiran Mehta/)).toBe('Unsnoozed the conversation with Kiran Mehta: it is open again.');
    await row(KIRAN).waitFor({ state: 'detached' });
    await threadOf(KIRAN);
    await page.getByTestId('snoozed-badge').waitFor({ state: 'detached' });
    await page.getByTestId('snooze-conversation').waitFor();
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));
  });

  it('in the narrow layout the menu opens whole inside the thread\'s pane, a snoozed conversation\'s header and menu too', async () => {
    await page.setViewportSize({ width: 960, height: 600 });
    await page.getByTestId('show-open').click();
    await row(KIRAN).click();
    await threadOf(KIRAN);
    await page.getByTestId('snooze-conversation').click();
    const menu = page.getByRole('menu', { name: 'Snooze' });
    await menu.waitFor();
    const box = await menu.boundingBox();
    const pane = await page.locator('.detail-pane').boundingBox();
    expect(box && pane && box.x >= pane.x && box.x + box.width <= pane.x + pane.width + 0.5).toBe(true);
    await screenshot(page, 'inbox-snooze-menu-narrow');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // A snoozed conversation's header (its badge, Snooze, Unsnooze, Resolve) and its menu stay inside the pane too.
    const tomorrow = new Date(Date.parse(await clockNow()) + 86_400_000).toISOString();
    expect((await server.dashboard('POST', `/dashboard/conversations/${await conversationId(KIRAN)}/snooze`, { until: tomorrow })).status).toBe(200);
    await page.getByTestId('show-snoozed').click();
    await row(KIRAN).click();
    await page.getByTestId('snoozed-badge').waitFor();
    const inPane = async (box: { x: number; width: number } | null) => {
      const bounds = await page.locator('.detail-pane').boundingBox();
      return Boolean(box && bounds && box.x >= bounds.x - 0.5 && box.x + box.width <= bounds.x + bounds.width + 0.5);
    };
    for (const testId of ['snoozed-badge', 'snooze-conversation', 'unsnooze-conversation', 'resolve-conversation']) {
      expect(await inPane(await page.getByTestId(testId).boundingBox()), testId).toBe(true);
    }
    await page.getByTestId('snooze-conversation').click();
    await menu.waitFor();
    expect(await inPane(await menu.boundingBox())).toBe(true);
    await screenshot(page, 'inbox-snoozed-menu-narrow');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect((await server.dashboard('POST', `/dashboard/conversations/${await conversationId(KIRAN)}/reopen`, {})).status).toBe(200);
    await row(KIRAN).waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a snoozed conversation\'s Snooze moves its time, by the keyboard, and it stays shown; the Snoozed list is soonest to wake first', async () => {
    // Alice wrote in last (above): by latest message she would be listed first; Kiran wakes first.
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    expect((await listed()).indexOf(ALICE)).toBeLessThan((await listed()).indexOf(KIRAN));
    const now = Date.parse(await clockNow());
    for (const [address, hours] of [[ALICE, 48], [KIRAN, 3]] as const) {
      const until = new Date(now + hours * 3_600_000).toISOString();
      expect((await server.dashboard('POST', `/dashboard/conversations/${await conversationId(address)}/snooze`, { until })).status).toBe(200);
    }
    await page.getByTestId('show-snoozed').click();
    await expect.poll(listed).toEqual([KIRAN, ALICE]);
    await row(ALICE).click();
    await threadOf(ALICE);
    await page.getByTestId('snoozed-badge').waitFor();
    await page.getByTestId('unsnooze-conversation').waitFor();

    // Beside Unsnooze, the same menu button: Enter opens it on "In 1 hour", Enter chooses it.
    const snooze = page.getByTestId('snooze-conversation');
    expect(await snooze.getAttribute('aria-haspopup')).toBe('menu');
    await snooze.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Snooze' });
    await menu.waitFor();
    await expect.poll(focusedTestId).toBe('snooze-hour');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    expect(await announced(/^The conversation with Alice Johnson is now snoozed until /)).toMatch(/until .+\. Press Z to undo\.$/);
    const hour = (await detailOf(ALICE)).snoozedUntil as string;
    expect(Date.parse(hour) - now).toBeLessThan(2 * 3_600_000);
    // It stays shown, the focus on Snooze; the list puts it first now, its header says the new time.
    await expect.poll(listed).toEqual([ALICE, KIRAN]);
    await threadOf(ALICE);
    await expect.poll(focusedTestId).toBe('snooze-conversation');
    const badge = (await page.getByTestId('snoozed-badge').textContent()) as string;
    expect(badge).toBe(`Snoozed until ${((await row(ALICE).getByTestId('row-snoozed-until').textContent()) as string).slice('Until '.length)}`);

    // ↓ opens it, ↓ moves to "Tomorrow, 9:00", Enter chooses it; opened again, that choice is marked current and changes nothing.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedTestId).toBe('snooze-hour');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedTestId).toBe('snooze-tomorrow');
    const tomorrow = (await page.getByTestId('snooze-tomorrow').getAttribute('data-until')) as string;
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await detailOf(ALICE)).snoozedUntil).toBe(tomorrow);
    await page.getByTestId('snoozed-badge').filter({ hasNotText: badge }).waitFor();
    const kiranUntil = (await detailOf(KIRAN)).snoozedUntil as string;
    await expect.poll(listed).toEqual(Date.parse(tomorrow) < Date.parse(kiranUntil) ? [ALICE, KIRAN] : [KIRAN, ALICE]);
    await expect.poll(focusedTestId).toBe('snooze-conversation');
    await page.keyboard.press('Enter');
    await menu.waitFor();
    const current = page.getByTestId('snooze-tomorrow');
    expect(await current.getAttribute('aria-disabled')).toBe('true');
    expect(await current.textContent()).toMatch(/current$/);
    expect(await page.getByTestId('snooze-hour').getAttribute('aria-disabled')).toBeNull();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedTestId).toBe('snooze-tomorrow');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('snooze-conversation');
    expect((await detailOf(ALICE)).snoozedUntil).toBe(tomorrow);
    await screenshot(page, 'inbox-snoozed-snooze-again');
    // Both open again for the next test.
    for (const address of [ALICE, KIRAN]) expect((await server.dashboard('POST', `/dashboard/conversations/${await conversationId(address)}/reopen`, {})).status).toBe(200);
    await ready().getByText('No snoozed conversations').waitFor();
  });

  it('from a Sunday on the virtual clock, the menu offers "Tomorrow, 9:00" (Monday) and no "Next Monday, 9:00" of the same time', async () => {
    // The clock to the next Sunday, 10:00 in the browser's zone (Asia/Kolkata: UTC+5:30 all year).
    const IST = 5.5 * 3_600_000;
    const now = Date.parse(await clockNow());
    const day = new Date(now + IST);
    let sunday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10) - IST;
    while (new Date(sunday + IST).getUTCDay() !== 0 || sunday <= now) sunday += 86_400_000;
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: Math.ceil((sunday - now) / 1000) })).status).toBe(200);
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    await row(OLIVER).click();
    await threadOf(OLIVER);
    await page.getByTestId('snooze-conversation').click();
    const menu = page.getByRole('menu', { name: 'Snooze' });
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    await expect.poll(() => items.evaluateAll((els) => els.map((el) => el.firstElementChild?.textContent))).toEqual(['In 1 hour', 'Tomorrow, 9:00']);
    const tomorrow = inZone((await page.getByTestId('snooze-tomorrow').getAttribute('data-until')) as string);
    expect(tomorrow.slice(11)).toBe('09:00');
    expect(new Date(`${tomorrow.slice(0, 10)}T12:00:00Z`).getUTCDay()).toBe(1);
    // ↑ from the first wraps to the last: "Tomorrow", there being two.
    await expect.poll(focusedTestId).toBe('snooze-hour');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedTestId).toBe('snooze-tomorrow');
    await screenshot(page, 'inbox-snooze-menu-sunday');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });
});

/** The id of the conversation with `address` on `channel`, as the core lists it. */
async function conversationId(address: string, channel = 'whatsapp'): Promise<string> {
  const list = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', `/dashboard/conversations?channel=${channel}&limit=100`);
  const found = list.body.data.find((c) => c.address === address);
  if (!found) throw new Error(`no ${channel} conversation with ${address}`);
  return found.id;
}
