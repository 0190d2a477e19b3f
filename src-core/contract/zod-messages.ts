// The words of a validation error where a schema gives none of its own: plain English an integrator can
// act on ("must not be empty", "must be one of: test, live") instead of the validator's defaults ("Too
// small: expected string to have >=1 characters"). A schema's own message always wins over these.
import { z } from 'zod';
import { plural } from './words.ts';

const typeName = (input: unknown): string => (input === null ? 'null' : Array.isArray(input) ? 'a list' : typeof input === 'object' ? 'an object' : `a ${typeof input}`);
const EXPECTED: Record<string, string> = {
  object: 'an object', record: 'an object', map: 'an object', array: 'a list', tuple: 'a list', string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false',
};
const FORMATS: Record<string, string> = {
  email: 'an email address', url: 'a URL', datetime: 'an ISO 8601 date-time', date: 'a date YYYY-MM-DD', ipv4: 'an IPv4 address', ipv6: 'an IPv6 address', uuid: 'a UUID',
};

const withOffset = z.iso.datetime({ offset: true });
/**
 * What a value refused as an ISO 8601 date-time lacks: a date-time that would pass with `Z` added gives no time zone,
 * and is told so ("2026-01-16T09:00:00" is a moment only once its zone is known); anything else is no date-time.
 */
export function dateTimeProblem(input: unknown, otherwise = `must be ${FORMATS.datetime}`): string {
  const zoneless = typeof input === 'string' && withOffset.safeParse(`${input}Z`).success;
  return zoneless ? 'must give its time zone, such as Z or +05:30' : otherwise;
}

function message(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      // A number that is not whole: "must be a whole number, not a number" would read as a riddle.
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'must be a whole number';
      return `must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${typeName(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${plural(issue.minimum, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `needs at least ${plural(issue.minimum, 'item')}`;
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${plural(issue.maximum, 'character')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `holds at most ${plural(issue.maximum, 'item')}`;
      return `must be at most ${issue.maximum}`;
    case 'invalid_value':
      if (issue.input === undefined) return `is required: one of ${issue.values.map((v: unknown) => String(v)).join(', ')}`;
      // A closed list of words sent a value of another type says what any wrong type says (`channel: must be text, not
      // a number`), as a text field of a closed list checked as text first (a campaign's `audienceType`) does.
      if (issue.values.length > 1 && issue.values.every((v) => typeof v === 'string') && typeof issue.input !== 'string') return `must be text, not ${typeName(issue.input)}`;
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of: ${issue.values.map((v: unknown) => String(v)).join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'datetime') return dateTimeProblem(issue.input);
      return FORMATS[issue.format] ? `must be ${FORMATS[issue.format]}` : 'is not in the expected format';
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return unionMessage(issue);
    case 'invalid_key':
      // A record's key that its key schema refuses ("Invalid key in record"): said of the object, not at the key.
      return `a key ${issue.issues[0]?.message ?? 'is not allowed'}`;
    default:
      return undefined;
  }
}

/** An issue as a union reports its branches' (finalized: path and message set; `input` only when asked for). */
export type BranchIssue = {
  code: string; path: PropertyKey[]; message: string; expected?: string; values?: readonly unknown[]; errors?: BranchIssue[][];
  discriminator?: string; options?: readonly unknown[];
};

/**
 * What a value that takes one of several forms must be. A missing field is required. A value of the type of
 * one form fails that form's own rule, and says it (`must be at most 2000 characters`, `must be one of: name,
 * phone`, `field: must be …`); a value of no form's type names every form (`must be text or a number, not an
 * object`), never "matches no accepted form". A discriminated union names the values its tag takes.
 */
export function unionMessage(issue: { input?: unknown; errors?: BranchIssue[][]; discriminator?: string; options?: readonly unknown[] }): string {
  if (issue.discriminator !== undefined) {
    const tag = issue.input !== null && typeof issue.input === 'object' ? (issue.input as Record<string, unknown>)[issue.discriminator] : undefined;
    const options = (issue.options ?? []).map(String).join(', ');
    return tag === undefined ? `is required: one of ${options}` : `must be one of: ${options}`;
  }
  if (issue.input === undefined) return 'is required';
  const branch = matchingBranch(issue.input, issue.errors ?? []);
  if (branch) return branch.map((sub) => (sub.path.length ? `${sub.path.join('.')}: ${sub.message}` : sub.message)).join('; ');
  const forms = [...new Set(formsOf(issue.input, issue.errors ?? []))];
  return `must be ${forms.length > 1 ? `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}` : (forms[0] ?? 'another value')}, not ${typeName(issue.input)}`;
}

/** The issues of the first form whose type `input` has (it failed a rule past the type), or null when it has none's. */
export function matchingBranch(input: unknown, errors: readonly BranchIssue[][]): BranchIssue[] | null {
  return errors.find((branch) => branch.length > 0 && !branch.every((sub) => wrongType(input, sub))) ?? null;
}

/** Whether a form's issue says only that `input` is not of its type (a literal or enum of other types counts). */
function wrongType(input: unknown, issue: BranchIssue): boolean {
  if (issue.path.length) return false;
  if (issue.code === 'invalid_type') return true;
  if (issue.code === 'invalid_value') return !(issue.values ?? []).some((v) => typeName(v) === typeName(input));
  if (issue.code === 'invalid_union' && issue.discriminator === undefined) return matchingBranch(input, issue.errors ?? []) === null;
  return false;
}

/** Each form a value of none of their types could have been: `text`, `a number`, `"*"`, `true`, `false`. */
function formsOf(input: unknown, errors: readonly BranchIssue[][]): string[] {
  return errors.flat().flatMap((sub) => {
    if (sub.code === 'invalid_type') return sub.expected === 'boolean' ? ['true', 'false'] : [EXPECTED[sub.expected ?? ''] ?? String(sub.expected)];
    if (sub.code === 'invalid_value') return (sub.values ?? []).map((v) => JSON.stringify(v));
    if (sub.code === 'invalid_union') return formsOf(input, sub.errors ?? []);
    return [];
  });
}

z.config({ customError: message });
