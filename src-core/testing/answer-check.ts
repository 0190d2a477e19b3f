// What keeps the API document true (tests only): every answer a `/v1` route sends, as sent, checked against what
// /openapi.json says of it. A success is one of the route's declared statuses, and its JSON is the route's `response`
// exactly (no field missing, of another type, or not in the schema); an error is the envelope the document names.
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { errorAnswerSchema, messageErrorAnswerSchema } from '../contract/errors.ts';
import { allChannelsFailedSchema } from '../contract/unified-send.ts';
import type { AnswerCheck } from '../kernel/http.ts';
import type { AnyRoute } from '../kernel/route.ts';

/** The paths at which `value` has something `shown` (the schema's parse of it) lacks or has otherwise: fields the schema does not name. */
function unnamed(value: unknown, shown: unknown, at = ''): string[] {
  if (isDeepStrictEqual(value, shown)) return [];
  if (value && shown && typeof value === 'object' && typeof shown === 'object') {
    return Object.keys(value).flatMap((key) => (key in shown
      ? unnamed((value as Record<string, unknown>)[key], (shown as Record<string, unknown>)[key], `${at}.${key}`)
      : [`${at}.${key}`]));
  }
  return [at || '.'];
}

/** Why `json` is not what `schema` says (exactly: a field it does not name counts), or null. */
export function answerProblem(schema: z.ZodType, json: unknown, exact: boolean): string | null {
  const parsed = schema.safeParse(json);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
  const extra = exact ? unnamed(json, parsed.data) : [];
  return extra.length ? `not in the schema: ${extra.join(', ')}` : null;
}

const successStatuses = (route: AnyRoute): readonly number[] => route.statuses ?? [route.status ?? 200];

/** The schema an answer of `route` with `status` must match, and whether exactly; null where the document names none. */
function expected(route: AnyRoute, status: number): { schema: z.ZodType; exact: boolean } | null {
  if (status < 300) return route.response && status !== 204 ? { schema: route.response, exact: true } : null;
  if (status < 400) return null;
  // A 502's attempts exactly as the document gives them (each field an integrator branches on named), its envelope open.
  if (route.errorBody === 'message') return status === 502 ? { schema: allChannelsFailedSchema, exact: true } : { schema: messageErrorAnswerSchema, exact: false };
  return route.errorBody === 'jsonrpc' ? null : { schema: errorAnswerSchema, exact: false };
}

/** `check` for the test server, and what it found: each mismatch (named by route), and the routes whose success answer matched its schema. */
export function createAnswerChecks(): { check: AnswerCheck; mismatches: string[]; matched: Set<string> } {
  const mismatches: string[] = [];
  const matched = new Set<string>();
  const check: AnswerCheck = (route, { status, contentType, payload }) => {
    if (!route.path.startsWith('/v1/')) return;
    const name = `${route.method} ${route.path}`;
    if (status >= 200 && status < 300 && !successStatuses(route).includes(status)) {
      mismatches.push(`${name} answered ${status}, which the document does not list (${successStatuses(route).join(', ')})`);
      return;
    }
    const wanted = expected(route, status);
    if (!wanted) return;
    if (!contentType?.startsWith('application/json') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      mismatches.push(`${name} answered ${status} as ${contentType ?? 'no content type'}, where the document says JSON`);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString());
    } catch {
      mismatches.push(`${name} answered ${status} with a body that is not JSON`);
      return;
    }
    const problem = answerProblem(wanted.schema, json, wanted.exact);
    if (problem) mismatches.push(`${name} answered ${status} unlike its schema: ${problem}`);
    else if (status < 300) matched.add(name);
  };
  return { check, mismatches, matched };
}
