// Edit contact sends only what was changed, in the form the core's PATCH takes: a field left alone is not sent, an
// emptied one is null (cleared), a handle typed with its "@" goes bare.
import { describe, expect, it } from 'vitest';
import { updateContactBodySchema, type ConsoleContact } from '../../../src-core/contract/index.ts';
import { changesOf, draftOf } from './contact-draft.ts';

const contact: ConsoleContact = {
  id: 'cnt_1', username: '@owl', name: 'Olive Wren', email: 'kai@xn--bcher-kva.de', phone: '+14155550101', profilePic: 'ftp://old.example.com/o.png',
  source: 'manual', tags: [], lifecycleStageId: null, isBlocked: false, blockedReason: null, blockedAt: null, optedOutOn: null,
  createdAt: '2026-01-15T09:00:00.000Z', updatedAt: '2026-01-15T09:00:00.000Z',
};

describe('changesOf', () => {
  it('is empty for the form as opened, values as the panel shows them (an IDN email in its own script) and stored before today\'s rules', () => {
    const initial = draftOf(contact);
    expect(initial.email).toBe('kai@bücher.de');
    expect(changesOf(initial, initial)).toEqual({});
    expect(changesOf(initial, { ...initial, name: ' Olive Wren ' })).toEqual({});
  });

  it('sends each changed field trimmed, an emptied one as null, a handle bare; the core takes it as given', () => {
    const initial = draftOf(contact);
    const body = changesOf(initial, { ...initial, name: '  Olive  Wren-Hart ', email: '', username: '@olive.w', profilePic: ' ' });
    expect(body).toEqual({ name: 'Olive  Wren-Hart', email: null, username: 'olive.w', profilePic: null });
    expect(updateContactBodySchema.parse(body)).toEqual(body);
    // A picture stored before the http(s) rule, left alone, is not sent: the name's change goes through.
    expect(updateContactBodySchema.safeParse(changesOf(initial, { ...initial, name: 'Olive' })).success).toBe(true);
  });
});
