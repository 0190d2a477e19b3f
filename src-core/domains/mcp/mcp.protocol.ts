// The protocol's side of the assistant endpoint, on the SDK: a session's server (the seed's revision, tools listed
// and called through the service's functions) behind a streamable HTTP transport answering JSON. Loaded on the
// first session, so a start that serves no assistant does not pay for the SDK.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, InitializeRequestSchema, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
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
    if (!answer) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
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
  return transport;
}
