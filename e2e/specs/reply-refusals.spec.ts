// Sends refused for something the agent cannot fix where they are, as support meets them: the core's refusal under the
// reply, with the way on beside it (the Wallet page for an empty wallet, the Channels page's Instagram tab for an account
// not connected) rather than a dead end the agent has to find the sidebar from.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violations } from '../fixtures/axe.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({ width: 1280, height: 800 }, (opened) => {
  server = opened.server;
  page = opened.page;
});

/** A reply written to `name` on `channel`'s tab and sent, once refused: the refusal under the composer and its way on. */
async function replyRefused(channel: string, name: string, text: string) {
  await page.getByTestId('nav-inbox').click();
  await page.getByTestId(`tab-${channel}`).click();
  await page.getByTestId('conversation-row').filter({ hasText: name }).click();
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('send-reply').click();
  const refused = page.getByTestId('reply-error');
  const action = refused.getByTestId('error-action');
  await action.waitFor();
  return { refused, action };
}

describe('a reply the wallet cannot pay for', () => {
  it('is refused with the balance under the composer, and opens the Wallet page from there', async () => {
    // The demo's ₹5,000, less ₹4,000 for a campaign at ₹1,000 a message: less than one more WhatsApp message.
    expect((await server.dashboard('PUT', '/dashboard/wallet/prices', { prices: { whatsapp: 100_000 } })).status).toBe(200);
    const templates = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/whatsapp/templates?status=APPROVED&limit=100');
    const launched = await server.dashboard('POST', '/dashboard/whatsapp/campaigns/create-and-launch', {
      name: 'Spends the wallet', templateId: templates.body.data.find((t) => t.name === 'festive_sale')?.id,
      phones: ['919820000401', '919820000402', '919820000403', '919820000404'],
      templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }],
    });
    expect(launched.status).toBe(202);

    const { refused, action: topUp } = await replyRefused('whatsapp', 'Oliver Brown', 'Sorry to hear that: a replacement is on its way.');
    expect(await refused.textContent()).toMatch(/^Not sentInsufficient wallet balance: 1 WhatsApp message costs ₹1,000\.00, the balance is ₹\d+\.\d\dTop up the wallet$/);
    await screenshot(page, 'reply-refused-empty-wallet');
    await topUp.click();
    await page.getByTestId('top-up-form').waitFor();
    expect(await page.getByTestId('nav-wallet').getAttribute('aria-current')).toBe('page');
  });

  it('is said as the conversation opens, before a word is typed, with the way to top up; Send is left to the core', async () => {
    // The wallet the first test spent: less than one WhatsApp message at ₹1,000, more than an SMS at ₹0.25.
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('conversation-row').filter({ hasText: 'Oliver Brown' }).click();
    const short = page.getByTestId('thread').getByTestId('wallet-short');
    await short.waitFor();
    expect(await short.textContent()).toMatch(/^The wallet holds ₹\d+\.\d\d, short of the ₹1,000\.00 a WhatsApp reply costs\. Top up the wallet first\.$/);
    for (let pass = 0; pass < 2; pass += 1) {
      expect((await violations(page)).join('\n')).toBe('');
      await page.getByTestId('theme-toggle').click();
    }
    // The refused reply's draft is kept: typed anew, Send is offered as before (the core refuses it, the first test).
    await page.getByTestId('composer').fill('Checking in.');
    expect(await page.getByTestId('send-reply').isEnabled()).toBe(true);
    await page.getByTestId('composer').fill('');
    // An SMS reply the wallet can pay for (the wallet read already): nothing said.
    await page.getByTestId('tab-sms').click();
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').getByTestId('composer').waitFor();
    expect(await page.getByTestId('thread').getByTestId('wallet-short').count()).toBe(0);
    await page.getByTestId('tab-whatsapp').click();
    await page.getByTestId('conversation-row').filter({ hasText: 'Oliver Brown' }).click();
    await short.getByTestId('wallet-short-top-up').click();
    await page.getByTestId('top-up-form').waitFor();
    expect(await page.getByTestId('nav-wallet').getAttribute('aria-current')).toBe('page');
  });

  it("a draft campaign's launch refused for the balance opens the Wallet page the same way", async () => {
    const templates = await server.dashboard<{ data: Array<{ id: string; name: string }> }>('GET', '/dashboard/whatsapp/templates?status=APPROVED&limit=100');
    const draft = await server.dashboard('POST', '/dashboard/whatsapp/campaigns', {
      name: 'Cannot be paid', templateId: templates.body.data.find((t) => t.name === 'festive_sale')?.id, phones: ['919820000405'],
      templateComponents: [{ type: 'body', parameters: [{ type: 'text', text: 'friend' }] }],
    });
    expect(draft.status).toBe(201);
    await page.getByTestId('nav-campaigns').click();
    await page.getByTestId('campaign-row').filter({ hasText: 'Cannot be paid' }).click();
    await page.getByTestId('launch-campaign').click();
    await page.getByTestId('launch-confirm').click();
    const topUp = page.getByTestId('campaign-detail').getByTestId('error-action');
    await topUp.waitFor();
    expect(await page.getByTestId('campaign-detail').getByTestId('error-state').textContent()).toMatch(/Insufficient wallet balance.*Top up the wallet$/);
    await topUp.click();
    await page.getByTestId('top-up-form').waitFor();
  });

  it('an Instagram reply refused because no account is connected opens the Channels page on its Instagram tab', async () => {
    // Maya writes in first, so the 24-hour window is open; then the account is disconnected.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'instagram', from: '6234817790112233', text: 'Is my order on its way?' })).status).toBe(201);
    expect((await server.dashboard('DELETE', '/dashboard/instagram/connection')).status).toBe(200);
    const { refused, action: connect } = await replyRefused('instagram', 'Maya', 'It ships today.');
    expect(await refused.textContent()).toMatch(/^Not sentInstagram integration is not connected for this organization: .*Connect Instagram$/);
    await connect.click();
    await page.locator('[data-testid="channels-tab-instagram"][aria-selected="true"]').waitFor();
    expect(await page.getByTestId('nav-channels').getAttribute('aria-current')).toBe('page');
  });
});
