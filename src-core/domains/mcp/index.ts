// The assistant-protocol (MCP) domain: the contract's tools over the /v1 routes, called on the caller's key's behalf.
import { defineDomain } from '../../kernel/domain.ts';
import { mcpRoutes } from './mcp.routes.ts';
import { createMcpService, type McpDeps } from './mcp.service.ts';

export function mcpDomain(deps: McpDeps) {
  const service = createMcpService(deps);
  return defineDomain({ name: 'mcp', routes: mcpRoutes(service), service });
}
export type { McpService } from './mcp.service.ts';
