// The contacts page's CSV import and export in a real browser: a file picked, previewed, imported (a new contact, a
// demo contact's tag added, a bad row reported by its number), the list reloaded, and the export downloaded.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const session = consoleForFile();
const page = () => session().page;
const focused = () => page().evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

async function search(term: string): Promise<void> {
  await page().getByTestId('contact-search').fill(term);
  await page().locator(`[data-testid="contact-list"][data-search="${term}"][data-ready="true"]`).waitFor();
}
const rowNames = () => page().getByTestId('contact-list').getByTestId('contact-row').locator('.name').allTextContents();
const pick = (name: string, text: string) => page().getByTestId('import-csv-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const FILE = [
  'Name,Phone,Email,Tags',
  'Zara Quinn,+44 7700 900555,zara@example.com,csv-new;trial',
  'Someone Else,+1 415 555 0101,,csv-import',
  'No Number,call me,,',
].join('\r\n');

describe('contacts CSV', () => {
  it('previews a file, imports it, and shows what was created, updated and skipped (by row number)', async () => {
    const p = page();
    await p.getByTestId('nav-contacts').click();
    await p.locator('[data-testid="contact-list"][data-ready="true"]').waitFor();
    await pick('people.csv', FILE);
    const dialog = p.getByTestId('import-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('import-file-name').textContent()).toBe('people.csv');
    expect(await dialog.getByTestId('import-row-count').textContent()).toBe('3 rows under the header row.');
    expect(await dialog.getByTestId('import-columns').locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-field'))))
      .toEqual(['name', 'phone', 'email', 'tags']);
    expect(await dialog.getByTestId('import-preview').locator('tbody tr').count()).toBe(3);
    expect(await dialog.getByTestId('import-problems').count()).toBe(0);
    await screenshot(p, 'contacts-import-preview');
    // The keyboard starts on Import.
    expect(await focused()).toBe('confirm-import');
    await p.keyboard.press('Enter');
    await dialog.getByTestId('import-result').waitFor();
    expect(await dialog.getByTestId('import-created').textContent()).toBe('1 contact created');
    expect(await dialog.getByTestId('import-updated').textContent()).toBe('1 updated');
    const skipped = dialog.getByTestId('skipped-row');
    expect(await skipped.count()).toBe(1);
    expect(await skipped.getAttribute('data-row')).toBe('3');
    expect(await skipped.textContent()).toContain('Row 3 phone: must be a phone number in international format');
    expect(await focused()).toBe('close-import');
    await screenshot(p, 'contacts-import-result');
    await p.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toBe('import-csv');

    await search('zara');
    expect(await rowNames()).toEqual(['Zara Quinn']);
    await search('alice');
    await p.getByTestId('contact-list').getByTestId('contact-row').first().click();
    const panel = p.getByTestId('contact-panel');
    await panel.getByTestId('tags').waitFor();
    expect(await panel.locator('h2').textContent()).toBe('Alice Johnson');
    expect(await panel.getByTestId('tag-label').allTextContents()).toContain('csv-import');
  });

  it('says when a file has no phone, email or username column, keeps Import disabled, and Escape gives the focus back', async () => {
    const p = page();
    await pick('names.csv', 'name,company\nAna,Acme\n');
    const dialog = p.getByTestId('import-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('import-problems').textContent()).toContain('No phone, email or username column');
    expect(await dialog.getByTestId('confirm-import').isDisabled()).toBe(true);
    expect(await focused()).toBe('cancel-import');
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toBe('import-csv');
  });

  it('exports every contact as a CSV file, the imported one with it', async () => {
    const p = page();
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toBe('contacts.csv');
    const text = (await readFile(await download.path())).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('name,phone,email,username,tags,blocked,created_at,lifecycle_stage');
    expect(lines).toContainEqual(expect.stringMatching(/^Zara Quinn,\+447700900555,zara@example\.com,,csv-new;trial,false,\d{4}-/));
    expect(lines).toContainEqual(expect.stringMatching(/^Alice Johnson,\+14155550101,alice@example\.com,.*csv-import/));
  });
});
