// Renaming an organization (console): the name the simulated world shows as the sender of what has no sender of
// its own (every WhatsApp message), kept across a restart; what was sent before keeps the name it had.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../kernel/clock.ts';
import { openDb } from '../kernel/db.ts';
import { createOrgs } from '../kernel/orgs.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'switchboard-orgs-'));
const dataFile = join(dir, 'orgs.db');
let t: TestServer;
let orgId: string;

const template = { name: 'hello_name', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}' }] };
const sendTo = (token: string, phone: string) => t.request('POST', '/v1/whatsapp/send-template', {
  token, body: { to: phone, templateName: 'hello_name', languageCode: 'en', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Alice' }] }] },
});

beforeAll(async () => {
  t = await createTestServer({ dataFile });
  orgId = (await t.dashboard('POST', '/dashboard/organizations', { name: 'Acme Retail' })).body.id as string;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PATCH /dashboard/organizations/{id}', () => {
  it('renames: the answer, the list, and the sender later sends show; earlier messages keep the old name', async () => {
    const { key } = await t.createKey({ organizationId: orgId, rateLimitPerMinute: 10_000 });
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: orgId, amountPaise: 10_000 });
    expect((await t.request('POST', '/v1/whatsapp/templates', { token: key, body: template })).status).toBe(201);
    await t.advance(60);
    expect((await sendTo(key, '+14155550131')).status).toBe(200);

    const renamed = await t.dashboard('PATCH', `/dashboard/organizations/${orgId}`, { name: '  Acme Outlet  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: orgId, name: 'Acme Outlet', createdAt: expect.any(String) });
    const listed = (await t.dashboard('GET', '/dashboard/organizations')).body.data as Array<{ id: string; name: string }>;
    expect(listed.find((org) => org.id === orgId)?.name).toBe('Acme Outlet');

    expect((await sendTo(key, '+14155550131')).status).toBe(200);
    expect((await t.handset('14155550131', orgId)).map((message: { from: string }) => message.from)).toEqual(['Acme Retail', 'Acme Outlet']);
  });

  it('refuses a missing, empty or over-long name with 400 and an unknown id with 404, keeping the name', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 42 }]) {
      const refused = await t.dashboard('PATCH', `/dashboard/organizations/${orgId}`, body);
      expect([JSON.stringify(body), refused.status, refused.body.code]).toEqual([JSON.stringify(body), 400, 'VALIDATION_FAILED']);
    }
    const unknown = await t.dashboard('PATCH', '/dashboard/organizations/org_nothing', { name: 'Ghost' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', message: 'Organization org_nothing not found' });
    const listed = (await t.dashboard('GET', '/dashboard/organizations')).body.data as Array<{ id: string; name: string }>;
    expect(listed.find((org) => org.id === orgId)?.name).toBe('Acme Outlet');
    expect(listed.some((org) => org.name === 'Ghost')).toBe(false);
  });

  it('takes the dashboard token only', async () => {
    const { key } = await t.createKey();
    expect((await t.request('PATCH', `/dashboard/organizations/${orgId}`, { token: key, body: { name: 'By key' } })).status).toBe(401);
  });

  it('a rename by another process on the same database (the CLI\'s orgs rename) is what the next send shows', async () => {
    const { key } = await t.createKey({ organizationId: orgId, rateLimitPerMinute: 10_000 });
    const other = openDb(dataFile);
    try {
      createOrgs({ db: other, clock: createClock({ kind: 'real' }) }).rename(orgId, 'Acme by the CLI');
    } finally {
      other.close();
    }
    expect((await sendTo(key, '+14155550132')).status).toBe(200);
    expect((await t.handset('14155550132', orgId)).map((message: { from: string }) => message.from)).toEqual(['Acme by the CLI']);
    expect((await t.dashboard('PATCH', `/dashboard/organizations/${orgId}`, { name: 'Acme Outlet' })).status).toBe(200);
  });

  it('keeps the new name across a restart', async () => {
    await t.close();
    t = await createTestServer({ dataFile });
    const listed = (await t.dashboard('GET', '/dashboard/organizations')).body.data as Array<{ id: string; name: string }>;
    expect(listed.find((org) => org.id === orgId)?.name).toBe('Acme Outlet');
  });
});
