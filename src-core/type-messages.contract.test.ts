// A field present with the wrong type says what it must be, on every route, fields of several forms
// (unions) included: never "does not match any accepted form".
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

describe('a field of several forms, sent with the wrong type', () => {
  it('/rcs/send names what each rcsVariables value must be', async () => {
    const res = await api('POST', '/v1/rcs/send', { to: '+14155550188', templateId: 'rtpl_x', rcsVariables: { name: 12, order: true, eta: null } });
    expect([res.status, res.body.message]).toEqual([400,
      'Invalid body: rcsVariables.order: must be text or a number, not a boolean; rcsVariables.eta: must be text or a number, not null']);
  });

  it('/email/send names what a merge value must be, and says a list is not an object as every route does', async () => {
    const send = (variables: unknown) => api('POST', '/v1/email/send', {
      templateId: 'etpl_x', recipient: { to: 'sam@example.net' }, fromName: 'Acme', fromEmail: 'hi@example.com', variables,
    });
    expect((await send({ a: { b: 1 } })).body.message).toBe('Invalid body: variables.a: must be text, a number, true or false, not an object');
    expect((await send([1])).body.message).toBe('Invalid body: variables: must be an object, not a list');
    // A value of a form's type is held to that form's rule.
    expect((await send({ a: 'x'.repeat(2001) })).body.message).toBe('Invalid body: variables.a: must be at most 2000 characters');
  });

  it('/messages/send names what template.variables values must be, in its {message} shape', async () => {
    const res = await api('POST', '/v1/messages/send', { to: '+14155550188', channel: 'rcs', template: { id: 'rtpl_x', variables: { name: [1] } } });
    expect([res.status, res.body]).toEqual([400, { message: 'Invalid body: template.variables.name: must be text or a number, not a list' }]);
  });

  it('/whatsapp/campaigns names the contact fields a variableMapping takes', async () => {
    const create = (variableMapping: unknown) => api('POST', '/v1/whatsapp/campaigns', { templateId: 'wtpl_x', phones: ['14155550188'], variableMapping });
    expect((await create({ 1: 'nope' })).body.message).toBe('Invalid body: variableMapping.1: must be one of: name, first_name, phone, email, username');
    expect((await create({ 1: { field: 'nope' } })).body.message).toBe('Invalid body: variableMapping.1.field: must be one of: name, first_name, phone, email, username');
    expect((await create({ 1: 5 })).body.message)
      .toBe('Invalid body: variableMapping.1: must be "name", "first_name", "phone", "email", "username" or an object, not a number');
    expect((await api('GET', '/v1/whatsapp/campaigns')).body.meta.total).toBe(0);
  });

  it('a tagged form names the tags it takes; a union with a message of its own keeps it', async () => {
    const template = await api('POST', '/v1/whatsapp/templates', { name: 'x', category: 'UTILITY', language: 'en', components: [{ type: 'FOO' }] });
    expect(template.body.message).toBe('Invalid body: components.0.type: must be one of: HEADER, BODY, FOOTER, BUTTONS');
    const ttl = await api('POST', '/v1/rcs/send', { to: '+14155550188', templateId: 'rtpl_x', ttl: true });
    expect(ttl.body.message).toBe('Invalid body: ttl: is a number of seconds from 1 to 9999999, e.g. "3600s" or 3600');
  });
});

describe('a text sent as a list, or a list as a text', () => {
  it('says only what the field must be, never measures it against the other type\'s length bounds', async () => {
    const sms = (body: Record<string, unknown>) => api('POST', '/v1/sms/send', { senderId: 'ACMEIN', to: ['+14155550188'], message: 'Hi', ...body });
    expect((await sms({ message: [] })).body.message).toBe('Invalid body: message: must be text, not a list');
    expect((await sms({ to: '' })).body.message).toBe('Invalid body: to: must be a list, not a string');
    const unified = await api('POST', '/v1/messages/send', { to: '+14155550188', channel: 'sms', message: [], sms: { senderId: 'ACMEIN' } });
    expect([unified.status, unified.body]).toEqual([400, { message: 'Invalid body: message: must be text, not a list' }]);
    // The body is checked before the contact is looked up.
    const block = await api('POST', '/v1/contacts/cnt_x/block', { reason: Array.from({ length: 501 }, () => 'x') });
    expect([block.status, block.body.message]).toEqual([400, 'Invalid body: reason: must be text, not a list']);
  });
});

describe('a field of a closed list of words, sent another type', () => {
  it('says it must be text, as every wrong type does, on OTP, the unified send and a campaign alike', async () => {
    // It said `channel: must be one of: sms, whatsapp` of a number, where a wrong type reads `must be text, not a number`.
    const retry = await api('POST', '/v1/otp/retry', { requestId: 'otp_x', channel: 5 });
    expect([retry.status, retry.body.message]).toEqual([400, 'Invalid body: channel: must be text, not a number']);
    const unified = await api('POST', '/v1/messages/send', { to: '+14155550188', channel: 5, message: 'Hi' });
    expect([unified.status, unified.body]).toEqual([400, { message: 'Invalid body: channel: must be text, not a number' }]);
    const campaign = await api('POST', '/v1/sms/campaigns', { name: 'x', messageBody: 'Hi', audienceType: 5 });
    expect(campaign.body.message).toBe('Invalid body: audienceType: must be text, not a number');
    // A word not on the list still names the list.
    expect((await api('POST', '/v1/otp/retry', { requestId: 'otp_x', channel: 'fax' })).body.message).toBe('Invalid body: channel: must be one of: sms, whatsapp');
  });
});

describe('a key an object of named values refuses', () => {
  it('is said of the object in plain words, never "Invalid key in record", and never echoed back', async () => {
    const call = (callContext: unknown) => api('POST', '/v1/voice/calls/outbound', { agentId: 'agt_x', toNumber: '+14155550188', callContext });
    expect([(await call({ '': 'x' })).status, (await call({ '': 'x' })).body.message]).toEqual([400, 'Invalid body: callContext: a key must not be empty']);
    const long = await call({ ['k'.repeat(5000)]: 'x', order: 12 });
    expect([long.status, long.body.message]).toEqual([400, 'Invalid body: callContext: a key must be at most 64 characters']);
    const email = await api('POST', '/v1/email/send', {
      templateId: 'etpl_x', recipient: { to: 'sam@example.net' }, fromName: 'Acme', fromEmail: 'hi@example.com', variables: { ['v'.repeat(65)]: 'x' },
    });
    expect(email.body.message).toBe('Invalid body: variables: a key must be at most 64 characters');
  });
});
