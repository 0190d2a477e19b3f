// An Instagram customer named by who they are, not by their IGSID: the demo's Maya Fernandes is "@maya.designs" under her
// name in Contacts (and her conversation in her panel), the thread's header reads "Instagram · @leo_travels" and the row gives the handle beside the name; a
// customer known by a handle alone is named by it; the Simulator's handset viewer names the user it opens by an IGSID.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import { conversationRow, listReady } from '../fixtures/inbox.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
/** The demo's Leo Martins (leo_travels), waiting in Open on Instagram. */
const LEO = '6690012384756120';

consoleForFile({}, async (opened) => {
  ({ server, page } = opened);
});

async function openInstagramInbox(): Promise<void> {
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId('tab-instagram').click();
  await listReady(page).waitFor();
}

describe('an Instagram customer in the console', () => {
  it('Contacts lists and shows Maya by her name and handle, never her IGSID', async () => {
    await page.getByTestId('nav-contacts').click();
    await page.getByTestId('contact-search').fill('maya');
    await page.locator('[data-testid="contact-list"][data-search="maya"][data-ready="true"]').waitFor();
    const row = page.getByTestId('contact-list').getByTestId('contact-row').filter({ hasText: 'Maya Fernandes' });
    expect(await row.getByTestId('contact-row-sub').textContent()).toBe('@maya.designs');
    expect(await row.textContent()).not.toContain('6234817790112233');
    await row.click();
    expect(await page.getByTestId('contact-field-username').textContent()).toBe('@maya.designs');
    // Her conversation in the panel is addressed by the handle too.
    const conversation = page.locator('[data-testid="contact-conversation"][data-channel="instagram"]');
    expect(await conversation.locator('.contact-conversation-title .muted').textContent()).toBe('@maya.designs');
  });

  it('the inbox row gives a named customer\'s handle beside the name, and the thread\'s header reads "Instagram · @handle"', async () => {
    await openInstagramInbox();
    const row = conversationRow(page, LEO);
    expect(await row.locator('.name').textContent()).toBe('Leo Martins');
    expect(await row.getByTestId('row-handle').textContent()).toBe('@leo_travels');
    await row.click();
    await page.locator('[data-testid="thread"] h2').filter({ hasText: 'Leo Martins' }).waitFor();
    expect(await page.getByTestId('thread-address').textContent()).toBe('Instagram · @leo_travels');
    expect(await page.getByTestId('thread-messages').getAttribute('aria-label')).toBe('Messages with Leo Martins');
  });

  it('a customer known by a handle alone is named by it in the row and the header; one with no known handle by their IGSID', async () => {
    expect((await server.dashboard('PUT', '/dashboard/instagram/senders/6234817790118001', { username: 'nadia.ok' })).status).toBe(200);
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790118001', text: 'Do you gift-wrap?' })).status).toBe(201);
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790118002', text: 'Hello?' })).status).toBe(201);
    await openInstagramInbox();
    const nadia = conversationRow(page, '6234817790118001');
    await nadia.locator('.name').filter({ hasText: '@nadia.ok' }).waitFor();
    expect(await nadia.getByTestId('row-handle').count()).toBe(0);
    await nadia.click();
    await page.getByTestId('thread-address').locator('h2').filter({ hasText: '@nadia.ok' }).waitFor();
    expect(await page.getByTestId('thread-channel').textContent()).toBe('Instagram');
    const unknown = conversationRow(page, '6234817790118002');
    expect(await unknown.locator('.name').textContent()).toBe('6234817790118002');
  });

  it('the handset viewer names the Instagram user it opens by their IGSID, by name and handle', async () => {
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('handset-address').fill('6234817790112233');
    await page.getByTestId('handset-open').click();
    await page.locator('[data-testid="handset-messages"][aria-label="Messages to and from Maya Fernandes (@maya.designs)"]').waitFor();
    expect(await page.getByTestId('handset-who').textContent()).toBe('Instagram user Maya Fernandes (@maya.designs)');
    // A phone is named by its number, as before.
    await page.getByTestId('handset-address').fill('+14155550101');
    await page.getByTestId('handset-open').click();
    await page.locator('[data-testid="handset-messages"][aria-label="Messages to and from +14155550101"]').waitFor();
    expect(await page.getByTestId('handset-who').count()).toBe(0);
  });
});
