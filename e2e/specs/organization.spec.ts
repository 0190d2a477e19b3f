// The organization's name in the sidebar: the demo business's, renamed there (the name customers see as the
// sender of a WhatsApp message), checked as typed, cancelled with Escape, kept through a reload; the focus
// goes back to Rename whichever way the form closes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import { focusOn } from '../fixtures/keyboard.ts';

let page: Page;

const session = consoleForFile({}, (opened) => {
  page = opened.page;
});

const shownName = () => page.getByTestId('organization-name').textContent();

describe('the organization in the sidebar', () => {
  it('shows the demo business and, renaming, refuses an empty name; Escape keeps the name and gives the focus back', async () => {
    expect(await shownName()).toBe('Example Store');
    await page.getByRole('button', { name: 'Rename organization Example Store' }).click();
    await focusOn(page, '[data-testid="organization-input"]');
    expect(await page.getByTestId('organization-input').inputValue()).toBe('Example Store');
    await page.getByTestId('organization-input').fill('   ');
    await page.getByTestId('organization-error').filter({ hasText: 'Type a name' }).waitFor();
    expect(await page.getByTestId('organization-save').getAttribute('aria-disabled')).toBe('true');
    // Counted as the core counts: an emoji is one character.
    await page.getByTestId('organization-input').fill('🏪'.repeat(100));
    expect(await page.getByTestId('organization-save').getAttribute('aria-disabled')).toBeNull();
    await page.getByTestId('organization-input').fill('🏪'.repeat(101));
    await page.getByTestId('organization-error').filter({ hasText: 'At most 100 characters' }).waitFor();
    await page.keyboard.press('Escape');
    await focusOn(page, '[data-testid="organization-rename"]');
    expect(await shownName()).toBe('Example Store');
  });

  it('renames with Enter: said to screen readers, the focus back on Rename, kept through a reload and by the core', async () => {
    await page.keyboard.press('Enter');
    await focusOn(page, '[data-testid="organization-input"]');
    await page.getByTestId('organization-input').fill('  Harbor Coffee Co.  ');
    await page.keyboard.press('Enter');
    await page.getByTestId('organization-name').filter({ hasText: /^Harbor Coffee Co\.$/ }).waitFor();
    await focusOn(page, '[data-testid="organization-rename"]');
    await page.getByTestId('announcer').filter({ hasText: 'Organization renamed to Harbor Coffee Co.' }).waitFor();

    const listed = await session().server.dashboard<{ data: Array<{ id: string; name: string }>; defaultOrganizationId: string }>('GET', '/dashboard/organizations');
    expect(listed.body.data.find((org) => org.id === listed.body.defaultOrganizationId)?.name).toBe('Harbor Coffee Co.');
    await page.reload();
    await page.getByTestId('organization-name').filter({ hasText: /^Harbor Coffee Co\.$/ }).waitFor();
  });
});
