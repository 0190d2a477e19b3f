// The list envelope and its query: page is 1-based; a limit over the route's maximum is clamped to it.
import { z } from 'zod';
import type { ListEnvelope } from '../contract/common.ts';

export type PageRequest = { page: number; limit: number; offset: number };

/**
 * A whole-number query value written in decimal digits (a minus sign allowed, so that `-1` is refused as under the
 * minimum): `0x10`, `1e2` or `2.0` are refused rather than
 * read as 16, 100 or 2 (what Number() would make of them). `max` refuses; `clampTo` clamps instead.
 * Any number of digits is a whole number: one too large for a double to hold exactly (9007199254740993)
 * is over the maximum, and said so, or clamped. Chain `.default(n)` or `.optional()`.
 */
export function queryInt(name: string, opts: { min?: number; max?: number; clampTo?: number } = {}) {
  const { min = 1, max = Number.MAX_SAFE_INTEGER } = opts;
  const read = (digits: string): number => {
    // 400 digits read as Infinity, which the validator would call "not a number".
    // A negative one only needs to stay a whole number below any minimum.
    const n = Math.max(Math.min(Number(digits), Number.MAX_VALUE), -Number.MAX_SAFE_INTEGER);
    return opts.clampTo === undefined ? n : Math.min(n, opts.clampTo);
  };
  const schema = z.preprocess(
    // A minus sign is read too: -1 is a whole number, below the minimum ("at least 1"), not "not a whole number".
    (raw) => (typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? read(raw) : raw),
    z.number({ error: `${name} must be a whole number` })
      // Past the safe integers the whole-number check answers too_big: beyond any maximum, so say the maximum.
      .int({ error: (issue) => (issue.code === 'too_big' ? `${name} must be at most ${max}` : `${name} must be a whole number`) })
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`)
      .transform((n) => (opts.clampTo === undefined ? n : Math.min(n, opts.clampTo))),
  );
  // Said in the OpenAPI document, where a clamp is no maximum.
  return opts.clampTo === undefined ? schema : schema.describe(`at most ${opts.clampTo}: a larger value is taken as ${opts.clampTo}`);
}

/** Query schema for `page` and `limit` with this route's default and maximum. */
export function paginationQuery(opts: { defaultLimit: number; maxLimit: number }) {
  return z.object({
    page: queryInt('page', { max: 1_000_000 }).default(1),
    limit: queryInt('limit', { clampTo: opts.maxLimit }).default(opts.defaultLimit),
  });
}

export function toPageRequest(query: { page: number; limit: number }): PageRequest {
  return { page: query.page, limit: query.limit, offset: (query.page - 1) * query.limit };
}

export function pageEnvelope<T>(data: T[], total: number, request: PageRequest): ListEnvelope<T> {
  return {
    data,
    meta: { total, page: request.page, limit: request.limit, totalPages: Math.ceil(total / request.limit) },
  };
}
