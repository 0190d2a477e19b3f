// Booking sessions through real HTTP: create (24 h by default, at most 90 days), create again to extend or reactivate
// (never a second session), revoke, the parties' checks (404, 409), and expiry on the virtual clock firing
// `voice.app.session.expired` to a real webhook receiver, with the session's metadata.
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingSessionSchema } from '../../contract/voice-identities.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { type Received, webhookSuite } from '../../testing/webhook-receiver.ts';

const suite = webhookSuite();
const { api, receiver, settle } = suite;
let t: TestServer;
const NOW = '2026-01-15T09:00:00.000Z';
const HOUR = 3600;
const session = (externalRef: string, extra: Record<string, unknown> = {}) => ({ externalRef, proExternalId: 'pro_7', customerExternalId: 'cust_1042', ...extra });
const expiredEvents = (r: { received: Received[] }) => r.received.map((x) => JSON.parse(x.body)).filter((e) => e.type === 'voice.app.session.expired');

beforeAll(async () => {
  t = suite.server();
  await api('POST', '/v1/voice/app/identities', { externalId: 'pro_7', role: 'PRO', displayName: 'Sam Rivera' });
  await api('POST', '/v1/voice/app/identities', { externalId: 'cust_1042', role: 'CUSTOMER' });
  await api('POST', '/v1/voice/app/identities', { externalId: 'pro_8', role: 'PRO' });
});

describe('booking sessions', () => {
  it('creates an active session lasting 24 hours by default (201), readable and listed', async () => {
    const created = await api('POST', '/v1/voice/app/sessions', session('bk_default', { metadata: { bookingNumber: '1' } }));
    expect(created.status).toBe(201);
    expect(bookingSessionSchema.strict().parse(created.body)).toEqual({
      ...session('bk_default'), expiresAt: '2026-01-16T09:00:00.000Z', metadata: { bookingNumber: '1' }, status: 'active', createdAt: NOW, updatedAt: NOW,
    });
    expect((await api('GET', '/v1/voice/app/sessions/bk_default')).body).toEqual(created.body);
    const list = await api('GET', '/v1/voice/app/sessions?status=active');
    expect(list.body.data.map((s: { externalRef: string }) => s.externalRef)).toContain('bk_default');
    expect(t.server.services.voiceIdentities.activeSession(t.organizationId, 'bk_default')).toEqual({ ...session('bk_default'), metadata: { bookingNumber: '1' } });
    expect((await api('GET', '/v1/voice/app/sessions/bk_nope')).status).toBe(404);
    expect(t.server.services.voiceIdentities.activeSession(t.organizationId, 'bk_nope')).toBeNull();
  });

  it('the console\'s list names each party (one look-up for the page); /v1 keeps the seed\'s fields', async () => {
    const listed = (await t.dashboard('GET', '/dashboard/voice/app/sessions')).body.data as Array<Record<string, unknown>>;
    // Sam Rivera has a display name; cust_1042 has none.
    expect(listed.find((s) => s.externalRef === 'bk_default')).toMatchObject({ proDisplayName: 'Sam Rivera', customerDisplayName: null });
    for (const item of (await api('GET', '/v1/voice/app/sessions')).body.data) bookingSessionSchema.strict().parse(item);
  });
  it('creating again with the same externalRef extends it (200), keeps its metadata unless given, and makes no second session', async () => {
    await api('POST', '/v1/voice/app/sessions', session('bk_extend', { expiresAt: '2026-01-20T09:00:00Z', metadata: { a: 1 } }));
    const again = await api('POST', '/v1/voice/app/sessions', session('bk_extend', { expiresAt: '2026-02-01T09:00:00Z' }));
    expect([again.status, again.body.expiresAt, again.body.metadata, again.body.createdAt]).toEqual([200, '2026-02-01T09:00:00.000Z', { a: 1 }, NOW]);
    // Without expiresAt the default (24 hours from now) never shortens an active booking.
    expect((await api('POST', '/v1/voice/app/sessions', session('bk_extend', { metadata: { b: 2 } }))).body).toMatchObject({ expiresAt: '2026-02-01T09:00:00.000Z', metadata: { b: 2 } });
    const all = (await api('GET', '/v1/voice/app/sessions?limit=100')).body.data as Array<{ externalRef: string }>;
    expect(all.filter((s) => s.externalRef === 'bk_extend')).toHaveLength(1);
  });

  it('revokes (status revoked; no active session; repeating is harmless), and creating again reactivates it', async () => {
    await api('POST', '/v1/voice/app/sessions', session('bk_revoke'));
    const revoked = await api('DELETE', '/v1/voice/app/sessions/bk_revoke');
    expect([revoked.status, revoked.body.status]).toEqual([200, 'revoked']);
    expect(t.server.services.voiceIdentities.activeSession(t.organizationId, 'bk_revoke')).toBeNull();
    expect((await api('DELETE', '/v1/voice/app/sessions/bk_revoke')).body.status).toBe('revoked');
    expect((await api('DELETE', '/v1/voice/app/sessions/bk_nope')).status).toBe(404);
    const back = await api('POST', '/v1/voice/app/sessions', session('bk_revoke'));
    expect([back.status, back.body.status]).toEqual([200, 'active']);
    expect(t.server.services.voiceIdentities.activeSession(t.organizationId, 'bk_revoke')).not.toBeNull();
  });

  it('checks its parties: unknown or deactivated (404), the wrong role or changed parties (409)', async () => {
    const unknown = await api('POST', '/v1/voice/app/sessions', session('bk_p', { proExternalId: 'pro_nobody' }));
    expect([unknown.status, unknown.body.message]).toEqual([404, 'proExternalId: identity pro_nobody not found']);
    const swapped = await api('POST', '/v1/voice/app/sessions', session('bk_p', { proExternalId: 'cust_1042', customerExternalId: 'pro_7' }));
    expect([swapped.status, swapped.body.message]).toEqual([409, 'proExternalId: identity cust_1042 is a CUSTOMER, not a PRO']);
    await api('POST', '/v1/voice/app/sessions', session('bk_p'));
    const changed = await api('POST', '/v1/voice/app/sessions', session('bk_p', { proExternalId: 'pro_8' }));
    expect([changed.status, changed.body.message]).toEqual([409, expect.stringMatching(/its parties cannot change/)]);
    // A party of an active session keeps its role.
    const role = await api('POST', '/v1/voice/app/identities', { externalId: 'pro_7', role: 'CUSTOMER' });
    expect([role.status, role.body.message]).toEqual([409, expect.stringMatching(/is a PRO in an active session/)]);
    await api('POST', '/v1/voice/app/identities', { externalId: 'pro_gone', role: 'PRO' });
    await api('DELETE', '/v1/voice/app/identities/pro_gone');
    expect((await api('POST', '/v1/voice/app/sessions', session('bk_p2', { proExternalId: 'pro_gone' }))).status).toBe(404);
  });

  it('a booking call needs both parties registered: one deactivated since the booking is 409, nothing placed; registered again, it calls', async () => {
    await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 10_000 });
    await api('POST', '/v1/voice/app/identities', { externalId: 'pro_left', role: 'PRO' });
    await api('POST', '/v1/voice/app/identities', { externalId: 'cust_left', role: 'CUSTOMER' });
    await api('POST', '/v1/voice/app/sessions', session('bk_left', { proExternalId: 'pro_left', customerExternalId: 'cust_left' }));
    const calls = async () => (await api('GET', '/v1/voice/app/calls?identityExternalId=pro_left')).body.meta.total as number;
    await api('DELETE', '/v1/voice/app/identities/cust_left');
    // Neither rung (it rang a deactivated person in the app) nor calling (a deactivated person placed calls).
    for (const fromExternalId of ['pro_left', 'cust_left']) {
      const refused = await api('POST', '/v1/voice/app/calls', { externalRef: 'bk_left', fromExternalId });
      expect([refused.status, refused.body.message]).toEqual([409,
        'Identity cust_left, the CUSTOMER of booking bk_left, is deactivated: a booking call needs both parties registered (POST /v1/voice/app/identities registers it again)']);
    }
    expect(await calls()).toBe(0);
    await api('POST', '/v1/voice/app/identities', { externalId: 'cust_left', role: 'CUSTOMER' });
    expect((await api('POST', '/v1/voice/app/calls', { externalRef: 'bk_left', fromExternalId: 'pro_left' })).status).toBe(201);
    expect(await calls()).toBe(1);
  });

  it('refuses an expiry in the past or more than 90 days ahead, and bad fields, with 400', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [session('bk_v', { expiresAt: '2026-01-15T08:59:59Z' }), /expiresAt: must be in the future/],
      [session('bk_v', { expiresAt: '2026-04-15T09:00:01Z' }), /expiresAt: must be at most 90 days ahead \(no later than 2026-04-15T09:00:00.000Z\)/],
      [session('bk_v', { expiresAt: 'tomorrow' }), /^Invalid body: expiresAt: must be an ISO 8601 date-time$/],
      // A date-time without its zone is told what it lacks (it said "must be an ISO 8601 date-time", which it is, but for the zone).
      [session('bk_v', { expiresAt: '2026-01-16T09:00:00' }), /^Invalid body: expiresAt: must give its time zone, such as Z or \+05:30$/],
      [session('bk_v', { expiresAt: '2026-01-16T09:00:00.250' }), /^Invalid body: expiresAt: must give its time zone, such as Z or \+05:30$/],
      [session('bk_v', { metadata: ['x'] }), /^Invalid body: metadata: must be an object, not a list$/],
      [session('bk_v', { metadata: 'x' }), /^Invalid body: metadata: must be an object, not a string$/],
      [{ proExternalId: 'pro_7', customerExternalId: 'cust_1042' }, /externalRef: is required/],
      [session('bk_v', { proExternalId: undefined }), /proExternalId: is required/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/v1/voice/app/sessions', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await api('POST', '/v1/voice/app/sessions', session('bk_v', { expiresAt: '2026-04-15T09:00:00Z' }))).status).toBe(201);
    const over = await api('GET', '/v1/voice/app/sessions?status=over');
    expect([over.status, over.body.message]).toEqual([400, 'Invalid query: status: must be one of: active, revoked, expired']);
    expect((await api('GET', '/v1/voice/app/identities?role=ADMIN')).body.message).toBe('Invalid query: role: must be one of: PRO, CUSTOMER');
  });

  it('needs voice:app:read to read and voice:app:write to create or revoke', async () => {
    const reader = (await t.createKey({ scopes: ['voice:app:read'] })).key;
    const res = await t.request('POST', '/v1/voice/app/sessions', { token: reader, body: session('bk_s') });
    expect([res.status, res.body.message]).toEqual([403, 'Insufficient scope. Required: voice:app:write']);
    expect((await t.request('GET', '/v1/voice/app/sessions', { token: reader })).status).toBe(200);
  });
});

describe('session expiry', () => {
  it('expires on the virtual clock with voice.app.session.expired, its metadata echoed; an extended or revoked one does not', async () => {
    const r = await receiver();
    await api('POST', '/v1/webhooks', { url: r.url, events: ['voice.app.session.expired'] });
    const catalogue = (await api('GET', '/v1/webhooks/events')).body.data as Array<{ type: string; emitted: boolean }>;
    expect(catalogue.find((e) => e.type === 'voice.app.session.expired')?.emitted).toBe(true);
    const at = (await t.dashboard('GET', '/sim/clock')).body.now as string;
    const inHours = (hours: number) => new Date(Date.parse(at) + hours * HOUR * 1000).toISOString();
    await api('POST', '/v1/voice/app/sessions', session('bk_expires', { expiresAt: inHours(1), metadata: { bookingNumber: '1042', slot: 'morning' } }));
    await api('POST', '/v1/voice/app/sessions', session('bk_longer', { expiresAt: inHours(1) }));
    await api('POST', '/v1/voice/app/sessions', session('bk_longer', { expiresAt: inHours(3) }));
    await api('POST', '/v1/voice/app/sessions', session('bk_cancelled', { expiresAt: inHours(1) }));
    await api('DELETE', '/v1/voice/app/sessions/bk_cancelled');

    await t.advance(HOUR - 1);
    await settle();
    expect(expiredEvents(r)).toEqual([]);
    await t.advance(2);
    await settle();
    const [event, ...more] = expiredEvents(r);
    expect(more).toEqual([]);
    expect(event.data).toEqual({
      externalRef: 'bk_expires', proExternalId: 'pro_7', customerExternalId: 'cust_1042', expiresAt: inHours(1), metadata: { bookingNumber: '1042', slot: 'morning' },
    });
    expect((await api('GET', '/v1/voice/app/sessions/bk_expires')).body.status).toBe('expired');
    expect(t.server.services.voiceIdentities.activeSession(t.organizationId, 'bk_expires')).toBeNull();
    expect((await api('GET', '/v1/voice/app/sessions/bk_longer')).body.status).toBe('active');
    expect((await api('GET', '/v1/voice/app/sessions/bk_cancelled')).body.status).toBe('revoked');

    await t.advance(2 * HOUR);
    await settle();
    expect(expiredEvents(r).map((e) => e.data.externalRef)).toEqual(['bk_expires', 'bk_longer']);
    // Expired, it comes back when created again, for 24 hours more.
    const back = await api('POST', '/v1/voice/app/sessions', session('bk_expires'));
    expect([back.status, back.body.status, back.body.metadata]).toEqual([200, 'active', { bookingNumber: '1042', slot: 'morning' }]);
  });
});
