// The rules of the assistant endpoint: sessions (issued on initialize, bound to the key that opened them), the
// protocol revision of the seed, tools listed and called on the key's behalf, writes withheld without the header.
import { MCP_PROTOCOL_VERSION, MCP_TOOLS, MCP_WRITES_HEADER, type McpEndpointInfo } from '../../contract/mcp.ts';
import { hostOf } from '../../kernel/base-url.ts';
import { newId } from '../../kernel/ids.ts';
import { isBodyScopes, type AnyRoute, type InnerAnswer, type InnerRequest } from '../../kernel/route.ts';
import type { initializeProblems as InitializeProblems, openTransport as OpenTransport, SessionHeaders, ToolAnswer, Transport } from './mcp.protocol.ts';
import { bindTools, planCall, toolResult, type BoundTool } from './mcp.tools.ts';

/** Sessions kept in memory; past this many, the least recently used is closed (its client initializes again). */
export const MCP_SESSIONS_MAX = 256;

export type McpHttpRequest = {
  method: 'POST' | 'DELETE';
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The caller: its key (a session answers only the key that opened it), as sent, and from where. */
  keyId: string;
  authorization: string;
  clientIp: string;
};
export type McpHttpAnswer = { status: number; headers: Record<string, string>; body: string };

/** Who calls a tool, and the Host they reached us at (a link in a tool's answer points there, as in their own request's). */
type Caller = { authorization: string; clientIp: string; host: string | undefined };
type Session = { transport: Transport; keyId: string };

/** The headers the transport reads (the body arrives parsed; hop-by-hop headers mean nothing to it). */
const PASSED_HEADERS = ['accept', 'content-type', 'mcp-session-id', 'mcp-protocol-version', MCP_WRITES_HEADER.toLowerCase(), 'last-event-id'];

const jsonRpcError = (status: number, message: string, code = status === 404 ? -32001 : -32000): McpHttpAnswer => ({
  status, headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }),
});
const isInitialize = (body: unknown): boolean => !!body && typeof body === 'object' && (body as { method?: unknown }).method === 'initialize';
const header = (headers: Record<string, unknown> | undefined, name: string): string | undefined => {
  const value = headers?.[name];
  return Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : undefined;
};

export type McpDeps = {
  routes: () => readonly AnyRoute[]; call: (request: InnerRequest) => Promise<InnerAnswer>; version: string;
};

/** The scopes a tool's routes check; null where a route decides them from the request's body. */
function scopesOf(tool: BoundTool): string[] | null {
  const scopes = new Set<string>();
  for (const { scope } of tool.routes.values()) {
    if (isBodyScopes(scope)) return null;
    scopes.add(scope);
  }
  return [...scopes];
}

export function createMcpService(deps: McpDeps) {
  let bound: BoundTool[] | null = null;
  const tools = (): BoundTool[] => (bound ??= bindTools(MCP_TOOLS, deps.routes()));
  const sessions = new Map<string, Session>();

  const writesAllowed = (headers: SessionHeaders): boolean => header(headers, MCP_WRITES_HEADER.toLowerCase())?.trim() === 'true';
  const withheld = (name: string): ToolAnswer => ({
    content: [{ type: 'text', text: `${name} changes data, so it is withheld from this request: send the header ${MCP_WRITES_HEADER}: true to call it.` }],
    isError: true,
  });

  async function callTool(name: string, args: Record<string, unknown>, caller: Caller, headers: SessionHeaders): Promise<ToolAnswer | null> {
    const tool = tools().find((candidate) => candidate.name === name);
    if (!tool) return null;
    if (tool.write && !writesAllowed(headers)) return withheld(name);
    const plan = planCall(tool, args);
    if ('problem' in plan) return { content: [{ type: 'text', text: plan.problem }], isError: true };
    return toolResult(await deps.call({ ...plan, authorization: caller.authorization, clientIp: caller.clientIp, host: caller.host }));
  }

  // The SDK is loaded with the first session: a start that serves no assistant does not pay for it.
  let protocol: Promise<{ openTransport: typeof OpenTransport; initializeProblems: typeof InitializeProblems }> | null = null;
  const loadProtocol = () => (protocol ??= import('./mcp.protocol.ts'));
  async function openSession(keyId: string): Promise<Session> {
    const { openTransport } = await loadProtocol();
    let session: Session | null = null;
    const transport = await openTransport({
      id: () => newId('mcps'), version: deps.version,
      onOpened: (id) => {
        sessions.set(id, session as Session);
        if (sessions.size > MCP_SESSIONS_MAX) void sessions.values().next().value?.transport.close();
      },
      onClosed: (id) => void sessions.delete(id),
      tools: (headers) => tools().filter((tool) => !tool.write || writesAllowed(headers))
        .map(({ name, description, inputSchema, write }) => ({ name, description, inputSchema, write: write === true })),
      call: (name, args, caller, headers) => callTool(name, args, caller as Caller, headers),
    });
    session = { transport, keyId };
    return session;
  }

  /** One HTTP request to the endpoint (POST: JSON-RPC messages; DELETE: ends the session). */
  async function handle(request: McpHttpRequest): Promise<McpHttpAnswer> {
    if (request.method === 'POST' && Array.isArray(request.body)) {
      // Revision 2025-06-18 took JSON-RPC batches out (a POST body is one request, notification or response); the
      // SDK's transport still ran them, and answered an empty one 202 with nothing, as if it had been a notification.
      return jsonRpcError(400, `Invalid Request: a batch (a JSON array) is not part of protocol revision ${MCP_PROTOCOL_VERSION}: send one JSON-RPC message per POST`, -32600);
    }
    const sessionId = header(request.headers, 'mcp-session-id');
    let session = sessionId ? sessions.get(sessionId) : undefined;
    if (sessionId && (!session || session.keyId !== request.keyId)) {
      return jsonRpcError(404, 'Session not found: it ended, or the server restarted. Initialize a new session.');
    }
    const version = header(request.headers, 'mcp-protocol-version');
    if (session && version !== undefined && version !== MCP_PROTOCOL_VERSION) {
      // The SDK's transport takes any revision it knows (2024-11-05, 2025-11-25, …), but the session was opened in the
      // seed's one, the revision initialize answered: a request in another is the client's mistake, said plainly.
      return jsonRpcError(400, `Unsupported protocol version ${version}: this endpoint speaks ${MCP_PROTOCOL_VERSION}, the revision its initialize answered`);
    }
    if (session) {
      // Most recently used last: the first in the map is the one to close when there are too many.
      sessions.delete(sessionId as string);
      sessions.set(sessionId as string, session);
    } else {
      if (request.method !== 'POST' || !isInitialize(request.body)) {
        return jsonRpcError(400, 'No session: a session starts with an initialize request, and later requests send its Mcp-Session-Id header.');
      }
      const problems = (await loadProtocol()).initializeProblems(request.body);
      if (problems) {
        const id = (request.body as { id?: unknown }).id;
        return {
          status: 400, headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code: -32602, message: `Invalid params of initialize: ${problems}` } }),
        };
      }
      session = await openSession(request.keyId);
    }
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = header(request.headers, name);
      if (value !== undefined) headers.set(name, value);
    }
    const caller: Caller = { authorization: request.authorization, clientIp: request.clientIp, host: hostOf(request.headers) };
    const response = await session.transport.handleRequest(new Request('http://switchboard.local/mcp', { method: request.method, headers }), {
      parsedBody: request.body, authInfo: { token: request.authorization, clientId: request.keyId, scopes: [], extra: caller },
    });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    return { status: response.status, headers: answerHeaders, body: await response.text() };
  }

  return {
    handle,
    /** Where the endpoint is, and the tools this build offers, writes included (the console lists them). */
    info: (baseUrl: string): McpEndpointInfo => ({
      url: `${baseUrl}/mcp`, protocolVersion: MCP_PROTOCOL_VERSION, writesHeader: MCP_WRITES_HEADER,
      tools: tools().map((tool) => ({ name: tool.name, description: tool.description, write: tool.write === true, scopes: scopesOf(tool) })),
    }),
    /** Ends every session (at stop). */
    async close(): Promise<void> {
      await Promise.all([...sessions.values()].map((session) => session.transport.close()));
      sessions.clear();
    },
  };
}
export type McpService = ReturnType<typeof createMcpService>;
