// The contacts list filtered by tag over real HTTP (`GET /v1/contacts?tag=`, and the console's `/dashboard/contacts`): any of
// the tags named, case aside, alone or with the search, the lifecycle stage and paging; exactly a campaign segment's people
// with those tags; a tag nobody carries lists none; a blank, too long or over-many tag is a 400 naming `tag`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
let org: string;
let leadId: string;
const ids: Record<string, string> = {};

type Listed = { status: number; body: { data: Array<{ id: string; name: string }>; meta: { total: number; page: number; totalPages: number }; message?: string } };
const list = async (query: string): Promise<Listed> => (await t.request('GET', `/v1/contacts?${query}`, { token: key })) as Listed;
const names = (res: Listed) => res.body.data.map((c) => c.name);

beforeAll(async () => {
  t = await createTestServer();
  // An organization of its own: its contacts are only these, so totals and the segment are exactly theirs.
  org = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Tag Filter' })).body.id as string;
  key = (await t.createKey({ organizationId: org, rateLimitPerMinute: 10_000 })).key;
  const people = [
    { name: 'Tia One', phone: '+919810070001', tags: ['vip', 'newsletter'] },
    { name: 'Tom Two', phone: '+919810070002', tags: ['VIP'] },
    { name: 'Tara Three', phone: '+919810070003', tags: ['Newsletter'] },
    { name: 'Tess Four', phone: '+919810070004', tags: [] },
    { name: 'Ted Five', phone: '+919810070005', tags: ['vip', 'wholesale'] },
  ];
  for (const person of people) {
    const made = await t.dashboard('POST', '/dashboard/contacts', { ...person, organizationId: org });
    expect(made.status).toBe(201);
    ids[person.name] = made.body.id as string;
  }
  const stages = (await t.dashboard('GET', `/dashboard/lifecycle-stages?organizationId=${org}`)).body.data as Array<{ id: string; name: string }>;
  leadId = (stages.find((s) => s.name === 'Lead') as { id: string }).id;
  expect((await t.dashboard('PUT', `/dashboard/contacts/${ids['Tia One']}/lifecycle-stage`, { stageId: leadId, organizationId: org })).status).toBe(200);
  expect((await t.dashboard('POST', `/dashboard/contacts/${ids['Ted Five']}/block`, { reason: 'chargeback', organizationId: org })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('GET /contacts?tag=', () => {
  it('lists the contacts with the tag, case aside, newest first, with their total', async () => {
    const vip = await list('tag=vip');
    expect([vip.status, names(vip), vip.body.meta.total]).toEqual([200, ['Ted Five', 'Tom Two', 'Tia One'], 3]);
    expect(names(await list('tag=VIP'))).toEqual(['Ted Five', 'Tom Two', 'Tia One']);
    expect(names(await list('tag=%20%20Newsletter%20'))).toEqual(['Tara Three', 'Tia One']);
    // The console's list is the same route.
    const console = await t.dashboard('GET', `/dashboard/contacts?organizationId=${org}&tag=wholesale`);
    expect([console.status, console.body.data.map((c: { name: string }) => c.name)]).toEqual([200, ['Ted Five']]);
  });

  it('several tags list the contacts with any of them, repeated or separated by commas', async () => {
    const any = ['Ted Five', 'Tara Three', 'Tom Two', 'Tia One'];
    expect(names(await list('tag=vip&tag=newsletter'))).toEqual(any);
    expect(names(await list('tag=vip,newsletter'))).toEqual(any);
    expect((await list('tag=vip&tag=VIP')).body.meta.total).toBe(3);
  });

  it('combines with the search, the lifecycle stage and paging', async () => {
    expect(names(await list('tag=vip&search=Tom'))).toEqual(['Tom Two']);
    expect((await list('tag=newsletter&search=Tom')).body.meta.total).toBe(0);
    expect(names(await list(`tag=newsletter&lifecycleStageId=${leadId}`))).toEqual(['Tia One']);
    expect(names(await list(`tag=vip&lifecycleStageId=${leadId}&search=Tia`))).toEqual(['Tia One']);
    expect((await list(`tag=wholesale&lifecycleStageId=${leadId}`)).body.meta.total).toBe(0);
    const second = await list('tag=vip&tag=newsletter&limit=2&page=2');
    expect([names(second), second.body.meta]).toEqual([['Tom Two', 'Tia One'], expect.objectContaining({ total: 4, page: 2, totalPages: 2 })]);
  });

  it('lists exactly the people a campaign segment with those tags reaches (blocked ones included, as the launch charges them)', async () => {
    const preview = await t.dashboard('POST', '/dashboard/campaigns/audience-preview', {
      channel: 'sms', audienceType: 'segment', audienceCriteria: { tags: ['VIP', 'newsletter'] }, organizationId: org,
    });
    expect(preview.status).toBe(200);
    const listed = await list('tag=VIP&tag=newsletter');
    expect(preview.body.recipients).toBe(listed.body.meta.total);
    expect(preview.body.blocked.recipients.map((r: { contactId: string }) => r.contactId)).toEqual([ids['Ted Five']]);
    expect(listed.body.data.map((c) => c.id)).toContain(ids['Ted Five']);
  });

  it('a tag nobody carries lists none, not an error', async () => {
    const none = await list('tag=platinum');
    expect([none.status, none.body.data, none.body.meta.total]).toEqual([200, [], 0]);
  });

  it('refuses a blank tag, one over 50 characters, or more than 20, in the error envelope naming tag', async () => {
    const blank = await list('tag=%20%20');
    expect([blank.status, blank.body.message]).toEqual([400, 'Invalid query: tag: must not be empty or blank: name a tag (tag=vip), or several (tag=vip&tag=newsletter)']);
    expect((await list('tag=vip&tag=%20')).body.message).toBe('Invalid query: tag.1: must not be empty or blank: name a tag (tag=vip), or several (tag=vip&tag=newsletter)');
    expect((await list('tag=vip,,newsletter')).status).toBe(400);
    const long = await list(`tag=${'x'.repeat(51)}`);
    expect([long.status, long.body.message]).toEqual([400, 'Invalid query: tag: must be at most 50 characters (a tag is never longer)']);
    expect((await list(`tag=${'x'.repeat(50)}`)).status).toBe(200);
    const many = await list(Array.from({ length: 21 }, (_, i) => `tag=t${i}`).join('&'));
    expect([many.status, many.body.message]).toEqual([400, 'Invalid query: tag: names 21 tags (each repeated parameter and each between commas counts): at most 20']);
    expect((await t.dashboard('GET', `/dashboard/contacts?organizationId=${org}&tag=%20`)).status).toBe(400);
  });
});
