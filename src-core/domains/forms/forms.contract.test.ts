// Forms over real HTTP: the console's routes, the public page and its submissions (urlencoded as a browser posts them,
// and JSON), the contact each submission makes or updates, and `form.submitted` delivered to a subscribed receiver.
import { describe, expect, it } from 'vitest';
import { FORM_SUBMISSIONS_PER_MINUTE } from '../../contract/forms.ts';
import { formsSuite } from '../../testing/forms-client.ts';

const suite = formsSuite();
const { api, receiver, settle, dashboard, post, postJson, newForm } = suite;

describe('forms (console routes)', () => {
  it('creates with defaults, lists with the public link and the submissions count, changes, deletes', async () => {
    const form = await dashboard('POST', '/dashboard/forms', { name: 'Newsletter' });
    expect([form.status, form.body]).toMatchObject([201, {
      id: expect.stringMatching(/^form_/), name: 'Newsletter', kind: 'form', description: '', customFields: [], submissionsCount: 0,
      fields: { name: 'optional', email: 'required', phone: 'hidden' }, publicUrl: `${suite.server().url}/forms/${form.body.id}`,
    }]);
    const changed = await dashboard('PATCH', `/dashboard/forms/${form.body.id}`, { kind: 'landing_page', customFields: [{ key: 'city', label: 'City' }] });
    expect(changed.body).toMatchObject({ kind: 'landing_page', name: 'Newsletter', customFields: [{ key: 'city', label: 'City', required: false }] });
    expect((await dashboard('GET', '/dashboard/forms')).body.data.map((f: { id: string }) => f.id)).toContain(form.body.id);
    expect((await dashboard('DELETE', `/dashboard/forms/${form.body.id}`)).status).toBe(204);
    expect((await dashboard('GET', `/dashboard/forms/${form.body.id}`)).status).toBe(404);
    expect((await suite.server().request('GET', `/forms/${form.body.id}`)).body).toMatchObject({ statusCode: 404, message: `Form ${form.body.id} not found` });
  });
  it('refuses a form that asks neither email nor phone, a clashing custom key, and an empty change, in the envelope', async () => {
    const none = await dashboard('POST', '/dashboard/forms', { name: 'X', fields: { name: 'required', email: 'hidden', phone: 'hidden' } });
    expect([none.status, none.body.message]).toEqual([400, expect.stringContaining('a form asks for an email or a phone')]);
    const clash = await dashboard('POST', '/dashboard/forms', { name: 'X', customFields: [{ key: 'email', label: 'Email again' }] });
    expect([clash.status, clash.body.message]).toEqual([400, 'Invalid body: customFields.0.key: must not be name, email or phone (those are the contact fields)']);
    const twice = await dashboard('POST', '/dashboard/forms', { name: 'X', customFields: [{ key: 'city', label: 'A' }, { key: 'city', label: 'B' }] });
    expect(twice.status).toBe(400);
    const form = await newForm({ name: 'Y' });
    expect((await dashboard('PATCH', `/dashboard/forms/${form.id}`, {})).status).toBe(400);
  });
});

describe('the public page and its submissions', () => {
  it('serves the form as plain HTML with everything escaped, and posts to its submissions', async () => {
    const form = await newForm({ name: '<b>Offer</b>', description: 'Tom & "Jerry" <script>x</script>', fields: { name: 'required', email: 'optional', phone: 'optional' },
      customFields: [{ key: 'city', label: 'City <i>', required: true }] });
    const page = await fetch(form.publicUrl);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<h1>&lt;b&gt;Offer&lt;/b&gt;</h1>');
    expect(html).toContain('Tom &amp; &quot;Jerry&quot; &lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).toContain(`<form method="post" action="/forms/${form.id}/submissions">`);
    for (const field of ['name="name"', 'name="email" type="email"', 'name="phone" type="tel"', 'name="city" type="text"']) expect(html).toContain(field);
  });
  it('a urlencoded post answers a Thanks page, makes the contact with the form as its source, and is listed', async () => {
    const form = await newForm({ name: 'Festive offer', kind: 'popup', fields: { name: 'optional', email: 'required', phone: 'optional' }, customFields: [{ key: 'city', label: 'City' }] });
    const res = await post(form.id, { name: 'Meera Shah', email: 'Meera@Example.com', phone: '', city: ' Pune ' }, '203.0.113.10');
    expect([res.status, res.headers.get('content-type')]).toEqual([201, 'text/html; charset=utf-8']);
    expect(await res.text()).toContain('Thanks!');
    const submissions = (await dashboard('GET', `/dashboard/forms/${form.id}/submissions`)).body.data;
    expect(submissions).toEqual([{ id: expect.stringMatching(/^fsub_/), formId: form.id, contactId: expect.stringMatching(/^cnt_/),
      fields: { name: 'Meera Shah', email: 'meera@example.com', city: 'Pune' }, submittedAt: expect.any(String) }]);
    const contact = (await dashboard('GET', `/dashboard/contacts/${submissions[0].contactId}`)).body;
    expect(contact).toMatchObject({ name: 'Meera Shah', email: 'meera@example.com', phone: null, source: 'Festive offer' });
    expect((await dashboard('GET', `/dashboard/forms/${form.id}`)).body.submissionsCount).toBe(1);
  });
  it('a JSON post answers the submission; the same person again updates their contact (the phone it lacked), no second one', async () => {
    const form = await newForm({ name: 'Callback', fields: { name: 'optional', email: 'optional', phone: 'optional' } });
    const first = await postJson(form.id, { email: 'ravi@example.com' }, '203.0.113.11');
    expect([first.status, first.body]).toMatchObject([201, { formId: form.id, fields: { email: 'ravi@example.com' } }]);
    const again = await postJson(form.id, { email: 'RAVI@example.com', phone: '+91 98100 04418', name: 'Ravi' }, '203.0.113.11');
    expect(again.body.contactId).toBe(first.body.contactId);
    expect(again.body.fields).toEqual({ name: 'Ravi', email: 'ravi@example.com', phone: '+919810004418' });
    expect((await dashboard('GET', `/dashboard/contacts/${first.body.contactId}`)).body).toMatchObject({ name: 'Ravi', phone: '+919810004418', source: 'Callback' });
  });
  it('refuses a missing required answer, a bad email or phone, an unknown field: 400 in the envelope, nothing stored', async () => {
    const form = await newForm({ name: 'Strict', fields: { name: 'required', email: 'required', phone: 'optional' }, customFields: [{ key: 'size', label: 'Shirt size', required: true }] });
    const cases: Array<[Record<string, string>, string]> = [
      [{ email: 'a@example.com', size: 'M' }, 'Invalid body: name is required'],
      [{ name: 'A', email: 'a@example.com', size: '  ' }, 'Invalid body: Shirt size is required'],
      [{ name: 'A', email: 'not-an-email', size: 'M' }, 'Invalid body: email: '],
      // The field named once, as the email's is (not "phone: phone must be…").
      [{ name: 'A', email: 'a@example.com', phone: '12', size: 'M' }, 'Invalid body: phone: must be a phone number in international format'],
      [{ name: 'A', email: 'a@example.com', size: 'M', coupon: 'X' }, 'Invalid body: this form does not ask for "coupon"'],
    ];
    for (const [fields, message] of cases) {
      const res = await postJson(form.id, fields, '203.0.113.12');
      expect([res.status, res.body.statusCode, res.body.code, res.body.message], JSON.stringify(fields)).toEqual([400, 400, 'VALIDATION_FAILED', expect.stringContaining(message)]);
    }
    expect((await dashboard('GET', `/dashboard/forms/${form.id}/submissions`)).body.data).toEqual([]);
    expect((await postJson('form_nope', { email: 'a@example.com' }, '203.0.113.12')).status).toBe(404);
  });
  it("a browser's refused post (urlencoded) is answered as the form again, same status: the answers kept, escaped, the message by its field", async () => {
    const form = await newForm({ name: 'Page refusals', fields: { name: 'required', email: 'required', phone: 'optional' }, customFields: [{ key: 'city', label: 'City' }] });
    const res = await post(form.id, { name: 'Zoë "<script>alert(1)</script>"', email: 'zoe@example', city: 'Lisbon & Porto' }, '203.0.113.16');
    expect([res.status, res.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain(`<form method="post" action="/forms/${form.id}/submissions">`);
    expect(html).toContain('value="Zoë &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;"');
    expect(html).toContain('value="Lisbon &amp; Porto"');
    expect(html).toContain('name="email" type="email" autocomplete="email" maxlength="500" required value="zoe@example" aria-invalid="true" aria-describedby="field-email-error">'
      + '<p id="field-email-error" class="error" role="alert">email: must be an email address</p>');
    // A refusal of no one field (a field the form does not ask) shows above the fields; a missing answer by its field.
    const unknown = await (await post(form.id, { name: 'A', email: 'a@example.com', coupon: 'X' }, '203.0.113.16')).text();
    expect(unknown).toContain(`action="/forms/${form.id}/submissions"><p class="error" role="alert">this form does not ask for &quot;coupon&quot;`);
    const missing = await (await post(form.id, { email: 'a@example.com' }, '203.0.113.16')).text();
    expect(missing).toContain('aria-describedby="field-name-error"><p id="field-name-error" class="error" role="alert">name is required</p>');
    expect((await dashboard('GET', `/dashboard/forms/${form.id}/submissions`)).body.data).toEqual([]);
    // No such form: a short page, 404; a JSON post still gets the envelope.
    const gone = await post('form_nope', { email: 'a@example.com' }, '203.0.113.16');
    expect([gone.status, gone.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await gone.text()).toContain('<p class="error" role="alert">This form does not exist, or it was removed.</p>');
    const json = await postJson(form.id, { email: 'zoe@example' }, '203.0.113.16');
    expect([json.status, json.headers.get('content-type'), json.body.code]).toEqual([400, 'application/json; charset=utf-8', 'VALIDATION_FAILED']);
  });

  it('guards the public route: a body past 16 KiB is 413, and one address gets a limited number of submissions a minute', async () => {
    const form = await newForm({ name: 'Guarded', customFields: [{ key: 'note', label: 'Note' }] });
    const big = await post(form.id, { email: 'b@example.com', note: 'x'.repeat(17 * 1024) }, '203.0.113.13');
    // A browser's post: a short page saying so, no JSON; as JSON, the envelope.
    expect([big.status, big.headers.get('content-type')]).toEqual([413, 'text/html; charset=utf-8']);
    expect(await big.text()).toContain('Your answers are too long to send');
    const bigJson = await postJson(form.id, { email: 'b@example.com', note: 'x'.repeat(17 * 1024) }, '203.0.113.13');
    expect([bigJson.status, bigJson.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    for (let i = 0; i < FORM_SUBMISSIONS_PER_MINUTE; i++) expect((await postJson(form.id, { email: `r${i}@example.com` }, '203.0.113.14')).status).toBe(201);
    const refused = await postJson(form.id, { email: 'late@example.com' }, '203.0.113.14');
    expect([refused.status, refused.body.code, refused.headers.get('retry-after')]).toEqual([429, 'RATE_LIMITED', expect.any(String)]);
    const page = await post(form.id, { email: 'late@example.com' }, '203.0.113.14');
    expect([page.status, page.headers.get('content-type'), page.headers.get('retry-after')]).toEqual([429, 'text/html; charset=utf-8', expect.any(String)]);
    expect(await page.text()).toContain(`Too many forms were sent from your address just now: try again in ${page.headers.get('retry-after')} seconds.`);
    expect((await postJson(form.id, { email: 'other@example.com' }, '203.0.113.15')).status).toBe(201);
    await suite.server().advance(61);
    expect((await postJson(form.id, { email: 'late@example.com' }, '203.0.113.14')).status).toBe(201);
  });
});

describe('form.submitted', () => {
  it('is emitted (no longer "never emitted") and delivered with the submission, after contact.created with the form as source', async () => {
    const r = await receiver();
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: ['form.submitted', 'contact.created', 'contact.updated'] })).status).toBe(201);
    const form = await newForm({ name: 'Webhook form', kind: 'landing_page', fields: { name: 'optional', email: 'required', phone: 'hidden' } });
    const submission = (await postJson(form.id, { email: 'hook@example.com' }, '203.0.113.20')).body;
    await postJson(form.id, { email: 'hook@example.com', name: 'Hook' }, '203.0.113.20');
    await settle();
    const events = r.received.map((x) => JSON.parse(x.body) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => e.type)).toEqual(['contact.created', 'form.submitted', 'contact.updated', 'form.submitted']);
    expect(events[0]?.data).toMatchObject({ source: 'Webhook form', contact: { email: 'hook@example.com' } });
    expect(events[1]?.data).toEqual({
      formId: form.id, formName: 'Webhook form', kind: 'landing_page', submissionId: submission.id, contactId: submission.contactId,
      fields: { email: 'hook@example.com' }, submittedAt: submission.submittedAt,
    });
    expect(events[2]?.data).toMatchObject({ changedFields: ['name'] });
    const catalogue = (await api('GET', '/v1/webhooks/events')).body.data as Array<{ type: string; emitted: boolean; sample: Record<string, unknown> }>;
    expect(catalogue.find((e) => e.type === 'form.submitted')).toMatchObject({ emitted: true, sample: { formName: 'Festive offer sign-up', kind: 'popup' } });
  });
});
