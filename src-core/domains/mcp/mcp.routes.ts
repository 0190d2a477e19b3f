// The assistant endpoint of seed 000: `POST /mcp` (JSON-RPC over streamable HTTP, answered as JSON), `DELETE /mcp`
// (ends a session), `GET /mcp` (405: no server-initiated streams).
import { z } from 'zod';
import { AppError } from '../../kernel/errors.ts';
import { RawJson } from '../../kernel/raw-json.ts';
import { defineRoute, reply, type RouteContext } from '../../kernel/route.ts';
import type { McpService } from './mcp.service.ts';

export function mcpRoutes(service: McpService) {
  const answer = async (method: 'POST' | 'DELETE', { caller, headers, body, clientIp }: RouteContext<unknown, unknown, unknown>) => {
    if (caller.kind !== 'apiKey') throw new AppError('UNAUTHORIZED', 'The assistant endpoint takes an API key: Authorization: Bearer sk_…');
    const answered = await service.handle({
      method, headers, body, keyId: caller.key.keyId, authorization: String(headers.authorization), clientIp,
    });
    const json = answered.headers['content-type']?.startsWith('application/json') && answered.body !== '';
    return reply(answered.status, json ? new RawJson(answered.body) : Buffer.from(answered.body), answered.headers);
  };
  return [
    // A body that is not JSON is answered as JSON-RPC says (-32700 Parse error), not in the REST envelope.
    defineRoute({ method: 'POST', path: '/mcp', scope: 'key', body: z.unknown(), errorBody: 'jsonrpc', handler: (ctx) => answer('POST', ctx) }),
    defineRoute({ method: 'DELETE', path: '/mcp', scope: 'key', handler: (ctx) => answer('DELETE', ctx) }),
    defineRoute({
      method: 'GET', path: '/mcp', scope: 'public', refused: true,
      handler: () => {
        throw new AppError('METHOD_NOT_ALLOWED', 'GET /mcp opens no stream here: the endpoint answers each POST with JSON (no server-initiated messages)', {
          headers: { Allow: 'POST, DELETE' },
        });
      },
    }),
    defineRoute({ method: 'GET', path: '/dashboard/mcp', scope: 'dashboard', handler: ({ baseUrl }) => service.info(baseUrl()) }),
  ];
}
