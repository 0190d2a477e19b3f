// Fastify's own errors (content type, body size, malformed JSON, the multipart plugin's limits) in the contract's
// terms: the AppError each becomes, or null for one that is not the client's fault.
import { AppError, invalidField } from './errors.ts';
import { notJson } from './json-body.ts';

export type FastifyLikeError = { statusCode?: number; code?: string; message: string };

export function fromFastifyError(error: FastifyLikeError): AppError | null {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return notJson();
  }
  // Before the 413s: the multipart plugin answers a second file with 413, though the body is not large.
  if (error.code === 'FST_FILES_LIMIT') return invalidField('Invalid upload: send exactly one file');
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FIELDS_LIMIT') {
    return invalidField(`Invalid upload: ${error.message}`);
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
    return new AppError('PAYLOAD_TOO_LARGE', error.code === 'FST_REQ_FILE_TOO_LARGE' ? `File too large: ${error.message}` : 'Request body is too large');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    return new AppError('MALFORMED_JSON', `Malformed JSON body: ${error.message}`);
  }
  if (status >= 400 && status < 500) return new AppError('BAD_REQUEST', error.message);
  return null;
}
