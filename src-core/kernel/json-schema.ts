// A zod schema's input side as JSON Schema (draft 2020-12), for what describes the routes to others: the OpenAPI
// document and the assistant endpoint's tools. What JSON Schema cannot say is left open (`{}`).
import { z } from 'zod';
import { isRefusedField } from '../contract/common.ts';

export type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[]; anyOf?: JsonSchema[]; [key: string]: unknown };

/**
 * The schema's input side, its `$schema` dialect left out. A field of an object read through a transform (a query's
 * whole numbers: `limit`, `page`) loses its default on the input side, and a clamped one says `maximum:
 * 9007199254740991`, as if any limit were served: the default is found by parsing nothing, and that maximum, which
 * bounds nothing, is left out.
 */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  let json: JsonSchema;
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    json = rest;
  } catch {
    return {};
  }
  if (!(schema instanceof z.ZodObject) || !json.properties) return json;
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  const taken = Object.entries(json.properties).filter(([name]) => !isRefusedField(shape[name]));
  const properties = Object.fromEntries(taken.map(([name, property]) => {
    const { maximum, ...rest } = property as Record<string, unknown>;
    const bounded = maximum === Number.MAX_SAFE_INTEGER ? rest : (property as Record<string, unknown>);
    const fallback = shape[name]?.safeParse(undefined);
    return [name, fallback?.success && fallback.data !== undefined ? { ...bounded, default: fallback.data } : bounded];
  }));
  return { ...json, properties };
}

export type JsonField = { name: string; schema: unknown; required: boolean };

/**
 * The named properties of an object's JSON Schema, each with whether it is required; a union's branches pool theirs
 * (the first branch naming a property gives its schema), none of them required, as any one branch may be sent.
 */
export function objectFields(json: JsonSchema): JsonField[] {
  const branches = json.properties ? [json] : (json.anyOf ?? []);
  const fields = new Map<string, JsonField>();
  for (const branch of branches) {
    for (const [name, property] of Object.entries(branch.properties ?? {})) {
      if (!fields.has(name)) fields.set(name, { name, schema: property, required: branch === json && (branch.required ?? []).includes(name) });
    }
  }
  return [...fields.values()];
}
