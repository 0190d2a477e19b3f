// The console's HTTP client: the dashboard token on every call; errors keep the core's message, and the envelope's
// extras the console reads (`details`).
import { errorDetailsSchema, type ErrorDetails } from '../../src-core/contract/index.ts';
import type { Connection } from '../app/connection.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The envelope's extras, typed (`errorDetailsSchema`): the field a refusal is about, the contact it names, … */
  readonly details: Readonly<ErrorDetails>;
  constructor(status: number, message: string, code?: string, details: ErrorDetails = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The body field a refusal is about, when the core names one (`field`: a contact's phone another contact has, 409). */
  get field(): string | undefined {
    return this.details.field;
  }
}

/** The extras of an error answer's body, each kept only when it has its type; none for a body that is no object. */
export function errorDetailsOf(envelope: unknown): ErrorDetails {
  const parsed = errorDetailsSchema.safeParse(envelope);
  if (!parsed.success) return {};
  return Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
}

export type Api = {
  /** The server's origin (`http://127.0.0.1:4800`): the console's API and the /v1 contract are under it. */
  baseUrl: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  del<T>(path: string): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  patch<T>(path: string, body?: unknown): Promise<T>;
  /** A file the core answers (an export), with the token, as a Blob to save. */
  blob(path: string): Promise<Blob>;
};

export function createApi(connection: Connection): Api {
  async function respond(method: string, path: string, body?: unknown): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${connection.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${connection.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, `Switchboard is not reachable at ${connection.baseUrl}. Is the server running?`);
    }
    if (!response.ok) {
      const text = await response.text();
      const envelope = (text ? JSON.parse(text) : {}) as { message?: string; code?: string };
      throw new ApiError(response.status, envelope.message ?? `${response.status} ${response.statusText}`, envelope.code, errorDetailsOf(envelope));
    }
    return response;
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const text = await (await respond(method, path, body)).text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    baseUrl: connection.baseUrl,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    del: (path) => call('DELETE', path),
    put: (path, body) => call('PUT', path, body),
    patch: (path, body) => call('PATCH', path, body),
    blob: async (path) => (await respond('GET', path)).blob(),
  };
}
