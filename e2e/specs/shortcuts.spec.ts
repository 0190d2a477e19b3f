// Keyboard shortcuts: `?` anywhere outside a text field, or the top bar's Shortcuts button, opens the list of every key
// the console answers to, in a modal dialog: the focus on Close, Escape or Close leaves it and gives the focus back where
// it was; `?` typed in a text field is typed. The dialog has no axe violation in either theme.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeInThemes } from '../fixtures/axe.ts';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;
consoleForFile({ reducedMotion: true }, async (opened) => {
  ({ page } = opened);
  await page.getByTestId('nav-inbox').click();
});

const dialog = () => page.getByTestId('shortcuts-dialog');
const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('keyboard shortcuts', () => {
  it('? opens the list, grouped by page, the focus on Close; Escape closes it and the focus goes back', async () => {
    await page.getByTestId('tab-whatsapp').focus();
    await page.keyboard.press('?');
    await dialog().waitFor();
    expect(await focusedTestId()).toBe('close-shortcuts');
    expect(await dialog().locator('h3').allTextContents()).toEqual(['Anywhere', 'Inbox', 'Contacts', 'Tabs, menus and choices']);
    const resolve = dialog().getByTestId('shortcut').filter({ hasText: 'Resolve the open conversation' });
    expect(await resolve.locator('kbd').allTextContents()).toEqual(['e']);
    const undo = dialog().getByTestId('shortcut').filter({ hasText: 'Undo the last Resolve or Snooze' });
    expect(await undo.locator('kbd').allTextContents()).toEqual(['z']);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('tab-whatsapp');
  });

  it('the Shortcuts button opens it too, and Close gives the focus back to the button', async () => {
    const button = page.getByTestId('shortcuts-button');
    expect(await button.getAttribute('aria-keyshortcuts')).toBe('?');
    await button.click();
    await dialog().waitFor();
    await page.getByTestId('close-shortcuts').click();
    await dialog().waitFor({ state: 'detached' });
    expect(await focusedTestId()).toBe('shortcuts-button');
  });

  it('? typed in a text field is typed, not a shortcut', async () => {
    const search = page.getByTestId('conversation-search');
    await search.focus();
    await page.keyboard.type('why?');
    expect(await search.inputValue()).toBe('why?');
    expect(await dialog().count()).toBe(0);
    await search.fill('');
  });
});

axeInThemes(() => page, [['the keyboard shortcuts dialog', async () => {
  await page.getByTestId('shortcuts-button').click();
  await dialog().waitFor();
}]]);
