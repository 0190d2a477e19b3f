// Typo tolerance for the contacts search: the words of the organization's contacts that lie within one or
// two edits of a search term, so that `alcie` still finds Alice when nothing matches as typed.
import { foldText } from '../../kernel/db.ts';

/** How many edits a term of `length` characters may hold: none under 4, one up to 7, two from 8. */
export const allowedEdits = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2);

/** At most this many words stand in for one term (the closest first). */
const MAX_ALTERNATIVES = 20;

/**
 * The words a search can correct a term to: the runs of 3+ letters of a name, a username or an email's
 * local part, folded (`José` → `jose`, `sharma42` → `sharma`).
 */
export function wordsOf(field: string | null, isEmail = false): string[] {
  if (!field) return [];
  const text = isEmail ? (field.split('@')[0] ?? '') : field;
  return foldText(text).split(/[^\p{L}]+/u).filter((word) => word.length >= 3);
}

/** The words of a contact's name, username and email. */
export const contactWords = (row: { name: string | null; username: string | null; email: string | null }): string[] =>
  [...wordsOf(row.name), ...wordsOf(row.username), ...wordsOf(row.email, true)];

/**
 * The optimal string alignment distance between `a` and `b` (insert, delete or replace a character, or
 * swap two neighbours), counted in code points; `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d = Math.min(d, (beforePrevious[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    beforePrevious = previous;
    previous = row;
  }
  return previous[y.length] as number;
}

/** The vocabulary's words within `edits` of `folded` (not itself), closest first, at most MAX_ALTERNATIVES. */
function nearWords(folded: string, words: readonly string[], edits: number): string[] {
  if (edits === 0) return [];
  return words
    .map((word) => ({ word, distance: word === folded ? 0 : editDistance(folded, word, edits) }))
    .filter((w) => w.distance > 0 && w.distance <= edits)
    .sort((p, q) => p.distance - q.distance || (p.word < q.word ? -1 : 1))
    .slice(0, MAX_ALTERNATIVES)
    .map((w) => w.word);
}

/**
 * For each term (as the index sees it), the words it may stand for: itself, then the vocabulary's words
 * within its allowed edits, closest first. A term with other characters than letters (`alcie.j`,
 * `wnada@example.com`) has each of its runs of letters corrected in turn, the rest kept. Null when no term
 * has any correction (nothing to try again).
 */
export function corrections(terms: string[], vocabulary: Iterable<string>): string[][] | null {
  const words = [...vocabulary];
  let corrected = false;
  const groups = terms.map((term) => {
    if (/^\d+$/.test(term)) return [term];
    const folded = foldText(term);
    const runs = folded.match(/\p{L}+/gu) ?? [];
    const alternatives = runs.length === 1 && runs[0] === folded
      ? nearWords(folded, words, allowedEdits([...folded].length))
      : [...new Set(runs)].flatMap((run) => nearWords(run, words, allowedEdits([...run].length)).map((word) => folded.replace(run, word))).slice(0, MAX_ALTERNATIVES);
    if (alternatives.length > 0) corrected = true;
    return [term, ...alternatives];
  });
  return corrected ? groups : null;
}
