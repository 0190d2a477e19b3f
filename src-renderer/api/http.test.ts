// The console's HTTP client on a stubbed fetch: an error answer becomes an ApiError with the core's message, code and
// the envelope's extras it reads (typed, each only when of its type).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, errorDetailsOf } from './http.ts';

const answering = (status: number, body: unknown) => vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const api = () => createApi({ baseUrl: 'http://127.0.0.1:4800', token: 't' });
afterEach(() => vi.unstubAllGlobals());

describe('an error answer', () => {
  it("keeps the 409's field and the contact it names (a phone another contact has)", async () => {
    answering(409, { statusCode: 409, error: 'Conflict', code: 'CONFLICT', message: 'Contact Alice Johnson already has this phone (+14155550101)', field: 'phone', contactId: 'cnt_0001' });
    const refused = await api().post('/dashboard/contacts', { phone: '+14155550101' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    const { status, code, message, field, details } = refused as ApiError;
    expect({ status, code, message, field, details }).toEqual({
      status: 409, code: 'CONFLICT', message: 'Contact Alice Johnson already has this phone (+14155550101)', field: 'phone', details: { field: 'phone', contactId: 'cnt_0001' },
    });
  });
  it('keeps a blocked contact\'s id and reason and a 429\'s wait; drops what it does not know or what has another type', () => {
    expect(errorDetailsOf({ statusCode: 409, code: 'CONTACT_BLOCKED', contactId: 'cnt_2', reason: null, extra: 'x' })).toEqual({ contactId: 'cnt_2', reason: null });
    expect(errorDetailsOf({ statusCode: 429, retryAfter: 20 })).toEqual({ retryAfter: 20 });
    expect(errorDetailsOf({ field: 7, contactId: ['cnt_3'], retryAfter: '20' })).toEqual({});
    expect(errorDetailsOf('Internal error')).toEqual({});
  });
});
