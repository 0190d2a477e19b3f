// The console's app calls name their app-user parties (`fromDisplayName`, `toDisplayName`) through real HTTP: the list
// and a call under /dashboard; null for a person the identities do not know or one without a name, for a phone, and
// for a call to the business number; a person rung on their phone is named; a deactivated one keeps their name in the
// history; /v1 keeps its fields. A call's ledger lines name its parties the same way, with their external ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCallSchema } from '../../contract/voice-app.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startVoiceAppTest } from '../../testing/voice-app-calls.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });
const voip = { token: 'voip-token-1', platform: 'ios', isVoip: true };
async function person(externalId: string, fields: { displayName?: string; phone?: string; device?: boolean }) {
  expect((await api('POST', '/v1/voice/app/identities', { externalId, role: 'CUSTOMER', displayName: fields.displayName, phone: fields.phone })).status).toBe(201);
  if (fields.device) expect((await api('POST', `/v1/voice/app/identities/${externalId}/devices`, { ...voip, token: `voip-${externalId}` })).status).toBe(201);
}
async function place(body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/v1/voice/app/calls', body);
  expect(res.status).toBe(201);
  await api('POST', `/v1/voice/app/calls/${res.body.callId}/end`, {});
  return res.body.callId as string;
}
const names = (call: { from: string; to: string; fromDisplayName: string | null; toDisplayName: string | null }) =>
  [call.from, call.fromDisplayName, call.to, call.toDisplayName];

beforeAll(async () => {
  ({ t, key } = await startVoiceAppTest());
  await person('cust_1042', { displayName: 'Alice Johnson', device: true });
  await person('pro_7', { displayName: 'Sam Rivera', device: true });
  await person('pro_nameless', { device: true });
  await person('pro_phone_only', { displayName: 'Priya Phone', phone: '+14155550177' });
});
afterAll(async () => {
  await t.close();
});

describe('the console app calls', () => {
  it('name each app-user party in the list and a call; unknown, nameless, phone and business-number parties are null; /v1 is unchanged', async () => {
    const booked = await place({ type: 'app', from: 'cust_1042', to: 'pro_7' });
    const unknown = await place({ type: 'app', from: 'cust_1042', to: 'ghost_9' });
    const nameless = await place({ type: 'app', from: 'pro_nameless', to: 'pro_7' });
    const phone = await place({ type: 'phone', from: 'pro_7', to: '+14155550188' });
    const fallback = await place({ type: 'app', from: 'cust_1042', to: 'pro_phone_only' });
    const inbound = (await t.dashboard('POST', '/sim/voice/inbound-call', { from: '+14155550166' })).body.callId as string;

    const list = (await t.dashboard('GET', '/dashboard/voice/app/calls')).body.data as Array<Parameters<typeof names>[0] & { callId: string }>;
    const byId = new Map(list.map((call) => [call.callId, names(call)]));
    expect(byId.get(booked)).toEqual(['cust_1042', 'Alice Johnson', 'pro_7', 'Sam Rivera']);
    expect(byId.get(unknown)).toEqual(['cust_1042', 'Alice Johnson', 'ghost_9', null]);
    expect(byId.get(nameless)).toEqual(['pro_nameless', null, 'pro_7', 'Sam Rivera']);
    expect(byId.get(phone)).toEqual(['pro_7', 'Sam Rivera', '+1******0188', null]);
    // Rung on their phone by the fallback leg: the call shows the person, so the console names them.
    expect(byId.get(fallback)).toEqual(['cust_1042', 'Alice Johnson', 'pro_phone_only', 'Priya Phone']);
    expect(byId.get(inbound)).toEqual(['+1******0166', null, '+18005550142', null]);

    const one = (await t.dashboard('GET', `/dashboard/voice/app/calls/${booked}`)).body;
    expect(names(one)).toEqual(['cust_1042', 'Alice Johnson', 'pro_7', 'Sam Rivera']);
    expect(names((await t.dashboard('GET', `/dashboard/voice/app/calls/${unknown}`)).body)).toEqual(['cust_1042', 'Alice Johnson', 'ghost_9', null]);

    // The API's fields exactly under /v1: the list and a call.
    for (const row of (await api('GET', '/v1/voice/app/calls')).body.data) appCallSchema.strict().parse(row);
    appCallSchema.strict().parse((await api('GET', `/v1/voice/app/calls/${booked}`)).body);
  });

  it('name the call on its ledger lines by its parties: a person by name with their external id, a nameless one by id, a phone masked', async () => {
    const answered = async (body: Record<string, unknown>, callee: string | null): Promise<string> => {
      const res = await api('POST', '/v1/voice/app/calls', body);
      expect(res.status).toBe(201);
      const id = res.body.callId as string;
      if (callee) expect((await api('POST', `/v1/voice/app/calls/${id}/accept`, { asExternalId: callee })).status).toBe(200);
      else await t.advance(7);
      expect((await api('POST', `/v1/voice/app/calls/${id}/end`, {})).status).toBe(200);
      return id;
    };
    const booked = await answered({ type: 'app', from: 'cust_1042', to: 'pro_7' }, 'pro_7');
    const nameless = await answered({ type: 'app', from: 'pro_nameless', to: 'pro_7' }, 'pro_7');
    const phone = await answered({ type: 'phone', from: 'pro_7', to: '+14155550188' }, null);
    const lines = (await t.dashboard('GET', '/dashboard/wallet/ledger?limit=200')).body.data as Array<{ referenceId: string; description: string }>;
    const linesOf = (id: string) => lines.filter((line) => line.referenceId === id).map((line) => line.description).sort();
    expect(linesOf(booked)).toEqual(['Voice app call · Alice Johnson (cust_1042) → Sam Rivera (pro_7) · talk · 1 min × ₹1.00']);
    expect(linesOf(nameless)).toEqual(['Voice app call · pro_nameless → Sam Rivera (pro_7) · talk · 1 min × ₹1.00']);
    expect(linesOf(phone)).toEqual([
      'Voice app call · Sam Rivera (pro_7) → +1******0188 · phone side +1******0188 · 1 min × ₹0.50',
      'Voice app call · Sam Rivera (pro_7) → +1******0188 · talk · 1 min × ₹1.00',
    ]);
  });

  it('keeps a deactivated person\'s name on the calls they were on', async () => {
    const id = await place({ type: 'app', from: 'cust_1042', to: 'pro_7' });
    expect((await api('DELETE', '/v1/voice/app/identities/pro_7')).status).toBe(200);
    expect(names((await t.dashboard('GET', `/dashboard/voice/app/calls/${id}`)).body)).toEqual(['cust_1042', 'Alice Johnson', 'pro_7', 'Sam Rivera']);
  });
});
