// Voice app identities and devices through real HTTP: the idempotent upsert, the phone sealed at rest and shown masked,
// reachability, deactivation, devices, validation (400), unknown (404), conflicts (409), scopes (403) and paging.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleVoiceIdentitySchema, maskPhone, voiceIdentitySchema } from '../../contract/voice-identities.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown, token = key) => t.request(method, path, { token, body });
const NOW = '2026-01-15T09:00:00.000Z';

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('identities', () => {
  it('creates (201) and, replayed, updates in place (200): same id; an absent field is kept, null clears it', async () => {
    const created = await api('POST', '/v1/voice/app/identities', { externalId: 'pro_1', role: 'PRO', displayName: 'Sam Rivera' });
    expect(created.status).toBe(201);
    expect(voiceIdentitySchema.strict().parse(created.body)).toEqual({
      id: expect.stringMatching(/^idn_[0-9A-Za-z]{24}$/), externalId: 'pro_1', role: 'PRO', displayName: 'Sam Rivera', isActive: true, lastSeenAt: null,
      deviceCount: 0, reachable: false, maskedPhone: null, createdAt: NOW, updatedAt: NOW,
    });
    const replayed = await api('POST', '/v1/voice/app/identities', { externalId: 'pro_1', role: 'PRO' });
    expect([replayed.status, replayed.body.id, replayed.body.displayName]).toEqual([200, created.body.id, 'Sam Rivera']);
    expect((await api('POST', '/v1/voice/app/identities', { externalId: 'pro_1', role: 'PRO', displayName: null })).body.displayName).toBeNull();
    expect((await api('GET', '/v1/voice/app/identities/pro_1')).body).toMatchObject({ id: created.body.id, displayName: null });
  });

  it('keeps the phone sealed at rest (AES-256-GCM, bound to its row), shows it masked, never whole; it survives a restart', async () => {
    const res = await api('POST', '/v1/voice/app/identities', { externalId: 'cust_1', role: 'CUSTOMER', phone: '+14155550101' });
    // A phone makes them reachable only while phone calling is on (off for a new organization): the fallback leg rings it.
    expect(res.body).toMatchObject({ maskedPhone: '+1******0101', reachable: false });
    expect((await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true })).status).toBe(200);
    // Nor without a business number to show the phone (a call would be 400 "No active number to call from").
    expect((await api('GET', '/v1/voice/app/identities/cust_1')).body).toMatchObject({ maskedPhone: '+1******0101', reachable: false });
    expect((await t.dashboard('POST', '/dashboard/voice/app/numbers', {})).status).toBe(201);
    expect((await api('GET', '/v1/voice/app/identities/cust_1')).body).toMatchObject({ maskedPhone: '+1******0101', reachable: true });
    for (const path of ['/v1/voice/app/identities/cust_1', '/v1/voice/app/identities?limit=100']) expect((await api('GET', path)).text).not.toContain('4155550101');
    const rows = t.server.db.sql.prepare(`SELECT id, phone_sealed FROM voice_identities WHERE external_id IN ('cust_1', 'pro_1')`).all() as Array<{ id: string; phone_sealed: string | null }>;
    const sealed = rows.find((row) => row.phone_sealed)?.phone_sealed as string;
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('4155550101');
    expect(t.server.services.voiceIdentities.phoneOf(t.organizationId, 'cust_1')).toBe('+14155550101');
    // Copied onto another identity's row, the sealed phone does not open there.
    const other = rows.find((row) => !row.phone_sealed) as { id: string };
    t.server.db.sql.prepare(`UPDATE voice_identities SET phone_sealed = ? WHERE id = ?`).run(sealed, other.id);
    expect(() => t.server.services.voiceIdentities.phoneOf(t.organizationId, 'pro_1')).toThrow();
    t.server.db.sql.prepare(`UPDATE voice_identities SET phone_sealed = NULL WHERE id = ?`).run(other.id);
    // The key comes from the database's own secret: a new process reads the phone again.
    const dir = mkdtempSync(join(tmpdir(), 'voice-identities-'));
    const again = await stoppedCopy(t, join(dir, 'copy.db')).restart();
    try {
      expect(again.server.services.voiceIdentities.phoneOf(t.organizationId, 'cust_1')).toBe('+14155550101');
    } finally {
      await again.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // null erases the phone: without a device, the identity can no longer be reached.
    expect((await api('POST', '/v1/voice/app/identities', { externalId: 'cust_1', role: 'CUSTOMER', phone: null })).body).toMatchObject({ maskedPhone: null, reachable: false });
  });

  it('masks with the country code, an asterisk per hidden digit and the last four', () => {
    expect(['+14155550101', '+447700900123', '+919810012345', '+35312345678', '+79161234567'].map(maskPhone))
      .toEqual(['+1******0101', '+44******0123', '+91******2345', '+353****5678', '+7******4567']);
  });

  it('refuses invalid bodies with 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ role: 'PRO' }, /externalId: is required/],
      // Every closed list's words: a missing role is missing (it said `must be PRO or CUSTOMER` of it too).
      [{ externalId: 'x', role: 'ADMIN' }, /^Invalid body: role: must be one of: PRO, CUSTOMER$/],
      [{ externalId: 'x' }, /^Invalid body: role: is required: one of PRO, CUSTOMER$/],
      [{ externalId: 'a/b', role: 'PRO' }, /externalId: must not contain spaces or slashes/],
      [{ externalId: 'x', role: 'PRO', phone: '4155550101' }, /phone: must be in E\.164 form/],
      [{ externalId: 'x', role: 'PRO', displayName: '  ' }, /displayName: must not be blank/],
      [{ externalId: 'x', role: 'PRO', email: 'x@example.com' }, /unknown field "email"/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/v1/voice/app/identities', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect((await api('GET', '/v1/voice/app/identities/x')).status).toBe(404);
  });

  it('DELETE deactivates: devices dropped, phone erased, not reachable, still readable; an upsert brings it back', async () => {
    await api('POST', '/v1/voice/app/identities', { externalId: 'gone_1', role: 'PRO', phone: '+14155550109' });
    await api('POST', '/v1/voice/app/identities/gone_1/devices', { token: 'tok-gone', platform: 'ios' });
    const deleted = await api('DELETE', '/v1/voice/app/identities/gone_1');
    expect([deleted.status, deleted.body]).toEqual([200, expect.objectContaining({ isActive: false, deviceCount: 0, maskedPhone: null, reachable: false })]);
    expect((await api('GET', '/v1/voice/app/identities/gone_1')).body.isActive).toBe(false);
    expect(t.server.services.voiceIdentities.find(t.organizationId, 'gone_1')).toBeNull();
    expect((await api('DELETE', '/v1/voice/app/identities/gone_1')).status).toBe(200);
    const refused = await api('POST', '/v1/voice/app/identities/gone_1/devices', { token: 'tok-gone', platform: 'ios' });
    expect([refused.status, refused.body.message]).toEqual([409, expect.stringMatching(/is deactivated/)]);
    const back = await api('POST', '/v1/voice/app/identities', { externalId: 'gone_1', role: 'PRO' });
    expect([back.status, back.body.isActive, back.body.id]).toEqual([200, true, deleted.body.id]);
    expect(t.server.services.voiceIdentities.find(t.organizationId, 'gone_1')).toEqual({ externalId: 'gone_1', displayName: null, role: 'PRO' });
    expect((await api('DELETE', '/v1/voice/app/identities/nobody')).status).toBe(404);
  });
});

describe('devices', () => {
  it('registers a push token (201; again 200), counts it, marks the identity seen; a VoIP token makes it reachable', async () => {
    await api('POST', '/v1/voice/app/identities', { externalId: 'dev_1', role: 'CUSTOMER' });
    await t.advance(60);
    const android = await api('POST', '/v1/voice/app/identities/dev_1/devices', { token: 'fcm-plain', platform: 'android' });
    expect([android.status, android.body]).toEqual([201, { token: 'fcm-plain', platform: 'android', isVoip: false, registeredAt: '2026-01-15T09:01:00.000Z' }]);
    // A plain notification token can be messaged but not rung.
    expect((await api('GET', '/v1/voice/app/identities/dev_1')).body).toMatchObject({ deviceCount: 1, reachable: false, lastSeenAt: '2026-01-15T09:01:00.000Z' });
    const ios = await api('POST', '/v1/voice/app/identities/dev_1/devices', { token: 'apns-voip', platform: 'ios' });
    expect([ios.status, ios.body.isVoip]).toEqual([201, true]);
    expect((await api('GET', '/v1/voice/app/identities/dev_1')).body).toMatchObject({ deviceCount: 2, reachable: true });
    expect((await api('POST', '/v1/voice/app/identities/dev_1/devices', { token: 'apns-voip', platform: 'ios', isVoip: false })).status).toBe(200);
    expect((await api('GET', '/v1/voice/app/identities/dev_1')).body).toMatchObject({ deviceCount: 2, reachable: false });
  });

  it('a token registered under another identity moves to it; DELETE removes it (200), then 404', async () => {
    await api('POST', '/v1/voice/app/identities', { externalId: 'dev_2', role: 'PRO' });
    await api('POST', '/v1/voice/app/identities', { externalId: 'dev_3', role: 'PRO' });
    // An FCM token is about 160 characters with a colon: it fits in the path.
    const token = `dXk3:APA91b${'x'.repeat(150)}`;
    await api('POST', '/v1/voice/app/identities/dev_2/devices', { token, platform: 'android', isVoip: true });
    expect((await api('POST', '/v1/voice/app/identities/dev_3/devices', { token, platform: 'android', isVoip: true })).status).toBe(201);
    expect((await api('GET', '/v1/voice/app/identities/dev_2')).body.deviceCount).toBe(0);
    expect((await api('DELETE', `/v1/voice/app/identities/dev_2/devices/${encodeURIComponent(token)}`)).status).toBe(404);
    const removed = await api('DELETE', `/v1/voice/app/identities/dev_3/devices/${encodeURIComponent(token)}`);
    expect([removed.status, removed.body]).toEqual([200, { success: true, token }]);
    expect((await api('DELETE', `/v1/voice/app/identities/dev_3/devices/${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await api('GET', '/v1/voice/app/identities/dev_3')).body).toMatchObject({ deviceCount: 0, reachable: false });
  });

  it('the console lists an identity\'s devices, the latest registered first (a deactivated one has none; unknown 404)', async () => {
    await api('POST', '/v1/voice/app/identities', { externalId: 'dev_4', role: 'CUSTOMER' });
    const devices = () => t.dashboard('GET', '/dashboard/voice/app/identities/dev_4/devices');
    expect((await devices()).body).toEqual({ data: [] });
    await api('POST', '/v1/voice/app/identities/dev_4/devices', { token: 'fcm-4', platform: 'android' });
    await t.advance(5);
    await api('POST', '/v1/voice/app/identities/dev_4/devices', { token: 'apns-4', platform: 'ios' });
    const listed = await devices();
    expect([listed.status, listed.body.data.map((d: { token: string; isVoip: boolean }) => [d.token, d.isVoip])]).toEqual([200, [['apns-4', true], ['fcm-4', false]]]);
    expect(listed.body.data[0]).toEqual({ token: 'apns-4', platform: 'ios', isVoip: true, registeredAt: expect.any(String) });
    await api('DELETE', '/v1/voice/app/identities/dev_4');
    expect((await devices()).body).toEqual({ data: [] });
    expect((await t.dashboard('GET', '/dashboard/voice/app/identities/nobody/devices')).status).toBe(404);
    // A console route: an API key is refused there.
    expect((await api('GET', '/dashboard/voice/app/identities/dev_4/devices')).status).toBe(401);
  });

  it('refuses bad device bodies (400) and an unknown identity (404)', async () => {
    for (const [body, message] of [
      [{ platform: 'ios' }, /token: is required/], [{ token: 't', platform: 'web' }, /^Invalid body: platform: must be one of: ios, android$/],
      [{ token: 't' }, /^Invalid body: platform: is required: one of ios, android$/],
      [{ token: 't', platform: 'ios', isVoip: 'yes' }, /^Invalid body: isVoip: must be true or false, not a string$/], [{ token: 'x'.repeat(513), platform: 'ios' }, /at most 512/],
    ] as Array<[unknown, RegExp]>) {
      const res = await api('POST', '/v1/voice/app/identities/dev_1/devices', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await api('POST', '/v1/voice/app/identities/nobody/devices', { token: 't', platform: 'ios' })).status).toBe(404);
  });
});

describe('identity lists and scopes', () => {
  it('pages 20 by default, newest first, filters by role', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Roster' });
    const own = (await t.createKey({ organizationId: org.body.id, rateLimitPerMinute: 10_000 })).key;
    for (let i = 0; i < 25; i++) await api('POST', '/v1/voice/app/identities', { externalId: `u_${i}`, role: i % 5 === 0 ? 'PRO' : 'CUSTOMER' }, own);
    const first = await api('GET', '/v1/voice/app/identities', undefined, own);
    expect(first.body.meta).toEqual({ total: 25, page: 1, limit: 20, totalPages: 2 });
    expect(first.body.data[0].externalId).toBe('u_24');
    const pros = await api('GET', '/v1/voice/app/identities?role=PRO', undefined, own);
    expect(pros.body.data.map((i: { externalId: string }) => i.externalId)).toEqual(['u_20', 'u_15', 'u_10', 'u_5', 'u_0']);
    expect((await api('GET', '/v1/voice/app/identities?role=BOSS', undefined, own)).status).toBe(400);
  });

  it('searches externalId and displayName for a part, either case, with the role and paging; % and _ match themselves', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Search' });
    const own = (await t.createKey({ organizationId: org.body.id, rateLimitPerMinute: 10_000 })).key;
    const people: Array<[string, 'PRO' | 'CUSTOMER', string | null]> = [
      ['pro_7', 'PRO', 'Sam Rivera'], ['pro_8', 'PRO', 'Dana Lee'], ['cust_1042', 'CUSTOMER', 'Alice Johnson'], ['cust_2001', 'CUSTOMER', 'Ravi Kumar'],
      ['cust_50%', 'CUSTOMER', null], ['cust_x', 'CUSTOMER', 'Sam Rivers'], ['cust-9', 'CUSTOMER', null],
    ];
    for (const [externalId, role, displayName] of people) await api('POST', '/v1/voice/app/identities', { externalId, role, displayName }, own);
    const found = async (query: string) => {
      const res = await api('GET', `/v1/voice/app/identities?${query}`, undefined, own);
      expect(res.status, query).toBe(200);
      return [res.body.meta.total, res.body.data.map((i: { externalId: string }) => i.externalId)];
    };
    expect(await found('search=sam%20riv')).toEqual([2, ['cust_x', 'pro_7']]);
    expect(await found('search=SAM&role=PRO')).toEqual([1, ['pro_7']]);
    expect(await found('search=1042')).toEqual([1, ['cust_1042']]);
    expect(await found('search=%20%20')).toEqual([7, expect.any(Array)]);
    expect(await found('search=50%25')).toEqual([1, ['cust_50%']]);
    expect(await found('search=t-9')).toEqual([1, ['cust-9']]);
    expect(await found('search=t_9')).toEqual([0, []]);
    expect(await found('search=st%259')).toEqual([0, []]);
    expect(await found('search=cust&limit=2&page=2')).toEqual([5, ['cust_50%', 'cust_2001']]);
    // The console reads the same list with its token.
    expect((await t.dashboard('GET', `/dashboard/voice/app/identities?organizationId=${org.body.id}&search=dana`)).body.data.map((i: { externalId: string }) => i.externalId)).toEqual(['pro_8']);
    const long = await api('GET', `/v1/voice/app/identities?search=${'x'.repeat(201)}`, undefined, own);
    expect([long.status, long.body.message]).toEqual([400, expect.stringMatching(/search: must be at most 200 characters/)]);
  });

  it('filters by active=true|false (people deactivated or not), with role, search and paging; anything else is 400', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Active filter' });
    const own = (await t.createKey({ organizationId: org.body.id, rateLimitPerMinute: 10_000 })).key;
    for (let i = 0; i < 6; i++) await api('POST', '/v1/voice/app/identities', { externalId: `pro_${i}`, role: 'PRO', displayName: i < 2 ? 'Sam' : 'Dana' }, own);
    for (const gone of ['pro_1', 'pro_3', 'pro_4']) expect((await api('DELETE', `/v1/voice/app/identities/${gone}`, undefined, own)).status).toBe(200);
    await api('POST', '/v1/voice/app/identities', { externalId: 'cust_1', role: 'CUSTOMER' }, own);
    const found = async (query: string) => {
      const res = await api('GET', `/v1/voice/app/identities?${query}`, undefined, own);
      expect(res.status, query).toBe(200);
      return [res.body.meta.total, res.body.data.map((i: { externalId: string }) => i.externalId)];
    };
    expect(await found('active=true')).toEqual([4, ['cust_1', 'pro_5', 'pro_2', 'pro_0']]);
    expect(await found('active=false')).toEqual([3, ['pro_4', 'pro_3', 'pro_1']]);
    expect(await found('active=true&role=PRO&search=sam')).toEqual([1, ['pro_0']]);
    expect(await found('active=false&role=PRO&limit=2&page=2')).toEqual([3, ['pro_1']]);
    expect(await found('role=PRO')).toEqual([6, expect.any(Array)]);
    for (const bad of ['yes', 'TRUE', '1']) {
      const res = await api('GET', `/v1/voice/app/identities?active=${bad}`, undefined, own);
      expect([res.status, res.body.message], bad).toEqual([400, expect.stringMatching(/active: must be true or false/)]);
    }
    // Empty is absent, as any empty query value (empty-query.contract.test.ts): both.
    expect(await found('active=')).toEqual([7, expect.any(Array)]);
    // The console's twin takes it too (the booking pickers list active people only).
    const twin = await t.dashboard('GET', `/dashboard/voice/app/identities?organizationId=${org.body.id}&role=PRO&active=true&limit=100`);
    expect(twin.body.data.map((i: { externalId: string }) => i.externalId)).toEqual(['pro_5', 'pro_2', 'pro_0']);
  });

  it('the console reads how many devices can ring a person in the app (voipDeviceCount); /v1 keeps the seed\'s shape', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Rung how' });
    const own = (await t.createKey({ organizationId: org.body.id, rateLimitPerMinute: 10_000 })).key;
    await api('POST', '/v1/voice/app/identities', { externalId: 'cust_p', role: 'CUSTOMER', phone: '+14155550123' }, own);
    // Why their phone would not be rung, each reason in turn: phone calling off, then no number to call from.
    const notRung = async () => (await t.dashboard('GET', `/dashboard/voice/app/identities/cust_p?organizationId=${org.body.id}`)).body.phoneNotRung as string | null;
    expect(await notRung()).toBe('phone_calling_off');
    expect((await api('PATCH', '/v1/voice/app/settings', { pstnEnabled: true }, own)).status).toBe(200);
    expect(await notRung()).toBe('no_business_number');
    expect((await t.dashboard('POST', '/dashboard/voice/app/numbers', { organizationId: org.body.id })).status).toBe(201);
    // A notification-only token: counted as a device, yet the person is rung on their phone.
    await api('POST', '/v1/voice/app/identities/cust_p/devices', { token: 'fcm-note', platform: 'android' }, own);
    const v1 = await api('GET', '/v1/voice/app/identities/cust_p', undefined, own);
    expect(voiceIdentitySchema.strict().parse(v1.body)).toMatchObject({ deviceCount: 1, reachable: true });
    expect(voiceIdentitySchema.strict().parse((await api('GET', '/v1/voice/app/identities', undefined, own)).body.data[0])).toMatchObject({ externalId: 'cust_p' });
    const consoleRead = async () => {
      const one = await t.dashboard('GET', `/dashboard/voice/app/identities/cust_p?organizationId=${org.body.id}`);
      const listed = await t.dashboard('GET', `/dashboard/voice/app/identities?organizationId=${org.body.id}`);
      expect(consoleVoiceIdentitySchema.strict().parse(listed.body.data[0])).toEqual(one.body);
      return consoleVoiceIdentitySchema.strict().parse(one.body);
    };
    expect(await consoleRead()).toMatchObject({ deviceCount: 1, voipDeviceCount: 0, reachable: true, maskedPhone: '+1******0123', phoneNotRung: null });
    await api('POST', '/v1/voice/app/identities/cust_p/devices', { token: 'apns-voip', platform: 'ios' }, own);
    expect(await consoleRead()).toMatchObject({ deviceCount: 2, voipDeviceCount: 1, reachable: true });
  });

  it('needs voice:app:read to read and voice:app:write to change (403 naming the scope)', async () => {
    const reader = (await t.createKey({ scopes: ['voice:app:read'] })).key;
    const writer = (await t.createKey({ scopes: ['voice:app:write'] })).key;
    expect((await api('GET', '/v1/voice/app/identities', undefined, reader)).status).toBe(200);
    const refused = await api('POST', '/v1/voice/app/identities', { externalId: 'w', role: 'PRO' }, reader);
    expect([refused.status, refused.body.message]).toEqual([403, 'Insufficient scope. Required: voice:app:write']);
    expect((await api('GET', '/v1/voice/app/identities/pro_1', undefined, writer)).body.message).toBe('Insufficient scope. Required: voice:app:read');
    expect((await api('POST', '/v1/voice/app/identities', { externalId: 'w', role: 'PRO' }, writer)).status).toBe(201);
  });
});
