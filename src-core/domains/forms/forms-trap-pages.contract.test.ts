// Forms' spam trap and submission pages over real HTTP: a post with the trap filled (urlencoded from the page, or JSON)
// answered as a success is, with nothing stored, no contact, no event, only the form's spamCount; the console's
// submissions read a page at a time, newest first, each once, bad paging in the envelope.
import { describe, expect, it } from 'vitest';
import { FORM_TRAP_FIELD } from '../../contract/forms.ts';
import { formsSuite } from '../../testing/forms-client.ts';

const suite = formsSuite();
const { api, receiver, settle, dashboard, post, postJson, newForm } = suite;
const contactsNamed = async (search: string) => (await dashboard('GET', `/dashboard/contacts?search=${encodeURIComponent(search)}`)).body.meta.total as number;

describe('the spam trap', () => {
  it('is on the public page, hidden from people: off-screen, out of the Tab order, aria-hidden, labelled to stay empty', async () => {
    const form = await newForm({ name: 'Trap page' });
    const html = await (await fetch(form.publicUrl)).text();
    expect(html).toContain(`<div class="trap" aria-hidden="true"><label for="field-${FORM_TRAP_FIELD}">Leave this field empty</label>`
      + `<input id="field-${FORM_TRAP_FIELD}" name="${FORM_TRAP_FIELD}" type="text" tabindex="-1" autocomplete="off" maxlength="500"></div>`);
    expect(html).toContain('.trap{position:absolute;left:-10000px;');
  });

  it('a filled trap is answered as a success (the same page, the same JSON shape) and stores, makes and sends nothing but the count', async () => {
    const r = await receiver();
    expect((await api('POST', '/v1/webhooks', { url: r.url, events: ['*'] })).status).toBe(201);
    const form = await newForm({ name: 'Trapped', fields: { name: 'optional', email: 'required', phone: 'optional' }, customFields: [{ key: 'city', label: 'City' }] });

    const trapped = await post(form.id, { name: 'Bot', email: 'bot-page@spam.example', city: 'X', [FORM_TRAP_FIELD]: 'http://spam.example' }, '203.0.113.30');
    const real = await post(form.id, { name: 'Asha', email: 'asha.trap@example.com', [FORM_TRAP_FIELD]: '' }, '203.0.113.31');
    expect([trapped.status, trapped.headers.get('content-type'), trapped.headers.get('content-security-policy')])
      .toEqual([real.status, real.headers.get('content-type'), real.headers.get('content-security-policy')]);
    expect([real.status, await trapped.text()]).toEqual([201, await real.text()]);

    const json = await postJson(form.id, { email: 'BOT-json@spam.example', phone: '+91 98100 04418', [FORM_TRAP_FIELD]: 'x' }, '203.0.113.30');
    expect([json.status, json.body]).toEqual([201, {
      id: expect.stringMatching(/^fsub_/), formId: form.id, contactId: expect.stringMatching(/^cnt_/),
      fields: { email: 'bot-json@spam.example', phone: '+919810004418' }, submittedAt: expect.any(String),
    }]);
    // Its ids are fresh and held by nothing.
    expect((await dashboard('GET', `/dashboard/contacts/${json.body.contactId}`)).status).toBe(404);
    // A trapped post is checked as any: refused as a person's would be, and not counted.
    const refused = await postJson(form.id, { email: 'not-an-email', [FORM_TRAP_FIELD]: 'x' }, '203.0.113.30');
    expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    await settle();
    const events = r.received.map((x) => (JSON.parse(x.body) as { type: string; data: { contact?: { email?: string } } }));
    expect(events.map((e) => [e.type, e.data.contact?.email])).toEqual([['contact.created', 'asha.trap@example.com'], ['form.submitted', undefined]]);
    expect([await contactsNamed('spam.example'), await contactsNamed('asha.trap')]).toEqual([0, 1]);
    const submissions = (await dashboard('GET', `/dashboard/forms/${form.id}/submissions`)).body.data as Array<{ fields: Record<string, string> }>;
    expect(submissions.map((s) => s.fields)).toEqual([{ name: 'Asha', email: 'asha.trap@example.com' }]);
    expect((await dashboard('GET', `/dashboard/forms/${form.id}`)).body).toMatchObject({ submissionsCount: 1, spamCount: 2 });
    const listed = (await dashboard('GET', '/dashboard/forms')).body.data as Array<{ id: string; spamCount: number }>;
    expect(listed.find((f) => f.id === form.id)?.spamCount).toBe(2);
  });
});

describe('a form\'s submissions, a page at a time', () => {
  it('lists each submission once across pages, newest first, with the total; 50 unless a limit says, at most 100', async () => {
    const form = await newForm({ name: 'Paged' });
    const made: string[] = [];
    for (let i = 0; i < 55; i++) {
      const res = await postJson(form.id, { email: `p${i}@example.com` }, `203.0.113.${40 + Math.floor(i / 15)}`);
      expect(res.status).toBe(201);
      made.push(res.body.id as string);
      if (i % 10 === 9) await suite.server().advance(1);
    }
    const newestFirst = [...made].reverse();
    const read: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await dashboard('GET', `/dashboard/forms/${form.id}/submissions?limit=20&page=${page}`);
      expect([res.status, res.body.meta]).toEqual([200, { total: 55, page, limit: 20, totalPages: 3 }]);
      read.push(...(res.body.data as Array<{ id: string }>).map((s) => s.id));
    }
    expect(read).toEqual(newestFirst);
    const first = await dashboard('GET', `/dashboard/forms/${form.id}/submissions`);
    expect([first.body.data.length, first.body.meta]).toEqual([50, { total: 55, page: 1, limit: 50, totalPages: 2 }]);
    const wide = await dashboard('GET', `/dashboard/forms/${form.id}/submissions?limit=500`);
    expect([wide.body.data.length, wide.body.meta.limit]).toEqual([55, 100]);
    expect((await dashboard('GET', `/dashboard/forms/${form.id}/submissions?page=4&limit=20`)).body.data).toEqual([]);
  });

  it('refuses a bad page or limit, or a parameter it does not take, with 400 in the envelope', async () => {
    const form = await newForm({ name: 'Paged badly' });
    const cases: Array<[string, string]> = [
      ['limit=0', 'limit: must be at least 1'], ['limit=abc', 'limit: must be a whole number'], ['limit=1.5', 'limit: must be a whole number'],
      ['page=0', 'page: must be at least 1'], ['page=-2', 'page: must be at least 1'], ['page=x', 'page: must be a whole number'], ['cursor=abc', 'unknown parameter "cursor" (this route takes page, limit)'],
    ];
    for (const [query, message] of cases) {
      const res = await dashboard('GET', `/dashboard/forms/${form.id}/submissions?${query}`);
      expect([res.status, res.body.statusCode, res.body.error, res.body.message], query).toEqual([400, 400, 'Bad Request', `Invalid query: ${message}`]);
    }
    expect((await dashboard('GET', '/dashboard/forms/form_nope/submissions?page=2')).status).toBe(404);
  });
});
