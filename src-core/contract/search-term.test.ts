// A search term's internationalized domain in the A-labels addresses are stored in, and what is left as typed.
import { describe, expect, it } from 'vitest';
import { searchTermInALabels } from './common.ts';

describe('searchTermInALabels', () => {
  it('maps the domain after the last "@", or a whole term without one, as a domain is stored (UTS #46)', () => {
    expect(searchTermInALabels('bücher')).toBe('xn--bcher-kva');
    expect(searchTermInALabels('kai@bücher.de')).toBe('kai@xn--bcher-kva.de');
    expect(searchTermInALabels('Kai@Bücher.DE')).toBe('Kai@xn--bcher-kva.de');
    expect(searchTermInALabels('@bücher.d')).toBe('@xn--bcher-kva.d');
    expect(searchTermInALabels('例え.テスト')).toBe('xn--r8jz45g.xn--zckzah');
  });

  it('answers null when nothing changes or the text is no domain', () => {
    for (const term of ['bucher', 'kai@example.com', 'josé@gmail.com', 'xn--bcher-kva', 'bü cher', 'bücher/de', 'a@bü?x', '']) {
      expect(searchTermInALabels(term), term).toBeNull();
    }
  });
});
