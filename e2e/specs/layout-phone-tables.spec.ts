// At a phone's width (390 × 844) three more tables read without scrolling sideways, as the campaign list and the request
// log do (layout-phone.spec.ts): the Overview's messages, the OTP log and the agent calls keep the columns a support
// person reads there (phone-hide leaves the rest to wider screens or the item opened), their headings shown, nothing
// on the page scrolling sideways; at 1280 px every column is there, as before.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import * as layout from '../fixtures/layout.ts';

let page: Page;

const session = consoleForFile({ width: 390, height: 844 }, (opened) => {
  page = opened.page;
});

/**
 * A table's column headings as shown, and whether it fits: it and every box holding it no wider than their width
 * (nothing to scroll sideways to), its card inside the window (not running past its edge, clipped).
 */
const table = (testid: string) => page.getByTestId(testid).evaluate((el) => {
  const shown = el.querySelector('table') as HTMLTableElement;
  const boxes = [el, ...el.querySelectorAll('*')].filter((box) => box === el || box.contains(shown));
  const card = el.getBoundingClientRect();
  return {
    headings: [...shown.querySelectorAll('thead th')].filter((th) => th.getClientRects().length > 0).map((th) => th.textContent),
    fits: boxes.every((box) => box.scrollWidth <= box.clientWidth) && card.left >= 0 && card.right <= document.documentElement.clientWidth,
  };
});

/** Each table's columns at 390 px and at 1280 px; checked at both widths, then the window is a phone's again. */
async function atBothWidths(testid: string, phone: string[], wide: string[]): Promise<void> {
  expect(await table(testid)).toEqual({ headings: phone, fits: true });
  expect(await layout.sidewaysScrollers(page)).toEqual([]);
  await layout.resize(page, 1280, 800);
  expect((await table(testid)).headings).toEqual(wide);
  await layout.resize(page, 390, 844);
}

describe('tables at 390 × 844', () => {
  beforeAll(async () => {
    await layout.resize(page, 390, 844);
  });

  it('the Overview\'s messages keep Channel, Sent, Failed and Received, and fit the width; wider, every column', async () => {
    await page.getByTestId('nav-overview').click();
    await page.locator('[data-testid="overview-page"][data-ready="true"]').getByTestId('ov-messages-total').waitFor();
    await atBothWidths('ov-messages', ['Channel', 'Sent', 'Failed', 'Received'], ['Channel', 'Sent', 'Delivered', 'Read', 'Failed', 'Received', 'Delivery rate']);
  });

  it('the OTP log keeps Sent, Phone and Status (a code waiting says its time left), and fits the width; wider, every column', async () => {
    await page.getByTestId('nav-otp').click();
    // The demo's code still waiting for its customer: the widest Status ("Awaiting code 5:00 left").
    await page.locator('[data-testid="otp-log"][data-ready="true"] [data-testid="otp-log-row"][data-status="sent"]').getByTestId('otp-time-left').waitFor();
    await atBothWidths('otp-log', ['Sent', 'Phone', 'Status'],
      ['Sent', 'Phone', 'Widget', 'Channel', 'Status', 'Wrong codes', 'Resends', 'Verified']);
  });

  it('the agent calls keep Started, Called (the contact named) and Status, and fit the width; wider, every column', async () => {
    const { server } = session();
    // A contact with a long name called: the Called cell at its widest.
    expect((await server.dashboard('POST', '/dashboard/contacts', { name: 'Bartholomew Featherstonehaugh-Smythe', phone: '+14155550177' })).status).toBe(201);
    const agents = await server.dashboard<{ data: Array<{ id: string; isActive: boolean }> }>('GET', '/dashboard/voice/agents?limit=100');
    const agent = agents.body.data.find((a) => a.isActive);
    expect((await server.dashboard('POST', '/dashboard/voice/calls/outbound', { agentId: agent?.id, toNumber: '+14155550177' })).status).toBe(201);
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('calls-tab-agent').click();
    await page.getByTestId('call-row').filter({ hasText: 'Bartholomew Featherstonehaugh-Smythe' }).waitFor();
    await atBothWidths('calls-list', ['Started', 'Called', 'Status'], ['Started', 'Called', 'Agent', 'Status', 'Duration', 'Sentiment']);
  });
});
