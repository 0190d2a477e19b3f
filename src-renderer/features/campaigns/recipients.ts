// Recipients of a campaign before it exists: numbers (or, for email, addresses) read from pasted text or a
// CSV file, checked and de-duplicated the way the core will (international format, 8 to 15 digits, no leading 0;
// addresses lower-cased).

export type RecipientKind = 'phone' | 'email';

export type RecipientCheck = {
  /** Unique valid numbers, digits only, in the order first seen: what is sent to the core. */
  valid: string[];
  /** Entries that are not phone numbers, as written. */
  invalid: string[];
  /** Every valid entry normalised, repeats included (for a send that keeps duplicates). */
  validWithRepeats: string[];
  /** Valid entries that repeat an earlier one once normalised. */
  duplicates: number;
  /** Every non-empty entry read. */
  total: number;
};

const VALID = /^\+?[1-9]\d{7,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Entries of a pasted list: one per line, or separated by commas or semicolons. */
export function entriesOfText(text: string): string[] {
  return text.split(/[\n\r,;]+/).map((entry) => entry.trim()).filter(Boolean);
}

function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) { cells.push(cell.trim()); cell = ''; } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** Entries of a CSV file: the column named "phone" (or "email") when there is one, else the first column (a header row is skipped). */
export function entriesOfCsv(text: string, kind: RecipientKind = 'phone'): string[] {
  const rows = text.split(/\r?\n/).filter((line) => line.trim()).map(cellsOf);
  const header = rows[0] ?? [];
  const named = header.findIndex((cell) => (kind === 'email' ? /^e-?mail$/i : /^phone(_?number)?$/i).test(cell));
  const column = named >= 0 ? named : 0;
  const hasHeader = named >= 0 || (kind === 'email' ? !EMAIL.test(header[0] ?? '') : /[a-z]/i.test(header[0] ?? ''));
  return rows.slice(hasHeader ? 1 : 0).map((row) => row[column] ?? '').filter(Boolean);
}

/** A number loses spaces, dashes, dots and brackets and must then be in international format; an address is lower-cased. */
function normalised(entry: string, kind: RecipientKind): string | null {
  if (kind === 'email') return EMAIL.test(entry) ? entry.toLowerCase() : null;
  const compact = entry.replace(/[\s().-]/g, '');
  return VALID.test(compact) ? compact.replace('+', '') : null;
}

export function checkRecipients(entries: string[], kind: RecipientKind = 'phone'): RecipientCheck {
  const seen = new Set<string>();
  const invalid: string[] = [];
  const validWithRepeats: string[] = [];
  let duplicates = 0;
  for (const entry of entries) {
    const value = normalised(entry, kind);
    if (value === null) { invalid.push(entry); continue; }
    validWithRepeats.push(value);
    if (seen.has(value)) duplicates += 1;
    else seen.add(value);
  }
  return { valid: [...seen], validWithRepeats, invalid, duplicates, total: entries.length };
}
