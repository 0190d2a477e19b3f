// Contacts' input rules over real HTTP: accent-blind search, what a tag may be, and blank block reasons.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let key: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey()).key;
  t.server.services.wallet.topUp(t.organizationId, { amountPaise: 10_000 });
  const people = [
    { name: 'José Muñoz', email: 'jm@example.es' },
    { name: 'Jose Plain', phone: '+14155550901' },
    { name: 'Élodie Durand', username: 'elo.d' },
    { name: 'Zoë Ångström', username: 'zoe_a', phone: '+14155550902' },
  ];
  for (const person of people) {
    const res = await t.dashboard('POST', '/dashboard/contacts', person);
    expect(res.status).toBe(201);
    ids[person.name] = res.body.id;
  }
});
afterAll(async () => {
  await t.close();
});

const names = (res: { body: { data: Array<{ name: string | null }> } }) => res.body.data.map((c) => c.name);

describe('search ignores accents', () => {
  it('finds names with diacritics from plain letters, and plain names from accented ones, in any case', async () => {
    const cases: Array<[string, string[]]> = [
      ['jose', ['Jose Plain', 'José Muñoz']],
      ['josé', ['Jose Plain', 'José Muñoz']],
      ['munoz', ['José Muñoz']],
      ['MUÑOZ', ['José Muñoz']],
      ['angstrom', ['Zoë Ångström']],
      ['ZOE', ['Zoë Ångström']],
      ['elodie', ['Élodie Durand']],
      ['el', ['Élodie Durand']],
      ['é', ['Élodie Durand']],
      ['jose mu', ['José Muñoz']],
      ['jose munoz', ['José Muñoz']],
    ];
    for (const [search, expected] of cases) {
      const res = await t.request('GET', `/v1/contacts?search=${encodeURIComponent(search)}`, { token: key });
      expect(res.status, search).toBe(200);
      expect(names(res), search).toEqual(expected);
      expect(res.body.meta.total, search).toBe(expected.length);
    }
  });
});

describe('search tolerates typos', () => {
  it('corrects terms of 4+ letters only when nothing matches as typed, and says so in meta.fuzzy', async () => {
    const cases: Array<[string, string[], boolean]> = [
      ['jsoe', ['Jose Plain', 'José Muñoz'], true],
      ['munox', ['José Muñoz'], true],
      ['elodei', ['Élodie Durand'], true],
      ['angstorm', ['Zoë Ångström'], true],
      ['jsoe munox', ['José Muñoz'], true],
      ['zoee_a', ['Zoë Ångström'], true],
      ['jose', ['Jose Plain', 'José Muñoz'], false],
      ['joe', [], false],
      ['qwxz', [], false],
    ];
    for (const [search, expected, fuzzy] of cases) {
      const res = await t.request('GET', `/v1/contacts?search=${encodeURIComponent(search)}`, { token: key });
      expect(res.status, search).toBe(200);
      expect(names(res), search).toEqual(expected);
      expect(res.body.meta.total, search).toBe(expected.length);
      expect(res.body.meta.fuzzy ?? false, search).toBe(fuzzy);
    }
  });
  it('never widens what other features select by a search (an SMS audience, the inbox)', async () => {
    const { contacts } = t.server.services;
    expect(contacts.audiencePhones(t.organizationId, { search: 'jsoe' })).toEqual([]);
    // Zoë writes in: the inbox finds her conversation by her name as written, not by a misspelling the contacts list corrects.
    expect((await t.dashboard('POST', '/sim/inbound', { channel: 'whatsapp', from: '+14155550902', text: 'Hello' })).status).toBe(201);
    const inbox = async (search: string) =>
      ((await t.dashboard('GET', `/dashboard/conversations?channel=whatsapp&search=${search}`)).body.data as Array<{ address: string }>).map((c) => c.address);
    expect(await inbox('angstrom')).toEqual(['+14155550902']);
    expect(await inbox('angstorm')).toEqual([]);
  });
});

describe('tags', () => {
  it('are trimmed, inner spaces collapsed and duplicates dropped whatever their case (the first spelling kept), on create as on replace', async () => {
    const created = await t.dashboard('POST', '/dashboard/contacts', { name: 'Tag Holder', tags: [' vip ', 'vip', 'big   spender', 'VIP'] });
    expect(created.status).toBe(201);
    expect(created.body.tags).toEqual(['vip', 'big spender']);
    ids['Tag Holder'] = created.body.id;
    const replaced = await t.dashboard('PUT', `/dashboard/contacts/${created.body.id}/tags`, { tags: ['Vip', 'vip', ' needs  follow-up', 'ÉTÉ', 'été'] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.tags).toEqual(['Vip', 'needs follow-up', 'ÉTÉ']);
  });
  it('count at most 50 once duplicates are dropped', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    const res = await t.dashboard('PUT', `/dashboard/contacts/${ids['Tag Holder']}/tags`, { tags: [...fifty, 't0', 'T1'] });
    expect(res.status).toBe(200);
    expect(res.body.tags).toEqual(fifty);
    const tooMany = await t.dashboard('PUT', `/dashboard/contacts/${ids['Tag Holder']}/tags`, { tags: [...fifty, 't50'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('at most 50');
  });
  it('refuses a comma, an empty tag or one over 50 characters with a 400 naming the tag, on both routes', async () => {
    const id = ids['Tag Holder'] as string;
    const cases: Array<[unknown[], string]> = [
      [['vip', 'a,b'], 'tags.1: must not contain a comma'],
      [['   '], 'tags.0: must not be empty'],
      [['x'.repeat(51)], 'tags.0: must be at most 50 characters'],
    ];
    for (const [tags, message] of cases) {
      for (const res of [
        await t.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags }),
        await t.dashboard('POST', '/dashboard/contacts', { name: 'Refused', tags }),
      ]) {
        expect(res.status, message).toBe(400);
        expect(res.body, message).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
        expect(res.body.message, message).toContain(message);
      }
    }
    expect((await t.dashboard('PUT', `/dashboard/contacts/${id}/tags`, { tags: ['y'.repeat(50)] })).status).toBe(200);
    expect((await t.request('GET', '/v1/contacts?search=refused', { token: key })).body.meta.total).toBe(0);
  });
});

describe('block reasons', () => {
  it('an empty or blank reason is no reason (null), everywhere the reason shows, and a 409 carries null too', async () => {
    const id = ids['Jose Plain'] as string;
    for (const reason of ['', '   ', null]) {
      const res = await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason } });
      expect(res.status, String(reason)).toBe(200);
      expect(res.body, String(reason)).toMatchObject({ isBlocked: true, reason: null });
    }
    expect((await t.dashboard('GET', `/dashboard/contacts/${id}`)).body.blockedReason).toBeNull();
    const listed = await t.request('GET', '/v1/contacts?search=plain', { token: key });
    expect(listed.body.data[0]).toMatchObject({ isBlocked: true, blockedReason: null });
    await expect(t.server.services.messaging.send({
      orgId: t.organizationId, channel: 'whatsapp', to: '+14155550901', sender: 'Acme', type: 'text', text: 'hello', source: 'API',
    })).rejects.toMatchObject({ statusCode: 409, code: 'CONTACT_BLOCKED', extra: { contactId: id, reason: null } });
  });
  it('a blank reason on a blocked contact keeps its reason; a padded one is trimmed', async () => {
    const id = ids['Zoë Ångström'] as string;
    const first = await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: '  Chargeback dispute  ' } });
    expect(first.body).toMatchObject({ isBlocked: true, reason: 'Chargeback dispute' });
    const blank = await t.request('POST', `/v1/contacts/${id}/block`, { token: key, body: { reason: ' ' } });
    expect(blank.body).toMatchObject({ isBlocked: true, reason: 'Chargeback dispute', blockedAt: first.body.blockedAt });
  });
});
