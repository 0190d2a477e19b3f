// A contacts CSV file as the import's preview shows it: parsed with papaparse (RFC 4180: quotes, line breaks inside
// quotes, a BOM), its header matched to the import's fields, and what in it would stop or trouble an import.
import Papa from 'papaparse';
import { CONTACTS_IMPORT_MAX_ROWS, readContactsTable, type ContactsCsvTable } from '../../../src-core/contract/index.ts';

export type CsvPreview = ContactsCsvTable & {
  /** What is wrong with the file, as a person reads it; `blocking` ones leave nothing to import. */
  problems: Array<{ text: string; blocking: boolean }>;
};

/** How many parser errors are listed before "and N more". */
const ERRORS_SHOWN = 3;

const DELIMITERS = [',', ';', '\t'];

/**
 * The delimiter the header row holds most of (a spreadsheet in a comma-decimal locale writes `;`), or none for a
 * one-column file. Read from the header alone: a short file's tags (`vip;lead;trial`) can hold more `;` than its rows
 * hold commas, and papaparse's guess over the rows then took `;` and read the file as one column.
 */
function headerDelimiter(text: string): string | undefined {
  const header = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  const [most] = DELIMITERS.map((delimiter) => ({ delimiter, count: header.split(delimiter).length - 1 })).sort((a, b) => b.count - a.count);
  return most && most.count > 0 ? most.delimiter : undefined;
}

export function readCsvFile(text: string): CsvPreview {
  const delimiter = headerDelimiter(text);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, ...(delimiter ? { delimiter } : { delimitersToGuess: DELIMITERS }) });
  const errors = parsed.errors.filter((error) => error.code !== 'UndetectableDelimiter');
  const table = readContactsTable(parsed.data);
  const problems: CsvPreview['problems'] = [];
  if (table.columns.length === 0 || table.rows.length === 0) {
    problems.push({ text: 'The file has no rows under its header row.', blocking: true });
  } else if (!table.hasAddress) {
    problems.push({ text: 'No phone, email or username column: a column named phone, mobile, phone number, email or username is needed, in the header row.', blocking: true });
  }
  if (table.rows.length > CONTACTS_IMPORT_MAX_ROWS) {
    problems.push({ text: `The file has ${table.rows.length.toLocaleString()} rows: at most ${CONTACTS_IMPORT_MAX_ROWS.toLocaleString()} are imported at once. Split it into parts.`, blocking: true });
  }
  // papaparse numbers data rows from 0 under the header's row 0: the file's data row is the same number.
  for (const error of errors.slice(0, ERRORS_SHOWN)) {
    problems.push({ text: `${error.row === undefined ? 'The file' : `Row ${error.row}`}: ${error.message}.`, blocking: false });
  }
  if (errors.length > ERRORS_SHOWN) problems.push({ text: `…and ${errors.length - ERRORS_SHOWN} more such problems.`, blocking: false });
  const unaddressed = table.hasAddress ? table.rows.filter((row) => !row.phone && !row.email && !row.username).length : 0;
  if (unaddressed) {
    problems.push({ text: `${unaddressed.toLocaleString()} ${unaddressed === 1 ? 'row has' : 'rows have'} no phone, email or username: skipped.`, blocking: false });
  }
  return { ...table, problems };
}

export const FIELD_LABELS: Record<NonNullable<CsvPreview['columns'][number]['field']>, string> = {
  name: 'Name', firstName: 'First name', lastName: 'Last name', phone: 'Phone', email: 'Email', username: 'Username', tags: 'Tags',
  lifecycleStage: 'Lifecycle stage',
};
