// Contacts as a CSV file: the import's body, row check and answer; the export's columns, quoting and formula guard;
// and a parsed file's table (header row first) read into the import's rows, by the console and the round-trip test alike.
import { z } from 'zod';
import { E164_PATTERN, nullAsAbsent } from './common.ts';
import { contactFieldSchemas, contactTagsSchema, type Contact } from './contacts.ts';

export const CONTACTS_IMPORT_MAX_ROWS = 5000;

/** One row as sent: any text. Each row is checked on its own (`contactImportFieldsSchema`): one with a problem is skipped, not the import refused. */
export const contactImportRowSchema = z.object({
  name: nullAsAbsent(z.string()),
  phone: nullAsAbsent(z.string()),
  email: nullAsAbsent(z.string()),
  username: nullAsAbsent(z.string()),
  tags: nullAsAbsent(z.array(z.string())),
  /** A lifecycle stage of the organization by its name, case aside: an unknown one skips the row. Absent: the stage is left as it is. */
  lifecycleStage: nullAsAbsent(z.string()),
});
export type ContactImportRow = z.infer<typeof contactImportRowSchema>;

/** `POST /dashboard/contacts/import`: 1 to 5,000 rows, in the file's order. */
export const importContactsBodySchema = z.object({
  rows: z.array(contactImportRowSchema)
    .min(1, 'rows must hold at least 1 row')
    .max(CONTACTS_IMPORT_MAX_ROWS, 'rows must hold at most 5,000 rows: import a larger file in parts'),
});

/** Blank text is no value: an empty cell of the file is an absent field. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

/** A row's fields as `POST /dashboard/contacts` takes them (its very schemas), each optional. */
export const contactImportFieldsSchema = z.object({
  name: blankAsAbsent(contactFieldSchemas.name),
  phone: blankAsAbsent(contactFieldSchemas.phone),
  email: blankAsAbsent(contactFieldSchemas.email),
  username: blankAsAbsent(contactFieldSchemas.username),
  tags: contactTagsSchema.optional(),
  lifecycleStage: blankAsAbsent(z.string().trim()),
});

export const contactImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** `row`: 1-based, the row's place among the rows sent (the file's data rows, the header not counted). */
  skipped: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

/** `username`: what identifies a contact known on Instagram (its username, or the IGSID of one without), read back by the import. */
export const CONTACTS_CSV_COLUMNS = ['name', 'phone', 'email', 'username', 'tags', 'blocked', 'created_at', 'lifecycle_stage'] as const;
/** Tags in one field: joined with it on export; split on it (or a comma, which no tag holds) on import. */
export const CSV_TAG_SEPARATOR = ';';
/**
 * A contact's tags as one field: joined with `;`, a `;` inside a tag written `\;` and a backslash `\\`, so that every
 * stored tag reads back whole (tags refuse only commas: `R&D; EMEA` is one tag). Tags with neither are written as they are.
 */
export const tagsField = (tags: readonly string[]): string => tags.map((tag) => tag.replace(/[\\;]/g, '\\$&')).join(CSV_TAG_SEPARATOR);
/**
 * A tags field read back: split on `;` or `,` but for an escaped `\;`; `\;` and `\\` read as `;` and `\`, and any other
 * backslash as written (a hand-made file's `C:\temp`). Each tag trimmed, blank ones dropped.
 */
export function readTagsField(field: string): string[] {
  const tags = [''];
  for (const [token, escaped] of field.matchAll(/\\([\\;])|[;,]|[^;,\\]+|\\/g)) {
    if (token === ';' || token === ',') tags.push('');
    else tags[tags.length - 1] += escaped ?? token;
  }
  return tags.map((tag) => tag.trim()).filter(Boolean);
}

/**
 * What a spreadsheet would run as a formula: a field starting with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's
 * list). Quotes before one are counted in, so a field that really starts with `'=` is guarded too and reads back whole.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A field a spreadsheet would run, with a `'` before it (shown as text, not run); any other field as it is. */
export const guardFormula = (field: string): string => (FORMULA_START.test(field) ? `'${field}` : field);
/** The guard taken off a field read back: one `'` before what `guardFormula` guards. */
export const unguardFormula = (field: string): string => (/^'+[=+\-@\t\r]/.test(field) ? field.slice(1) : field);
/** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
export const csvField = (field: string): string => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/**
 * One contact as a line of the export (no line break), `stageName` the name of its lifecycle stage (blank for none).
 * Every field is guarded against formulas but the phone, which is stored as `+` and digits only (E.164): a
 * spreadsheet reads it as the number it is, and nothing can hide in it.
 */
export function contactCsvLine(contact: Pick<Contact, 'name' | 'phone' | 'email' | 'username' | 'tags' | 'isBlocked' | 'createdAt'>, stageName: string | null = null): string {
  const phone = contact.phone ?? '';
  return [
    guardFormula(contact.name ?? ''), E164_PATTERN.test(phone) ? phone : guardFormula(phone), guardFormula(contact.email ?? ''),
    guardFormula(contact.username ?? ''), guardFormula(tagsField(contact.tags)), contact.isBlocked ? 'true' : 'false', contact.createdAt,
    guardFormula(stageName ?? ''),
  ].map(csvField).join(',');
}

export type ContactsCsvField = 'name' | 'firstName' | 'lastName' | 'phone' | 'email' | 'username' | 'tags' | 'lifecycleStage';
/** Header cells the import reads, compared by their letters alone, case aside (`Phone Number`, `first_name`, `E-mail`). */
const HEADERS: Record<string, ContactsCsvField> = {
  name: 'name', fullname: 'name', firstname: 'firstName', lastname: 'lastName',
  phone: 'phone', phonenumber: 'phone', mobile: 'phone', mobilenumber: 'phone',
  email: 'email', emailaddress: 'email', username: 'username', instagram: 'username', instagramusername: 'username',
  instagramid: 'username', tags: 'tags', tag: 'tags', lifecyclestage: 'lifecycleStage', stage: 'lifecycleStage', lifecycle: 'lifecycleStage',
};

export type ContactsCsvTable = {
  /** Each header cell as written, with what it is read as; null for a column not imported (or a second of one kind). */
  columns: Array<{ header: string; field: ContactsCsvField | null }>;
  /** The data rows as the import takes them, in the file's order; blank rows at the end left out. */
  rows: ContactImportRow[];
  /** Whether the file has a phone, email or username column: without one, no row can be imported. */
  hasAddress: boolean;
};

const blankRow = (row: readonly string[]): boolean => row.every((cell) => cell.trim() === '');

/** A parsed CSV file (rows of cells, the header first) as the import's rows: each cell trimmed, its formula guard taken off. */
export function readContactsTable(table: readonly (readonly string[])[]): ContactsCsvTable {
  const header = table[0] ?? [];
  const taken = new Set<ContactsCsvField>();
  const columns = header.map((cell) => {
    const field = HEADERS[cell.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
    if (!field || taken.has(field)) return { header: cell.trim(), field: null };
    taken.add(field);
    return { header: cell.trim(), field };
  });
  const indexOf = (field: ContactsCsvField) => columns.findIndex((column) => column.field === field);
  const at = {
    name: indexOf('name'), firstName: indexOf('firstName'), lastName: indexOf('lastName'), phone: indexOf('phone'), email: indexOf('email'),
    username: indexOf('username'), tags: indexOf('tags'), lifecycleStage: indexOf('lifecycleStage'),
  };
  let data = table.slice(1);
  while (data.length && blankRow(data[data.length - 1] as string[])) data = data.slice(0, -1);
  const rows = data.map((cells) => {
    const cell = (index: number): string => (index < 0 ? '' : unguardFormula((cells[index] ?? '').trim()));
    const name = cell(at.name) || [cell(at.firstName), cell(at.lastName)].filter(Boolean).join(' ');
    const tags = readTagsField(cell(at.tags));
    const row: ContactImportRow = {};
    if (name) row.name = name;
    if (cell(at.phone)) row.phone = cell(at.phone);
    if (cell(at.email)) row.email = cell(at.email);
    if (cell(at.username)) row.username = cell(at.username);
    if (tags.length) row.tags = tags;
    if (cell(at.lifecycleStage)) row.lifecycleStage = cell(at.lifecycleStage);
    return row;
  });
  return { columns, rows, hasAddress: at.phone >= 0 || at.email >= 0 || at.username >= 0 };
}
