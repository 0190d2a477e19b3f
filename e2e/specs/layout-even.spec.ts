// Pages that read evenly, from the desktop window's smallest size up (the demo seed, Debian's Chromium): the calls list
// keeps every column whole with a call open (the call goes under the list where both do not fit side by side, its
// facts then three or more to a row, each beside the one before, not in two halves of the page); a call's dates break
// between the date and the time of day, never before "AM", and so do the WhatsApp templates' Created dates; the
// Simulator's cards each sit right under the card above, no hole under a short one; the API keys page's cards reach its edge; the
// request log's rows are all one height, a long key name and a long path among them; a thread's header keeps its
// channel and number, and its reply window badge, each on one line; the WhatsApp builder's value sources show their
// longest choice whole.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { DATE_TIME, TIME_OF_DAY } from '../fixtures/formats.ts';
import { lineTexts, resize, sidewaysScrollers } from '../fixtures/layout.ts';

let page: Page;

const LONG_KEY = 'Support desk integration for the Mumbai team';

const session = consoleForFile({ width: 1280, height: 800 }, async (opened) => {
  page = opened.page;
  const { server } = opened;
  // Requests of a key with a long name and of one with a short one, a long path among them, and one with no valid key.
  const keys = [];
  for (const name of [LONG_KEY, 'CI']) {
    keys.push((await server.dashboard<{ key: string }>('POST', '/dashboard/api-keys', { name, environment: 'test', scopes: ['contacts:read'] })).body.key);
  }
  for (const path of ['/v1/contacts', '/v1/contacts/cnt_nonexistent_but_rather_long_identifier_for_testing/notes', '/v1/no-such-route']) {
    for (const key of keys) await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  }
  await fetch(`${server.url}/v1/contacts`, { headers: { authorization: 'Bearer sk_test_nope' } });
});

/** A moment on one line, or on two: its date ("Nov 27, 2026,"), then its time of day whole ("5:09:11 AM"). */
async function readsAsOneMoment(moment: Locator, where: string): Promise<void> {
  const lines = await lineTexts(moment);
  if (lines.length === 1) expect(lines[0], where).toMatch(DATE_TIME);
  else {
    expect(lines, where).toHaveLength(2);
    expect(lines[0], where).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4},$/);
    expect(lines[1], where).toMatch(TIME_OF_DAY);
  }
}

/** The gap between cards in a column of the page (the grids' and stacks' 14 px), with half a pixel for rounding. */
const CARD_GAP_PX = 14.5;
/** How far apart an open call's fact columns may start: a fact's width ("Nov 27, 2026, 7:35:54 AM") and the gap. */
const FACT_PITCH_PX = 240;

/**
 * The room under each card of the page before the nearest card below it that shares some of its width, as `title: px`
 * (a card with none below it has none). A card right under another stands one gap below it.
 */
function roomUnderCards(): Promise<string[]> {
  return page.locator('.page .card').evaluateAll((cards) => {
    const boxes = cards.map((card) => ({ title: card.querySelector('h2')?.textContent ?? card.className, box: card.getBoundingClientRect() }));
    return boxes.flatMap(({ title, box }) => {
      const below = boxes.filter((other) => other.box.top >= box.bottom && other.box.left < box.right && other.box.right > box.left);
      if (below.length === 0) return [];
      return [`${title}: ${Math.round(Math.min(...below.map((other) => other.box.top - box.bottom)))}`];
    });
  });
}

describe('pages that read evenly', () => {
  /** Every column of `list` whole in it: it does not scroll sideways, and each heading ends inside it. */
  async function everyColumnWhole(list: Locator, where: string): Promise<void> {
    expect(await sidewaysScrollers(page), where).toEqual([]);
    const [right, headings] = await list.evaluate((el) => [el.getBoundingClientRect().right, [...el.querySelectorAll('th')].map((th) => [th.textContent, th.getBoundingClientRect().right] as const)] as const);
    for (const [heading, end] of headings) expect(end, `${heading} at ${where}`).toBeLessThanOrEqual(right + 0.5);
  }

  /**
   * An open call's facts (label over value) in columns a fact wide, each no further than `FACT_PITCH_PX` from the one
   * before: under the list, as wide as the page, that is three or more to a row, not two halves of the page.
   */
  async function factsTogether(detail: Locator, list: Locator, where: string): Promise<void> {
    const box = await list.boundingBox();
    const under = await detail.evaluate((el, listBottom) => el.getBoundingClientRect().top >= listBottom, (box?.y ?? 0) + (box?.height ?? 0));
    const lefts = await detail.locator('.call-facts > div').evaluateAll((facts) => {
      const top = facts[0]?.getBoundingClientRect().top;
      return facts.filter((f) => f.getBoundingClientRect().top === top).map((f) => Math.round(f.getBoundingClientRect().left));
    });
    for (let i = 1; i < lefts.length; i++) expect((lefts[i] as number) - (lefts[i - 1] as number), `${where}: fact ${i + 1} from the one before`).toBeLessThanOrEqual(FACT_PITCH_PX);
    expect(lefts.length, `${where}: facts on the first row`).toBeGreaterThanOrEqual(under ? 3 : 2);
  }

  // 961 px: the narrowest window with the wide sidebar; up to ~1240 px the open call goes under the list.
  for (const width of [961, 1100, 1200, 1280]) {
    it(`the calls lists keep every column whole beside or over an open call, and its dates break only before the time of day, at ${width} px`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-calls').click();
      await page.getByTestId('calls-tab-agent').click();
      await page.locator('[data-testid="call-row"]').filter({ hasText: 'Alice Johnson' }).getByTestId('call-open').first().click();
      const detail = page.locator('[data-testid="call-detail"][data-status="COMPLETED"]');
      await detail.waitFor();
      await everyColumnWhole(page.getByTestId('calls-list'), `agent calls at ${width} px`);
      for (const fact of ['started', 'answered']) await readsAsOneMoment(detail.getByTestId(`call-fact-${fact}`), `agent call ${fact} at ${width} px`);
      await factsTogether(detail, page.getByTestId('calls-list'), `agent call at ${width} px`);
      await screenshot(page, `layout-even-call-${width}`);
      await page.getByTestId('calls-tab-app').click();
      await page.locator('[data-testid="app-call-row"]').filter({ hasText: 'Sam Rivera' }).getByTestId('app-call-open').first().click();
      const appDetail = page.locator('[data-testid="app-call-detail"][data-status="COMPLETED"]');
      await appDetail.waitFor();
      await everyColumnWhole(page.getByTestId('app-calls-list'), `app calls at ${width} px`);
      for (const fact of ['started', 'answered', 'ended']) await readsAsOneMoment(appDetail.getByTestId(`app-call-fact-${fact}`), `app call ${fact} at ${width} px`);
      await factsTogether(appDetail, page.getByTestId('app-calls-list'), `app call at ${width} px`);
    });
  }

  for (const width of [961, 1280, 1366]) {
    it(`the Simulator's cards each sit a gap under the one above at ${width} px, the handset viewer closed or open`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-simulator').click();
      await page.getByTestId('sim-clock').waitFor();
      const room = await roomUnderCards();
      expect(room.length).toBeGreaterThanOrEqual(3);
      for (const line of room) expect(Number(line.split(': ').at(-1)), line).toBeLessThanOrEqual(CARD_GAP_PX);
      await screenshot(page, `layout-even-simulator-${width}`);
      await page.getByTestId('magic-address').first().click();
      await page.getByTestId('handset-messages').or(page.getByText('Nothing received yet')).first().waitFor();
      for (const line of await roomUnderCards()) expect(Number(line.split(': ').at(-1)), `${line}, a handset open`).toBeLessThanOrEqual(CARD_GAP_PX);
    });
  }

  for (const width of [961, 1280, 1920]) {
    it(`the assistant endpoint's card reaches the page's edge, as the keys table does, at ${width} px`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-keys').click();
      const card = page.getByTestId('assistant-card');
      await card.waitFor();
      // The page's content edge: where the title row (and its New key button) ends.
      const rightOf = (target: Locator) => target.evaluate((el) => Math.round(el.getBoundingClientRect().right));
      expect(await rightOf(card)).toBe(await rightOf(page.locator('.page-title').first()));
      await screenshot(page, `layout-even-keys-${width}`);
    });
  }

  for (const width of [961, 1280]) {
    it(`the WhatsApp templates' Created dates break only before the time of day, each language under its name, at ${width} px`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-channels').click();
      await page.getByTestId('wa-template-row').first().waitFor();
      for (const row of await page.getByTestId('wa-template-row').all()) {
        const name = await row.getAttribute('data-name');
        await readsAsOneMoment(row.locator('td').nth(4), `template ${name} at ${width} px`);
        // Its language (by name) under its name on every row, short name or long.
        expect(await lineTexts(row.locator('td').first()), `template ${name} at ${width} px`).toEqual([name, expect.stringMatching(/^[A-Z][a-z]+( \([A-Za-z ]+\))?$/)]);
      }
    });
  }

  for (const width of [961, 1100, 1280, 1920]) {
    it(`the request log's rows are all one height at ${width} px, a long key name and path cut with their whole in the title`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-requests').click();
      // This file's seven requests and the demo integrations' (one page of them).
      const { total } = (await session().server.dashboard<{ meta: { total: number } }>('GET', '/dashboard/request-log?limit=1')).body.meta;
      expect(total).toBeGreaterThan(7);
      await page.locator(`[data-testid="request-log-card"][data-ready="true"][data-total="${total}"]`).waitFor();
      const heights = await page.getByTestId('request-row').evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
      expect(heights).toHaveLength(Math.min(total, 50));
      expect(new Set(heights), `row heights ${heights.join(', ')}`).toHaveProperty('size', 1);
      expect(await sidewaysScrollers(page)).toEqual([]);
      const long = page.getByTestId('request-row').filter({ hasText: 'cnt_nonexistent' }).first();
      expect(await long.locator('.request-line').getAttribute('title')).toBe('GET /v1/contacts/cnt_nonexistent_but_rather_long_identifier_for_testing/notes');
      expect(await page.locator(`.request-key[title="${LONG_KEY}"]`).count()).toBe(3);
      await screenshot(page, `layout-even-request-log-${width}`);
    });
  }

  for (const width of [961, 1280]) {
    it(`a WhatsApp thread's header keeps its channel and number, and its reply window badge, each on one line at ${width} px`, async () => {
      await resize(page, width, 700);
      await page.getByTestId('nav-inbox').click();
      // A VIP the demo's campaign reached who did not answer it (its last message is still the campaign's; who answers
      // is drawn per campaign, so not always the same VIPs): the reply window is closed, and it awaits a reply under Resolved.
      await page.getByTestId('show-resolved').click();
      const row = page.getByTestId('conversation-row').filter({ hasText: 'our festive sale is on' }).first();
      const address = await row.getAttribute('data-address');
      expect(address).toMatch(/^\+9198\d{8}$/);
      await row.click();
      const badge = page.getByTestId('reply-window');
      await badge.waitFor();
      expect(await lineTexts(badge)).toEqual(['Reply window closed']);
      expect(await lineTexts(page.getByTestId('thread-address'))).toEqual([`WhatsApp · ${address}`]);
      await screenshot(page, `layout-even-thread-header-${width}`);
    });
  }

  for (const width of [961, 1280]) {
    it(`the WhatsApp builder's value sources are as wide as their longest choice at ${width} px`, async () => {
      await resize(page, width, 800);
      await page.getByTestId('nav-campaigns').click();
      await page.getByTestId('campaign-tab-whatsapp').click();
      await page.getByTestId('new-campaign').click();
      await page.locator('[data-testid="template-option"][data-template-name="welcome_offer"]').click();
      const sources = page.locator('.placeholder-row select');
      await sources.first().waitFor();
      // A select left to its own width fits its longest choice: each one shown is no narrower than that.
      const narrower = await sources.evaluateAll((selects: HTMLSelectElement[]) => selects.flatMap((select) => {
        const shown = select.getBoundingClientRect().width;
        const width = select.style.width;
        select.style.width = 'max-content';
        const whole = select.getBoundingClientRect().width;
        select.style.width = width;
        return shown + 0.5 < whole ? [`${select.selectedOptions[0]?.text}: ${Math.round(shown)} < ${Math.round(whole)} px`] : [];
      }));
      expect(narrower).toEqual([]);
      await screenshot(page, `layout-even-whatsapp-builder-${width}`);
      await page.getByRole('button', { name: 'Cancel' }).first().click();
    });
  }

  it('a call opened from a long list at 1100 px, under the list, is brought into view', async () => {
    const { server } = session();
    const agents = await server.dashboard<{ data: Array<{ id: string; isActive: boolean }> }>('GET', '/dashboard/voice/agents?limit=100');
    const agentId = agents.body.data.find((agent) => agent.isActive)?.id;
    for (let i = 0; i < 9; i++) {
      expect((await server.dashboard('POST', '/dashboard/voice/calls/outbound', { agentId, toNumber: `+1415555020${i}` })).status).toBe(201);
    }
    await resize(page, 1100, 700);
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('calls-tab-agent').click();
    await page.locator('[data-testid="calls-list"]').filter({ has: page.getByTestId('call-row').nth(10) }).waitFor();
    await page.getByTestId('call-open').last().click();
    const detail = page.locator(`[data-testid="call-detail"][data-call-id="${await page.getByTestId('call-row').last().getAttribute('data-call-id')}"]`);
    await detail.waitFor();
    await expect.poll(() => detail.evaluate((el) => { const box = el.getBoundingClientRect(); return box.top >= 0 && box.top < window.innerHeight - 100; })).toBe(true);
    await screenshot(page, 'layout-even-call-opened-under-a-long-list');
  });

  it('an app call opened from a long list at 1100 px, under the list, is brought into view too', async () => {
    const { server } = session();
    for (let i = 0; i < 9; i++) {
      const placed = await server.dashboard('POST', '/dashboard/voice/app/calls', { type: 'phone', from: 'cust_1042', to: `+1415555031${i}` });
      expect(placed.status).toBe(201);
    }
    await resize(page, 1100, 700);
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('calls-tab-app').click();
    await page.locator('[data-testid="app-calls-list"]').filter({ has: page.getByTestId('app-call-row').nth(9) }).waitFor();
    const last = page.getByTestId('app-call-row').last();
    const callId = await last.getAttribute('data-call-id');
    await last.getByTestId('app-call-open').click();
    const detail = page.locator(`[data-testid="app-call-detail"][data-call-id="${callId}"]`);
    await detail.waitFor();
    await expect.poll(() => detail.evaluate((el) => { const box = el.getBoundingClientRect(); return box.top >= 0 && box.top < window.innerHeight - 100; })).toBe(true);
    // The parties read as names in the list, not cut to a column of a few letters beside the call.
    expect(await lineTexts(last.getByTestId('app-call-open'))).toHaveLength(1);
    await screenshot(page, 'layout-even-app-call-opened-under-a-long-list');
  });
});
