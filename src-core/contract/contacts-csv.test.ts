// A contact's tags in one CSV field: a `;` or `\` inside a tag escaped on the way out, read back whole on the way in.
import { describe, expect, it } from 'vitest';
import { readTagsField, tagsField } from './contacts-csv.ts';

describe('the tags field', () => {
  it('joins tags with ;, writing a ; inside a tag \\; and a backslash \\\\; plain tags as they are', () => {
    expect(tagsField(['vip', 'big spender'])).toBe('vip;big spender');
    expect(tagsField(['R&D; EMEA', 'C:\\temp', 'ends\\', ';'])).toBe('R&D\\; EMEA;C:\\\\temp;ends\\\\;\\;');
    expect(tagsField([])).toBe('');
  });

  it('reads every list of tags back as it was written', () => {
    for (const tags of [['vip'], ['R&D; EMEA', 'plain'], ['a\\;b', '\\', ';;', 'x\\\\y'], ['été', '👨‍👩‍👧']]) {
      expect(readTagsField(tagsField(tags))).toEqual(tags);
    }
  });

  it("splits a hand-made field on ; or , and keeps a backslash that escapes neither (C:\\temp)", () => {
    expect(readTagsField('vip, lead; trial')).toEqual(['vip', 'lead', 'trial']);
    expect(readTagsField('C:\\temp;a\\,b; ;')).toEqual(['C:\\temp', 'a\\', 'b']);
  });
});
