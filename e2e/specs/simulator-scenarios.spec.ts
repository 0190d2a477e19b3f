// The Simulator's Scenarios card as a presenter uses it on the demo: every scenario listed with its Run button, a
// support rush run from it says what will happen and when, its first customer is in the Inbox at once (the clock left
// alone), and advancing the clock a minute brings the rest; on an organization that lacks what a scenario needs
// (here, its email addresses already suppressed by a run), its Run is unavailable and says why; "A phone calls the
// business" says where the call goes, following the webhook endpoints made on the Webhooks page and, for a number
// routed to AI, the voice agents paused and activated on the Calls page.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';

const session = consoleForFile();
const scenario = (id: string) => session().page.locator(`[data-testid="scenario"][data-scenario-id="${id}"]`);
const row = (address: string) => session().page.locator(`[data-testid="conversation-row"][data-address="${address}"]`);

describe('simulator scenarios', () => {
  it('lists every scenario with a Run button, each available on the demo', async () => {
    const { page } = session();
    await page.getByTestId('nav-simulator').click();
    await scenario('support-rush').waitFor();
    const ids = await page.getByTestId('scenario').evaluateAll((items) => items.map((item) => [item.getAttribute('data-scenario-id'), item.getAttribute('data-available')]));
    expect(ids).toEqual([['where-is-my-order', 'true'], ['support-rush', 'true'], ['phone-calls-business', 'true'], ['email-bounce-complaint', 'true']]);
    expect(await scenario('support-rush').getByTestId('scenario-run').isEnabled()).toBe(true);
  });

  it('runs the support rush: it says what will happen and when, and its first customer is in the Inbox at once', async () => {
    const { page } = session();
    await scenario('support-rush').getByTestId('scenario-run').click();
    const ran = page.locator('[data-testid="scenario-ran"][data-scenario-id="support-rush"]');
    await ran.waitFor();
    expect(await ran.locator('p').textContent()).toBe('Support rush: 5 steps over 55 s of virtual time, the first now: advance the clock or let it run.');
    expect(await ran.locator('li').count()).toBe(5);
    expect(await ran.locator('li').first().textContent()).toBe('+0 s Ishaan Kapoor writes on WhatsApp about a double payment');
    await screenshot(page, 'simulator-scenario-ran');

    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-whatsapp').click();
    await row('+919810000111').getByTestId('unread').filter({ hasText: '1' }).waitFor();
    expect(await row('+919810000111').textContent()).toContain('Ishaan Kapoor');
    // The SMS customers come later on the virtual clock: not yet.
    await page.getByTestId('tab-sms').click();
    await page.getByTestId('conversation-row').first().waitFor();
    expect(await row('+919810000222').count()).toBe(0);
  });

  it('advancing the clock a minute plays the rest of the rush into the Inbox', async () => {
    const { page } = session();
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('advance-60').click();
    await page.getByTestId('nav-inbox').click();
    await page.getByTestId('tab-sms').click();
    await row('+919810000222').getByTestId('unread').filter({ hasText: '1' }).waitFor();
    await page.getByTestId('tab-instagram').click();
    await row('6234817790119001').waitFor();
  });

  it('a scenario the organization can no longer play is unavailable, with the reason', async () => {
    const { page, server } = session();
    // The email scenario's addresses end suppressed: run once (here through the route), its Run then says why not.
    expect((await server.dashboard('POST', '/sim/scenarios/email-bounce-complaint/run')).status).toBe(202);
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 20 })).status).toBe(200);
    await page.getByTestId('nav-simulator').click();
    const email = scenario('email-bounce-complaint');
    await page.locator('[data-testid="scenario"][data-scenario-id="email-bounce-complaint"][data-available="false"]').waitFor();
    expect(await email.getByTestId('scenario-unavailable').textContent())
      .toBe('Not available. The suppression list already holds bounce@sim.test and complaint@sim.test (take them off it on the Channels page, Email).');
    expect(await email.getByTestId('scenario-run').isDisabled()).toBe(true);
    await screenshot(page, 'simulator-scenarios');
  });
});

describe('a phone calling the business, in words true to the organization', () => {
  it('says the team is rung while no endpoint listens to voice.app.call.inbound, and the backend at its URL once one made on the Webhooks page does', async () => {
    const { page } = session();
    await page.getByTestId('nav-simulator').click();
    const phone = scenario('phone-calls-business');
    await phone.filter({ hasText: 'no webhook endpoint listens to voice.app.call.inbound, so it rings the team in the dashboard for 45 s and is missed' }).waitFor();
    await page.getByTestId('nav-webhooks').click();
    await page.getByTestId('new-endpoint').click();
    await page.getByTestId('endpoint-url').fill('https://voice-backend.sim.test/calls');
    await page.getByTestId('events-some').check();
    await page.getByTestId('event-voice.app.call.inbound').check();
    await page.getByTestId('create-endpoint').click();
    await page.getByTestId('endpoint-secret').waitFor();
    // Straight back (well within the lists' 5 s of freshness): the endpoint's creation refreshed the words.
    await page.getByTestId('nav-simulator').click();
    await phone.filter({ hasText: 'your backend at https://voice-backend.sim.test/calls is asked to answer it (voice.app.call.inbound) and has 45 s to connect it, or it is missed; the team is not rung' }).waitFor();
    expect(await phone.textContent()).not.toContain('rings the team');
  });
});

describe('a phone calling the business routed to AI, following the voice agents at once', () => {
  const agent = (name: string) => session().page.getByTestId('agent-row').filter({ hasText: name });
  const toggle = async (name: string, active: boolean) => {
    const { page } = session();
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('calls-tab-agent').click();
    await agent(name).getByTestId('agent-toggle').click();
    await page.locator(`[data-testid="agent-row"][data-active="${active}"]`).filter({ hasText: name }).waitFor();
    // Straight back (well within the lists' 5 s of freshness): the agent's change refreshed the words.
    await page.getByTestId('nav-simulator').click();
  };

  it('names the active agent, says the team is rung once it is paused, and names the agent activated next', async () => {
    const { page } = session();
    await page.getByTestId('nav-calls').click();
    await page.getByTestId('calls-tab-app').click();
    const number = page.locator('[data-testid="app-number-row"][data-number="+18005550142"]');
    await number.getByTestId('app-number-route').selectOption('ai');
    await page.locator('[data-testid="app-number-row"][data-number="+18005550142"][data-route="ai"]').waitFor();
    await page.getByTestId('nav-simulator').click();
    const phone = scenario('phone-calls-business');
    await phone.filter({ hasText: 'the voice agent Order Confirmation answers at once (the number routes to AI)' }).waitFor();

    await toggle('Order Confirmation', false);
    await phone.filter({ hasText: 'no voice agent is active, so it rings the team in the dashboard for 45 s and is missed' }).waitFor();
    expect(await phone.textContent()).not.toContain('Order Confirmation');

    await toggle('Feedback Survey', true);
    await phone.filter({ hasText: 'the voice agent Feedback Survey answers at once (the number routes to AI)' }).waitFor();
  });
});
