// Every problem of a 400 `Invalid body: …` / `Invalid query: …` reads `path: problem`, whether the validator words it
// (`to: is required`) or the field's schema does (`page: must be at least 1`): a schema's own message that starts with
// its field's name read without the colon (`page must be at least 1`), so a client splitting the message at `: `
// could not take the field from every problem.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './testing/test-server.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
});
afterAll(async () => {
  await t.close();
});

describe('a validation refusal', () => {
  it('names each field as `path: problem`, the schema\'s own messages as the validator\'s', async () => {
    const refused = (res: { status: number; body: { code?: string; message?: string } }) => [res.status, res.body.code, res.body.message];
    // A schema's own message ("page must be at least 1") and a default one (a missing field), each after a colon.
    expect(refused(await api('GET', '/v1/contacts?page=0'))).toEqual([400, 'VALIDATION_FAILED', 'Invalid query: page: must be at least 1']);
    expect(refused(await api('POST', '/v1/sms/send', { senderId: 'ACMEIN', message: 'Hi' }))).toEqual([400, 'VALIDATION_FAILED', 'Invalid body: to: is required']);
    // Both in one message, each split from its field the same way.
    const words = await t.dashboard('POST', '/dashboard/api-keys', { name: '', environment: 'prod', scopes: ['contacts:read'] });
    expect(words.body.message).toBe('Invalid body: name: is required; environment: must be one of: live, test');
    for (const problem of (words.body.message as string).replace(/^Invalid body: /, '').split('; ')) expect(problem).toMatch(/^[\w.]+: \S/);
  });

  it('a value of a closed list says `must be one of: …` at its own path, never the field\'s name again or another wording', async () => {
    const message = async (res: Promise<{ body: { message?: string } }>) => (await res).body.message;
    // In a list, the problem is the item's: it read `channels.1: channel must be one of sms, whatsapp`.
    expect(await message(t.dashboard('POST', '/dashboard/otp-widgets', { name: 'w', channels: ['sms', 'fax'] })))
      .toBe('Invalid body: channels.1: must be one of: sms, whatsapp');
    expect(await message(api('POST', '/v1/messages/send', { to: '+14155550101', channel: 'sms', message: 'Hi', fallbackChannels: ['sms', 'fax'] })))
      .toBe('Invalid body: fallbackChannels.1: must be one of: whatsapp, sms, rcs');
    // Said alike on every route: `must be one of: …`, where it read `must be one of X` or `is one of X`.
    expect(await message(api('GET', '/v1/voice/calls?status=bogus'))).toBe('Invalid query: status: must be one of: INITIATED, RINGING, ANSWERED, COMPLETED, FAILED, NO_ANSWER, BUSY, CANCELLED');
    expect(await message(api('GET', '/v1/sms/logs?status=bogus'))).toBe('Invalid query: status: must be one of: queued, sent, delivered, read, failed, received, or several of them separated by commas (status=delivered,read): "bogus" is not');
    expect(await message(api('POST', '/v1/sms/campaigns', { name: 'x', messageBody: 'Hi', audienceType: 'friends' }))).toBe('Invalid body: audienceType: must be one of: all, segment, manual');
  });

  it('a body of several forms is told what the form it was sent in lacks', async () => {
    const place = async (body: unknown) => (await api('POST', '/v1/voice/app/calls', body)).body.message;
    // The booking form (seed: `{ externalRef, fromExternalId }` with no `type`) without its caller: it was told the other
    // form's `type`, `from` and `to` were required.
    expect(await place({ externalRef: 'booking_1042' })).toBe('Invalid body: fromExternalId: is required');
    expect(await place({ fromExternalId: 'cust_1042' })).toBe('Invalid body: externalRef: is required');
    // A body naming fields of neither form, or none, is told the first form's, as before.
    expect(await place({})).toBe('Invalid body: type: is required: one of app, phone; from: is required; to: is required');
    expect(await place({ type: 'app', from: 'cust_1042' })).toBe('Invalid body: to: is required');
  });
});
