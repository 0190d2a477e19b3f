// The API document's answer schemas: a route's `response` (zod, its output side) and the error envelopes as JSON Schema,
// the shapes they name (`.meta({id})`: Contact, Message, PageMeta, Error, …) gathered once under `components.schemas`
// and referred to by `$ref`, so the document stays readable and a generated client gets one type per shape.
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { errorAnswerSchema, messageErrorAnswerSchema } from '../contract/errors.ts';
import { allChannelsFailedSchema } from '../contract/unified-send.ts';
import type { JsonSchema } from './json-schema.ts';

const COMPONENTS = '#/components/schemas/';

/**
 * A generated schema as the document shows it: `$ref`s to `$defs` pointed at the components, and the bounds zod writes
 * on every integer (±2^53−1), which bound nothing, left out.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = key === '$ref' && typeof value === 'string' ? value.replace(/^#\/\$defs\//, COMPONENTS) : tidy(value);
  }
  return out;
}

/** The shapes named across the document's answers, each once: `add` converts a schema and files the shapes it names. */
export function answerSchemas() {
  const components: Record<string, unknown> = {};
  const add = (schema: z.ZodType): JsonSchema => {
    const generated = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, unknown> };
    const { $schema: _dialect, $defs, ...root } = generated;
    for (const [name, definition] of Object.entries($defs ?? {})) {
      const shown = tidy(definition);
      // Two shapes under one name would make the document say one of them wrong.
      if (name in components && !isDeepStrictEqual(components[name], shown)) throw new Error(`Two answer shapes are both named ${name}: give one another id`);
      components[name] = shown;
    }
    return tidy(root) as JsonSchema;
  };
  const errors = { envelope: add(errorAnswerSchema), message: add(messageErrorAnswerSchema), allChannelsFailed: add(allChannelsFailedSchema) };
  return { add, errors, components };
}
