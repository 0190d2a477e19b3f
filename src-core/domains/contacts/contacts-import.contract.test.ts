// The console's contacts CSV import and export over real HTTP: matching, merging, skipping, the limit, events, one
// transaction, the file's format and formula guard, and a file read back through the import unchanged.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContactsTable } from '../../contract/contacts-csv.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(async () => {
  await t.close();
});

type Row = { name?: string; phone?: string; email?: string; username?: string; tags?: string[]; lifecycleStage?: string };
const newOrg = async (name: string): Promise<string> => (await t.dashboard('POST', '/dashboard/organizations', { name })).body.id as string;
const importRows = (organizationId: string, rows: Row[]) => t.dashboard('POST', '/dashboard/contacts/import', { organizationId, rows });
const exportCsv = (organizationId: string) => t.dashboard('GET', `/dashboard/contacts/export?organizationId=${organizationId}`);
const contacts = async (organizationId: string) => {
  const key = (await t.createKey({ organizationId })).key;
  return (await t.request('GET', '/v1/contacts?limit=100', { token: key })).body.data as Array<Record<string, unknown> & { id: string; tags: string[] }>;
};
const create = async (organizationId: string, body: Record<string, unknown>) => (await t.dashboard('POST', '/dashboard/contacts', { organizationId, ...body })).body.id as string;
/** The events written for `organizationId` from `seq` on, oldest first. */
const eventsSince = (organizationId: string, seq: number) => t.server.bus.recent(organizationId, 100_000)
  .filter((row) => row.seq > seq).reverse().map((row) => ({ type: row.type, data: JSON.parse(row.data) }));
const lastSeq = (organizationId: string) => t.server.bus.recent(organizationId, 1)[0]?.seq ?? 0;

describe('POST /dashboard/contacts/import', () => {
  it('creates contacts from rows, taking phones and emails in the forms POST /dashboard/contacts takes', async () => {
    const org = await newOrg('Create');
    const res = await importRows(org, [
      { name: 'Ana Lima', phone: '+55 (11) 98765-4321', tags: ['lead', 'lead ', 'Brazil'] },
      { email: 'Ravi@Example.COM' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: [] });
    const [ravi, ana] = await contacts(org);
    expect(ana).toMatchObject({ name: 'Ana Lima', phone: '+5511987654321', email: null, tags: ['lead', 'Brazil'], source: 'import', isBlocked: false });
    expect(ravi).toMatchObject({ name: null, phone: null, email: 'ravi@example.com', tags: [], source: 'import' });
  });

  it('updates a contact matched by phone or by email: tags added, a name set only where it has none, a block kept', async () => {
    const org = await newOrg('Update');
    const alice = await create(org, { name: 'Alice', phone: '+14155550101', email: 'alice@example.com', tags: ['vip'] });
    const nameless = await create(org, { email: 'nora@example.com', tags: ['old'] });
    const blocked = await create(org, { name: 'Spammer', phone: '+14155550199' });
    const same = await create(org, { name: 'Sam', phone: '+14155550150', tags: ['a'] });
    expect((await t.dashboard('POST', `/dashboard/contacts/${blocked}/block`, { organizationId: org, reason: 'spam' })).status).toBe(200);
    const before = lastSeq(org);
    const res = await importRows(org, [
      { name: 'Somebody Else', phone: '1 415 555 0101', email: 'other@example.com', tags: ['csv', 'VIP'] },
      { name: 'Nora Jones', email: 'NORA@example.com', tags: ['new'] },
      { name: 'Still Spam', phone: '+14155550199', tags: ['imported'] },
      { phone: '+14155550150', tags: ['A'] },
    ]);
    expect(res.body).toEqual({ created: 0, updated: 3, unchanged: 1, skipped: [] });
    const byId = new Map((await contacts(org)).map((c) => [c.id, c]));
    expect(byId.get(alice)).toMatchObject({ name: 'Alice', email: 'alice@example.com', tags: ['vip', 'csv'] });
    expect(byId.get(nameless)).toMatchObject({ name: 'Nora Jones', email: 'nora@example.com', tags: ['old', 'new'], source: 'manual' });
    expect(byId.get(blocked)).toMatchObject({ name: 'Spammer', isBlocked: true, blockedReason: 'spam', tags: ['imported'] });
    expect(byId.get(same)).toMatchObject({ tags: ['a'] });
    const events = eventsSince(org, before);
    expect(events.map((e) => [e.type, e.data.contact.id, e.data.changedFields])).toEqual([
      ['contact.updated', alice, ['tags']], ['contact.updated', nameless, ['name', 'tags']], ['contact.updated', blocked, ['tags']],
    ]);
    expect(events[0]?.data.contact.tags).toEqual(['vip', 'csv']);
  });

  it('merges rows of the file naming the same person (by phone or email, through each other) as one contact', async () => {
    const org = await newOrg('Merge');
    const existing = await create(org, { name: 'Kim', email: 'kim@example.com' });
    const before = lastSeq(org);
    const res = await importRows(org, [
      { name: 'Lee', phone: '+4915112345678', tags: ['one'] },
      { email: 'lee@example.com', tags: ['two'] },
      { name: 'Lee Again', phone: '4915112345678', email: 'lee@example.com', tags: ['three', 'ONE'] },
      { phone: '+447700900123', tags: ['x'] },
      { email: 'KIM@example.com', tags: ['y'] },
      { phone: '+447700900123', email: 'kim@example.com' },
    ]);
    expect(res.body).toEqual({ created: 1, updated: 1, unchanged: 0, skipped: [] });
    const all = await contacts(org);
    expect(all).toHaveLength(2);
    expect(all.find((c) => c.id !== existing)).toMatchObject({ name: 'Lee', phone: '+4915112345678', email: 'lee@example.com', tags: ['one', 'two', 'three'] });
    // Kim is matched by email; the new phone of the rows naming her is not hers to take ("nothing else changes").
    expect(all.find((c) => c.id === existing)).toMatchObject({ name: 'Kim', phone: null, tags: ['x', 'y'] });
    expect(eventsSince(org, before).map((e) => e.type)).toEqual(['contact.created', 'contact.updated']);
  });

  it("takes a username as a contact's address: creates by it, matches it (case aside) and merges rows by it; a name alone is skipped", async () => {
    const org = await newOrg('Usernames');
    const owl = await create(org, { username: 'night_owl', tags: ['ig'] });
    const res = await importRows(org, [
      { username: 'NIGHT_OWL', name: 'Owl', tags: ['csv'] },
      { name: 'Lark', username: 'early_lark' },
      { username: 'early_lark', tags: ['morning'] },
      { name: 'Only a name', tags: ['x'] },
      { username: 'u'.repeat(101) },
    ]);
    expect(res.body).toEqual({ created: 1, updated: 1, unchanged: 0, skipped: [
      { row: 4, reason: 'no phone, email or username' }, { row: 5, reason: 'username: must be at most 100 characters' },
    ] });
    const all = await contacts(org);
    expect(all).toHaveLength(2);
    expect(all.find((c) => c.id === owl)).toMatchObject({ username: 'night_owl', name: 'Owl', tags: ['ig', 'csv'] });
    expect(all.find((c) => c.id !== owl)).toMatchObject({ username: 'early_lark', name: 'Lark', phone: null, email: null, tags: ['morning'], source: 'import' });
  });

  it('skips rows with a problem, saying which (1-based) and why, and imports the rest', async () => {
    const org = await newOrg('Skip');
    const res = await importRows(org, [
      { name: 'Fine', phone: '+14155550123' },
      { name: 'No address' },
      { phone: 'call me maybe' },
      { email: 'not-an-email' },
      { name: 'x'.repeat(201), phone: '+14155550124' },
      { phone: '+14155550125', tags: ['a,b'] },
      { phone: '+14155550126', tags: ['t'.repeat(51)] },
      {},
      { name: '  ', phone: '  ', email: '' },
      { email: 'fine@example.com', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { email: 'last@example.com' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.skipped.map((s: { row: number }) => s.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const reasons = res.body.skipped.map((s: { reason: string }) => s.reason);
    expect(reasons[0]).toBe('no phone, email or username');
    expect(reasons[1]).toContain('phone: must be a phone number in international format');
    expect(reasons[2]).toMatch(/^email: /);
    expect(reasons[3]).toBe('name: must be at most 200 characters');
    expect(reasons[4]).toContain('must not contain a comma');
    expect(reasons[5]).toBe('tags.0: must be at most 50 characters');
    expect(reasons[6]).toBe('empty row');
    expect(reasons[7]).toBe('no phone, email or username');
    expect(reasons[8]).toContain('at most 50');
    expect((await contacts(org)).map((c) => c.phone ?? c.email)).toEqual(['last@example.com', '+14155550123']);
  });

  it('skips a person whose tags would pass 50 on their contact', async () => {
    const org = await newOrg('Tag limit');
    await create(org, { phone: '+14155550130', tags: Array.from({ length: 49 }, (_, i) => `t${i}`) });
    const res = await importRows(org, [{ phone: '+14155550130', tags: ['t1', 'u1', 'u2'] }, { phone: '+14155550130', tags: ['t2'] }]);
    expect(res.body).toEqual({ created: 0, updated: 0, unchanged: 0, skipped: [
      { row: 1, reason: 'the contact would have more than 50 tags (it has 49)' }, { row: 2, reason: 'the contact would have more than 50 tags (it has 49)' },
    ] });
  });

  it('takes 1 to 5,000 rows: none or more is 400 VALIDATION_FAILED naming rows', async () => {
    const org = await newOrg('Limit');
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ phone: `+1415${String(i).padStart(7, '0')}` }));
    const over = await importRows(org, rows(5001));
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('rows: must hold at most 5,000 rows') });
    expect((await importRows(org, [])).body.message).toContain('rows: must hold at least 1 row');
    expect((await t.dashboard('POST', '/dashboard/contacts/import', { organizationId: org, rows: [{ phone: '+14155550101', nmae: 'x' }] })).status).toBe(400);
    expect((await contacts(org))).toHaveLength(0);
    // Under 5,000 rows, a body past the server's 2 MiB is refused whole, in the envelope.
    const large = await importRows(org, rows(4000).map((row) => ({ ...row, name: 'n'.repeat(600) })));
    expect(large).toMatchObject({ status: 413, body: { statusCode: 413, message: expect.any(String) } });
    const full = await importRows(org, rows(5000));
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ created: 5000, skipped: [] });
  });

  it('writes all or nothing: a failure in the middle leaves no contact created or changed and no event', async () => {
    const org = await newOrg('Atomic');
    const kept = await create(org, { name: 'Kept', phone: '+14155550140', tags: ['before'] });
    const before = lastSeq(org);
    t.server.db.sql.exec(`CREATE TRIGGER import_fails BEFORE INSERT ON contacts WHEN NEW.name = 'Boom' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    try {
      const res = await importRows(org, [{ phone: '+14155550140', tags: ['after'] }, { name: 'Fine', phone: '+14155550141' }, { name: 'Boom', phone: '+14155550142' }]);
      expect(res.status).toBe(500);
    } finally {
      t.server.db.sql.exec('DROP TRIGGER import_fails');
    }
    const all = await contacts(org);
    expect(all.map((c) => c.id)).toEqual([kept]);
    expect(all[0]?.tags).toEqual(['before']);
    expect(eventsSince(org, before)).toEqual([]);
  });
});

describe('GET /dashboard/contacts/export', () => {
  it('answers a CSV file of every contact, oldest first, quoted per RFC 4180', async () => {
    const org = await newOrg('Export');
    await create(org, { name: 'Alice', phone: '+14155550101', email: 'alice@example.com', tags: ['vip', 'big spender'] });
    const bob = await create(org, { name: 'Bob "the builder", Jr.\nLine two', email: 'bob@example.com' });
    await create(org, { username: 'night_owl' });
    await t.dashboard('POST', `/dashboard/contacts/${bob}/block`, { organizationId: org });
    const res = await exportCsv(org);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="contacts.csv"');
    const bytes = Buffer.from(await (await fetch(`${t.url}/dashboard/contacts/export?organizationId=${org}`, { headers: { authorization: `Bearer ${t.dashboardToken}` } })).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const at = '2026-01-15T09:00:00.000Z';
    expect(res.text).toBe([
      'name,phone,email,username,tags,blocked,created_at,lifecycle_stage',
      `Alice,+14155550101,alice@example.com,,vip;big spender,false,${at},`,
      `"Bob ""the builder"", Jr.\nLine two",,bob@example.com,,,true,${at},`,
      `,,,night_owl,,false,${at},`,
      '',
    ].join('\r\n'));
    expect((await exportCsv(await newOrg('Empty'))).text).toBe('name,phone,email,username,tags,blocked,created_at,lifecycle_stage\r\n');
  });

  it('puts a quote before a field a spreadsheet would run as a formula, never before a phone number', async () => {
    const org = await newOrg('Formulas');
    await create(org, { name: '=HYPERLINK("http://evil.test","click")', phone: '+14155550101', tags: ['-1', 'ok'] });
    await create(org, { name: '+1 555', email: '-x@example.com', tags: ['@sum'] });
    await create(org, { name: "'=already quoted", email: "'+a@example.com" });
    await create(org, { name: 'Plain - name', email: 'plain@example.com', tags: ['a=b'] });
    const lines = (await exportCsv(org)).text.split('\r\n').slice(1, -1);
    expect(lines.map((line) => line.replace(/,(false|true),\S+$/, ''))).toEqual([
      `"'=HYPERLINK(""http://evil.test"",""click"")",+14155550101,,,'-1;ok`,
      `'+1 555,,'-x@example.com,,'@sum`,
      `''=already quoted,,''+a@example.com,,`,
      'Plain - name,,plain@example.com,,a=b',
    ]);
  });

  it('writes a tag holding ; or \\ escaped (\\; and \\\\) in the tags field, and the import reads it back as one tag', async () => {
    const org = await newOrg('Semicolons');
    const tags = ['R&D; EMEA', 'plain', 'C:\\temp', 'ends\\', ';'];
    await create(org, { phone: '+14155550101', tags });
    const text = (await exportCsv(org)).text;
    expect(text.split('\r\n')[1]).toBe(`,+14155550101,,,R&D\\; EMEA;plain;C:\\\\temp;ends\\\\;\\;,false,2026-01-15T09:00:00.000Z,`);
    const read = readContactsTable(Papa.parse<string[]>(text).data);
    expect(read.rows[0]?.tags).toEqual(tags);
    const to = await newOrg('Semicolons again');
    expect((await importRows(to, read.rows)).body).toMatchObject({ created: 1, skipped: [] });
    expect((await contacts(to))[0]?.tags).toEqual(tags);
  });

  it('reads back through the import unchanged: export, import the parsed rows into a new organization, export again', async () => {
    const from = await newOrg('Round trip from');
    const rows: Row[] = [
      { name: 'Alice Johnson', phone: '+14155550101', email: 'alice@example.com', tags: ['vip', 'big spender'] },
      { name: 'Bob "the builder", Jr.\r\nSecond line', email: 'bob@shop.de' },
      { name: '=cmd|" /C calc"!A0', phone: '+4915112345678', tags: ['-minus', '@at', 'plain'] },
      { name: "'=quoted already", email: "'+quote@example.com", tags: ['+plus'] },
      { name: 'José Muñoz 👨‍👩‍👧', phone: '+5511987654321', tags: ['été', 'ｆｕｌｌ'] },
      { phone: '+447700900123' },
      { email: '-dash@example.com', tags: ['a "quoted" tag'] },
      { username: 'night_owl', tags: ['instagram', 'R&D; EMEA', 'C:\\temp\\', 'a\\;b'] },
      { name: 'Known on Instagram by id', username: '17841400123456789' },
      { name: 'Handle with a sign', username: '=owl' },
    ];
    expect((await importRows(from, rows)).body).toMatchObject({ created: rows.length, skipped: [] });
    const first = (await exportCsv(from)).text;
    const table = Papa.parse<string[]>(first, { skipEmptyLines: false }).data;
    const read = readContactsTable(table);
    expect(read.columns.map((c) => c.field)).toEqual(['name', 'phone', 'email', 'username', 'tags', null, null, 'lifecycleStage']);
    const to = await newOrg('Round trip to');
    expect((await importRows(to, read.rows)).body).toEqual({ created: rows.length, updated: 0, unchanged: 0, skipped: [] });
    expect((await exportCsv(to)).text).toBe(first);
    // And once more into the same organization: every row matches its contact, nothing changes.
    expect((await importRows(to, read.rows)).body).toEqual({ created: 0, updated: 0, unchanged: rows.length, skipped: [] });
  });
});

describe('lifecycle stages in the CSV file', () => {
  type Stage = { id: string; name: string };
  const stagesOf = async (organizationId: string) => (await t.dashboard('GET', `/dashboard/lifecycle-stages?organizationId=${organizationId}`)).body.data as Stage[];
  const stageId = async (organizationId: string, name: string) => (await stagesOf(organizationId)).find((stage) => stage.name === name)?.id as string;

  it('exports each contact\'s stage by name in a last column, lifecycle_stage (blank for none), guarded as other fields', async () => {
    const org = await newOrg('Stage export');
    const ana = await create(org, { name: 'Ana', phone: '+14155550101' });
    await create(org, { name: 'Ben', phone: '+14155550102' });
    const odd = (await t.dashboard('POST', '/dashboard/lifecycle-stages', { organizationId: org, name: '=Odd, one' })).body.id as string;
    const zed = await create(org, { name: 'Zed', phone: '+14155550103' });
    expect((await t.dashboard('PUT', `/dashboard/contacts/${ana}/lifecycle-stage`, { organizationId: org, stageId: await stageId(org, 'Customer') })).status).toBe(200);
    expect((await t.dashboard('PUT', `/dashboard/contacts/${zed}/lifecycle-stage`, { organizationId: org, stageId: odd })).status).toBe(200);
    const lines = (await exportCsv(org)).text.split('\r\n');
    expect(lines[0]).toBe('name,phone,email,username,tags,blocked,created_at,lifecycle_stage');
    expect(lines.slice(1, -1).map((line) => line.replace(/,(false|true),[^,]+,/, ' | '))).toEqual(['Ana,+14155550101,,, | Customer', 'Ben,+14155550102,,, | ', `Zed,+14155550103,,, | "'=Odd, one"`]);
    // And read back: the stage column is the import's lifecycleStage, its guard taken off.
    expect(readContactsTable(Papa.parse<string[]>((await exportCsv(org)).text).data).rows.map((row) => row.lifecycleStage)).toEqual(['Customer', undefined, '=Odd, one']);
  });

  it('imports a stage by name, case aside, as PUT /dashboard/contacts/:id/lifecycle-stage sets it: its events, none when unchanged', async () => {
    const org = await newOrg('Stage import');
    const [lead, customer] = [await stageId(org, 'Lead'), await stageId(org, 'Customer')];
    const kept = await create(org, { name: 'Kept', phone: '+14155550111' });
    await t.dashboard('PUT', `/dashboard/contacts/${kept}/lifecycle-stage`, { organizationId: org, stageId: lead });
    const moved = await create(org, { name: 'Moved', phone: '+14155550112' });
    await t.dashboard('PUT', `/dashboard/contacts/${moved}/lifecycle-stage`, { organizationId: org, stageId: lead });
    const before = lastSeq(org);
    const res = await importRows(org, [
      { name: 'New', phone: '+14155550110', lifecycleStage: '  customer ' },
      { phone: '+14155550111', lifecycleStage: 'LEAD' },
      { phone: '+14155550112', lifecycleStage: 'Customer' },
      { phone: '+14155550113', lifecycleStage: 'Prospect' },
      { phone: '+14155550114', lifecycleStage: '' },
    ]);
    expect(res.body).toEqual({
      created: 2, updated: 1, unchanged: 1,
      skipped: [{ row: 4, reason: 'no lifecycle stage named "Prospect" (the stages: Subscriber, Lead, Qualified, Customer, Churned)' }],
    });
    const byPhone = new Map((await contacts(org)).map((c) => [c.phone, c.lifecycleStageId]));
    expect([...byPhone.entries()].sort()).toEqual([['+14155550110', customer], ['+14155550111', lead], ['+14155550112', customer], ['+14155550114', null]]);
    const events = eventsSince(org, before);
    expect(events.map((e) => e.type)).toEqual([
      'contact.created', 'contact.updated', 'contact.lifecycle_changed', 'contact.updated', 'contact.lifecycle_changed', 'contact.created',
    ]);
    expect(events[2]?.data).toMatchObject({ previousStageId: null, stageId: customer, stageName: 'Customer', contact: { phone: '+14155550110' } });
    expect(events[3]?.data).toMatchObject({ changedFields: ['lifecycleStageId'], contact: { id: moved } });
    expect(events[4]?.data).toMatchObject({ previousStageId: lead, previousStageName: 'Lead', stageId: customer, contact: { id: moved } });
  });

  it('reads the stage column of a file by the headers lifecycle_stage, Lifecycle Stage or Stage', () => {
    for (const header of ['lifecycle_stage', 'Lifecycle Stage', 'Stage']) {
      expect(readContactsTable([['phone', header], ['+14155550101', 'Lead']])).toMatchObject({
        columns: [{ header: 'phone', field: 'phone' }, { header, field: 'lifecycleStage' }], rows: [{ phone: '+14155550101', lifecycleStage: 'Lead' }],
      });
    }
  });
});
