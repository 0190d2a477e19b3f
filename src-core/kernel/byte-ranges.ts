// HTTP Range (RFC 9110 §14) for a body held in memory (a recording's WAV): one byte range answered 206, none that fits
// 416, and anything else (no Range, a malformed or invalid one, another unit, several ranges, an If-Range) the whole
// body, 200.
import rangeParser from 'range-parser';
import { AppError } from './errors.ts';
import { reply, type Reply } from './route.ts';

/** `bytes=-n` with n past the body's size: range-parser finds it unsatisfiable, RFC 9110 §14.1.3 asks for the whole body. */
const LONG_SUFFIX = /^bytes=\s*-\s*0*[1-9]\d*\s*$/i;
/** `bytes=a-b` with a past b: an invalid range (RFC 9110 §14.1.1), so the header is ignored; range-parser says unsatisfiable. */
const BACKWARDS = /^bytes=\s*(\d+)\s*-\s*(\d+)\s*$/i;

type Wanted = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/** What a request's Range header asks of `size` bytes, as this server answers it. */
export function wantedRange(size: number, headers: Record<string, string | string[] | undefined>): Wanted {
  const range = headers.range;
  // If-Range needs a validator this server does not give (no ETag, no Last-Modified): the whole body is the safe answer.
  if (typeof range !== 'string' || headers['if-range'] !== undefined) return { kind: 'whole' };
  // A unit other than bytes is ignored (RFC 9110 §14.2; a unit's name is case-insensitive). Several ranges would be a
  // multipart/byteranges answer: §14.2 lets a server send the whole body instead, whichever of them fit.
  if (!/^bytes=/i.test(range) || range.includes(',')) return { kind: 'whole' };
  const ranges = rangeParser(size, range);
  if (ranges === -2) return { kind: 'whole' };
  if (ranges === -1) {
    const backwards = BACKWARDS.exec(range);
    if (backwards && Number(backwards[1]) > Number(backwards[2])) return { kind: 'whole' };
    return LONG_SUFFIX.test(range) && size > 0 ? { kind: 'part', start: 0, end: size - 1 } : { kind: 'unsatisfiable' };
  }
  const [only] = ranges;
  return only ? { kind: 'part', start: only.start, end: only.end } : { kind: 'whole' };
}

/**
 * The answer to a GET (or HEAD) of `body`, honouring a single byte range: 206 with Content-Range, or the whole body
 * (200); `Accept-Ranges: bytes` on both, so a media player knows it can seek. Throws the 416 for a range past the
 * end, its Content-Range naming the size there is (RFC 9110 §15.5.17).
 */
export function rangedReply(body: Buffer, headers: Record<string, string | string[] | undefined>, extraHeaders: Record<string, string>): Reply {
  const wanted = wantedRange(body.length, headers);
  const common = { ...extraHeaders, 'accept-ranges': 'bytes' };
  if (wanted.kind === 'whole') return reply(200, body, common);
  if (wanted.kind === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', `The range asked is outside the ${body.length} bytes there are: ask within bytes=0-${body.length - 1}`, {
      headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${body.length}` },
    });
  }
  return reply(206, body.subarray(wanted.start, wanted.end + 1), { ...common, 'content-range': `bytes ${wanted.start}-${wanted.end}/${body.length}` });
}
