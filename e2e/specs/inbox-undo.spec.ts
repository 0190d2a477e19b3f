// Undo after Resolve and Snooze in the inbox: the inbox moves on as before, and a notice at the list's foot (never
// taking the focus; not a live region: the console's announcer says the Resolve with "Press Z to undo.", and what Undo
// did, once) names what was done with Undo; Undo (or `z` outside a text field) puts the conversation back as it was
// (open; a snoozed one resolved, snoozed again to its time, or open if that time came meanwhile, even while Undo's
// request was on its way) and shows it again, its thread and its row focused, saying "Undone"; the next
// Resolve or Snooze brings its own notice (only the latest can be undone); a conversation changed since (its customer
// wrote in, even while Undo's one request was on its way) is left as it is, the notice saying why; a failure is shown,
// Undo kept; the notice goes after 10 s unless the focus is in it, and on Escape.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listedAddresses, listReady } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const KIRAN = '+919810000001';
const ALICE = '+14155550101';

// The page's clock is Playwright's (it runs as the real one), so the last test can move it past the notice's 10 s.
consoleForFile({ beforeOpen: (opened) => opened.clock.install() }, async (opened) => {
  ({ server, page } = opened);
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId('tab-whatsapp').click();
});

const ready = () => listReady(page);
const row = (address: string) => conversationRow(page, address);
const listed = () => listedAddresses(page);
const threadOf = (address: string) => page.getByTestId('thread-address').filter({ hasText: address }).waitFor();
const focused = () => page.evaluate(() => {
  const el = document.activeElement;
  return { testId: el?.getAttribute('data-testid') ?? null, address: el?.getAttribute('data-address') ?? null };
});
const notice = () => page.getByTestId('undo-toast');
/** The notice, once it says `text` (the whole of it). */
const says = (text: string) => page.getByTestId('undo-saying').filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
const undoButton = () => page.getByTestId('undo-state-change');
/** How many of the page's live regions (the outermost, as a screen reader hears them) say something matching `said`. */
const liveRegionsSaying = (said: RegExp) => page.evaluate(({ source, flags }) => {
  const LIVE = '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])';
  const outermost = [...document.querySelectorAll(LIVE)].filter((el) => !el.parentElement?.closest(LIVE));
  return outermost.filter((el) => new RegExp(source, flags).test(el.textContent ?? '')).length;
}, { source: said.source, flags: said.flags });
type Detail = { state: string; snoozedUntil: string | null };
const detailOf = async (address: string) => (await server.dashboard<Detail>('GET', `/dashboard/conversations/${await conversationId(address)}`)).body;
const clockNow = async () => (await server.dashboard<{ now: string }>('GET', '/sim/clock')).body.now;
/** A snooze's time as the console writes it (snooze-choices.ts), in the browser's language and zone. */
const snoozeTime = (iso: string) => page.evaluate((at) => new Intl.DateTimeFormat(undefined, {
  weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit',
}).format(new Date(at)), iso);
/** Snoozed by another window (the core's route): out of Open until a day (or `seconds`) later on the virtual clock. */
async function snoozeElsewhere(address: string, seconds = 86_400): Promise<string> {
  const until = new Date(Date.parse(await clockNow()) + seconds * 1000).toISOString();
  expect((await server.dashboard('POST', `/dashboard/conversations/${await conversationId(address)}/snooze`, { until })).status).toBe(200);
  return until;
}

describe('undo after resolve and snooze', () => {
  it('Undo after Resolve reopens the conversation and brings back its thread and its row, focused; the notice never takes the focus', async () => {
    await ready().waitFor();
    const before = await listed();
    const next = before[before.indexOf(KIRAN) + 1] ?? before[before.indexOf(KIRAN) - 1];
    await row(KIRAN).click();
    await threadOf(KIRAN);
    await page.getByTestId('resolve-conversation').click();
    await row(KIRAN).waitFor({ state: 'detached' });
    await threadOf(next as string);
    // The inbox moves on as before; the notice names what was done (shown; the announcer says it), the focus on the next row.
    await says('Resolved Kiran Mehta · WhatsApp');
    // Said once: by the announcer, with how to undo it (the notice is no live region), the notice shown.
    const said = page.getByTestId('announcer').locator('p').filter({ hasText: 'Resolved the conversation with Kiran Mehta.' });
    await said.waitFor();
    expect(await said.textContent()).toBe(`Resolved the conversation with Kiran Mehta. Press Z to undo. Next open conversation: ${await nameOf(next as string)}.`);
    expect(await liveRegionsSaying(/Resolved (the conversation with )?Kiran Mehta/)).toBe(1);
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: next });
    expect(await undoButton().getAttribute('aria-keyshortcuts')).toBe('z');
    await screenshot(page, 'inbox-undo-notice');

    await undoButton().click();
    await says('Undone: Kiran Mehta · WhatsApp is open again');
    await page.getByTestId('announcer').filter({ hasText: 'Undone: Kiran Mehta · WhatsApp is open again.' }).waitFor();
    expect(await liveRegionsSaying(/Undone: Kiran Mehta/)).toBe(1);
    await threadOf(KIRAN);
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: KIRAN });
    expect(await row(KIRAN).getAttribute('aria-selected')).toBe('true');
    expect(await listed()).toEqual(before);
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));
    // Undone, Undo is gone: z does nothing more.
    expect(await undoButton().count()).toBe(0);
  });

  it('z presses Undo after e resolved from the list; typed in the reply, z is a letter of the reply', async () => {
    await page.getByTestId('show-open').click();
    await ready().waitFor();
    const before = await listed();
    const [first, second] = before as [string, string];
    await row(first).click();
    await threadOf(first);
    await row(first).focus();
    await page.keyboard.press('e');
    await row(first).waitFor({ state: 'detached' });
    await threadOf(second);
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: second });
    const composer = page.getByTestId('composer');
    if (await composer.count()) {
      await composer.focus();
      await page.keyboard.press('z');
      expect(await composer.inputValue()).toBe('z');
      await composer.fill('');
      expect(await notice().getAttribute('data-state')).toBe('done');
      await row(second).focus();
    }
    await page.keyboard.press('z');
    await says(`Undone: ${await nameOf(first)} · WhatsApp is open again`);
    await threadOf(first);
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: first });
    expect(await listed()).toEqual(before);
  });

  it('Undo after Snooze opens it again; a snoozed conversation resolved is snoozed again to the time it had', async () => {
    await page.getByTestId('show-open').click();
    await row(KIRAN).click();
    await threadOf(KIRAN);
    await page.getByTestId('snooze-conversation').click();
    const chosen = (await page.getByTestId('snooze-tomorrow').getAttribute('data-until')) as string;
    await page.getByTestId('snooze-tomorrow').click();
    await row(KIRAN).waitFor({ state: 'detached' });
    await says(`Snoozed Kiran Mehta · WhatsApp until ${await snoozeTime(chosen)}`);
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'snoozed', snoozedUntil: chosen }));
    await undoButton().click();
    await says('Undone: Kiran Mehta · WhatsApp is open again');
    await row(KIRAN).waitFor();
    await threadOf(KIRAN);
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: KIRAN });
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));

    // Snoozed (elsewhere), then resolved from the Snoozed list: Undo snoozes it again until the same time, listed there.
    const until = await snoozeElsewhere(KIRAN);
    await row(KIRAN).waitFor({ state: 'detached' });
    await page.getByTestId('show-snoozed').click();
    await row(KIRAN).click();
    await page.getByTestId('snoozed-badge').waitFor();
    await page.getByTestId('resolve-conversation').click();
    await row(KIRAN).waitFor({ state: 'detached' });
    await says('Resolved Kiran Mehta · WhatsApp');
    await undoButton().click();
    await says(`Undone: Kiran Mehta · WhatsApp is snoozed until ${await snoozeTime(until)} again`);
    expect(await page.getByTestId('show-snoozed').getAttribute('aria-checked')).toBe('true');
    await row(KIRAN).waitFor();
    await page.getByTestId('snoozed-badge').waitFor();
    await expect.poll(focused).toEqual({ testId: 'conversation-row', address: KIRAN });
    expect(await detailOf(KIRAN)).toEqual(expect.objectContaining({ state: 'snoozed', snoozedUntil: until }));
    await server.dashboard('POST', `/dashboard/conversations/${await conversationId(KIRAN)}/reopen`, {});
    await row(KIRAN).waitFor({ state: 'detached' });
  });

  it('says there is nothing to undo when the customer wrote in first, and leaves the conversation open', async () => {
    await resolveSnoozedAlice();
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: 'Wait, one more thing' })).status).toBe(201);
    await page.getByTestId('message').filter({ hasText: 'Wait, one more thing' }).waitFor();
    // Pressed from the keyboard: Undo gone, the focus goes to Dismiss rather than to the page.
    await undoButton().focus();
    await page.keyboard.press('Enter');
    await says('Nothing to undo: Alice Johnson wrote in since, so the conversation is open again');
    expect(await detailOf(ALICE)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));
    await expect.poll(focused).toEqual({ testId: 'undo-dismiss', address: null });
    // Escape closes the notice; the focus goes to the list (the switch: the conversation shown is no longer snoozed).
    await page.keyboard.press('Escape');
    await notice().waitFor({ state: 'detached' });
    await expect.poll(focused).toEqual({ testId: 'show-snoozed', address: null });
  });

  it('leaves a conversation its customer wrote in on while Undo\'s request was on its way, and says so', async () => {
    await resolveSnoozedAlice();
    // Undo asks to snooze it again; the customer writes in after the console asked, before the core takes the request.
    const snoozes = '**/dashboard/conversations/*/snooze';
    await page.route(snoozes, async (route) => {
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: ALICE, text: 'Are you still there?' })).status).toBe(201);
      await route.continue();
    });
    await undoButton().click();
    await says('Nothing to undo: Alice Johnson wrote in since, so the conversation is open again');
    await page.unroute(snoozes);
    expect(await detailOf(ALICE)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));
    await page.getByTestId('undo-dismiss').click();
    await notice().waitFor({ state: 'detached' });
  });

  it('opens a snoozed conversation resolved whose snooze time came while Undo\'s request was on its way, and says so', async () => {
    const until = await resolveSnoozedAlice(3_600);
    // Undo reads the clock (the hour is still ahead) and asks to snooze her again; the virtual clock passes that time
    // (another window moved it) after the console asked, before the core takes the request: the core refuses it (400).
    const snoozes = '**/dashboard/conversations/*/snooze';
    await page.route(snoozes, async (route) => {
      expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 3_601 })).status).toBe(200);
      await route.continue();
    });
    await undoButton().click();
    await says(`Undone: Alice Johnson · WhatsApp is open (its snooze time, ${await snoozeTime(until)}, has passed)`);
    await page.unroute(snoozes);
    expect(await page.getByTestId('undo-error').count()).toBe(0);
    expect(await detailOf(ALICE)).toEqual(expect.objectContaining({ state: 'open', snoozedUntil: null }));
    expect(await page.getByTestId('show-open').getAttribute('aria-checked')).toBe('true');
    await row(ALICE).waitFor();
    await page.getByTestId('undo-dismiss').click();
    await notice().waitFor({ state: 'detached' });
  });

  it('the next Resolve brings its own notice and only it can be undone; a failure is shown, Undo kept', async () => {
    const [first, second] = await openFirstOfTwo();
    await resolveShown(first);
    await threadOf(second);
    await resolveShown(second);
    expect(await notice().count()).toBe(1);

    await page.route('**/dashboard/conversations/*/reopen', (route) => route.fulfill({
      status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: 'The core is busy' }),
    }));
    await undoButton().click();
    await page.getByTestId('undo-error').filter({ hasText: /^Could not undo: The core is busy$/ }).waitFor();
    expect(await notice().getAttribute('data-state')).toBe('done');
    await page.unroute('**/dashboard/conversations/*/reopen');
    await page.keyboard.press('z');
    await says(`Undone: ${await nameOf(second)} · WhatsApp is open again`);
    await row(second).waitFor();
    expect((await detailOf(first)).state).toBe('resolved');
    await server.dashboard('POST', `/dashboard/conversations/${await conversationId(first)}/reopen`, {});
    await row(first).waitFor();
  });

  it('the notice goes after 10 seconds, not while the focus is in it; Escape closes it, the focus back on the row', async () => {
    const [first, second] = await openFirstOfTwo();
    await resolveShown(first);
    await page.clock.runFor(5_000);
    expect(await notice().count()).toBe(1);
    await page.clock.runFor(6_000);
    await notice().waitFor({ state: 'detached' });

    await threadOf(second);
    await resolveShown(second);
    await undoButton().focus();
    await page.clock.runFor(30_000);
    expect(await notice().count()).toBe(1);
    await page.keyboard.press('Escape');
    await notice().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatchObject({ testId: 'conversation-row' });
  });
});

/** The id of the conversation with `address` on WhatsApp, as the core lists it. */
/** The Open list's first two conversations, the first one opened. */
/** Alice snoozed elsewhere (a day, or `seconds`), then opened under Snoozed and resolved in the console: the notice offers to snooze her again until the time returned. */
async function resolveSnoozedAlice(seconds?: number): Promise<string> {
  const until = await snoozeElsewhere(ALICE, seconds);
  await page.getByTestId('show-snoozed').click();
  await row(ALICE).click();
  await page.getByTestId('snoozed-badge').waitFor();
  await page.getByTestId('resolve-conversation').click();
  await row(ALICE).waitFor({ state: 'detached' });
  await says('Resolved Alice Johnson · WhatsApp');
  return until;
}

async function openFirstOfTwo(): Promise<[string, string]> {
  await page.getByTestId('show-open').click();
  await ready().waitFor();
  const [first, second] = (await listed()) as [string, string];
  await row(first).click();
  return [first, second];
}

/** Resolve on the thread shown (the conversation with `address`), once the notice says so. */
async function resolveShown(address: string): Promise<void> {
  await page.getByTestId('resolve-conversation').click();
  await says(`Resolved ${await nameOf(address)} · WhatsApp`);
}

async function conversationId(address: string): Promise<string> {
  const list = await server.dashboard<{ data: Array<{ id: string; address: string }> }>('GET', '/dashboard/conversations?channel=whatsapp&limit=100');
  const found = list.body.data.find((c) => c.address === address);
  if (!found) throw new Error(`no whatsapp conversation with ${address}`);
  return found.id;
}

/**
 * How the inbox names the WhatsApp conversation with `address` (its contact's name, else its address), from every
 * state's list: it is read before the change the notice names may be stored.
 */
async function nameOf(address: string): Promise<string> {
  const list = await server.dashboard<{ data: Array<{ address: string; customerName: string | null }> }>('GET', '/dashboard/conversations?channel=whatsapp&state=all&limit=100');
  const found = list.body.data.find((c) => c.address === address);
  return found?.customerName ?? address;
}
