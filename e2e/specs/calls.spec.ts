// The Calls page: a call placed from the page with the demo's active agent shows at once, then moves on live as the
// clock does (ringing, answered), its transcript growing line by line in the open call (the stream's call room), and
// ends completed with its sentiment, summary and charge; a call placed through the API appears in the list by itself.
// A called number that is a contact's shows the contact's name beside it, in the list and the open call's heading; the
// heading's number is set in the heading's size, one heading, not a small number beside it.
// The agent calls' Place a call form stands as far above the list as the App calls tab's; a phone it refuses is said
// under the Phone field. A click anywhere on a call's row opens it, on both tabs. The open call's status changes are
// said in the console's live region ("Call to Alice Johnson: In progress.").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { VoiceAgentListItem } from '../../src-core/contract/index.ts';
import { expectNamedAndDescribed } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const advance = (seconds: number) => server.dashboard('POST', '/sim/clock/advance', { seconds });
const detail = () => page.getByTestId('call-detail');

consoleForFile({ reducedMotion: true }, (opened) => {
  ({ server, page } = opened);
});

describe('the Calls page', () => {
  it('places a call with the active agent and follows it live: status, transcript line by line, then the outcome', async () => {
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('calls-page').waitFor();
    // The demo's morning calls are listed already.
    await page.getByTestId('calls-list').waitFor();
    const before = Number(await page.getByTestId('calls-list').getAttribute('data-total'));
    expect(before).toBeGreaterThanOrEqual(3);
    // The demo agent rang Alice, Sofia Nair (busy) and Ravi Khan (no answer): contacts, each named beside the number.
    const shown = await page.getByTestId('call-row').evaluateAll((rows) => rows.map((row) => [
      row.querySelector('[data-testid="call-open"]')?.textContent, row.querySelector('[data-testid="call-contact"]')?.textContent ?? null,
    ]));
    expect(shown).toEqual(expect.arrayContaining([['+14155550101', 'Alice Johnson'], ['+15005550005', 'Sofia Nair'], ['+15005550004', 'Ravi Khan']]));
    // Only active agents can call: the paused demo agent is not offered.
    expect(await page.getByTestId('call-agent').locator('option').allTextContents()).toEqual(['Order Confirmation']);
    await page.getByTestId('call-to').fill('+14155550101');
    await page.getByTestId('call-place').click();
    await detail().waitFor();
    await page.locator(`[data-testid="calls-list"][data-total="${before + 1}"]`).waitFor();
    expect(await detail().getByRole('heading', { level: 2 }).textContent()).toBe('Call to +14155550101 Alice Johnson');
    expect(await detail().getByTestId('call-detail-contact').textContent()).toBe('Alice Johnson');
    const sizes = await detail().getByRole('heading', { level: 2 }).evaluate((h) => [getComputedStyle(h).fontSize, getComputedStyle(h.querySelector('.mono') as Element).fontSize]);
    expect(sizes[1], 'the number in the heading').toBe(sizes[0]);

    // Answered at 7 s, the greeting at 8 s: it arrives through the call's room, without a reload.
    await advance(9);
    await page.locator('[data-testid="call-detail"][data-status="ANSWERED"]').waitFor();
    // A screen reader hears the open call move on, not only its transcript's lines.
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain('Call to Alice Johnson: In progress.');
    const firstLine = detail().getByTestId('call-turn').first();
    await firstLine.waitFor();
    expect(await firstLine.getAttribute('data-role')).toBe('agent');
    expect(await firstLine.textContent()).toContain('this is Asha from Example Store, calling about your order');
    await advance(20);
    await expect.poll(async () => Number(await detail().getByTestId('call-transcript').getAttribute('data-lines'))).toBeGreaterThan(2);
    expect(await detail().getByTestId('call-turn').nth(1).getAttribute('data-role')).toBe('user');
    await screenshot(page, 'calls-live');
    // Still being spoken: what is read from the conversation at its end, and its bill, are not known yet.
    expect(await detail().getAttribute('data-status')).toBe('ANSWERED');
    for (const fact of ['confirmed', 'booked', 'billed']) expect(await detail().getByTestId(`call-fact-${fact}`).textContent()).toBe('—');

    await advance(120);
    await page.locator('[data-testid="call-detail"][data-status="COMPLETED"]').waitFor();
    await expect.poll(() => page.getByTestId('announcer').textContent()).toContain('Call to Alice Johnson: Completed.');
    // Its outcome in words, not the API's codes (POSITIVE, callee_hung_up, true).
    const facts = Object.fromEntries(await detail().locator('[data-testid^="call-fact-"]').evaluateAll((els) => els.map((el) => [el.getAttribute('data-testid'), el.textContent])));
    expect(facts).toMatchObject({ 'call-fact-sentiment': 'Positive', 'call-fact-confirmed': 'Yes', 'call-fact-booked': 'Yes', 'call-fact-ended-because': 'Callee hung up' });
    const listed = page.locator(`[data-testid="call-row"][data-call-id="${await detail().getAttribute('data-call-id')}"]`);
    expect(await listed.textContent()).toContain('Positive');
    expect(await detail().getByTestId('call-fact-billed').textContent()).toBe('₹4.00');
    expect(await detail().getByTestId('call-summary').textContent()).toMatch(/confirmed and a booking was made/);
    const placed = await detail().getAttribute('data-call-id');
    await page.locator(`[data-testid="call-row"][data-call-id="${placed}"] [data-testid="call-status"][data-status="COMPLETED"]`).waitFor();
  });

  it('lists a call placed through the API as it happens, and opens it', async () => {
    const agents = await server.dashboard<{ data: VoiceAgentListItem[] }>('GET', '/dashboard/voice/agents');
    const agentId = agents.body.data.find((agent) => agent.isActive)?.id;
    const placed = await server.dashboard<{ id: string }>('POST', '/dashboard/voice/calls/outbound', { agentId, toNumber: '+15005550006' });
    const row = page.locator(`[data-testid="call-row"][data-call-id="${placed.body.id}"]`);
    await row.waitFor();
    // The simulated handset that declines (it rings 6 s); nobody's number (the demo's busy one is Sofia Nair's).
    await advance(10);
    await row.locator('[data-testid="call-status"][data-status="BUSY"]').waitFor();
    await row.getByTestId('call-open').click();
    await page.locator(`[data-testid="call-detail"][data-call-id="${placed.body.id}"][data-status="BUSY"]`).waitFor();
    expect(await detail().getByTestId('call-transcript-empty').textContent()).toBe('Nothing was said: the call was not answered.');
    expect(await detail().getByTestId('call-fact-ended-because').textContent()).toBe('Declined');
    expect([await detail().getByTestId('call-fact-confirmed').textContent(), await detail().getByTestId('call-fact-booked').textContent()]).toEqual(['No', 'No']);
    // Nobody's number: the heading names no one.
    expect(await detail().getByRole('heading', { level: 2 }).textContent()).toBe('Call to +15005550006');
    expect(await row.getByTestId('call-contact').count()).toBe(0);
  });

  it('opens a call on a click anywhere on its row, on both tabs; the keyboard way in stays the number’s button', async () => {
    await page.getByTestId('calls-tab-agent').click();
    await page.getByTestId('call-row').nth(1).waitFor();
    const otherId = await page.locator('[data-testid="call-row"][data-open="false"]').first().getAttribute('data-call-id');
    const other = page.locator(`[data-testid="call-row"][data-call-id="${otherId}"]`);
    // A cell that holds no button: the agent's name.
    await other.locator('td').nth(2).click();
    await page.locator(`[data-testid="call-detail"][data-call-id="${otherId}"]`).waitFor();
    expect(await other.getAttribute('data-open')).toBe('true');
    // The row itself is no stop of its own for the keyboard: its number's button is.
    expect(await other.getAttribute('tabindex')).toBeNull();
    expect(await other.getByTestId('call-open').evaluate((button) => button.tagName)).toBe('BUTTON');

    await page.getByTestId('calls-tab-app').click();
    const appCalls = await server.dashboard<{ data: Array<{ callId: string }> }>('GET', '/dashboard/voice/app/calls');
    const appId = appCalls.body.data[0]?.callId;
    expect(appId).toBeTruthy();
    const appRow = page.locator(`[data-testid="app-call-row"][data-call-id="${appId}"]`);
    // Its status cell, away from the parties' button.
    await appRow.locator('td').nth(3).click();
    await page.locator(`[data-testid="app-call-detail"][data-call-id="${appId}"]`).waitFor();
    expect([await appRow.getAttribute('data-open'), await appRow.getAttribute('tabindex')]).toEqual(['true', null]);
    await page.getByTestId('calls-tab-agent').click();
  });

  it('says a phone the core refuses under the Phone field, in the form’s words, without a block pushing the list down', async () => {
    const listTop = async () => (await page.getByTestId('calls-list').boundingBox())?.y ?? 0;
    const before = await listTop();
    await page.getByTestId('call-to').fill('12345');
    await page.getByTestId('call-place').click();
    const problem = page.getByTestId('call-to-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/^Phone must be a phone number in international format/);
    expect(await problem.getAttribute('role')).toBe('alert');
    expect(await page.locator('form.place-call').textContent()).not.toContain('toNumber');
    expect(await page.locator('form.place-call').getByTestId('error-state').count()).toBe(0);
    // The field is marked invalid and read with its problem.
    const field = page.getByTestId('call-to');
    expect([await field.getAttribute('aria-invalid'), await field.getAttribute('aria-describedby')]).toEqual(['true', 'call-to-problem']);
    await expectNamedAndDescribed(field, 'Phone', problem);
    // One small line, not the centred block that pushed the list some 170 px down.
    expect((await listTop()) - before).toBeLessThan(40);
    await screenshot(page, 'calls-bad-phone');
    await field.fill('+14155550101');
    await page.getByTestId('call-place').click();
    await problem.waitFor({ state: 'detached' });
    expect(await field.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the place-a-call form apart from the list below it, as the App calls tab does', async () => {
    /** The space between a tab's Place a call form and its calls list. */
    const gap = async (form: string, list: string) => {
      const [above, below] = await Promise.all([page.locator(form).boundingBox(), page.getByTestId(list).boundingBox()]);
      return Math.round((below?.y ?? 0) - ((above?.y ?? 0) + (above?.height ?? 0)));
    };
    await page.getByTestId('calls-tab-app').click();
    await page.getByTestId('app-calls-list').waitFor();
    const app = await gap('[data-testid="app-place-call"]', 'app-calls-list');
    expect(app).toBeGreaterThan(0);
    await page.getByTestId('calls-tab-agent').click();
    await page.getByTestId('calls-list').waitFor();
    // The agent calls' list once sat against the form's bottom edge (no space at all).
    expect(await gap('form.place-call', 'calls-list')).toBe(app);
  });
});
