// The Channels page's SMS tab: a DLT template rejected on review is corrected and submitted again under its DLT id
// (the form filled with it, the id fixed), pending and then approved; Cancel goes back to a new registration. A
// rejected sender id likewise, its entity id corrected: pending, then approved.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleForFile } from '../fixtures/console.ts';
import type { E2eServer } from '../fixtures/server.ts';

let server: E2eServer;
let page: Page;

consoleForFile({}, (opened) => {
  ({ server, page } = opened);
});

const DLT_ID = '1207160000000000042';
const statusOf = (name: string, status: string) =>
  page.getByTestId('sms-template-row').filter({ hasText: name }).locator(`[data-testid="review-status"][data-status="${status}"]`).waitFor();
const advance = async (seconds: number) => expect((await server.dashboard('POST', '/sim/clock/advance', { seconds })).status).toBe(200);

describe('channels: a rejected DLT template', () => {
  it('is corrected and submitted again under its DLT id, then approved', async () => {
    const made = await server.dashboard('POST', '/dashboard/sms/templates', {
      name: 'REJ pickup', dltTemplateId: DLT_ID, body: 'Order {#var#} is ready for pickup - Example Store', route: 'promotional',
    });
    expect(made.status).toBe(201);
    await advance(61);
    await page.getByTestId('nav-channels').click();
    await page.getByTestId('channels-tab-sms').click();
    await statusOf('REJ pickup', 'REJECTED');

    await page.getByRole('button', { name: 'Resubmit REJ pickup' }).click();
    const form = page.getByTestId('sms-template-form');
    await form.getByRole('heading', { name: 'Resubmit “REJ pickup”' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sms-template-name');
    expect([await form.getByTestId('sms-template-dlt').inputValue(), await form.getByTestId('sms-template-dlt').getAttribute('readonly')]).toEqual([DLT_ID, '']);
    expect(await form.getByRole('combobox', { name: 'Route' }).inputValue()).toBe('promotional');
    expect(await form.getByTestId('sms-template-body').inputValue()).toBe('Order {#var#} is ready for pickup - Example Store');

    await form.getByTestId('sms-template-name').fill('Pickup');
    await form.getByTestId('sms-template-submit').click();
    await form.getByRole('heading', { name: 'Register a DLT template' }).waitFor();
    await statusOf('Pickup', 'PENDING');
    await advance(61);
    await statusOf('Pickup', 'APPROVED');
    expect(await page.getByTestId('sms-template-row').filter({ hasText: DLT_ID }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Resubmit Pickup' }).count()).toBe(0);
  });

  it('Cancel leaves it rejected and the form registers a new template again', async () => {
    await server.dashboard('POST', '/dashboard/sms/templates', { name: 'REJ later', dltTemplateId: '1207160000000000043', body: 'Later {#var#}' });
    await advance(61);
    await statusOf('REJ later', 'REJECTED');
    await page.getByRole('button', { name: 'Resubmit REJ later' }).click();
    const form = page.getByTestId('sms-template-form');
    await form.getByTestId('sms-template-cancel').click();
    await form.getByRole('heading', { name: 'Register a DLT template' }).waitFor();
    expect([await form.getByTestId('sms-template-dlt').inputValue(), await form.getByTestId('sms-template-dlt').getAttribute('readonly')]).toEqual(['', null]);
    await statusOf('REJ later', 'REJECTED');
  });
});

const senderStatus = (senderId: string, status: string) =>
  page.getByTestId('sms-sender-row').filter({ hasText: senderId }).locator(`[data-testid="review-status"][data-status="${status}"]`).waitFor();

describe('channels: a rejected sender id', () => {
  it('is submitted again with its entity id corrected, pending, then approved', async () => {
    expect((await server.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJHDR', entityId: '1201160000000000010' })).status).toBe(201);
    await advance(61);
    await page.getByTestId('nav-channels').click();
    await page.getByTestId('channels-tab-sms').click();
    await senderStatus('REJHDR', 'REJECTED');

    await page.getByRole('button', { name: 'Resubmit REJHDR' }).click();
    const senders = page.getByTestId('sms-senders');
    await senders.getByTestId('sms-sender-resubmitting').filter({ hasText: 'Resubmit REJHDR' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('sms-entity-id');
    expect([await senders.getByTestId('sms-sender-id').inputValue(), await senders.getByTestId('sms-sender-id').getAttribute('readonly')]).toEqual(['REJHDR', '']);
    expect(await senders.getByTestId('sms-entity-id').inputValue()).toBe('1201160000000000010');

    await senders.getByTestId('sms-entity-id').fill('1201160000000000011');
    await senders.getByRole('button', { name: 'Submit again' }).click();
    await senders.getByRole('button', { name: 'Register' }).waitFor();
    expect(await senders.getByTestId('sms-sender-resubmitting').count()).toBe(0);
    const row = page.getByTestId('sms-sender-row').filter({ hasText: 'REJHDR' });
    await senderStatus('REJHDR', 'PENDING');
    expect(await row.textContent()).toContain('entity 1201160000000000011');
    expect(await page.getByTestId('sms-sender-row').filter({ hasText: 'REJHDR' }).count()).toBe(1);
    await advance(61);
    await senderStatus('REJHDR', 'APPROVED');
  });

  it('Cancel leaves it rejected and the form registers a new sender id again', async () => {
    await server.dashboard('POST', '/dashboard/sms/senders', { senderId: 'REJLTR', entityId: '1201160000000000012' });
    await advance(61);
    await senderStatus('REJLTR', 'REJECTED');
    await page.getByRole('button', { name: 'Resubmit REJLTR' }).click();
    const senders = page.getByTestId('sms-senders');
    await senders.getByTestId('sms-sender-cancel').click();
    await senders.getByRole('button', { name: 'Register' }).waitFor();
    expect([await senders.getByTestId('sms-sender-id').inputValue(), await senders.getByTestId('sms-sender-id').getAttribute('readonly')]).toEqual(['', null]);
    await senderStatus('REJLTR', 'REJECTED');
  });
});
