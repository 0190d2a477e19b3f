// The assistant-protocol (MCP) domain: the contract's tools over the /v1 routes, called on the caller's key's behalf.
import { defineDomain } from '../../kernel/domain.ts';
import type { AnyRoute, InnerAnswer, InnerRequest } from '../../kernel/route.ts';
import { mcpRoutes } from './mcp.routes.ts';
import { createMcpService } from './mcp.service.ts';

export function mcpDomain(deps: { routes: () => readonly AnyRoute[]; call: (request: InnerRequest) => Promise<InnerAnswer>; version: string }) {
  const service = createMcpService(deps);
  return defineDomain({ name: 'mcp', routes: mcpRoutes(service), service });
}
export type { McpService } from './mcp.service.ts';
