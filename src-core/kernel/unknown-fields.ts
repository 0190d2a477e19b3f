// Unknown fields in a body are refused, not dropped: a misnamed field silently ignored can change what a
// request does (an SMS campaign's `phones` instead of `audienceCriteria.phones` went to every contact).
// Found by comparing the body as sent with the body as its schema parsed it: a key of an object that the
// parse left out is one the schema does not know. The answer names it and the fields its object takes.
import type { z } from 'zod';
import { isRefusedField, quotedFew } from '../contract/common.ts';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Paths (`phones`, `recipient.first_name`, `components.0.kind`) of the keys of `input` that `output` lacks.
 * Every request's body goes through it: one path, grown and shrunk in place, is copied only for a key found.
 */
export function droppedKeys(input: unknown, output: unknown, path: string[] = [], found: string[][] = []): string[][] {
  if (Array.isArray(input) && Array.isArray(output)) {
    if (input.length !== output.length) return found;
    for (let i = 0; i < input.length; i++) {
      path.push(String(i));
      droppedKeys(input[i], output[i], path, found);
      path.pop();
    }
    return found;
  }
  if (!isObject(input) || !isObject(output)) return found;
  for (const key of Object.keys(input)) {
    path.push(key);
    if (Object.hasOwn(output, key)) droppedKeys(input[key], output[key], path, found);
    else found.push([...path]);
    path.pop();
  }
  return found;
}

/** Without a parsed body to compare with: the top-level keys of `input` that are not fields of `schema`. */
function unknownTopLevel(schema: z.ZodType, input: unknown): string[][] {
  const fields = fieldsAt(schema, []);
  return isObject(input) && fields ? Object.keys(input).filter((key) => !fields.includes(key)).map((key) => [key]) : [];
}

type Def = { type: string; innerType?: Schema; in?: Schema; out?: Schema; element?: Schema; shape?: Record<string, Schema>; options?: Schema[] };
type Schema = { _zod: { def: Def } };

/**
 * The field names of the object at `path` in `schema` (through optional, default, preprocess and arrays), or null.
 * Where the schema takes one of several forms (a union: a call placed by type or by booking, a tagged WhatsApp
 * component), `input`, the body as sent, tells which: the first form its value at that point parses as. `takenOnly`
 * leaves out a field named only to be refused (`refusedField`), for saying what the object takes.
 */
export function fieldsAt(schema: z.ZodType, path: string[], input?: unknown, takenOnly = false): string[] | null {
  let current = schema as unknown as Schema | undefined;
  let value = input;
  let i = 0;
  while (current) {
    const def = current._zod.def;
    if (def.type === 'object') {
      if (i === path.length) {
        const fields = Object.entries(def.shape ?? {});
        return (takenOnly ? fields.filter(([, field]) => !isRefusedField(field as unknown as z.ZodType)) : fields).map(([name]) => name);
      }
      const key = path[i++] as string;
      current = def.shape?.[key];
      value = isObject(value) ? value[key] : undefined;
    } else if (def.type === 'array' && /^\d+$/.test(path[i] ?? '')) {
      value = Array.isArray(value) ? value[Number(path[i])] : undefined;
      current = def.element;
      i++;
    } else if (def.type === 'union') {
      current = def.options?.find((option) => (option as unknown as z.ZodType).safeParse(value).success);
    } else if (def.type === 'pipe') {
      current = def.in?._zod.def.type === 'transform' ? def.out : def.in;
    } else if (def.innerType) {
      current = def.innerType;
    } else {
      return null;
    }
  }
  return null;
}

/**
 * The fields of `input` that `schema` does not take, grouped by the object they are in, as a sentence:
 * `unknown field "phones" (the body takes name, messageBody, …)`; null when there are none. `output` is the
 * parsed body, or undefined when parsing failed (then only the top level is compared, with the schema's
 * fields). `ignore` lists top-level keys read elsewhere (a console request's `organizationId`).
 */
export function unknownFields(schema: z.ZodType, input: unknown, output: unknown, ignore: readonly string[] = []): string | null {
  const found = output === undefined ? unknownTopLevel(schema, input) : droppedKeys(input, output);
  const dropped = found.filter((path) => !(path.length === 1 && ignore.includes(path[0] as string)));
  if (dropped.length === 0) return null;
  const byParent = new Map<string, string[][]>();
  for (const path of dropped) {
    const parent = path.slice(0, -1).join('.');
    byParent.set(parent, [...(byParent.get(parent) ?? []), path]);
  }
  return [...byParent].map(([parent, paths]) => {
    const fields = fieldsAt(schema, paths[0]?.slice(0, -1) ?? [], input, true);
    return unknownFieldsClause(paths, fields?.length ? `${parent ? `${parent} takes` : 'the body takes'} ${fields.join(', ')}` : null);
  }).join('; ');
}

/**
 * The query parameters of `query` that `schema` (none: the route takes no query) does not take, as a sentence:
 * `unknown parameter "statuss" (this route takes direction, status, …)`; null when there are none, or when the
 * schema's parameters cannot be read from it. `ignore` lists parameters read elsewhere or meaning nothing.
 */
export function unknownParameters(schema: z.ZodType | undefined, query: unknown, ignore: readonly string[]): string | null {
  if (!isObject(query)) return null;
  const fields = schema ? fieldsAt(schema, []) : [];
  if (!fields) return null;
  const unknown = Object.keys(query).filter((name) => !fields.includes(name) && !ignore.includes(name));
  if (unknown.length === 0) return null;
  return `unknown parameter${unknown.length === 1 ? '' : 's'} ${quotedNames(unknown)} (this route takes ${fields.length ? fields.join(', ') : 'no query parameters'})`;
}

/**
 * Unknown names as a refusal quotes them: the first 10, each cut at 100 characters, then how many more. They are the
 * sender's own keys, of any length and number: a 1 MB key was quoted back whole, a 1 MB answer (twice over through
 * the assistant endpoint, as its text and its structured content).
 */
const quotedNames = (names: readonly string[]): string => quotedFew(names, { most: 10, length: 100 });

/** `unknown field "a"` or `unknown fields "a", "b.c"`, with what their object takes in brackets when known. */
export const unknownFieldsClause = (paths: string[][], takes: string | null): string =>
  `unknown field${paths.length === 1 ? '' : 's'} ${quotedNames(paths.map((path) => path.join('.')))}${takes ? ` (${takes})` : ''}`;
