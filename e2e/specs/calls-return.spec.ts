// The Calls page keeps its place as the inbox does (the demo seed): a presenter follows an agent call's live transcript,
// goes to another page and comes back to the same tab and the same open call, its transcript complete (the lines spoken
// while away read again on return) and growing live again (the stream joins the call's room again); leaving the page
// leaves the room. A reload with the call in the URL fragment opens it too, an app call's as well.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
const advance = (seconds: number) => server.dashboard('POST', '/sim/clock/advance', { seconds });
const detail = () => page.getByTestId('call-detail');
const lines = async () => Number(await detail().getByTestId('call-transcript').getAttribute('data-lines'));
/** What the console's socket sent: Socket.IO frames such as `420["joinCall","call_…"]`. */
const sent: string[] = [];
const roomMoves = (callId: string) => sent.filter((frame) => frame.includes(`"${callId}"`) && /"(joinCall|leaveCall)"/.test(frame))
  .map((frame) => (frame.includes('"joinCall"') ? 'join' : 'leave'));

consoleForFile({ reducedMotion: true }, (opened) => {
  ({ server, page } = opened);
});

describe('the Calls page kept while another page is shown', () => {
  let callId = '';

  it('comes back to the open agent call: its transcript read again, then live again in its room; leaving leaves the room', async () => {
    // The socket is made at start: watched from a fresh start.
    page.on('websocket', (socket) => socket.on('framesent', ({ payload }) => {
      if (typeof payload === 'string') sent.push(payload);
    }));
    await page.reload();
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('call-to').fill('+14155550101');
    await page.getByTestId('call-place').click();
    await detail().waitFor();
    callId = (await detail().getAttribute('data-call-id')) ?? '';
    // Answered at 7 s, the greeting at 8 s.
    await page.getByTestId('topbar-advance-10').click();
    await detail().getByTestId('call-turn').first().waitFor();
    const beforeLeaving = await lines();
    expect(roomMoves(callId)).toEqual(['join']);

    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('calls-page').waitFor({ state: 'detached' });
    // Gone from the page, the console is out of the call's room: no transcript events for a page not shown.
    await expect.poll(() => roomMoves(callId)).toEqual(['join', 'leave']);
    // Spoken while the presenter is away.
    await advance(20);
    const spoken = (await server.dashboard<{ transcription: unknown[] }>('GET', `/dashboard/voice/calls/${callId}`)).body.transcription.length;
    expect(spoken).toBeGreaterThan(beforeLeaving);
    await page.getByTestId('nav-overview').click();

    await page.getByTestId('nav-calls').click();
    expect(await page.getByTestId('calls-tab-agent').getAttribute('aria-selected')).toBe('true');
    await page.locator(`[data-testid="call-detail"][data-call-id="${callId}"]`).waitFor();
    expect(await page.locator(`[data-testid="call-row"][data-call-id="${callId}"]`).getAttribute('data-open')).toBe('true');
    // Complete: the lines spoken while away are there.
    await expect.poll(lines).toBe(spoken);
    expect(roomMoves(callId)).toEqual(['join', 'leave', 'join']);
    // Live again: a line spoken now arrives through the room, the call still being spoken.
    await page.getByTestId('topbar-advance-10').click();
    await expect.poll(lines).toBeGreaterThan(spoken);
    expect(await detail().getAttribute('data-status')).toBe('ANSWERED');
  });

  it('a reload with the call in the URL fragment opens it, its transcript whole and live', async () => {
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('call')).toBe(callId);
    await page.reload();
    await page.locator(`[data-testid="call-detail"][data-call-id="${callId}"]`).waitFor();
    expect(await page.getByTestId('calls-tab-agent').getAttribute('aria-selected')).toBe('true');
    const spoken = (await server.dashboard<{ transcription: unknown[] }>('GET', `/dashboard/voice/calls/${callId}`)).body.transcription.length;
    await expect.poll(lines).toBe(spoken);
    await advance(10);
    await expect.poll(lines).toBeGreaterThan(spoken);
  });

  it('comes back to the App calls tab and its open call, after another page and after a reload', async () => {
    await page.getByTestId('calls-tab-app').click();
    const row = page.getByTestId('app-call-row').first();
    await row.waitFor();
    const appCallId = (await row.getAttribute('data-call-id')) ?? '';
    await row.getByTestId('app-call-open').click();
    const open = page.locator(`[data-testid="app-call-detail"][data-call-id="${appCallId}"]`);
    await open.waitFor();
    await page.getByTestId('nav-overview').click();
    await page.getByTestId('calls-page').waitFor({ state: 'detached' });
    await page.getByTestId('nav-calls').click();
    await open.waitFor();
    expect(await page.getByTestId('calls-tab-app').getAttribute('aria-selected')).toBe('true');
    await page.reload();
    await open.waitFor();
    expect(await page.getByTestId('calls-tab-app').getAttribute('aria-selected')).toBe('true');
  });
});
