// The SMS and RCS fixtures of the campaign tests: the sender ACMEIN with its promotional DLT template "Sale", and the
// RCS bot "Acme" with its rich card "Weekend". Both wait for review: the caller advances the clock a minute.
import type { TestServer } from './test-server.ts';

/** The sender id ACMEIN and its DLT template `Big sale: {#var#} off today - ACME`. */
export async function addSmsSale(t: TestServer): Promise<void> {
  await t.dashboard('POST', '/dashboard/sms/senders', { senderId: 'ACMEIN', entityId: '1201160000000000001' });
  await t.dashboard('POST', '/dashboard/sms/templates', { name: 'Sale', dltTemplateId: '1207160000000000001', body: 'Big sale: {#var#} off today - ACME', route: 'promotional' });
}

/** The bot "Acme" and its rich card "Weekend" saying `text`, with a Shop reply. */
export async function addRcsWeekend(t: TestServer, text: string): Promise<{ botId: string; templateId: string }> {
  const botId = (await t.dashboard('POST', '/dashboard/rcs/bots', { name: 'Acme' })).body.id as string;
  const templateId = (await t.dashboard('POST', '/dashboard/rcs/templates', {
    botId, name: 'Weekend', type: 'rich_card', title: 'Weekend sale', text, suggestions: [{ type: 'reply', text: 'Shop' }],
  })).body.id as string;
  return { botId, templateId };
}
