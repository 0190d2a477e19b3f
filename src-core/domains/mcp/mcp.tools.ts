// The assistant endpoint's tools made real: each contract tool bound to the /v1 route(s) it calls, its input
// schema drawn from those routes' own schemas, and a call turned into the /v1 request a client would make.
import type { z } from 'zod';
import { cutShort, fewThenMore } from '../../contract/common.ts';
import type { McpToolSpec } from '../../contract/mcp.ts';
import { inputJsonSchema, objectFields, type JsonSchema } from '../../kernel/json-schema.ts';
import type { AnyRoute, HttpMethod, InnerAnswer } from '../../kernel/route.ts';

export type ToolInputSchema = { type: 'object'; properties: Record<string, unknown>; required?: string[] };

/** A tool of this build: the spec with its routes found in the route table. */
export type BoundTool = McpToolSpec & { routes: ReadonlyMap<string | null, AnyRoute>; inputSchema: ToolInputSchema };

const routeKey = (route: AnyRoute): string => `${route.method} ${route.path}`;

/** The object schema a route's params, query and body take together, as a JSON Schema (their input side). */
function partsOf(route: AnyRoute): JsonSchema[] {
  return [route.params, route.query, route.body].filter((schema): schema is z.ZodType => schema !== undefined).map(inputJsonSchema);
}

/** Properties and required names of JSON Schemas merged (a union's branches contribute their properties, none required). */
function merged(schemas: JsonSchema[]): { properties: Record<string, unknown>; required: Set<string> } {
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const field of schemas.flatMap(objectFields)) {
    properties[field.name] ??= field.schema;
    if (field.required) required.add(field.name);
  }
  return { properties, required };
}

function inputSchemaOf(routes: ReadonlyMap<string | null, AnyRoute>): ToolInputSchema {
  const perRoute = [...routes.values()].map((route) => merged(partsOf(route)));
  const properties: Record<string, unknown> = {};
  for (const part of perRoute) for (const [name, property] of Object.entries(part.properties)) properties[name] ??= property;
  // A name is required when every route the tool may call requires it.
  const required = Object.keys(properties).filter((name) => perRoute.every((part) => part.required.has(name)));
  const channels = [...routes.keys()].filter((channel): channel is string => channel !== null);
  if (channels.length) {
    return { type: 'object', properties: { channel: { type: 'string', enum: channels }, ...properties }, required: ['channel', ...required] };
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The tools whose routes this build answers (a tool naming a route it does not is left out). */
export function bindTools(specs: readonly McpToolSpec[], routes: readonly AnyRoute[]): BoundTool[] {
  const byKey = new Map(routes.map((route) => [routeKey(route), route]));
  const tools: BoundTool[] = [];
  for (const spec of specs) {
    const wanted: Array<[string | null, string]> = typeof spec.route === 'string' ? [[null, spec.route]] : Object.entries(spec.route);
    const found = new Map<string | null, AnyRoute>();
    for (const [channel, key] of wanted) {
      const route = byKey.get(key);
      if (route) found.set(channel, route);
    }
    if (found.size > 0) tools.push({ ...spec, routes: found, inputSchema: inputSchemaOf(found) });
  }
  return tools;
}

export type PlannedCall = { method: HttpMethod; url: string; body?: unknown } | { problem: string };

const queryValue = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * What a call gave, for a refusal: each argument's name, marked when the tool does not take it or it was empty, so an
 * assistant that guessed a name (`id` for `deliveryId`) reads which one it should have sent. Names, a tool's name and a
 * `channel` are said back cut short (a 100,000-character one was said back whole).
 */
function givenOf(tool: BoundTool, args: Record<string, unknown>): string {
  const names = Object.keys(args);
  if (!names.length) return 'given: no arguments';
  const known = tool.inputSchema.properties;
  return `given: ${fewThenMore(names, 10, (name) => (!Object.hasOwn(known, name) ? `${cutShort(name)} (not an argument of this tool)` : isBlank(args[name]) ? `${name} (empty)` : name))}`;
}

/** The /v1 request a tool call makes: path parameters from its arguments, the rest as the query (GET, DELETE) or the body. */
export function planCall(tool: BoundTool, args: Record<string, unknown>): PlannedCall {
  const rest = { ...args };
  let route = tool.routes.get(null);
  if (!route) {
    const channel = rest.channel;
    delete rest.channel;
    route = typeof channel === 'string' ? tool.routes.get(channel) : undefined;
    if (!route) {
      const given = channel === undefined ? 'no channel' : cutShort(typeof channel === 'string' ? channel : JSON.stringify(channel));
      return { problem: `channel must be one of: ${[...tool.routes.keys()].join(', ')}; given: ${given}` };
    }
  }
  const missing: string[] = [];
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (isBlank(value)) missing.push(name);
    return encodeURIComponent(queryValue(value ?? ''));
  });
  if (missing.length) {
    return { problem: `Missing ${missing.join(', ')}: ${tool.name} needs ${missing.length === 1 ? 'it' : 'them'} to name what it acts on; ${givenOf(tool, args)}` };
  }
  const present = Object.entries(rest).filter(([, value]) => value !== undefined && value !== null);
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = new URLSearchParams(present.map(([name, value]) => [name, queryValue(value)])).toString();
    return { method: route.method, url: query ? `${path}?${query}` : path };
  }
  return { method: route.method, url: path, ...(present.length || route.body ? { body: Object.fromEntries(present) } : {}) };
}

/** A tool's result from the /v1 answer: its JSON as text (and structured), an error where the API refused. */
export function toolResult(answer: InnerAnswer) {
  const text = JSON.stringify(answer.body, null, 2);
  const structured = answer.body && typeof answer.body === 'object' && !Array.isArray(answer.body) ? { structuredContent: answer.body as Record<string, unknown> } : {};
  if (answer.status < 400) return { content: [{ type: 'text' as const, text }], ...structured };
  return { content: [{ type: 'text' as const, text: `The API answered ${answer.status}:\n${text}` }], ...structured, isError: true };
}
