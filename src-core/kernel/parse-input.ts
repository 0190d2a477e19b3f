// Request input as the route's schemas take it: path parameters, query and body, each refused with one
// 400 naming every problem (zod's issues in the contract's words, unknown body fields, NUL characters).
import type { z } from 'zod';
import { NOTHING_TO_CHANGE } from '../contract/common.ts';
import { matchingBranch, unionMessage, type BranchIssue } from '../contract/zod-messages.ts';
import { invalidField } from './errors.ts';
import { fieldsAt, unknownFields, unknownFieldsClause, unknownParameters } from './unknown-fields.ts';

export type Issue = BranchIssue & { input?: unknown; maximum?: unknown; minimum?: unknown; origin?: string; params?: Record<string, unknown> };

/**
 * A value that takes one of several forms and has one form's type is judged by that form: its issues stand in
 * for the union's, each at its own path (`variableMapping.1.field: must be one of: …`). A union whose schema
 * gives a message of its own keeps it. Issues carry their input (`reportInput`), which tells the form.
 */
function expandUnion(issue: Issue): Issue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length || issue.message !== unionMessage(issue)) return [issue];
  const branch = matchingBranch(issue.input, issue.errors);
  return branch ? branch.flatMap((sub) => expandUnion({ ...sub, path: [...issue.path, ...sub.path] })) : [issue];
}

/** Text that is empty where it must not be: its one fault (a pattern it then also fails says the same thing again). */
const emptyText = (issue: Issue): boolean => issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1;

/**
 * One line per problem; of two maximums on one field (a whole number's own and the schema's), the tighter; of an empty
 * text, only that it is empty (a step `id: ""` said `must not be empty; … must be letters, digits, - and _`); of a value
 * of the wrong type, only what it must be: the validator still measures a list sent for a text (or a text for a list)
 * against the field's length bounds, so `message: []` also said `needs at least 1 item`, 501 items for a 500-character
 * `reason` `must be at most 500 characters`, and `to: ""` for a list of numbers only `needs at least one number`.
 */
export function zodMessage(where: string, reported: readonly Issue[]): string {
  const samePath = (a: Issue, b: Issue) => a.path.join('.') === b.path.join('.');
  const expanded = reported.flatMap(expandUnion);
  const besideWrongType = (issue: Issue) => issue.code !== 'invalid_type'
    && expanded.some((other) => other.code === 'invalid_type' && samePath(other, issue));
  const issues = expanded.filter((issue) => !besideWrongType(issue));
  const looser = (issue: Issue) => issue.code === 'too_big'
    && issues.some((other) => other.code === 'too_big' && samePath(other, issue) && Number(other.maximum) < Number(issue.maximum));
  const besideEmpty = (issue: Issue) => !emptyText(issue) && issues.some((other) => emptyText(other) && samePath(other, issue));
  return issues
    .filter((issue) => !looser(issue) && !besideEmpty(issue))
    // A key a record refuses is named by its object, not echoed back in the path (a 5,000-character key was).
    .map((issue) => (issue.code === 'invalid_key' ? { ...issue, path: issue.path.slice(0, -1) } : issue))
    .map((issue) => {
      const path = issue.path.length ? issue.path.join('.') : where;
      // Every problem reads `path: problem`: a message that starts with its field's name ("page must be at most …")
      // gives its problem without the name, so it reads as zod's own do (`page: must be at most …`, `to: is required`).
      const field = String(issue.path.at(-1) ?? where);
      const problem = issue.message.startsWith(`${field} `) ? issue.message.slice(field.length + 1) : issue.message;
      return `${path}: ${problem}`;
    })
    .join('; ');
}

export function parseInput<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  refuseNul(value, where);
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw invalidField(`Invalid ${where}: ${zodMessage(where, result.error.issues)}`);
  return result.data;
}

/**
 * A query with its empty values left out, applied to every request's query as it arrives (http.ts): a parameter given
 * with an empty value (`?status=`: what an HTML form sends for a field left blank, and many clients for an unset one) is
 * the same as absent, on every route: an optional one takes its default, a required one is missing, and an unknown one
 * is not refused (empty, it would filter nothing). A parameter given several times keeps its non-empty values (one
 * left is a single value).
 */
export function withoutEmptyValues(query: unknown): unknown {
  if (!query || typeof query !== 'object') return query;
  // Every request comes through here: one without an empty value (nearly all, and every body-only POST) is kept as it is.
  const empty = (value: unknown): boolean => value === '' || (Array.isArray(value) && value.includes(''));
  if (!Object.values(query).some(empty)) return query;
  const given: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const values = [value].flat().filter((item) => item !== '');
    if (values.length) given[name] = Array.isArray(value) && values.length > 1 ? values : values[0];
  }
  return given;
}

/**
 * Query parameters that mean nothing to any route, taken and ignored: `_`, the cache-buster some HTTP clients add
 * to every GET (jQuery's `cache: false` writes `_=<time>`), which says nothing about what to list.
 */
export const IGNORED_QUERY_PARAMETERS: readonly string[] = ['_'];

/**
 * A parameter the route takes once, given several times (`?limit=5&limit=6`, how many clients write a list), is refused
 * as given more than once: the value's own check said `limit: must be a whole number` or `direction: must be one of:
 * inbound, outbound` of values that were whole numbers and directions. A check that already names the repetition
 * (a log's `status`, whose list is comma-separated) keeps its words.
 */
function givenOnce(issue: Issue, query: unknown): Issue {
  const given = issue.path.length === 1 && query && typeof query === 'object' ? (query as Record<string, unknown>)[String(issue.path[0])] : undefined;
  if (!Array.isArray(given) || issue.message.includes('repeated parameter')) return issue;
  return { ...issue, message: `is given ${given.length} times: give it once` };
}

/**
 * A query as its schema takes it (a route without one takes no parameters). A parameter the route does not know is
 * refused, not ignored (a misspelt filter would list everything), and named beside any other problem, with the
 * parameters the route takes. `ignore`: parameters read elsewhere (a console request's `organizationId`).
 */
export function parseQuery<T>(schema: z.ZodType<T> | undefined, value: unknown, ignore: readonly string[]): T {
  refuseNul(value, 'query');
  const result = schema?.safeParse(value ?? {}, { reportInput: true });
  const unknown = unknownParameters(schema, value, [...IGNORED_QUERY_PARAMETERS, ...ignore]);
  const issues = result && !result.success ? result.error.issues.map((issue) => givenOnce(issue, value)) : [];
  const problems = [issues.length ? zodMessage('query', issues) : null, unknown].filter(Boolean);
  if (problems.length) throw invalidField(`Invalid query: ${problems.join('; ')}`);
  return result?.data as T;
}

/**
 * A body as its schema takes it. A field the schema does not know is refused, not dropped (unknown-fields.ts),
 * and named beside any other problem, but for an update's `give at least one of …` (`nothingToChange`): the unknown
 * fields are what it meant to change, so they alone are said. `ignore`: top-level keys read elsewhere.
 */
/**
 * The form of a body that takes one of several object forms (a call placed by `type`, or by booking: `externalRef`,
 * `fromExternalId`) whose fields the body names most: its problems are the ones to report. Zod reports the first form's,
 * so a booking call missing `fromExternalId` was told `type`, `from` and `to` are required. A tie (an empty body) keeps the
 * first form; a tagged union (`channel`) already reports its tagged form.
 */
function namedForm(schema: z.ZodType, value: unknown): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; options?: z.ZodType[]; discriminator?: string } } })._zod.def;
  if (def.type !== 'union' || def.discriminator !== undefined || !value || typeof value !== 'object' || Array.isArray(value)) return schema;
  const keys = Object.keys(value);
  let best = { form: schema, named: 0 };
  for (const form of def.options ?? []) {
    const fields = fieldsAt(form, []) ?? [];
    const named = keys.filter((key) => fields.includes(key)).length;
    if (named > best.named) best = { form, named };
  }
  return best.form === (def.options ?? [])[0] ? schema : best.form;
}

export function parseBody<T>(schema: z.ZodType<T> | undefined, value: unknown, ignore: readonly string[]): T {
  if (!schema) return noBody(value, ignore);
  const result = schema.safeParse(value ?? undefined, { reportInput: true });
  const unknown = unknownFields(schema, value, result.success ? result.data : undefined, ignore);
  const form = result.success ? schema : namedForm(schema, value);
  const reported = form === schema ? result.error?.issues : form.safeParse(value, { reportInput: true }).error?.issues;
  const issues = ((reported ?? []) as Issue[]).filter((issue) => !(unknown && issue.params?.[NOTHING_TO_CHANGE]));
  const problems = [issues.length ? zodMessage('body', issues) : null, unknown].filter(Boolean);
  if (problems.length) throw invalidField(`Invalid body: ${problems.join('; ')}`);
  return result.data as T;
}

/**
 * A route without a body takes none: nothing, JSON `null` (no body, as on every route: one that needs a body says it is
 * required), `{}`, or only the `ignore`d keys; fields in it are named as unknown.
 */
function noBody<T>(value: unknown, ignore: readonly string[]): T {
  if (value === undefined || value === null) return undefined as T;
  const object = value !== null && typeof value === 'object' && !Array.isArray(value);
  const fields = object ? Object.keys(value).filter((key) => !ignore.includes(key)) : [];
  if (object && fields.length === 0) return undefined as T;
  const named = fields.length ? unknownFieldsClause(fields.map((field) => [field]), 'this route takes no body') : 'this route takes no body';
  throw invalidField(`Invalid body: ${named}`);
}

/** A query component decoded, or null when its escapes are not UTF-8. A `%` that starts no escape (`50%`) is itself, as browsers take it. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25').replaceAll('+', ' '));
  } catch {
    return null;
  }
}

/**
 * A query whose percent-escapes are not UTF-8 (`?search=m%FCller`, Latin-1) is refused naming the parameter: decoded,
 * each bad byte would be U+FFFD and the search run for text nobody sent (a body's bytes that are not UTF-8 are refused
 * alike, json-body.ts). `url`: the request's, as sent; one without a `%` in its query is not looked at.
 */
export function refuseBadlyEncodedQuery(url: string): void {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%') || decoded(pair) !== null) continue;
    const [name = ''] = pair.split('=');
    throw invalidField(`Invalid query: ${decoded(name) ?? name}: is not UTF-8 once percent-decoded: percent-encode the UTF-8 bytes of the text (ü is %C3%BC)`);
  }
}

/**
 * A NUL character in a query or path value is refused: no text the contract takes holds one, and SQLite
 * ends a string at it (a search term would be cut short, or end an FTS phrase early). Bodies: json-body.ts.
 */
function refuseNul(value: unknown, where: string): void {
  if (!value || typeof value !== 'object') return;
  for (const [name, item] of Object.entries(value)) {
    if ([item].flat().some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      throw invalidField(`Invalid ${where}: ${name}: must not contain a NUL character (%00)`);
    }
  }
}
