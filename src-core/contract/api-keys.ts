// API keys as the dashboard creates and lists them (INTERFACES.md, POST/GET/DELETE /dashboard/api-keys).
import { z } from 'zod';
import { scopeSchema } from './scopes.ts';
import { timestampSchema } from './common.ts';

export const environmentSchema = z.enum(['live', 'test']);
export type Environment = z.infer<typeof environmentSchema>;

/**
 * An allow-list switched on with no address would make a key that refuses every request: refused when the
 * key is made (the core's 400 and the console's key form alike).
 */
export const allowListEmpty = (body: { ipWhitelistEnabled?: boolean | undefined; allowedIps?: string[] | undefined }): boolean =>
  body.ipWhitelistEnabled === true && (body.allowedIps ?? []).length === 0;
export const EMPTY_ALLOW_LIST = 'needs at least one IP address while ipWhitelistEnabled is true (an empty list would refuse every request)';

export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  environment: environmentSchema,
  scopes: z.array(scopeSchema).min(1, 'at least one scope is required'),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  ipWhitelistEnabled: z.boolean().optional(),
  allowedIps: z.array(z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address (IPv4 or IPv6), e.g. 203.0.113.7' })).max(100).optional(),
  rateLimitPerMinute: z.number().int().min(1).max(10_000).optional(),
}).superRefine((body, ctx) => {
  if (allowListEmpty(body)) ctx.addIssue({ code: 'custom', path: ['allowedIps'], message: EMPTY_ALLOW_LIST });
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  environment: environmentSchema,
  scopes: z.array(scopeSchema),
  expiresAt: timestampSchema.nullable(),
  ipWhitelistEnabled: z.boolean(),
  allowedIps: z.array(z.string()),
  rateLimitPerMinute: z.number().int(),
  createdAt: timestampSchema,
  revokedAt: timestampSchema.nullable(),
  lastUsedAt: timestampSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const organizationSchema = z.object({ id: z.string(), name: z.string(), createdAt: timestampSchema });
export type Organization = z.infer<typeof organizationSchema>;
export const createOrganizationBodySchema = z.object({ name: z.string().trim().min(1).max(100) });

export const requestLogEntrySchema = z.object({
  id: z.string(),
  keyId: z.string().nullable(),
  method: z.string(),
  endpoint: z.string(),
  /** The query string as sent, without its `?` (at most 1,000 characters, the last an ellipsis); null when none. */
  query: z.string().nullable(),
  statusCode: z.number().int(),
  sourceIp: z.string(),
  durationMs: z.number(),
  at: timestampSchema,
  /** For an error answer (status 400 or more), the code and message (at most 500 characters) of the error the server sent; null otherwise. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type RequestLogEntry = z.infer<typeof requestLogEntrySchema>;
/**
 * `GET /dashboard/request-log/{id}`: an entry with what was kept of a failed request's bodies (a non-2xx answer): the
 * request's JSON body and the answer's, secrets redacted (`[redacted]`), each at most 8,192 characters (a longer one is
 * cut and ends `… [truncated]`); null for a successful request, one without a body, and entries logged before they were kept.
 * The Authorization header is never kept.
 */
/** How a kept body shows a secret's value, and how one cut at its cap ends (kernel/request-log-bodies.ts). */
export const REDACTED = '[redacted]';
export const TRUNCATED_MARK = '… [truncated]';
export const requestLogDetailSchema = requestLogEntrySchema.extend({ requestBody: z.string().nullable(), responseBody: z.string().nullable() });
export type RequestLogDetail = z.infer<typeof requestLogDetailSchema>;

/** The request log's `status` filter read as a range of codes: a code (`403`) or a class (`4xx`, any case); null for anything else. */
export function statusRangeOf(text: string): { min: number; max: number } | null {
  const clean = text.trim().toLowerCase();
  if (/^[1-5]\d\d$/.test(clean)) return { min: Number(clean), max: Number(clean) };
  const family = /^([1-5])xx$/.exec(clean)?.[1];
  return family ? { min: Number(family) * 100, max: Number(family) * 100 + 99 } : null;
}
