// Where a thread marks that its earlier messages were with another contact.
import { describe, expect, it } from 'vitest';
import { ownerChanges } from './owner-change.ts';

const thread = (...contacts: Array<string | null>) => contacts.map((contactId, i) => ({ id: `m${i + 1}`, contactId }));

describe('ownerChanges', () => {
  it('names the earlier contact at the first message of each later one', () => {
    expect([...ownerChanges(thread('alice', 'alice', 'ben', 'ben'))]).toEqual([['m3', 'alice']]);
    expect([...ownerChanges(thread('alice', 'ben', 'carol', 'ben'))]).toEqual([['m2', 'alice'], ['m3', 'ben'], ['m4', 'carol']]);
  });
  it('marks nothing in one contact\'s thread, an empty one, or across a message with no contact', () => {
    expect(ownerChanges(thread('alice', 'alice')).size).toBe(0);
    expect(ownerChanges([]).size).toBe(0);
    expect(ownerChanges(thread(null, 'alice', null, 'alice')).size).toBe(0);
    expect([...ownerChanges(thread('alice', null, 'ben'))]).toEqual([['m3', 'alice']]);
  });
});
