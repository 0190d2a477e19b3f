// The assistant endpoint (MCP): connect to /mcp with the official SDK's Streamable HTTP client and an API key, list
// the tools, and call a read tool. Every tool calls one /v1 route on the key's behalf, so the key's scopes, rate
// limit and request log apply as to your own requests. The write tools (sends, blocks, campaigns…) are withheld
// unless each request carries `X-Service-MCP-Writes: true` (add it to the headers below).
//
// Run it against a local server:
//   npm run serve -- --seed demo                              (terminal 1)
//   npm run cli -- keys create --name examples --scopes all   (list_contacts needs contacts:read)
//   SWITCHBOARD_API_KEY=sk_test_… node examples/mcp-client.mjs [search]
// SWITCHBOARD_URL defaults to http://127.0.0.1:4800; the search defaults to "alice" (the demo's Alice Johnson).
// Copied out of this repository, it needs `npm install @modelcontextprotocol/sdk`.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const BASE = process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:4800';
const API_KEY = process.env.SWITCHBOARD_API_KEY;
if (!API_KEY) {
  console.error('Set SWITCHBOARD_API_KEY (see the comment at the top of this file).');
  process.exit(2);
}
const search = process.argv[2] ?? 'alice';

const transport = new StreamableHTTPClientTransport(new URL('/mcp', BASE), {
  requestInit: { headers: { authorization: `Bearer ${API_KEY}` } },
});
const client = new Client({ name: 'switchboard-example', version: '1.0.0' });
// initialize: the server answers with a session id (Mcp-Session-Id); a bad key is a 401 here.
await client.connect(transport).catch((error) => {
  console.error(`cannot connect to ${BASE}/mcp: ${error.message}`);
  process.exit(1);
});
const server = client.getServerVersion();
console.log(`connected to ${server?.name} ${server?.version}, session ${transport.sessionId}`);

const { tools } = await client.listTools();
console.log(`${tools.length} tools, among them: ${tools.slice(0, 6).map((tool) => tool.name).join(', ')}…`);

// A refused route (a 403 for a missing scope, a 429…) comes back as a tool result with isError, not as a throw.
const result = await client.callTool({ name: 'list_contacts', arguments: { search, limit: 5 } });
const text = result.content.find((part) => part.type === 'text')?.text ?? '';
if (result.isError) {
  console.error(`list_contacts failed: ${text}`);
  process.exitCode = 1;
} else {
  const { data, meta } = JSON.parse(text); // the tool's text is the /v1 route's JSON answer
  console.log(`list_contacts "${search}": ${meta.total} contact(s)`);
  for (const contact of data) {
    console.log(`  ${contact.id} ${contact.name} ${contact.phone ?? ''} ${contact.email ?? ''}`);
  }
}
await client.close();
