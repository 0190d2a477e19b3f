// Which methods a concrete path takes, read from the route table: a request of another method there is answered 405
// with `Allow` (http.ts), on every path of every surface, one rule.
import { AppError } from './errors.ts';
import { consoleTwin, type AnyRoute } from './route.ts';

const patternOf = (path: string): RegExp =>
  new RegExp(`^${path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
const unique = (methods: string[]): string[] => [...new Set(methods)];
/** HEAD beside GET: the server answers HEAD wherever a route takes GET (Fastify's `exposeHeadRoutes`), so `Allow` says so. */
const withHead = (methods: string[]): string[] => methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));

/**
 * `methodsAt(path)`: the methods the routes take at a concrete path. A path a route names literally
 * (`/v1/webhooks/events`) is a resource of its own and takes only its literal routes' methods: its last segment is
 * no id of the route with a parameter beside it (`/v1/webhooks/:id`). Any other path takes the methods of every route
 * whose pattern it fits; an unknown path, none. A route `refused` (it answers its own 405) is none of them. HEAD follows GET wherever GET is taken (RFC 9110 §9.3.2: a server answering
 * GET answers HEAD), as the server does.
 * `shadowed`: each literal path with a method that only a route with a parameter would take there
 * (`PATCH /v1/webhooks/events` fits `PATCH /v1/webhooks/:id`, which answered "Webhook endpoint events not found"):
 * mounted to answer the 405 instead.
 */
export function pathMethods(routes: AnyRoute[]): { methodsAt: (path: string) => string[]; shadowed: Array<{ method: string; path: string }> } {
  const all = routes.filter((route) => !route.refused).flatMap((route) => (route.console ? [route, consoleTwin(route)] : [route]))
    .map((route) => ({ method: route.method, path: route.path, literal: !route.path.includes(':'), pattern: patternOf(route.path) }));
  const literal = new Map<string, string[]>();
  for (const route of all) if (route.literal) literal.set(route.path, unique([...(literal.get(route.path) ?? []), route.method]));
  const methodsAt = (path: string): string[] =>
    withHead(literal.get(path) ?? unique(all.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method)));
  const shadowed = [...literal].flatMap(([path, methods]) => unique(all.filter((route) => !route.literal && route.pattern.test(path) && !methods.includes(route.method))
    .map(({ method }) => method)).map((method) => ({ method, path })));
  return { methodsAt, shadowed };
}

/** The answer to a method a known path does not take: 405, the methods it takes said and in `Allow` (RFC 9110 §15.5.6). */
export const methodNotAllowed = (method: string, path: string, methods: string[]): AppError =>
  new AppError('METHOD_NOT_ALLOWED', `Method ${method} is not allowed on ${path}: this path takes ${methods.join(', ')}`, { headers: { Allow: methods.join(', ') } });
