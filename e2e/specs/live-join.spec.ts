// The live stream's gap: the console reads its pages and connects its socket at once, and an event is sent only to the
// sockets already in the organization's room. What changes after a page's first read but before the socket has joined
// (at start, or after a dropped connection) is read again once joined, so nothing shown stays behind (no page polls).
// The join is held back here by routing the socket, so the change surely falls in the gap.
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
/** The page's side of its current socket (a reconnection is a new one). */
let socket: WebSocketRoute | undefined;
let holdJoin = false;
const held: Array<() => void> = [];
function releaseJoin(): void {
  holdJoin = false;
  for (const send of held.splice(0)) send();
}

consoleForFile({
  beforeOpen: (tab) => tab.routeWebSocket(/\/socket\.io\//, (ws) => {
    socket = ws;
    const core = ws.connectToServer();
    ws.onMessage((frame) => {
      if (holdJoin && typeof frame === 'string' && frame.includes('"joinOrganization"')) held.push(() => core.send(frame));
      else core.send(frame);
    });
  }),
}, (opened) => {
  ({ server, page } = opened);
});

const status = () => page.getByTestId('live-status');
const writeIn = async (from: string, text: string) => {
  expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from, text })).status).toBe(201);
};

describe('the live stream joined late', () => {
  it('at start: a message that came in between the inbox\'s first read and the join is listed once joined', async () => {
    holdJoin = true;
    await page.reload();
    await page.getByTestId('tab-whatsapp').click();
    await listReady(page).waitFor();
    await status().filter({ hasText: 'Connecting…' }).waitFor();
    await expect.poll(() => held.length).toBe(1);
    await writeIn('+14155550191', 'Is the blue one back in stock?');
    // The event went to no one: the list read before it stays as it was while the join is held.
    expect(await conversationRow(page, '+14155550191').count()).toBe(0);
    releaseJoin();
    await status().filter({ hasText: 'Live' }).waitFor();
    await conversationRow(page, '+14155550191').filter({ hasText: 'Is the blue one back in stock?' }).waitFor();
  });

  it('after a drop: what changed while offline and before the join again is read once joined', async () => {
    holdJoin = true;
    await socket?.close();
    await status().filter({ hasText: 'Offline' }).waitFor();
    await writeIn('+14155550192', 'Do you deliver on Sundays?');
    // The socket reconnects by itself; its join waits here.
    await expect.poll(() => held.length).toBe(1);
    expect(await conversationRow(page, '+14155550192').count()).toBe(0);
    releaseJoin();
    await status().filter({ hasText: 'Live' }).waitFor();
    await conversationRow(page, '+14155550192').filter({ hasText: 'Do you deliver on Sundays?' }).waitFor();
  });
});
