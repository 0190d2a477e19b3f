// The contacts list filtered by tag in a real browser (the demo seed): the Tag filter beside the stage filter lists the
// organization's tags with their counts, narrows the list (with the stage and the search), says the count, shows the
// active tag with a button clearing it; a row's tag chip filters by its tag, as the filter lists it (case aside).
import { describe, expect, it } from 'vitest';
import type { Contact, LifecycleStage } from '../../src-core/contract/index.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const ids: Record<string, string> = {};
const session = consoleForFile({}, async ({ server }) => {
  const people = [
    { name: 'Vera Tagfilter', phone: '+14155550971', tags: ['tf-vip', 'tf-news'] },
    { name: 'Victor Tagfilter', phone: '+14155550972', tags: ['tf-vip'] },
    { name: 'Nadia Tagfilter', phone: '+14155550973', tags: ['TF-News'] },
  ];
  for (const person of people) ids[person.name] = (await server.dashboard<Contact>('POST', '/dashboard/contacts', person)).body.id;
  const lead = (await server.dashboard<{ data: LifecycleStage[] }>('GET', '/dashboard/lifecycle-stages')).body.data.find((s) => s.name === 'Lead') as LifecycleStage;
  await server.dashboard('PUT', `/dashboard/contacts/${ids['Vera Tagfilter']}/lifecycle-stage`, { stageId: lead.id });
});
const page = () => session().page;
const listed = (tag: string, search = '') => page().locator(`[data-testid="contact-list"][data-tag="${tag}"][data-search="${search}"][data-ready="true"]`);
const rowNames = () => page().getByTestId('contact-list').getByTestId('contact-row').locator('.name').allTextContents();
const count = async () => page().getByTestId('contact-count').textContent();

describe('the contacts tag filter', () => {
  it('lists the tags with their counts, narrows the list with the stage and the search, and is cleared', async () => {
    const p = page();
    await p.getByTestId('nav-contacts').click();
    await listed('').waitFor();
    // A screen reader finds it by name, as it does the stage filter beside it.
    const filter = p.getByRole('combobox', { name: 'Tag', exact: true });
    await filter.locator('option[value="tf-vip"]').waitFor({ state: 'attached' });
    expect(await filter.locator('option[value="tf-vip"]').textContent()).toBe('tf-vip (2)');
    // Tags are one whatever their case: `tf-news` and `TF-News` are listed once, counted together.
    expect(await filter.locator('option[value="TF-News"]').textContent()).toBe('TF-News (2)');
    await filter.selectOption('tf-vip');
    await listed('tf-vip').waitFor();
    expect((await rowNames()).sort()).toEqual(['Vera Tagfilter', 'Victor Tagfilter']);
    expect(await count()).toBe('2 contacts tagged tf-vip');
    expect(await p.getByTestId('contact-active-tag').textContent()).toContain('Tag: tf-vip');
    await screenshot(p, 'contacts-tag-filter');

    await p.getByRole('combobox', { name: 'Lifecycle stage' }).selectOption({ label: 'Lead' });
    await p.locator('[data-testid="contact-list"][data-tag="tf-vip"][data-stage^="stage_"][data-ready="true"]').waitFor();
    expect(await rowNames()).toEqual(['Vera Tagfilter']);
    expect(await count()).toBe('1 contact tagged tf-vip in Lead');
    await p.getByRole('combobox', { name: 'Lifecycle stage' }).selectOption({ label: 'All stages' });
    await p.locator('[data-testid="contact-list"][data-tag="tf-vip"][data-stage=""][data-ready="true"]').waitFor();

    await p.getByTestId('contact-search').fill('Victor');
    await listed('tf-vip', 'Victor').waitFor();
    expect(await rowNames()).toEqual(['Victor Tagfilter']);
    expect(await count()).toBe('1 contact tagged tf-vip matching “Victor”');
    await p.getByTestId('contact-search').fill('');
    await listed('tf-vip').waitFor();

    // Cleared from the keyboard: the active tag's button, by its name.
    const clear = p.getByRole('button', { name: 'Clear the tag filter tf-vip' });
    await clear.focus();
    await p.keyboard.press('Enter');
    await listed('').waitFor();
    await p.getByTestId('contact-active-tag').waitFor({ state: 'detached' });
    expect(await filter.inputValue()).toBe('');
  });

  it('a row\'s tag chip filters the list by its tag, as the filter names it, without opening the contact', async () => {
    const p = page();
    await p.getByTestId('contact-search').fill('Vera Tagfilter');
    await listed('', 'Vera Tagfilter').waitFor();
    const row = p.getByTestId('contact-row').filter({ has: p.locator('.name', { hasText: /^Vera Tagfilter$/ }) });
    await row.getByTestId('contact-tag').filter({ hasText: /^tf-news$/ }).click();
    // Vera's "tf-news" is Nadia's "TF-News", the spelling the filter lists: the filter shows it chosen.
    await listed('TF-News', 'Vera Tagfilter').waitFor();
    expect(await p.getByRole('combobox', { name: 'Tag', exact: true }).inputValue()).toBe('TF-News');
    expect(await p.getByTestId('contact-panel').count()).toBe(0);
    await p.getByTestId('contact-search').fill('');
    await listed('TF-News').waitFor();
    expect((await rowNames()).sort()).toEqual(['Nadia Tagfilter', 'Vera Tagfilter']);
    expect(await count()).toBe('2 contacts tagged TF-News');
    await p.getByTestId('contact-clear-tag').click();
    await listed('').waitFor();
  });
});
