// A search's match shown in its conversation's row: the text around the term, cut at a word where the message is long,
// and where the term stands in that text, in the text's own offsets even where folding changed a character's length.
import { describe, expect, it } from 'vitest';
import { foldText } from '../../kernel/db.ts';
import { snippetAround } from './search-match.ts';

const marked = (text: string, term: string) => {
  const found = snippetAround(text, foldText(term));
  return found && `${found.snippet.slice(0, found.highlight.start)}[${found.snippet.slice(found.highlight.start, found.highlight.start + found.highlight.length)}]${found.snippet.slice(found.highlight.start + found.highlight.length)}`;
};

describe('snippetAround', () => {
  it('marks the first place the term stands, accents and case aside, in the text as written', () => {
    expect(marked('Have it in blue?', 'BLUE')).toBe('Have it in [blue]?');
    expect(marked('Do you have it in blue?', 'blue')).toBe('…you have it in [blue]?'); // a few words before it, cut at a word
    expect(marked('Ask José about my order', 'jose')).toBe('Ask [José] about my order');
    expect(marked('Ask Jose\u0301 and JOSÉ', 'josé')).toBe('Ask [Jose\u0301] and JOSÉ'); // a decomposed accent is two characters
    expect(marked('😞 parcel damaged', 'parcel')).toBe('😞 [parcel] damaged');
    expect(marked('Nothing here', 'blue')).toBeNull();
    expect(snippetAround('anything', '')).toBeNull();
  });

  it('cuts a long message to a few words before the term (16 characters, less to a word), and a snippet of at most 160 characters', () => {
    const long = `${'word '.repeat(40)}the navy blue one please ${'more '.repeat(60)}`;
    const found = snippetAround(long, 'blue');
    expect(found?.snippet.startsWith('…')).toBe(true);
    expect(found?.snippet.endsWith('…')).toBe(true);
    expect(found?.snippet.length).toBeLessThanOrEqual(162);
    expect(marked(long, 'blue')).toMatch(/^…word the navy \[blue\] one please more /);
    expect(marked(`${'x'.repeat(80)}blue`, 'blue')).toBe(`…${'x'.repeat(16)}[blue]`); // no word to cut at
  });
});
