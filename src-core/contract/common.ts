// Shapes shared by every domain: list envelope, pagination meta, timestamps, ids.
import { z } from 'zod';

export const timestampSchema = z.string().describe('ISO 8601 UTC with milliseconds');

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

export type ListEnvelope<T> = { data: T[]; meta: PageMeta };

/** Id prefixes used by the contract and by Switchboard's own records. */
export const ID_PREFIX = {
  organization: 'org',
  apiKey: 'key',
  contact: 'cnt',
  note: 'note',
  event: 'evt',
  job: 'job',
  request: 'req',
} as const;
export type IdKind = keyof typeof ID_PREFIX;

/** An ISO 8601 date-time query or body value, normalized to UTC with milliseconds. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).transform((v) => new Date(v).toISOString());

/** The optional `organizationId` of console and simulator routes (INTERFACES.md: the default organization otherwise). */
export const organizationField = { organizationId: z.string().optional() };
