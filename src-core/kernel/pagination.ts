// The list envelope and its query: page is 1-based; a limit over the route's maximum is clamped to it.
import { z } from 'zod';
import type { ListEnvelope } from '../contract/common.ts';

export type PageRequest = { page: number; limit: number; offset: number };

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`);

/** Query schema for `page` and `limit` with this route's default and maximum. */
export function paginationQuery(opts: { defaultLimit: number; maxLimit: number }) {
  return z.object({
    page: positiveInt('page').max(1_000_000).default(1),
    limit: positiveInt('limit')
      .default(opts.defaultLimit)
      .transform((limit) => Math.min(limit, opts.maxLimit)),
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
