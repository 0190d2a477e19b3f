// Contact tags: what is stored (NFC, format characters dropped, spelling kept) and what tells two apart (the key, NFKC then
// lower case with ß and final ς folded). SQL keys tags by the same function: contacts.tags.test.ts.
import { describe, expect, it } from 'vitest';
import { contactTagsSchema, normalizeTag, tagKey, uniqueTags } from './contacts.ts';

const NFD_ETE = 'e\u0301te\u0301';

describe('normalizeTag', () => {
  it('stores NFC, without zero-width or other format characters, trimmed, spelling and case kept', () => {
    expect(normalizeTag(NFD_ETE)).toBe('été');
    expect(normalizeTag(NFD_ETE)).toHaveLength(3);
    expect(normalizeTag('v\u200Bip')).toBe('vip');
    expect(normalizeTag('\uFEFF VIP\u200D \u2060')).toBe('VIP');
    expect(normalizeTag('big \u00AD  spender')).toBe('big spender');
    // Joiners inside a word are the word's: an emoji family stays one, a Persian word keeps its non-joiner.
    expect(normalizeTag('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}')).toBe('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}');
    expect(normalizeTag('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645')).toBe('\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645');
    expect(normalizeTag('\u200Dvip \u200Cbig\u200C')).toBe('vip big');
    // Only format characters and canonical composition: a compatibility form and the case are the user's spelling.
    expect(normalizeTag('ｖｉｐ')).toBe('ｖｉｐ');
    expect(normalizeTag('STRAẞE')).toBe('STRAẞE');
  });
});

describe('tagKey', () => {
  const same = (tags: string[]) => new Set(tags.map(tagKey)).size;
  it('makes one tag of the auditor\'s look-alikes', () => {
    expect(same(['été', NFD_ETE, 'ÉTÉ', 'E\u0301TE\u0301'])).toBe(1);
    expect(same(['STRASSE', 'straße', 'STRAẞE', 'Strasse'])).toBe(1);
    expect(same(['ΟΔΟΣ', 'οδος', 'οδοσ'])).toBe(1);
    expect(same(['Σ', 'σ', 'ς'])).toBe(1);
    expect(same(['vip', 'v\u200Bip', 'v\u200Dip', 'ｖｉｐ', 'VIP', 'ＶＩＰ'])).toBe(1);
    expect(same(['K', 'k', '\u212A'])).toBe(1);
    expect(same(['big spender', 'big\u00A0spender', 'big\u3000spender', 'big\tspender'])).toBe(1);
  });
  it('keeps tags that differ apart', () => {
    expect(same(['vip', 'vipp', 'été', 'ete'])).toBe(4);
  });
  it('leaves Turkish dotted and dotless i to their own lower case (locale-specific, not folded)', () => {
    expect(same(['İstanbul', 'istanbul'])).toBe(2);
    expect(same(['İstanbul', 'İSTANBUL'])).toBe(1);
    expect(same(['IŞIK', 'ışık'])).toBe(2);
  });
});

describe('a contact\'s tags', () => {
  it('collapse to the first spelling, stored NFC', () => {
    expect(uniqueTags(['ÉTÉ', 'été', NFD_ETE])).toEqual(['ÉTÉ']);
    expect(contactTagsSchema.parse([NFD_ETE, 'ÉTÉ', 'straße', 'STRASSE', 'οδος', 'οδοσ', 'v\u200Bip', 'ｖｉｐ', 'VIP'])).toEqual(['été', 'straße', 'οδος', 'vip']);
  });
});
