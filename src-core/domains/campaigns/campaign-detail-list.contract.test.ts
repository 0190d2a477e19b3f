// A campaign's detail gives back the list it was created with, in the field its create takes it, on every channel
// (SMS `audienceCriteria.phones`, WhatsApp `phones`, RCS `numbers`, email `recipients`); an audience resolved from
// contacts or subscribers gives its criteria, no list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { addRcsWeekend, addSmsSale } from '../../testing/sale-fixtures.ts';

let t: TestServer;
let key: string;
const api = (method: string, path: string, body?: unknown) => t.request(method, path, { token: key, body });

beforeAll(async () => {
  t = await createTestServer();
  key = (await t.createKey({ rateLimitPerMinute: 10_000 })).key;
  await t.dashboard('POST', '/dashboard/wallet/top-up', { amountPaise: 100_000, emailCredits: 10 });
  await addSmsSale(t);
  await t.dashboard('POST', '/dashboard/contacts', { name: 'Vee One', phone: '+919810060001', tags: ['vip'] });
});
afterAll(async () => {
  await t.close();
});

describe('campaign detail', () => {
  it('an SMS list comes back as audienceCriteria.phones (international, each once), a segment as its criteria', async () => {
    const created = await api('POST', '/v1/sms/campaigns', {
      name: 'Listed', messageBody: 'Big sale: 30% off today - ACME', audienceCriteria: { phones: ['919810060101', '+919810060102', '919810060101'] },
    });
    expect(created.status).toBe(201);
    const detail = (await api('GET', `/v1/sms/campaigns/${created.body.id}`)).body;
    expect([detail.audienceType, detail.audienceCriteria]).toEqual(['manual', { phones: ['+919810060101', '+919810060102'] }]);
    // The console's twin reads the same.
    expect((await t.dashboard('GET', `/dashboard/sms/campaigns/${created.body.id}`)).body.audienceCriteria).toEqual(detail.audienceCriteria);
    const segment = await api('POST', '/v1/sms/campaigns', { name: 'VIPs', messageBody: 'Big sale: 30% off today - ACME', audienceCriteria: { tags: ['vip'] } });
    expect((await api('GET', `/v1/sms/campaigns/${segment.body.id}`)).body.audienceCriteria).toEqual({ tags: ['vip'] });
  });

  it('a WhatsApp list comes back as phones, an RCS one as numbers (country code added), an email one as recipients', async () => {
    const template = await t.dashboard('POST', '/dashboard/whatsapp/templates', {
      name: 'detail_list', category: 'UTILITY', language: 'en', components: [{ type: 'BODY', text: 'Your order ships today' }],
    });
    const rcsFixture = await addRcsWeekend(t, 'Hi {{name}}, this weekend only.');
    const emailTemplate = (await api('POST', '/v1/email/templates', { name: 'News', subject: 'News', html: '<p>Hello</p>' })).body.id;
    await t.dashboard('POST', '/dashboard/email/domains', { domain: 'acme.test' });
    await t.advance(60);

    const wa = await api('POST', '/v1/whatsapp/campaigns', { templateId: template.body.id, phones: ['919810060201', '919810060202'] });
    expect(wa.status).toBe(201);
    expect((await api('GET', `/v1/whatsapp/campaigns/${wa.body.id}`)).body.phones).toEqual(['+919810060201', '+919810060202']);

    const rcs = await api('POST', '/v1/rcs/campaigns', { ...rcsFixture, numbers: ['9810060301', '+919810060302'], rcsVariables: { name: 'there' } });
    expect(rcs.status).toBe(202);
    const rcsDetail = (await api('GET', `/v1/rcs/campaigns/${rcs.body.id}`)).body;
    expect([rcsDetail.audience, rcsDetail.numbers]).toEqual(['list', ['+919810060301', '+919810060302']]);
    const everyone = await api('POST', '/v1/rcs/campaigns', { ...rcsFixture, rcsVariables: { name: 'there' } });
    const everyoneDetail = (await api('GET', `/v1/rcs/campaigns/${everyone.body.id}`)).body;
    expect([everyoneDetail.audience, everyoneDetail.numbers]).toEqual(['contacts', undefined]);

    const email = await t.dashboard('POST', '/dashboard/email/campaigns', {
      name: 'Mail', templateId: emailTemplate, fromName: 'Acme', fromEmail: 'news@acme.test', audience: 'list', recipients: ['Zed@Example.org', 'amy@example.org'],
    });
    expect(email.status).toBe(201);
    expect((await t.dashboard('GET', `/dashboard/email/campaigns/${email.body.id}`)).body.recipients).toEqual(['zed@example.org', 'amy@example.org']);
  });
});
