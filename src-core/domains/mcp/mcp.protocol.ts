// The protocol's side of the assistant endpoint, on the SDK: a session's server (the seed's revision, tools listed
// and called through the service's functions) behind a streamable HTTP transport answering JSON. Loaded on the
// first session, so a start that serves no assistant does not pay for the SDK.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema, ErrorCode, InitializeRequestSchema, type JSONRPCMessage, ListToolsRequestSchema, McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { cutShort } from '../../contract/common.ts';
import { MCP_PROTOCOL_VERSION, MCP_WRITES_HEADER } from '../../contract/mcp.ts';

export type SessionHeaders = Record<string, unknown> | undefined;
export type ListedTool = { name: string; description: string; inputSchema: { type: 'object'; [key: string]: unknown }; write: boolean };
export type ToolAnswer = { content: Array<{ type: 'text'; text: string }>; structuredContent?: Record<string, unknown>; isError?: boolean };

export type SessionOptions = {
  id: () => string;
  version: string;
  onOpened(id: string): void;
  onClosed(id: string): void;
  /** The tools this request may see (writes only with the header). */
  tools(headers: SessionHeaders): ListedTool[];
  /** A tool's answer, or null for a tool this build does not have. `caller` is what the HTTP request handed over. */
  call(name: string, args: Record<string, unknown>, caller: unknown, headers: SessionHeaders): Promise<ToolAnswer | null>;
};
export type Transport = WebStandardStreamableHTTPServerTransport;

const INSTRUCTIONS = `Switchboard's messaging API as tools: reads are always offered; tools that send or change data only to requests with the header ${MCP_WRITES_HEADER}: true.`;

function newServer(options: SessionOptions): Server {
  const capabilities = { tools: { listChanged: false } };
  const serverInfo = { name: 'switchboard', title: 'Switchboard', version: options.version };
  const server = new Server(serverInfo, { capabilities, instructions: INSTRUCTIONS });
  // The seed's one revision, whatever the client asks for (a client that cannot speak it ends the session).
  server.setRequestHandler(InitializeRequestSchema, () => ({ protocolVersion: MCP_PROTOCOL_VERSION, capabilities, serverInfo, instructions: INSTRUCTIONS }));
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => ({
    tools: options.tools(extra.requestInfo?.headers).map(({ name, description, inputSchema, write }) => ({
      name, description, inputSchema, annotations: { readOnlyHint: !write, destructiveHint: false, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const answer = await options.call(request.params.name, request.params.arguments ?? {}, extra.authInfo?.extra, extra.requestInfo?.headers);
    if (!answer) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${cutShort(request.params.name)}`);
    return answer;
  });
  return server;
}

/** A new session's transport, its server connected; the id is issued when its initialize arrives. */
export async function openTransport(options: SessionOptions): Promise<Transport> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: options.id, enableJsonResponse: true, onsessioninitialized: options.onOpened, onsessionclosed: options.onClosed,
  });
  transport.onclose = () => {
    if (transport.sessionId) options.onClosed(transport.sessionId);
  };
  await newServer(options).connect(transport);
  // The SDK parses a request's params before its handler runs and reports a mismatch as -32603 (internal error)
  // with the validator's issues as raw JSON; they are the client's mistake, so they are answered -32602 here.
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const refusal = invalidParams(message);
    if (refusal) void transport.send(refusal);
    else deliver?.(message, extra);
  };
  return transport;
}

const CHECKED: Record<string, z.ZodType> = { 'tools/call': CallToolRequestSchema, 'tools/list': ListToolsRequestSchema };

const problemsOf = (error: z.ZodError): string => error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');

/**
 * What is wrong with an initialize request's params (`params.protocolVersion: is required; …`), or null when it is one.
 * The SDK's transport does not take an initialize it cannot parse for one, and answered "Server not initialized".
 */
export function initializeProblems(message: unknown): string | null {
  const result = InitializeRequestSchema.safeParse(message);
  return result.success ? null : problemsOf(result.error);
}

/** A -32602 answer to a tools request whose params are not the protocol's, naming each problem; else null. */
function invalidParams(message: JSONRPCMessage): JSONRPCMessage | null {
  if (!('method' in message) || !('id' in message)) return null;
  const result = CHECKED[message.method]?.safeParse(message);
  if (!result || result.success) return null;
  const problems = problemsOf(result.error);
  return { jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params of ${message.method}: ${problems}` } };
}
