// The Instagram demo fixtures: a connected account and conversations a support person can answer at once, and one
// answered and snoozed until the restock it waits for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SNOOZE_MS, seedInstagramDemo } from '../../sim/demo/instagram.ts';
import { createDemoStory } from '../../sim/demo/story.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey()).key;
  const { instagram, messaging } = t.server.services;
  await seedInstagramDemo({ orgId: t.organizationId, instagram, messaging, clock: t.server.clock }, createDemoStory(null));
});
afterAll(async () => {
  await t.close();
});

describe('seedInstagramDemo', () => {
  it('connects an account with a realistic profile', async () => {
    const profile = await t.request('GET', '/v1/instagram/profile', { token: key });
    expect(profile.body).toMatchObject({ id: '17841400123456789', username: 'examplestore', followersCount: 12_480, website: 'https://shop.example.com' });
  });

  it('leaves conversations with known handles, replies and unread messages', async () => {
    const list = await t.request('GET', '/v1/instagram/conversations', { token: key });
    expect(list.body.meta.total).toBe(5); // Sara's, snoozed, is listed as any other (the contract has no state)
    const leo = list.body.data.find((c: { senderUsername: string }) => c.senderUsername === 'leo_travels');
    expect(leo).toMatchObject({ senderName: 'Leo Martins', unreadCount: 2, lastMessage: 'Can someone help please?' });
    const jonas = (await t.dashboard('GET', '/dashboard/instagram/conversations/7109923456781234/messages')).body;
    expect(jonas.messages.map((m: { direction: string }) => m.direction)).toEqual(['inbound', 'outbound']);
    expect((await t.request('POST', '/v1/instagram/messages', { token: key, body: { recipientIgsid: '6690012384756120', message: 'Looking into it now!' } })).status).toBe(200);
  });

  it('snoozes Sara\'s answered conversation, read, until two days on, on the hour: under Snoozed, not in Open', async () => {
    const snoozed = (await t.dashboard('GET', '/dashboard/conversations?channel=instagram&state=snoozed')).body.data as Array<{ customerName: string; unreadCount: number; snoozedUntil: string; lastMessage: string }>;
    expect(snoozed.map((c) => [c.customerName, c.unreadCount])).toEqual([['Sara Lindqvist', 0]]);
    expect(snoozed[0]?.lastMessage).toMatch(/^Hi Sara! They’re due back in two days/);
    const until = Date.parse(snoozed[0]?.snoozedUntil as string);
    expect(until % 3_600_000).toBe(0);
    expect(until - t.server.clock.now()).toBeGreaterThan(DEMO_SNOOZE_MS - 3_600_000);
    expect(until - t.server.clock.now()).toBeLessThanOrEqual(DEMO_SNOOZE_MS + 3_600_000);
    const open = (await t.dashboard('GET', '/dashboard/conversations?channel=instagram&state=open')).body.data as Array<{ customerName: string }>;
    expect(open.map((c) => c.customerName)).not.toContain('Sara Lindqvist');
  });

  it('makes each customer a contact by their name and handle, not their IGSID, and the inbox carries the handle', async () => {
    const contacts = (await t.request('GET', '/v1/contacts', { token: key })).body.data as Array<{ name: string; username: string; source: string }>;
    expect(contacts.filter((c) => c.source === 'instagram').map((c) => `${c.name} @${c.username}`).sort()).toEqual([
      'Jonas Weber @the_urban_runner', 'Leo Martins @leo_travels', 'Maya Fernandes @maya.designs', 'Priya Menon @priya.bakes', 'Sara Lindqvist @sara.pottery',
    ]);
    const rows = (await t.dashboard('GET', '/dashboard/conversations?channel=instagram&state=open')).body.data as Array<{ customerName: string; customerUsername: string }>;
    expect(rows.map((c) => `${c.customerName} @${c.customerUsername}`)).toEqual(['Leo Martins @leo_travels', 'Priya Menon @priya.bakes']);
  });
});
