// The /v1 success answers as the API document (/openapi.json) names them: the shapes several answers share, each under
// its component name (`.meta({id})`, a copy: the schema itself stays unnamed where requests use it), and the envelopes
// lists answer in. A route's `response` is drawn from these and from its domain's contract.
import { z } from 'zod';
import { pageMetaSchema } from './common.ts';

/** `schema` as the document's component `id` (each id names one shape: the document builder refuses two). */
export const named = <T extends z.ZodType>(id: string, schema: T): T => schema.meta({ id });

/** The contract's pagination meta `{total, page, limit, totalPages}`. */
export const pageMetaAnswer = named('PageMeta', pageMetaSchema);

/** The contract's list envelope `{data, meta}` of `item`, with the pagination meta (or the list's own meta). */
export const listAnswer = <T extends z.ZodType, M extends z.ZodType = typeof pageMetaAnswer>(item: T, meta?: M) =>
  z.object({ data: z.array(item), meta: (meta ?? pageMetaAnswer) as M });

/** A list that is not paginated: `{data}` alone. */
export const dataAnswer = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** `{success: true, …}`: a delete's or a cancel's acknowledgement. */
export const successAnswer = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });
