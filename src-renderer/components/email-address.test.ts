import { describe, expect, it } from 'vitest';
import { asciiEmailDomain } from '../../src-core/contract/index.ts';
import { displayAddress, displayDomain } from './email-address.ts';

describe('displayAddress', () => {
  it('shows an internationalized domain in its own script, the stored A-labels mapping back to it', () => {
    expect(displayAddress('kai@xn--bcher-kva.de')).toBe('kai@bücher.de');
    expect(displayAddress('mia@xn--r8jz45g.xn--zckzah')).toBe('mia@例え.テスト');
    expect(displayAddress('ana@shop.xn--bcher-kva.de')).toBe('ana@shop.bücher.de');
    // What the core stores for what a person typed is shown as they typed it.
    for (const typed of ['kai@bücher.de', 'mia@例え.テスト', 'ivan@пример.рф']) expect(displayAddress(asciiEmailDomain(typed))).toBe(typed);
  });

  it('leaves ASCII addresses, phones, handles and ids as given', () => {
    for (const text of ['alice@example.com', 'Alice@Example.COM', '+14155550101', '@mia_k', 'ct_123', 'xn--bcher-kva.de@example.com']) {
      expect(displayAddress(text)).toBe(text);
    }
  });

  it('keeps the A-labels of a malformed one, and of one that could pass for another domain', () => {
    expect(displayAddress('a@xn--zz.com')).toBe('a@xn--zz.com');
    // `pаypal.com` with a Cyrillic `а`; `аррӏе.com` all Cyrillic letters that look Latin, under `.com`.
    expect(displayAddress('billing@xn--pypal-4ve.com')).toBe('billing@xn--pypal-4ve.com');
    expect(displayAddress('id@xn--80ak6aa92e.com')).toBe('id@xn--80ak6aa92e.com');
  });
});

describe('displayDomain', () => {
  it('decodes a sending domain alike, and leaves an ASCII one', () => {
    expect(displayDomain('shop.xn--bcher-kva.de')).toBe('shop.bücher.de');
    expect(displayDomain('example.com')).toBe('example.com');
  });
});
