// Recipients of a campaign before it exists: numbers read from pasted text or a CSV file, checked and
// de-duplicated the way the core will (international format, 8 to 15 digits, no leading 0).

export type RecipientCheck = {
  /** Unique valid numbers, digits only, in the order first seen: what is sent to the core. */
  valid: string[];
  /** Entries that are not phone numbers, as written. */
  invalid: string[];
  /** Valid entries that repeat an earlier one once normalised. */
  duplicates: number;
  /** Every non-empty entry read. */
  total: number;
};

const VALID = /^\+?[1-9]\d{7,14}$/;

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

/** Entries of a CSV file: the column named "phone" when there is one, else the first column (a header row is skipped). */
export function entriesOfCsv(text: string): string[] {
  const rows = text.split(/\r?\n/).filter((line) => line.trim()).map(cellsOf);
  const header = rows[0] ?? [];
  const named = header.findIndex((cell) => /^phone(_?number)?$/i.test(cell));
  const column = named >= 0 ? named : 0;
  const hasHeader = named >= 0 || /[a-z]/i.test(header[0] ?? '');
  return rows.slice(hasHeader ? 1 : 0).map((row) => row[column] ?? '').filter(Boolean);
}

/** Spaces, dashes, dots and brackets are dropped; what remains must be a number in international format. */
export function checkRecipients(entries: string[]): RecipientCheck {
  const seen = new Set<string>();
  const invalid: string[] = [];
  let duplicates = 0;
  for (const entry of entries) {
    const compact = entry.replace(/[\s().-]/g, '');
    if (!VALID.test(compact)) { invalid.push(entry); continue; }
    const digits = compact.replace('+', '');
    if (seen.has(digits)) duplicates += 1;
    else seen.add(digits);
  }
  return { valid: [...seen], invalid, duplicates, total: entries.length };
}
