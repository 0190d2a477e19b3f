// The simulator's handset viewer at 1366 px: the address field's placeholder is read whole; an email shows what
// the customer received (subject, the body in a sandboxed frame where nothing runs, loads or navigates, its links
// written out); a WhatsApp template shows its header, footer and buttons; an RCS card its image, title, text and
// suggestions; a moment is written as the inbox writes it (its time of day on the clock’s today, its date on another day); and
// the thread is two-sided: what the phone received on the left, what its customer wrote in on the right, in time order;
// and it opens at its newest message, as a phone does, following new ones unless the reader scrolled up. Its magic
// numbers name the channels as the rest of the console does. A sender, or a clock advance, the core refuses is said
// under its field.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNamedAndDescribed } from '../fixtures/accessible.ts';
import { screenshot } from '../fixtures/browser.ts';
import { consoleForFile } from '../fixtures/console.ts';
import { DATE_TIME, TIME_OF_DAY } from '../fixtures/formats.ts';
import { settledScroll } from '../fixtures/scroll.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;
/** Every request the page (its frames included) makes. */
const requested: string[] = [];

const MAILBOX = 'viewer@example.net';
/** An email that tries everything a mailbox must not do here: run a script, fetch a tracker and a stylesheet, navigate its frame. */
const HTML = [
  '<h1>Your order {{order}} has shipped</h1>',
  '<p>Hi {{first_name}}, it is on its way.</p>',
  '<p><a href="https://shop.example.com/track/{{order}}" target="_self">Track your parcel</a></p>',
  '<img src="http://tracker.invalid/open.gif" alt="">',
  '<link rel="stylesheet" href="http://tracker.invalid/style.css">',
  '<script>document.body.innerHTML = "script ran"; parent.postMessage("script ran", "*");</script>',
].join('');

consoleForFile({ width: 1366, height: 768, midday: true }, async (opened) => {
  ({ server, page } = opened);
  page.on('request', (request: Request) => requested.push(request.url()));
  const template = await server.dashboard<{ id: string }>('POST', '/dashboard/email/templates', { name: 'Shipped (viewer)', subject: 'Your order {{order}} has shipped', html: HTML });
  expect(template.status).toBe(201);
  const sent = await server.dashboard('POST', '/dashboard/email/send', {
    templateId: template.body.id, recipient: { to: MAILBOX, firstName: 'Vera' }, variables: { order: '#77' }, fromName: 'Example Store', fromEmail: 'hello@example.com',
  });
  expect(sent.status).toBe(200);
  await page.getByTestId('nav-simulator').click();
});

async function open(address: string): Promise<void> {
  await page.getByTestId('handset-address').fill(address);
  await page.getByTestId('handset-open').click();
  await page.locator(`[data-testid="handset-messages"][aria-label="Messages to and from ${address}"]`).waitFor();
}

describe('handset viewer', () => {
  it('names the channels in its magic numbers as everywhere else (WhatsApp, SMS, RCS), not by their ids', async () => {
    await page.getByTestId('magic-behaviour').first().waitFor();
    const behaviours = await page.getByTestId('magic-behaviour').allTextContents();
    expect(behaviours.slice(0, 2)).toEqual(['every channel (WhatsApp, SMS, RCS) fails', 'WhatsApp fails; SMS and RCS succeed']);
    // The simulated webhook receivers are among them, and not offered to the handset viewer (their link goes to Webhooks).
    expect(behaviours).toContain('webhook endpoint, any https URL at sim.test: answers 200; a path ending /status/500 answers 500, /timeout nothing');
    expect(await page.getByTestId('magic-address').filter({ hasText: 'sim.test/' }).getAttribute('data-opens')).toBe('webhooks');
  });

  it('reads its whole placeholder at 1366 px', async () => {
    const input = page.getByTestId('handset-address');
    await input.fill('');
    // The placeholder's width in the field's own font, against the room the field gives it.
    const fits = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return { text: 0, room: 0 };
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(el.placeholder).width, room };
    });
    expect(await input.getAttribute('placeholder')).toBe('Phone, email or Instagram id');
    expect(fits.text).toBeLessThanOrEqual(fits.room);
  });

  it('shows an email as received: subject, the body rendered with nothing run, loaded or followed, and its links', async () => {
    await open(MAILBOX);
    const email = page.locator('[data-testid="handset-message"][data-channel="email"]');
    expect(await email.getByTestId('handset-subject').textContent()).toBe('Subject: Your order #77 has shipped');
    // From the sender's name and address, as a mail app shows them.
    expect(await email.getByTestId('handset-from').textContent()).toBe('Example Store <hello@example.com>');
    const frame = page.frameLocator('[data-testid="handset-email-body"]');
    await frame.getByRole('heading', { name: 'Your order #77 has shipped' }).waitFor();
    await frame.getByText('Hi Vera, it is on its way.').waitFor();
    expect(await email.getByTestId('handset-email-body').getAttribute('sandbox')).toBe('');
    expect(await frame.locator('script').count()).toBe(0);
    // Its images name nothing to fetch (the tracker's address is gone, not only refused by the frame's policy).
    expect(await frame.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('src')))).toEqual(expect.arrayContaining([null]));
    expect(await frame.locator('img[src], [srcset], [background]').count()).toBe(0);
    expect(await email.getByTestId('handset-links').textContent()).toBe('Track your parcel https://shop.example.com/track/#77');
    await screenshot(page, 'simulator-email');

    // A click on its link goes nowhere: the frame stays on the email, the console on its page, and no new page opens.
    const pages = page.context().pages().length;
    await frame.getByRole('link', { name: 'Track your parcel' }).click();
    await frame.getByText('Hi Vera, it is on its way.').waitFor();
    expect(page.context().pages().length).toBe(pages);
    expect(page.url()).toContain(server.url);
    // Nothing was fetched from the email: not its tracker, not its stylesheet, not the page its link names.
    expect(requested.filter((url) => /tracker\.invalid|shop\.example\.com/.test(url))).toEqual([]);
    expect(await frame.locator('body').textContent()).not.toContain('script ran');
  });

  it('shows a WhatsApp template with its header, footer and buttons', async () => {
    await open('+14155550101');
    const template = page.locator('[data-testid="handset-message"][data-channel="whatsapp"]').filter({ hasText: 'your order #1001 has shipped' });
    expect(await template.getByTestId('message-header').textContent()).toBe('Order #1001');
    expect(await template.getByTestId('message-footer').textContent()).toBe('Reply STOP to opt out');
    expect(await template.getByTestId('message-button').count()).toBe(2);
    expect(await template.getByTestId('button-to').textContent()).toBe('https://shop.example.com/track/1001');
  });

  it('writes a moment of the clock’s today as its time of day, and one of another day with its date', async () => {
    const at = page.getByTestId('handset-message').first().locator('time');
    expect(await at.getAttribute('data-dated')).toBe('false');
    expect(await at.textContent()).toMatch(TIME_OF_DAY);
    expect((await server.dashboard('POST', '/sim/clock/advance', { seconds: 24 * 3600 })).status).toBe(200);
    await page.getByTestId('handset-message').first().locator('time[data-dated="true"]').waitFor();
    expect(await at.textContent()).toMatch(DATE_TIME);
  });

  it('shows an RCS card with its image, title, text and suggestions', async () => {
    // The demo seed's order-update card, sent to Priya.
    await open('+919810007919');
    const card = page.locator('[data-testid="handset-message"][data-channel="rcs"]').filter({ hasText: 'Order #1002 is on its way' });
    expect(await card.getByTestId('message-header').textContent()).toBe('Order #1002 is on its way');
    expect(await card.getByTestId('preview-body').textContent()).toBe('Hi Priya, your parcel arrives tomorrow.');
    expect(await card.getByTestId('message-media').locator('.preview-media-link').textContent()).toBe('https://cdn.example.com/parcel.png');
    // Its suggestion chips, in order: a link (with where it goes) and a reply.
    const chips = card.getByRole('list', { name: 'Suggestions' }).getByTestId('message-button');
    expect(await chips.evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))).toEqual(['url', 'reply']);
    expect(await chips.nth(0).textContent()).toContain('Track');
    expect(await chips.nth(0).getByTestId('button-to').textContent()).toBe('https://shop.example.com/track');
    expect(await chips.nth(1).textContent()).toContain('Thanks!');
    await screenshot(page, 'simulator-rcs-card');
  });

  it('a sender the core refuses is said under the From field, in the form’s words', async () => {
    await page.getByTestId('inbound-channel').selectOption('sms');
    await page.getByTestId('inbound-from').fill('12345');
    await page.getByTestId('inbound-text').fill('Hello?');
    await page.getByTestId('inbound-send').click();
    const problem = page.getByTestId('inbound-from-problem');
    await problem.filter({ hasText: /^From must be a phone number in international format/ }).waitFor();
    expect(await page.getByTestId('inbound-from').getAttribute('aria-describedby')).toBe('inbound-from-problem');
    await expectNamedAndDescribed(page.getByTestId('inbound-from'), 'From (phone number)', problem);
    expect(await problem.locator('xpath=ancestor::form').getByTestId('error-state').count()).toBe(0);
    await page.getByTestId('inbound-from').fill('+14155550199');
    await page.getByTestId('inbound-send').click();
    await page.getByTestId('inbound-sent').waitFor();
    expect(await problem.count()).toBe(0);
  });

  it('a number of seconds the core refuses is said under the clock’s field, not in a block', async () => {
    const field = page.getByLabel('Seconds to advance');
    const card = field.locator('xpath=ancestor::section[1]');
    // Over a year: the field takes it, the core refuses it.
    await field.fill(String(400 * 24 * 3600));
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    const problem = page.getByTestId('advance-seconds-problem');
    await problem.filter({ hasText: /^Seconds must be at most/ }).waitFor();
    expect(await problem.getAttribute('role')).toBe('alert');
    expect([await field.getAttribute('aria-invalid'), await field.getAttribute('aria-describedby')]).toEqual(['true', 'advance-seconds-problem']);
    await expectNamedAndDescribed(field, 'Seconds to advance', problem);
    expect(await card.getByTestId('error-state').count()).toBe(0);
    expect(await card.textContent()).not.toContain('Check the form');
    await field.fill('1');
    await page.getByRole('button', { name: 'Advance', exact: true }).click();
    await problem.waitFor({ state: 'detached' });
    expect(await field.getAttribute('aria-invalid')).toBeNull();
  });

  it("is a two-sided thread: what the phone received on the left, what its customer wrote in on the right, in time order", async () => {
    // Alice, as the demo left her: the shipped SMS, the order update on WhatsApp, then her own reply.
    await page.getByTestId('inbound-channel').selectOption('sms');
    await page.getByTestId('inbound-from').fill('+1 415 555 0101');
    await page.getByTestId('inbound-text').fill('Is Friday certain?');
    await page.getByTestId('inbound-send').click();
    await page.getByTestId('inbound-sent').waitFor();
    await open('+14155550101');
    const thread = page.getByTestId('handset-messages');
    const sent = thread.getByTestId('handset-sent');
    await sent.filter({ hasText: 'Is Friday certain?' }).waitFor();
    expect(await sent.evaluateAll((items) => items.map((item) => [item.getAttribute('data-channel'), item.querySelector('p')?.textContent]))).toEqual([
      ['whatsapp', 'Great, thank you! Can I change the delivery address?'], ['sms', 'Is Friday certain?'],
    ]);
    // In time order, both sides together: the shipped SMS and the order update come before her reply; her new SMS is last.
    const order = await thread.locator(':scope > li').evaluateAll((items) => items.map((item) => `${item.getAttribute('data-testid')}:${item.textContent ?? ''}`));
    const at = (side: string, text: string) => order.findIndex((item) => item.startsWith(`${side}:`) && item.includes(text));
    expect(at('handset-message', 'your order #1001 has shipped. Track')).toBeGreaterThanOrEqual(0);
    expect(at('handset-message', 'your order #1001 has shipped. Track')).toBeLessThan(at('handset-message', 'should arrive by Friday'));
    expect(at('handset-message', 'should arrive by Friday')).toBeLessThan(at('handset-sent', 'Can I change the delivery address?'));
    expect(at('handset-sent', 'Is Friday certain?')).toBe(order.length - 1);
    expect(await sent.first().textContent()).toContain('You sent');
    // Her side on the right, the business's on the left.
    const box = await thread.boundingBox();
    const mine = await sent.last().boundingBox();
    const theirs = await thread.getByTestId('handset-message').first().boundingBox();
    if (!box || !mine || !theirs) throw new Error('the thread is not laid out');
    expect(Math.abs(mine.x + mine.width - (box.x + box.width))).toBeLessThan(24);
    expect(Math.abs(theirs.x - box.x)).toBeLessThan(24);
    expect(mine.x).toBeGreaterThan(theirs.x + 24);
    await screenshot(page, 'simulator-thread');

    // Written in elsewhere (the API, another tab), it joins the open thread live.
    expect((await server.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550101', text: 'Never mind, Friday works.' })).status).toBe(201);
    await sent.filter({ hasText: 'Never mind, Friday works.' }).waitFor();
    expect(await thread.locator(':scope > li').last().getAttribute('data-testid')).toBe('handset-sent');
  });

  it('opens at the newest message and follows new ones, unless the reader scrolled up', async () => {
    // A history longer than the viewer's height, written in by the customer.
    const LONG = '+14155550133';
    const inbound = async (text: string) => {
      expect((await server.dashboard('POST', '/sim/inbound', { channel: 'sms', from: LONG, text })).status).toBe(201);
    };
    for (let n = 1; n <= 15; n++) await inbound(`Line ${n}`);
    await open(LONG);
    const thread = page.locator(`[data-testid="handset-messages"][aria-label="Messages to and from ${LONG}"]`);
    await thread.getByTestId('handset-sent').filter({ hasText: 'Line 15' }).waitFor();
    /** Whether the item is shown in full inside the list's box. */
    const inView = (text: string) => thread.getByTestId('handset-sent').filter({ hasText: new RegExp(`^.*${text}$`) }).evaluate((item) => {
      const [box, view] = [item.getBoundingClientRect(), (item.parentElement as HTMLElement).getBoundingClientRect()];
      return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
    });
    const opened = await settledScroll(thread);
    expect(opened.scrolls).toBe(true);
    expect(Math.abs(opened.fromEnd)).toBeLessThanOrEqual(2);
    expect(await inView('Line 15')).toBe(true);
    expect(await inView('Line 1')).toBe(false);

    // A new one comes in at the end and is shown.
    await inbound('Line 16');
    await thread.getByTestId('handset-sent').filter({ hasText: 'Line 16' }).waitFor();
    expect(Math.abs((await settledScroll(thread)).fromEnd)).toBeLessThanOrEqual(2);
    expect(await inView('Line 16')).toBe(true);

    // Scrolled up with the wheel, as a reader does, the view stays where they read when another comes.
    await thread.hover();
    await page.mouse.wheel(0, -5000);
    await page.waitForFunction((label) => {
      const el = document.querySelector(`[data-testid="handset-messages"][aria-label="${label}"]`);
      return el !== null && el.scrollTop === 0;
    }, `Messages to and from ${LONG}`);
    await inbound('Line 17');
    await thread.getByTestId('handset-sent').filter({ hasText: 'Line 17' }).waitFor();
    expect((await settledScroll(thread)).top).toBe(0);
    expect(await inView('Line 1')).toBe(true);
    expect(await inView('Line 17')).toBe(false);

    // Opened again (another handset, then this one), it starts at its newest once more.
    await open('+14155550101');
    await open(LONG);
    expect(Math.abs((await settledScroll(thread)).fromEnd)).toBeLessThanOrEqual(2);
    expect(await inView('Line 17')).toBe(true);
  });
});
