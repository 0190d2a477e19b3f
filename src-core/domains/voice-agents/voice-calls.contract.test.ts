// Agent calls through real HTTP on the virtual clock: the outbound call's life (INITIATED, RINGING, ANSWERED, a
// conversation, COMPLETED), every fixture number, billing with its ledger line, the recording link, analytics over a
// range, validation, scopes, and a restart mid-call resuming it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCallListItemSchema, agentCallSchema } from '../../contract/voice-agents.ts';
import { createTestServer, stoppedCopy, type TestServer } from '../../testing/test-server.ts';
import { speakingSeconds } from './call-outcome.ts';

const dir = mkdtempSync(join(tmpdir(), 'sb-voice-calls-'));
let t: TestServer;
let key: string;
let agentId: string;
const api = (method: string, path: string, body?: unknown, token = key) => t.request(method, path, { token, body });
const place = (toNumber: string, extra: Record<string, unknown> = {}) => api('POST', '/v1/voice/calls/outbound', { agentId, toNumber, ...extra });
const call = async (id: string) => (await api('GET', `/v1/voice/calls/${id}`)).body;
const balance = async () => (await t.dashboard('GET', '/dashboard/wallet')).body.balancePaise as number;

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000 });
  agentId = (await api('POST', '/v1/voice/agents', {
    name: 'Order Confirmation', greeting: 'Hello {{name}}, this is Asha calling about order {{orderNumber}}.', instructions: 'Confirm the order.',
  })).body.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an outbound agent call', () => {
  it('starts INITIATED OUTBOUND, rings at 2 s, is answered at 7 s, talks, and completes at 95 s of talk, billed per started minute', async () => {
    const before = await balance();
    const placed = await place('+14155550101', { callContext: { name: 'Alice', orderNumber: '1001' } });
    expect(placed.status).toBe(201);
    expect(agentCallSchema.strict().parse(placed.body)).toMatchObject({
      id: expect.stringMatching(/^call_/), agentId, direction: 'OUTBOUND', status: 'INITIATED', callerNumber: '+18005550100', calledNumber: '+14155550101',
      callerName: 'Order Confirmation', durationSeconds: 0, sentiment: null, summary: null, wasConfirmed: false, wasBooked: false, billedAmountPaise: 0,
      transcription: [], startedAt: '2026-01-15T09:00:00.000Z', endedAt: null, callContext: { name: 'Alice', orderNumber: '1001' },
    });
    const id = placed.body.id as string;
    const early = await api('GET', `/v1/voice/calls/${id}/recording`);
    expect([early.status, early.body.message]).toEqual([404, `Voice call ${id} has no recording: only a completed call has one, and this one is INITIATED`]);
    await t.advance(2);
    expect((await call(id)).status).toBe('RINGING');
    await t.advance(5);
    expect(await call(id)).toMatchObject({ status: 'ANSWERED', answeredAt: '2026-01-15T09:00:07.000Z' });
    await t.advance(1);
    expect((await call(id)).transcription).toEqual([
      { role: 'agent', content: 'Hello Alice, this is Asha calling about order 1001.', timestamp: '2026-01-15T09:00:08.000Z' },
    ]);
    expect((await api('GET', `/v1/voice/calls/${id}/recording`)).status).toBe(404);
    await t.advance(120);
    const done = agentCallSchema.strict().parse(await call(id));
    expect(done).toMatchObject({
      status: 'COMPLETED', durationSeconds: 95, endedAt: '2026-01-15T09:01:42.000Z', endReason: 'callee_hung_up', sentiment: 'POSITIVE',
      wasConfirmed: true, wasBooked: true, billedAmountPaise: 400, recordingAvailable: true,
    });
    // Named as the call knows the person (here by its context's name; a contact's name comes first), not "the person".
    expect(done.summary).toBe('Order Confirmation spoke with Alice: they confirmed and a booking was made.');
    expect(done.transcription.map((turn) => turn.role)).toEqual(['agent', 'user', 'agent', 'user', 'agent', 'user', 'agent', 'user', 'agent', 'user', 'agent']);
    expect(done.transcription.at(-1)?.content).toBe('You are welcome. Have a great day!');
    // Every timestamp within the talk, in order.
    const times = done.transcription.map((turn) => turn.timestamp);
    expect([...times].sort()).toEqual(times);
    expect(times.at(-1)! < done.endedAt!).toBe(true);
    // Paced over the 95 s the person talks: the agent's last words (5 s to say) end 2 s before the hang-up, no long silence.
    expect(times.at(-1)).toBe('2026-01-15T09:01:35.000Z');
    expect(times.at(1)).toBe('2026-01-15T09:00:16.000Z');
    expect(await balance()).toBe(before - 400);
    const ledger = (await t.dashboard('GET', '/dashboard/wallet/ledger')).body.data[0];
    expect(ledger).toMatchObject({
      kind: 'charge', channel: 'voice', amountPaise: -400, referenceType: 'voice_call', referenceId: id,
      description: 'Voice agent call · Order Confirmation → +14155550101 · 2 min × ₹2.00',
    });
    expect((await t.dashboard('GET', '/dashboard/wallet')).body).toMatchObject({ balancePaise: before - 400 });
  });

  it('greets a known contact by their name when the call\'s context gives none, and by the context\'s name when it does', async () => {
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: 'Kiran Mehta', phone: '+14155550172' })).status).toBe(201);
    const unnamed = (await place('+14155550172', { callContext: { orderNumber: '1002' } })).body.id as string;
    const blank = (await place('+14155550172', { callContext: { name: ' ', orderNumber: '1003' } })).body.id as string;
    const given = (await place('+14155550172', { callContext: { name: 'Kiran', orderNumber: '1004' } })).body.id as string;
    const stranger = (await place('+14155550173', { callContext: { orderNumber: '1005' } })).body.id as string;
    await t.advance(120);
    const greeting = async (id: string) => (await call(id)).transcription[0]?.content;
    expect(await greeting(unnamed)).toBe('Hello Kiran Mehta, this is Asha calling about order 1002.');
    expect(await greeting(blank)).toBe('Hello Kiran Mehta, this is Asha calling about order 1003.');
    expect(await greeting(given)).toBe('Hello Kiran, this is Asha calling about order 1004.');
    expect(await greeting(stranger)).toBe('Hello, this is Asha calling about order 1005.');
    // The simulated conversation names them as the greeting did; the call's context is answered as it was given.
    const done = await call(unnamed);
    expect(done.transcription.map((turn: { content: string }) => turn.content)).toContain('Thank you for confirming, Kiran Mehta. Would you like me to book it for you now?');
    expect(done.callContext).toEqual({ orderNumber: '1002' });
  });

  it('fills a greeting\'s {{first_name}} with the first word of the name it speaks (the context\'s, else the contact\'s), unless the context gives one', async () => {
    const agent = (await api('POST', '/v1/voice/agents', { name: 'First', greeting: 'Hi {{first_name}}, this is Asha.', instructions: 'Confirm the order.' })).body.id as string;
    expect((await t.dashboard('POST', '/dashboard/contacts', { name: 'Meera Iyer', phone: '+14155550174' })).status).toBe(201);
    const placeWith = async (to: string, callContext: Record<string, string>) =>
      (await api('POST', '/v1/voice/calls/outbound', { agentId: agent, toNumber: to, callContext })).body.id as string;
    const contact = await placeWith('+14155550174', {});
    const contextName = await placeWith('+14155550175', { name: 'Ravi Nair' });
    const contextFirst = await placeWith('+14155550174', { first_name: 'Mee' });
    const nobody = await placeWith('+14155550176', {});
    await t.advance(120);
    const greeting = async (id: string) => (await call(id)).transcription[0]?.content;
    expect(await greeting(contact)).toBe('Hi Meera, this is Asha.');
    expect(await greeting(contextName)).toBe('Hi Ravi, this is Asha.');
    expect(await greeting(contextFirst)).toBe('Hi Mee, this is Asha.');
    expect(await greeting(nobody)).toBe('Hi, this is Asha.');
    expect((await call(contact)).callContext).toEqual({});
  });

  it('ends each fixture number with its outcome, no talk, no charge, no recording', async () => {
    const before = await balance();
    const cases: Array<[string, string, string, boolean]> = [
      ['+15005550004', 'NO_ANSWER', 'no_answer', true],
      ['+15005550005', 'BUSY', 'busy', true],
      ['+15005550006', 'BUSY', 'declined', true],
      ['+15005550007', 'FAILED', 'dial_failed', false],
    ];
    const ids = await Promise.all(cases.map(async ([phone]) => (await place(phone)).body.id as string));
    await t.advance(2);
    for (const [i, [phone, , , rings]] of cases.entries()) expect((await call(ids[i]!)).status, phone).toBe(rings ? 'RINGING' : 'FAILED');
    await t.advance(120);
    for (const [i, [phone, status, endReason]] of cases.entries()) {
      const ended = await call(ids[i]!);
      expect(ended, phone).toMatchObject({ status, endReason, durationSeconds: 0, billedAmountPaise: 0, answeredAt: null, transcription: [], sentiment: null });
      expect(ended.endedAt, phone).not.toBeNull();
      expect((await api('GET', `/v1/voice/calls/${ids[i]}/recording`)).status, phone).toBe(404);
    }
    expect((await call(ids[0]!)).endedAt).toBe(new Date(Date.parse((await call(ids[0]!)).startedAt) + 32_000).toISOString());
    expect(await balance()).toBe(before);
  });

  it('other people answer as their number says: hesitant (last digit 5-7) and unhappy (8-9)', async () => {
    const hesitant = (await place('+14155550106')).body.id;
    const unhappy = (await place('+14155550109')).body.id;
    await t.advance(120);
    expect(await call(hesitant)).toMatchObject({ status: 'COMPLETED', sentiment: 'NEUTRAL', wasConfirmed: false, wasBooked: false });
    expect(await call(unhappy)).toMatchObject({ status: 'COMPLETED', sentiment: 'NEGATIVE', wasConfirmed: false, summary: expect.stringMatching(/unhappy/) });
    // Each conversation is paced over the 95 s: its goodbye is said to the end 2 s before the hang-up, whoever answered.
    for (const id of [hesitant, unhappy]) {
      const done = await call(id);
      const last = done.transcription.at(-1) as { role: string; content: string; timestamp: string };
      expect([last.role, last.content], id).toEqual(['agent', expect.stringMatching(/Goodbye/)]);
      expect(Date.parse(done.endedAt) - (Date.parse(last.timestamp) + speakingSeconds(last.content) * 1000), id).toBe(2000);
    }
  });

  it('an agent\'s maxDurationSeconds under the 95 s hangs up first', async () => {
    const short = (await api('POST', '/v1/voice/agents', { name: 'Brief', greeting: 'Hi.', instructions: 'Be brief.', maxDurationSeconds: 30 })).body.id;
    const id = (await api('POST', '/v1/voice/calls/outbound', { agentId: short, toNumber: '+14155550101' })).body.id;
    await t.advance(120);
    expect(await call(id)).toMatchObject({ status: 'COMPLETED', durationSeconds: 30, endReason: 'max_duration', billedAmountPaise: 200 });
  });

  it('gives a recording link valid one hour, signed; the link serves audio, then expires; any link altered is 403', async () => {
    const id = (await place('+14155550111')).body.id;
    await t.advance(120);
    const link = await api('GET', `/v1/voice/calls/${id}/recording`);
    expect(link.status).toBe(200);
    expect(Object.keys(link.body)).toEqual(['data']);
    expect(link.body.data.url).toMatch(new RegExp(`^${t.url}/recordings/${id}\\.wav\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(Date.parse(link.body.data.expiresAt) - t.server.clock.now()).toBe(3_600_000);
    const audio = await fetch(link.body.data.url);
    expect([audio.status, audio.headers.get('content-type')]).toEqual([200, 'audio/wav']);
    expect(Buffer.from(await audio.arrayBuffer()).subarray(0, 4).toString()).toBe('RIFF');
    // One hex digit of the signature changed (to another digit whatever it was: a signature starting with 0 stays wrong).
    const tampered = (link.body.data.url as string).replace(/signature=(\w)/, (_m, first: string) => `signature=${first === '0' ? '1' : '0'}`);
    expect((await fetch(tampered)).status).toBe(403);
    // Any link that does not verify is 403, whatever the shape of what was altered (a bad-shape signature was 400).
    const url = link.body.data.url as string;
    const signature = /signature=(\w+)/.exec(url)?.[1] as string;
    for (const altered of [url.replace(signature, 'abc'), url.replace(signature, signature.toUpperCase()), `${url}0`, url.replace(/&signature=\w+/, ''),
      url.replace(/signature=\w+/, 'signature='), `${url}&signature=${signature}`, url.replace(/expires=\d+/, 'expires=soon'), url.replace(/expires=/, 'expires=0')]) {
      const res = await fetch(altered);
      expect([res.status, ((await res.json()) as { code: string }).code], altered).toEqual([403, 'FORBIDDEN']);
    }
    await t.advance(3601);
    expect((await fetch(link.body.data.url)).status).toBe(403);
  });

  it('serves the recording in byte ranges, so a player can seek: one range 206, past the end 416, anything else the whole WAV', async () => {
    const id = (await place('+14155550112')).body.id;
    await t.advance(120);
    const url = (await api('GET', `/v1/voice/calls/${id}/recording`)).body.data.url as string;
    const whole = await fetch(url);
    const wav = Buffer.from(await whole.arrayBuffer());
    const size = wav.length;
    expect([whole.status, whole.headers.get('accept-ranges'), whole.headers.get('content-length')]).toEqual([200, 'bytes', String(size)]);
    const ask = (range: string, method = 'GET', more: Record<string, string> = {}) => fetch(url, { method, headers: { range, ...more } });
    for (const [range, start, end] of [['bytes=0-43', 0, 43], ['bytes=1000-', 1000, size - 1], ['bytes=-500', size - 500, size - 1],
      ['bytes=100-99999999', 100, size - 1], ['bytes=-99999999', 0, size - 1], ['BYTES= 5 - 9', 5, 9]] as const) {
      const part = await ask(range);
      expect([part.status, part.headers.get('content-range'), part.headers.get('content-length'), part.headers.get('accept-ranges'), part.headers.get('content-type')], range)
        .toEqual([206, `bytes ${start}-${end}/${size}`, String(end - start + 1), 'bytes', 'audio/wav']);
      expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const refused = await ask(range);
      expect([refused.status, refused.headers.get('content-range'), ((await refused.json()) as { code: string }).code], range)
        .toEqual([416, `bytes */${size}`, 'RANGE_NOT_SATISFIABLE']);
    }
    // Several ranges, a malformed or backwards one, another unit: the whole file (RFC 9110 lets a server ignore Range).
    for (const range of ['bytes=0-1,5-9', 'bytes=0-1,999999999-', 'bytes=abc', 'bytes=9-5', 'bytes=', 'items=0-5', '0-5']) {
      const res = await ask(range);
      expect([res.status, res.headers.get('content-range'), res.headers.get('content-length'), (await res.arrayBuffer()).byteLength], range).toEqual([200, null, String(size), size]);
    }
    // If-Range asks for a validator this server gives none of: the whole file.
    const unvalidated = await ask('bytes=0-9', 'GET', { 'if-range': '"x"' });
    expect([unvalidated.status, (await unvalidated.arrayBuffer()).byteLength]).toEqual([200, size]);
    // HEAD says the same without the bytes.
    const head = await ask('bytes=10-19', 'HEAD');
    expect([head.status, head.headers.get('content-range'), head.headers.get('content-length'), await head.text()]).toEqual([206, `bytes 10-19/${size}`, '10', '']);
    const headWhole = await fetch(url, { method: 'HEAD' });
    expect([headWhole.status, headWhole.headers.get('accept-ranges'), headWhole.headers.get('content-length')]).toEqual([200, 'bytes', String(size)]);
    // A link that does not verify is still 403 whatever the range.
    expect((await fetch(url.replace(/signature=\w+/, 'signature=abc'), { headers: { range: 'bytes=0-9' } })).status).toBe(403);
  });
});

describe('placing calls: refusals', () => {
  it('refuses a bad body with 400 and an unknown agent with 404', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ toNumber: '+14155550101' }, /agentId: is required/],
      [{ agentId }, /toNumber: is required/],
      [{ agentId, toNumber: 'call me' }, /toNumber: must be a phone number/],
      [{ agentId, toNumber: 14155550101 }, /toNumber: must be text, not a number$/],
      [{ agentId, toNumber: '+14155550101', callContext: 'vip' }, /callContext/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/v1/voice/calls/outbound', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, expect.stringMatching(message)]);
    }
    // The number agent calls come from is nobody to call.
    const own = await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+18005550100' });
    expect([own.status, own.body.message]).toEqual([400, '+18005550100 is the number agent calls come from: give the phone of the person to call']);
    expect((await api('POST', '/v1/voice/calls/outbound', { agentId: 'agt_unknown', toNumber: '+14155550101' })).status).toBe(404);
    expect((await api('GET', '/v1/voice/calls/call_unknown')).status).toBe(404);
    expect((await api('GET', '/v1/voice/calls/call_unknown/recording')).status).toBe(404);
  });

  it('does not call a blocked contact: 409 CONTACT_BLOCKED with its reason, nothing placed or charged; unblocked, it does', async () => {
    const contact = (await t.dashboard('POST', '/dashboard/contacts', { name: 'Do Not Call', phone: '+14155550177' })).body;
    await api('POST', `/v1/contacts/${contact.id}/block`, { reason: 'asked not to be called' });
    const before = await balance();
    const refused = await place('+1 (415) 555-0177');
    expect([refused.status, refused.body]).toEqual([409, {
      statusCode: 409, error: 'Conflict', code: 'CONTACT_BLOCKED', contactId: contact.id, reason: 'asked not to be called',
      message: expect.stringContaining('is blocked: asked not to be called'),
    }]);
    expect((await api('GET', '/v1/voice/calls?limit=100')).body.data.filter((c: { calledNumber: string }) => c.calledNumber === '+14155550177')).toEqual([]);
    expect(await balance()).toBe(before);
    await api('POST', `/v1/contacts/${contact.id}/unblock`);
    expect((await place('+14155550177')).status).toBe(201);
  });

  it('places one call for a repeated Idempotency-Key', async () => {
    const send = () => t.request('POST', '/v1/voice/calls/outbound', { token: key, body: { agentId, toNumber: '+14155550120' }, headers: { 'idempotency-key': 'call-once' } });
    const [first, again] = [await send(), await send()];
    expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
    expect((await api('GET', '/v1/voice/calls?limit=100')).body.data.filter((c: { calledNumber: string }) => c.calledNumber === '+14155550120')).toHaveLength(1);
  });

  it('refuses a call from an empty wallet with 400 INSUFFICIENT_BALANCE, placing nothing', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'No money' });
    const own = (await t.createKey({ organizationId: org.body.id })).key;
    const agent = (await api('POST', '/v1/voice/agents', { name: 'A', greeting: 'Hi.', instructions: 'x' }, own)).body.id;
    const refused = await api('POST', '/v1/voice/calls/outbound', { agentId: agent, toNumber: '+14155550101' }, own);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, 'INSUFFICIENT_BALANCE', expect.stringMatching(/₹2\.00 per started minute/)]);
    expect((await api('GET', '/v1/voice/calls', undefined, own)).body.meta.total).toBe(0);
  });

  it('needs voice:calls:write to place and voice:calls:read to read', async () => {
    const reader = (await t.createKey({ scopes: ['voice:calls:read'] })).key;
    const refused = await api('POST', '/v1/voice/calls/outbound', { agentId, toNumber: '+14155550101' }, reader);
    expect([refused.status, refused.body.message]).toEqual([403, 'Insufficient scope. Required: voice:calls:write']);
    const agentsOnly = (await t.createKey({ scopes: ['voice:agents:read'] })).key;
    for (const path of ['/v1/voice/calls', '/v1/voice/calls/call_x', '/v1/voice/calls/call_x/recording', '/v1/voice/analytics?from=2026-01-01&to=2026-02-01']) {
      expect((await api('GET', path, undefined, agentsOnly)).body.message, path).toBe('Insufficient scope. Required: voice:calls:read');
    }
  });
});

describe('reading calls', () => {
  it('lists newest first with status and direction filters; limit 20 by default, at most 100; a bad filter is 400', async () => {
    const all = await api('GET', '/v1/voice/calls');
    expect(all.body.meta).toMatchObject({ page: 1, limit: 20 });
    for (const item of all.body.data) agentCallListItemSchema.strict().parse(item);
    const starts = all.body.data.map((item: { startedAt: string }) => item.startedAt);
    expect([...starts].sort().reverse()).toEqual(starts);
    const busy = await api('GET', '/v1/voice/calls?status=BUSY');
    expect(busy.body.data.map((item: { calledNumber: string }) => item.calledNumber).sort()).toEqual(['+15005550005', '+15005550006']);
    expect((await api('GET', '/v1/voice/calls?direction=INBOUND')).body.meta.total).toBe(0);
    expect((await api('GET', '/v1/voice/calls?direction=OUTBOUND')).body.meta.total).toBe(all.body.meta.total);
    expect((await api('GET', '/v1/voice/calls?limit=1000')).body.meta.limit).toBe(100);
    expect((await api('GET', '/v1/voice/calls?status=DONE')).status).toBe(400);
    // A closed list's refusal is worded as on every route; an agent id filter is held to an id's 100 characters.
    expect((await api('GET', '/v1/voice/calls?direction=outbound')).body)
      .toMatchObject({ statusCode: 400, message: 'Invalid query: direction: must be one of: INBOUND, OUTBOUND' });
    expect((await api('GET', `/v1/voice/calls?agentId=${'a'.repeat(101)}`)).body)
      .toMatchObject({ statusCode: 400, message: 'Invalid query: agentId: must be at most 100 characters' });
  });

  it('analytics count the calls started in the range, both ends required', async () => {
    const org = await t.dashboard('POST', '/dashboard/organizations', { name: 'Analytics' });
    const own = (await t.createKey({ organizationId: org.body.id, rateLimitPerMinute: 10_000 })).key;
    await t.dashboard('POST', '/dashboard/wallet/top-up', { organizationId: org.body.id, amountPaise: 10_000 });
    const agent = (await api('POST', '/v1/voice/agents', { name: 'A', greeting: 'Hi.', instructions: 'x' }, own)).body.id;
    const start = t.server.clock.nowIso();
    for (const phone of ['+14155550101', '+14155550109', '+15005550004', '+15005550007', '+15005550005']) {
      await api('POST', '/v1/voice/calls/outbound', { agentId: agent, toNumber: phone }, own);
    }
    await t.advance(150);
    await api('POST', '/v1/voice/calls/outbound', { agentId: agent, toNumber: '+14155550102' }, own);
    await t.advance(150);
    const inRange = await api('GET', `/v1/voice/analytics?from=${start}&to=${new Date(Date.parse(start) + 60_000).toISOString()}`, undefined, own);
    expect(inRange.body).toEqual({
      totalCalls: 5, completedCalls: 2, failedCalls: 1, noAnswerCalls: 1, busyCalls: 1, cancelledCalls: 0, avgDurationSeconds: 95, totalDurationSeconds: 190,
      sentimentBreakdown: { POSITIVE: 1, NEUTRAL: 0, NEGATIVE: 1 }, totalCostPaise: 800, confirmedCount: 1, bookedCount: 1,
      from: start, to: new Date(Date.parse(start) + 60_000).toISOString(),
    });
    const day = start.slice(0, 10);
    expect((await api('GET', `/v1/voice/analytics?from=${day}&to=${day}`, undefined, own)).body).toMatchObject({ totalCalls: 6, totalCostPaise: 1200 });
    for (const query of ['', `?from=${day}`, `?to=${day}`, '?from=yesterday&to=today', `?from=${day}&to=2020-01-01`]) {
      expect((await api('GET', `/v1/voice/analytics${query}`, undefined, own)).status, query).toBe(400);
    }
  });
});

describe('a restart mid-call', () => {
  it('resumes the conversation where it stopped and completes it once', async () => {
    const id = (await place('+14155550112')).body.id as string;
    await t.advance(30);
    const midway = await call(id);
    expect(midway.status).toBe('ANSWERED');
    const restarted = await stoppedCopy(t, join(dir, 'mid-call.db')).restart();
    try {
      const get = async () => (await restarted.request('GET', `/v1/voice/calls/${id}`, { token: key })).body;
      expect((await get()).transcription).toEqual(midway.transcription);
      await restarted.advance(120);
      const done = await get();
      expect(done).toMatchObject({ status: 'COMPLETED', durationSeconds: 95, billedAmountPaise: 400 });
      expect(done.transcription.slice(0, midway.transcription.length)).toEqual(midway.transcription);
      expect(done.transcription.length).toBeGreaterThan(midway.transcription.length);
      const lines = (await restarted.dashboard('GET', '/dashboard/wallet/ledger')).body.data.filter((line: { referenceId: string }) => line.referenceId === id);
      expect(lines).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
