// What a conversation search shows of the message it matched: the text around the term, cut where the message is long,
// with where the term stands in it (accents and case aside, as the search matches).
import type { SearchMatch } from '../../contract/messaging.ts';
import { foldText } from '../../kernel/db.ts';

/** How much of the text before the term is kept (then cut at a word: a row shows some 30 characters), and how long a snippet is at most. */
const BEFORE = 16;
const LONGEST = 160;

/** Where folded `term` first stands in `text`, in `text`'s own offsets: folding may change a character's length. */
function locate(text: string, term: string): { start: number; end: number } | null {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const char of text) {
    const piece = foldText(char);
    for (let i = 0; i < piece.length; i++) {
      starts.push(at);
      ends.push(at + char.length);
    }
    folded += piece;
    at += char.length;
  }
  const found = term ? folded.indexOf(term) : -1;
  if (found < 0) return null;
  // A combining accent written apart from its letter folds to nothing: it goes with the letter before it.
  let end = ends[found + term.length - 1] as number;
  for (const char of text.slice(end)) {
    if (foldText(char) !== '') break;
    end += char.length;
  }
  return { start: starts[found] as number, end };
}

/** Where a snippet of `text` starts: far enough before the term for a few words, at a word (never at a card's ` · `). */
function snippetStart(text: string, start: number): number {
  if (start <= BEFORE) return 0;
  const space = text.slice(start - BEFORE, start).search(/\s(?!· )\S/);
  return space < 0 ? start - BEFORE : start - BEFORE + space + 1;
}

/**
 * The snippet of `text` around the first place `term` (already folded) stands in it, "…" where cut, and where the term
 * is in the snippet; null when it does not stand in it.
 */
export function snippetAround(text: string, term: string): Pick<SearchMatch, 'snippet' | 'highlight'> | null {
  const place = locate(text, term);
  if (!place) return null;
  const from = snippetStart(text, place.start);
  let to = Math.min(text.length, Math.max(place.end, from + LONGEST));
  // Never half a character (a surrogate pair, an emoji) at the cut.
  if (to < text.length && /[\uD800-\uDBFF]/.test(text.charAt(to - 1))) to -= 1;
  const lead = from > 0 ? '…' : '';
  return {
    snippet: `${lead}${text.slice(from, to)}${to < text.length ? '…' : ''}`,
    highlight: { start: lead.length + place.start - from, length: place.end - place.start },
  };
}
