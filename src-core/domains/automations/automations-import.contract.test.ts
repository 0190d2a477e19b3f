// Automations on contact.created and the console's CSV import, over real HTTP: a trigger's source `import` runs for
// imported contacts only, `manual` never does, and a trigger without a source runs for every contact an import creates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

/** Lets the events committed so far set their executions off. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await t.server.bus.flush();
    await t.server.jobs.runDue();
  }
}

describe('contact.created and the CSV import', () => {
  it("takes source import: runs for imported contacts only; source manual never runs for them; no source runs for each", async () => {
    const organizationId = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Imports' })).body.id as string;
    const key = (await t.createKey({ organizationId, rateLimitPerMinute: 10_000 })).key;
    const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
    const automation = async (name: string, config: Record<string, unknown>): Promise<string> => {
      const created = await api('POST', '/v1/automations', { name, trigger: { type: 'contact.created', config }, steps: [] });
      expect(created.status).toBe(201);
      expect((await api('POST', `/v1/automations/${created.body.id}/activate`)).status).toBe(200);
      return created.body.id as string;
    };
    const runs = async (id: string) => ((await api('GET', `/v1/automations/${id}/executions?limit=100`)).body.data as Array<{ trigger: { contactId: string; channel: string } }>);

    const catalog = (await api('GET', '/v1/automations/node-catalog')).body as { triggers: Array<{ type: string; config: Array<{ name: string; options?: string[] }> }> };
    expect(catalog.triggers.find((entry) => entry.type === 'contact.created')?.config[0]?.options).toContain('import');
    const imported = await automation('Imported only', { source: 'import' });
    const manual = await automation('Dashboard only', { source: 'manual' });
    const every = await automation('Every new contact', {});

    const res = await t.dashboard('POST', '/dashboard/contacts/import', { organizationId, rows: [{ phone: '+14155550161' }, { email: 'two@example.com' }] });
    expect(res.body).toMatchObject({ created: 2, skipped: [] });
    const byHand = (await t.dashboard('POST', '/dashboard/contacts', { organizationId, name: 'By hand', phone: '+14155550162' })).body.id as string;
    await settle();

    const contacts = (await api('GET', '/v1/contacts?limit=100')).body.data as Array<{ id: string; source: string }>;
    const importedIds = contacts.filter((c) => c.source === 'import').map((c) => c.id).sort();
    expect(importedIds).toHaveLength(2);
    expect((await runs(imported)).map((run) => run.trigger.contactId).sort()).toEqual(importedIds);
    expect((await runs(imported)).every((run) => run.trigger.channel === 'import')).toBe(true);
    expect((await runs(manual)).map((run) => run.trigger.contactId)).toEqual([byHand]);
    expect((await runs(every)).map((run) => run.trigger.contactId).sort()).toEqual([...importedIds, byHand].sort());

    // A contact an import only updates (a tag added) is not created: nothing runs again.
    await t.dashboard('POST', '/dashboard/contacts/import', { organizationId, rows: [{ phone: '+14155550161', tags: ['again'] }] });
    await settle();
    expect(await runs(imported)).toHaveLength(2);
    expect(await runs(every)).toHaveLength(3);
  });
});
