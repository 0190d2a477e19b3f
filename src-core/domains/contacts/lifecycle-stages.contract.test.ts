// Lifecycle stages over real HTTP: the default stages every organization gets, the console's create, rename, reorder and
// delete (409 while contacts are in a stage), a contact's stage (404s, no event when unchanged), the record carrying
// it (`GET /v1/contacts`, which filters by it, and events), and `contact.lifecycle_changed` delivered to a subscribed webhook endpoint.
import { describe, expect, it } from 'vitest';
import type { Received } from '../../testing/webhook-receiver.ts';
import { webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
const dashboard = (method: string, path: string, body?: unknown) => suite.server().dashboard(method, path, body);

type Stage = { id: string; name: string; position: number; contacts: number };
const stages = async (organizationId?: string): Promise<Stage[]> =>
  (await dashboard('GET', `/dashboard/lifecycle-stages${organizationId ? `?organizationId=${organizationId}` : ''}`)).body.data as Stage[];
const stageNamed = async (name: string): Promise<Stage> => (await stages()).find((s) => s.name === name) as Stage;
const contact = async (name: string): Promise<{ id: string }> => (await dashboard('POST', '/dashboard/contacts', { name })).body as { id: string };
const setStage = (contactId: string, stageId: string | null, organizationId?: string) =>
  dashboard('PUT', `/dashboard/contacts/${contactId}/lifecycle-stage`, { stageId, ...(organizationId ? { organizationId } : {}) });

describe('lifecycle stages', () => {
  it('every organization starts with Subscriber, Lead, Qualified, Customer, Churned, in that order, empty', async () => {
    const defaults = ['Subscriber', 'Lead', 'Qualified', 'Customer', 'Churned'];
    expect((await stages()).map((s) => [s.name, s.position, s.contacts])).toEqual(defaults.map((name, i) => [name, i + 1, 0]));
    const org = (await dashboard('POST', '/dashboard/organizations', { name: 'Stages Fresh' })).body.id as string;
    const theirs = await stages(org);
    expect(theirs.map((s) => s.name)).toEqual(defaults);
    expect(theirs.map((s) => s.id).every((id) => /^stage_/.test(id))).toBe(true);
    expect(new Set([...theirs, ...await stages()].map((s) => s.id)).size).toBe(10);
  });

  it('are created at the end, renamed, reordered and deleted; names are unique, case aside', async () => {
    const made = await dashboard('POST', '/dashboard/lifecycle-stages', { name: '  Evangelist ' });
    expect([made.status, made.body.name, made.body.position]).toEqual([201, 'Evangelist', 6]);
    expect((await dashboard('POST', '/dashboard/lifecycle-stages', { name: 'lead' })).body)
      .toMatchObject({ statusCode: 409, message: 'A lifecycle stage named lead already exists' });
    expect((await dashboard('POST', '/dashboard/lifecycle-stages', { name: ' ' })).status).toBe(400);
    const renamed = await dashboard('PATCH', `/dashboard/lifecycle-stages/${made.body.id}`, { name: 'Advocate' });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Advocate']);
    expect((await dashboard('PATCH', `/dashboard/lifecycle-stages/${made.body.id}`, { name: 'Churned' })).status).toBe(409);
    const ids = (await stages()).map((s) => s.id);
    const reversed = await dashboard('PUT', '/dashboard/lifecycle-stages/order', { stageIds: [...ids].reverse() });
    expect(reversed.body.data.map((s: Stage) => s.name)).toEqual(['Advocate', 'Churned', 'Customer', 'Qualified', 'Lead', 'Subscriber']);
    expect((await dashboard('PUT', '/dashboard/lifecycle-stages/order', { stageIds: ids.slice(1) })).status).toBe(400);
    expect((await dashboard('PUT', '/dashboard/lifecycle-stages/order', { stageIds: [...ids.slice(1), ids[1]] })).status).toBe(400);
    expect((await dashboard('PUT', '/dashboard/lifecycle-stages/order', { stageIds: [...ids.slice(1), 'stage_nope'] })).status).toBe(404);
    expect((await dashboard('PUT', '/dashboard/lifecycle-stages/order', { stageIds: ids })).status).toBe(200);
    expect((await dashboard('DELETE', `/dashboard/lifecycle-stages/${made.body.id}`)).body).toEqual({ success: true, id: made.body.id });
    expect((await stages()).map((s) => s.name)).toEqual(['Subscriber', 'Lead', 'Qualified', 'Customer', 'Churned']);
    expect((await dashboard('DELETE', `/dashboard/lifecycle-stages/${made.body.id}`)).status).toBe(404);
  });

  it('a contact\'s stage is set and cleared, listed by /v1/contacts, and a stage with contacts is not deleted (409 saying how many)', async () => {
    const lead = await stageNamed('Lead');
    const [ana, ben] = [await contact('Stage Ana'), await contact('Stage Ben')];
    for (const c of [ana, ben]) expect((await setStage(c.id, lead.id)).body).toMatchObject({ id: c.id, lifecycleStageId: lead.id, optedOutOn: null });
    const listed = (await api('GET', '/v1/contacts?search=Stage')).body.data as Array<{ id: string; lifecycleStageId: string | null }>;
    expect(listed.map((c) => [c.id, c.lifecycleStageId]).sort()).toEqual([[ana.id, lead.id], [ben.id, lead.id]].sort());
    expect((await stageNamed('Lead')).contacts).toBe(2);
    // The list filtered by stage, alone and with a search; another id lists none.
    const inStage = async (query: string) => ((await api('GET', `/v1/contacts?${query}`)).body as { data: Array<{ id: string }>; meta: { total: number } });
    const leads = await inStage(`lifecycleStageId=${lead.id}`);
    expect([leads.data.map((c) => c.id).sort(), leads.meta.total]).toEqual([[ana.id, ben.id].sort(), 2]);
    expect((await inStage(`lifecycleStageId=${lead.id}&search=Ana`)).data.map((c) => c.id)).toEqual([ana.id]);
    expect((await inStage(`lifecycleStageId=${(await stageNamed('Customer')).id}&search=Ana`)).meta.total).toBe(0);
    expect((await inStage('lifecycleStageId=stage_none')).meta.total).toBe(0);
    const refused = await dashboard('DELETE', `/dashboard/lifecycle-stages/${lead.id}`);
    expect([refused.status, refused.body.message, refused.body.contacts])
      .toEqual([409, 'Lifecycle stage Lead cannot be deleted: 2 contacts are in it; move them to another stage first', 2]);
    expect((await setStage(ana.id, null)).body.lifecycleStageId).toBeNull();
    expect((await dashboard('GET', `/dashboard/contacts/${ana.id}`)).body.lifecycleStageId).toBeNull();
    expect((await stageNamed('Lead')).contacts).toBe(1);
    await setStage(ben.id, null);
  });

  it('404s for an unknown stage or contact, or another organization\'s, and 400 for a body without stageId', async () => {
    const c = await contact('Stage Cy');
    const org = (await dashboard('POST', '/dashboard/organizations', { name: 'Stages Other' })).body.id as string;
    const [theirs] = await stages(org);
    expect((await setStage(c.id, 'stage_unknown')).body).toMatchObject({ statusCode: 404, message: 'Lifecycle stage stage_unknown not found' });
    expect((await setStage(c.id, theirs?.id as string)).status).toBe(404);
    expect((await setStage('cnt_unknown', (await stageNamed('Lead')).id)).status).toBe(404);
    expect((await setStage(c.id, theirs?.id as string, org)).status).toBe(404);
    expect((await dashboard('PUT', `/dashboard/contacts/${c.id}/lifecycle-stage`, {})).status).toBe(400);
    expect((await dashboard('PATCH', `/dashboard/lifecycle-stages/${theirs?.id}`, { name: 'Mine' })).status).toBe(404);
    expect((await dashboard('DELETE', `/dashboard/lifecycle-stages/${theirs?.id}`)).status).toBe(404);
    expect((await dashboard('GET', `/dashboard/contacts/${c.id}`)).body.lifecycleStageId).toBeNull();
  });

  it('a change is delivered as contact.lifecycle_changed (and contact.updated) to a subscribed endpoint; no change, no event', async () => {
    const r = await receiver();
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: ['contact.lifecycle_changed', 'contact.updated'] })).status).toBe(201);
    const [lead, customer] = [await stageNamed('Lead'), await stageNamed('Customer')];
    const dee = await contact('Stage Dee');
    await setStage(dee.id, lead.id);
    await suite.server().advance(60);
    const moved = await setStage(dee.id, customer.id);
    await setStage(dee.id, customer.id);
    await settle();
    const events = r.received.map((x: Received) => JSON.parse(x.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => JSON.stringify(e.data).includes(dee.id));
    expect(events.map((e) => e.type)).toEqual(['contact.updated', 'contact.lifecycle_changed', 'contact.updated', 'contact.lifecycle_changed']);
    expect(events[2]?.data.changedFields).toEqual(['lifecycleStageId']);
    expect(events[3]?.data).toEqual({
      contact: { ...moved.body, optedOutOn: undefined }, previousStageId: lead.id, previousStageName: 'Lead',
      stageId: customer.id, stageName: 'Customer', changedAt: moved.body.updatedAt,
    });
    expect(events[1]?.data).toMatchObject({ previousStageId: null, previousStageName: null, stageId: lead.id, stageName: 'Lead' });
    const catalogued = (await api('GET', '/v1/webhooks/events')).body.data as Array<{ type: string; emitted: boolean }>;
    expect(catalogued.find((e) => e.type === 'contact.lifecycle_changed')?.emitted).toBe(true);
  });
});
