// The WhatsApp and RCS builders' previews show the message as the audience's first recipient gets it (their contact's
// values, filled by the engine's own functions), saying whose they are, and the field's name until there is a recipient;
// an RCS campaign left unnamed is named as the console writes times; the campaign detail's Progress card is as tall as
// the Details beside it, its counts at its foot.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

let page: Page;

consoleForFile({ width: 1280, height: 900, reducedMotion: true }, (opened) => {
  page = opened.page;
});

const note = (testId: string, sample: string) => page.locator(`[data-testid="${testId}"][data-sample="${sample}"]`);
/** Numbers no demo contact has. */
const STRANGER = '919829999901';
const OTHER_STRANGER = '919829999902';

describe('the builders preview a recipient\'s message', () => {
  it('WhatsApp: a placeholder from the contact shows the first recipient\'s value, or its fallback, and says whose; the field\'s name until there is one', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="template-option"][data-template-name="welcome_offer"]').click();
    await page.getByTestId('placeholder-1-source').selectOption('name');
    await page.getByTestId('placeholder-1-fallback').fill('friend');
    const preview = page.getByTestId('template-preview');
    // No recipient yet: the field's name, and a note saying so.
    await note('template-preview-recipient', '').waitFor();
    expect(await preview.locator('mark.token').textContent()).toBe('name');

    await page.getByTestId('recipients-input').fill(`+14155550101, ${STRANGER}`);
    await note('template-preview-recipient', '+14155550101').waitFor();
    expect(await page.getByTestId('template-preview-recipient').textContent()).toBe('As +14155550101 (Alice Johnson) gets it; a field their contact lacks shows its fallback.');
    await preview.getByText('Welcome to Example Store, Alice Johnson! Use code WELCOME10').waitFor();
    expect(await preview.locator('mark.token').count()).toBe(0);
    await screenshot(page, 'campaigns-whatsapp-preview-sample');

    // Typing more numbers keeps Alice's values on show while the audience is asked about again: no flip to the field's name.
    await page.getByTestId('template-preview-recipient').evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { seenSamples: string[] }).seenSamples = seen;
      new MutationObserver(() => seen.push(el.getAttribute('data-sample') ?? '')).observe(el, { attributes: true, attributeFilter: ['data-sample'] });
    });
    await page.getByTestId('recipients-input').press('End');
    await page.getByTestId('recipients-input').pressSequentially(', 919829999902', { delay: 40 });
    await page.locator('[data-testid="summary-recipients"]').filter({ hasText: /^3$/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { seenSamples: string[] }).seenSamples)).not.toContain('');

    // A first recipient without a contact gets the fallback.
    await page.getByTestId('recipients-input').fill(`${STRANGER}, +14155550101`);
    await note('template-preview-recipient', `+${STRANGER}`).waitFor();
    expect(await page.getByTestId('template-preview-recipient').textContent()).toContain(`+${STRANGER} (no contact name)`);
    await preview.getByText('Welcome to Example Store, friend!').waitFor();

    // Every contact: one of them, named.
    await page.getByTestId('audience-all').click();
    await page.locator('[data-testid="template-preview-recipient"]:not([data-sample=""])').waitFor();
    expect(await page.getByTestId('template-preview-recipient').textContent()).toMatch(/^As \+\d+ \(.+\) gets it;/);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it("WhatsApp: \"Contact's first name\", offered first, fills a placeholder with the recipient's first name (\"Alice\", not \"Alice Johnson\"), its fallback without a contact", async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-whatsapp').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="template-option"][data-template-name="welcome_offer"]').click();
    const source = page.getByTestId('placeholder-1-source');
    expect(await source.locator('option').allTextContents()).toEqual([
      'Same text for everyone', "Contact's first name", "Contact's name", "Contact's phone", "Contact's email", "Contact's username",
    ]);
    await source.selectOption({ label: "Contact's first name" });
    const preview = page.getByTestId('template-preview');
    await note('template-preview-recipient', '').waitFor();
    expect(await preview.locator('mark.token').textContent()).toBe('first_name');
    // A mapped field needs its fallback, said in words.
    await page.getByTestId('builder-blockers').filter({ hasText: 'a fallback for body {{1}} (for a contact without a first name)' }).waitFor();
    await page.getByTestId('placeholder-1-fallback').fill('friend');

    await page.getByTestId('recipients-input').fill(`+14155550101, ${STRANGER}`);
    await note('template-preview-recipient', '+14155550101').waitFor();
    await preview.getByText('Welcome to Example Store, Alice! Use code WELCOME10').waitFor();
    await screenshot(page, 'campaigns-whatsapp-preview-first-name');
    await page.getByTestId('recipients-input').fill(`${STRANGER}, +14155550101`);
    await note('template-preview-recipient', `+${STRANGER}`).waitFor();
    await preview.getByText('Welcome to Example Store, friend!').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('RCS: a variable left to the contact shows the first recipient\'s value, and one typed shows as typed', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="rcs-template"][data-template-name="Order update card"]').click();
    await page.getByLabel('Value of {{order}}').fill('#2002');
    // The fields a variable may be named after, the first name first (as the WhatsApp builder offers them).
    await page.getByText("named like a contact's field (first_name, name, phone, email, username) may be left empty").waitFor();
    const preview = page.getByTestId('rcs-preview');
    // No recipient yet: {{name}} shows as the contact's field, {{eta}} (no value, none from contacts) as itself.
    await note('rcs-preview-recipient', '').waitFor();
    expect(await preview.locator('mark.token').allTextContents()).toEqual(['name']);
    expect(await preview.locator('mark.missing').allTextContents()).toEqual(['{{eta}}']);

    await page.getByTestId('rcs-var-eta').fill('tomorrow');
    await page.getByTestId('recipients-input').fill(`+14155550101\n${STRANGER}`);
    await note('rcs-preview-recipient', '+14155550101').waitFor();
    expect(await page.getByTestId('rcs-preview-recipient').textContent()).toContain('As +14155550101 (Alice Johnson) gets it');
    await preview.getByText('Hi Alice Johnson, your parcel arrives tomorrow.').waitFor();
    await screenshot(page, 'campaigns-rcs-preview-sample');
    // A value typed is everyone's.
    await page.getByTestId('rcs-var-name').fill('there');
    await preview.getByText('Hi there, your parcel arrives tomorrow.').waitFor();
  });

  it('RCS: left unnamed, the campaign is named after its template and the time as the console writes times, shown before it is created', async () => {
    // The builder of the last test, filled in: its name field shows the name the campaign gets.
    const field = page.getByTestId('campaign-name');
    const shown = await field.getAttribute('placeholder');
    const consoleStyle = /^Order update card · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s(AM|PM)$/;
    expect(shown).toMatch(consoleStyle);
    await page.getByTestId('create-launch').click();
    await page.getByTestId('launch-confirm').click();
    const detail = page.locator('[data-testid="campaign-detail"][data-status="COMPLETED"]');
    await detail.waitFor();
    const named = await detail.locator('h1').textContent();
    // Not the API's "Order update card 2026-11-26 19:09": the same words and time as the field showed (a minute on at most).
    expect(named).toMatch(consoleStyle);
    expect(named?.slice(0, 'Order update card · '.length + 12)).toBe(shown?.slice(0, 'Order update card · '.length + 12));
    await page.getByTestId('back-to-list').click();
    await page.getByTestId('campaign-row').filter({ hasText: named ?? '' }).waitFor();
  });
});

describe('the campaign detail', () => {
  /** Top, bottom and the gap under the card's last part. */
  const box = (card: Locator) => card.evaluate((el) => {
    const own = el.getBoundingClientRect();
    const last = el.lastElementChild?.lastElementChild ?? el.lastElementChild;
    return { top: Math.round(own.top), bottom: Math.round(own.bottom), under: Math.round(own.bottom - (last?.getBoundingClientRect().bottom ?? own.bottom)) };
  });

  for (const width of [1280, 1600]) {
    it(`at ${width} px, the Progress card is as tall as the Details beside it, its counts at its foot, the bar midway`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('nav-campaigns').click();
      await page.getByTestId('campaign-tab-whatsapp').click();
      await page.getByTestId('campaign-row').filter({ hasText: 'Festive sale for VIPs' }).click();
      await page.getByTestId('campaign-detail').waitFor();
      const progress = await box(page.locator('section[aria-label="Progress"]'));
      const details = await box(page.locator('section[aria-label="Details"]'));
      expect([progress.top, progress.bottom]).toEqual([details.top, details.bottom]);
      // No empty band under the counts: only the card's padding (and its border).
      expect(progress.under).toBeLessThanOrEqual(18);
      // The room Details leaves is shared evenly: as much between the percentage and the bar as between the bar and the
      // counts (not the bar under the percentage and a wide band above the counts).
      const gaps = await page.locator('section[aria-label="Progress"] .progress-block').evaluate((block) => {
        const [head, track, legend] = ['.progress-head', '.progress-track', '.progress-legend'].map((s) => (block.querySelector(s) as Element).getBoundingClientRect());
        return [Math.round(track!.top - head!.bottom), Math.round(legend!.top - track!.bottom)];
      });
      expect(Math.abs(gaps[0]! - gaps[1]!), `gaps above and below the bar: ${gaps.join(', ')}`).toBeLessThanOrEqual(2);
      // Every count on one row of tiles.
      const tileTops = await page.getByTestId('progress-legend').locator('li').evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))).size);
      expect(tileTops).toBe(1);
      await screenshot(page, `campaign-detail-progress-${width}`);
      await page.getByTestId('back-to-list').click();
    });
  }
});

describe('the RCS builder, before launch', () => {
  // A variable left to the contact fails, at launch, every recipient whose contact lacks it: said before, for all of them,
  // not only for the first recipient (the preview's, who is one the message goes to).
  it('RCS: a variable nothing fills for some recipients says how many would not be sent to, and who, until a value is given', async () => {
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-tab-rcs').click();
    await page.getByTestId('new-campaign').click();
    await page.locator('[data-testid="rcs-template"][data-template-name="Order update card"]').click();
    await page.getByLabel('Value of {{order}}').fill('#2002');
    await page.getByTestId('rcs-var-eta').fill('tomorrow');
    // Alice first (her name fills {{name}}), then two numbers no contact has.
    await page.getByTestId('recipients-input').fill(`+14155550101\n+${STRANGER}\n+${OTHER_STRANGER}`);
    await note('rcs-preview-recipient', '+14155550101').waitFor();
    const unfilled = page.locator('[data-testid="audience-unfilled"][data-count="2"]');
    await unfilled.waitFor();
    expect(await unfilled.locator('p').textContent()).toBe('2 recipients would get an empty {{name}} (no value given, none in their contacts) and will not be sent to, '
      + 'their charges refunded at once. Give it a value for everyone to reach all of them:');
    expect(await unfilled.getByTestId('unfilled-recipient').evaluateAll((items) => items.map((item) => item.getAttribute('data-address')))).toEqual([`+${STRANGER}`, `+${OTHER_STRANGER}`]);
    expect(await unfilled.getByTestId('unfilled-recipient').first().textContent()).toBe(`+${STRANGER} (no contact name)`);
    // The preview is Alice's: the first recipient the message goes to, every variable filled.
    await page.getByTestId('rcs-preview').getByText('Hi Alice Johnson, your parcel arrives tomorrow.').waitFor();
    // Their charges come back at once: the summary's reservation says so (two of the three messages' price).
    const reserved = (await page.getByTestId('summary-reserved').filter({ hasText: 'refunded at once' }).textContent()) ?? '';
    const [all, back] = [...reserved.matchAll(/₹([\d.,]+)/g)].map((m) => Number(m[1]?.replace(/,/g, '')));
    expect(back).toBeCloseTo(((all ?? 0) * 2) / 3, 2);
    await screenshot(page, 'campaigns-rcs-unfilled');
    await page.getByTestId('rcs-var-name').fill('there');
    await unfilled.waitFor({ state: 'detached' });
    expect(await page.getByTestId('audience-unfilled').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });
});
