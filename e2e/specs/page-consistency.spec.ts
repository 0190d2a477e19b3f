// What every page does alike, so a demo moving between pages sees one console (the demo seed, Debian's Chromium): every
// page's description (each but the inbox's and the contacts', whose titles head a list pane) stands right under its
// title, in one size and colour; a voice agent's Active and Paused, and its
// Activate and Pause buttons, read as an automation's, and an agent call's status is coloured as an app call's; the RCS
// builder names a template's kind in a word, as the WhatsApp builder names its category; every page's tabs look alike.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

consoleForFile({ width: 1280, height: 800 }, (opened) => {
  page = opened.page;
});

/**
 * The pages whose title stands over a list pane rather than the page, with no description: the inbox (its channel tabs
 * under the title) and the contacts (the count under it).
 */
const PANES = ['inbox', 'contacts'];

describe('every page alike', () => {
  it('each page describes itself right under its title, 4 px below it, in the same size and colour', async () => {
    // Every page the sidebar leads to, so a new page must say what it is for too.
    const sidebar = await page.getByRole('navigation', { name: 'Main' }).locator('a[data-testid^="nav-"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-testid')?.replace('nav-', '') ?? ''));
    const DESCRIBED = sidebar.filter((section) => !PANES.includes(section));
    expect(DESCRIBED).toEqual(expect.arrayContaining(['overview', 'calls', 'wallet', 'keys', 'requests', 'webhooks', 'simulator']));
    expect(DESCRIBED).toHaveLength(sidebar.length - PANES.length);
    const seen: string[] = [];
    for (const section of DESCRIBED) {
      await page.getByTestId(`nav-${section}`).click();
      const title = page.locator('.page-title h1').first();
      await title.waitFor();
      const description = page.locator('.page-title h1 + p').first();
      if ((await description.count()) === 0) {
        seen.push(`${section}: no description under the title`);
        continue;
      }
      const read = await description.evaluate((p) => {
        const style = getComputedStyle(p);
        const h1 = p.previousElementSibling as HTMLElement;
        return `${Math.round(p.getBoundingClientRect().top - h1.getBoundingClientRect().bottom)} px below, ${style.fontSize} ${style.color}`;
      });
      seen.push(`${section}: ${read}`);
      await screenshot(page, `page-consistency-${section}`);
    }
    const first = seen[0]?.split(': ')[1];
    expect(first).toMatch(/^4 px below, 14px /);
    expect(seen).toEqual(DESCRIBED.map((section) => `${section}: ${first}`));
  });

  /** How `chip` looks: its text's colour and weight, its fill, border and size. */
  const looks = (chip: Locator) => chip.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor, border: style.borderColor, weight: style.fontWeight, size: style.fontSize };
  });

  for (const theme of ['light', 'dark']) {
    it(`a voice agent's Active and Paused, Activate and Pause look as an automation's, and an agent call's Completed as an app call's, ${theme}`, async () => {
      const shown = () => page.evaluate(() => document.documentElement.dataset.theme);
      if ((await shown()) !== theme) await page.getByTestId('theme-toggle').click();
      expect(await shown()).toBe(theme);
      await page.getByTestId('nav-automations').click();
      const automation = (state: string) => page.getByTestId('automation-status').filter({ hasText: new RegExp(`^${state}$`) }).first();
      await automation('Active').waitFor();
      const automationLooks = { Active: await looks(automation('Active')), Paused: await looks(automation('Paused')) };
      // A paused one's Activate and an active one's Pause, the same buttons.
      const automationToggles = { Activate: await looks(page.getByTestId('automation-toggle').filter({ hasText: 'Activate' }).first()), Pause: await looks(page.getByTestId('automation-toggle').filter({ hasText: 'Pause' }).first()) };
      await page.getByTestId('nav-calls').click();
      await page.getByTestId('calls-tab-agent').click();
      for (const state of ['Active', 'Paused'] as const) {
        const agent = page.getByTestId('agent-state').filter({ hasText: new RegExp(`^${state}$`) }).first();
        await agent.waitFor();
        expect(await looks(agent), `agent ${state}`).toEqual(automationLooks[state]);
      }
      for (const action of ['Activate', 'Pause'] as const) {
        expect(await looks(page.getByTestId('agent-toggle').filter({ hasText: action }).first()), `agent ${action}`).toEqual(automationToggles[action]);
      }
      const agentCall = await looks(page.locator('[data-testid="call-status"][data-status="COMPLETED"]').first());
      expect(agentCall.color, 'a completed agent call is not grey').not.toEqual((await looks(page.getByTestId('agent-state').filter({ hasText: 'Paused' }).first())).color);
      await screenshot(page, `page-consistency-calls-${theme}`);
      await page.getByTestId('calls-tab-app').click();
      const appCall = page.locator('[data-testid="app-call-status"][data-status="COMPLETED"]').first();
      await appCall.waitFor();
      expect(agentCall).toEqual(await looks(appCall));
    });
  }

  it("the RCS builder names a template's kind in a word (\"Rich card\"), as the WhatsApp builder its category", async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    const kind = page.getByTestId('rcs-template-type').first();
    await kind.waitFor();
    expect(await kind.textContent()).toBe('Rich card');
    await page.getByRole('button', { name: 'Cancel' }).first().click();
  });

  it("every page's tabs look alike, the chosen one and the others: Campaigns', Channels', Calls' and Webhooks'", async () => {
    const tabLooks = (tab: Locator) => tab.evaluate((el) => {
      const style = getComputedStyle(el);
      return `${style.color} on ${style.backgroundColor}, border ${style.borderTopWidth} ${style.borderBottomWidth} ${style.borderColor}, radius ${style.borderRadius}, ${style.fontSize} ${style.fontWeight}`;
    });
    const seen: string[] = [];
    for (const section of ['campaigns', 'channels', 'calls', 'webhooks']) {
      await page.getByTestId(`nav-${section}`).click();
      const tabs = page.locator('.page [role="tablist"]').first().getByRole('tab');
      await tabs.first().waitFor();
      const chosen = tabs.and(page.locator('[aria-selected="true"]')).first();
      const other = tabs.and(page.locator('[aria-selected="false"]')).first();
      seen.push(`${section}: chosen ${await tabLooks(chosen)}; other ${await tabLooks(other)}`);
    }
    const first = seen[0]?.split(': ')[1];
    expect(seen).toEqual(['campaigns', 'channels', 'calls', 'webhooks'].map((section) => `${section}: ${first}`));
    await screenshot(page, 'page-consistency-webhooks-tabs');
  });
});
