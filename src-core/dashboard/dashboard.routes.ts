// Console-only routes: organizations, API keys and the request log (INTERFACES.md, /dashboard).
import { organizationField } from '../contract/common.ts';
import { z } from 'zod';
import { createApiKeyBodySchema, createOrganizationBodySchema } from '../contract/api-keys.ts';
import { ERROR_STATUS, type ErrorCode } from '../contract/errors.ts';
import { SCOPES, scopesByDomain, type Scope } from '../contract/scopes.ts';
import type { ApiKeys } from '../kernel/api-keys.ts';
import type { Orgs } from '../kernel/orgs.ts';
import { pageEnvelope, paginationQuery, toPageRequest } from '../kernel/pagination.ts';
import { statusFilterQuery, type RequestLog } from '../kernel/request-log.ts';
import { defineRoute } from '../kernel/route.ts';

const orgField = organizationField;

/** `scopesInUse`: the scopes a route of this build checks (kernel/route.ts), read once the route table is whole. */
export function dashboardRoutes(deps: { orgs: Orgs; apiKeys: ApiKeys; requestLog: RequestLog; scopesInUse: () => ReadonlySet<Scope> }) {
  const { orgs, apiKeys, requestLog } = deps;
  return [
    defineRoute({
      method: 'POST', path: '/dashboard/organizations', scope: 'dashboard', status: 201,
      body: createOrganizationBodySchema.extend(orgField),
      handler: ({ body }) => orgs.create(body.name),
    }),
    defineRoute({
      method: 'PATCH', path: '/dashboard/organizations/:id', scope: 'dashboard',
      params: z.object({ id: z.string() }), body: createOrganizationBodySchema,
      handler: ({ params, body }) => orgs.rename(params.id, body.name),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/organizations', scope: 'dashboard',
      handler: () => ({ data: orgs.list(), defaultOrganizationId: orgs.ensureDefault().organization.id }),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/scopes', scope: 'dashboard',
      // `notUsedYet`: scopes the contract names that no route of this build checks (a key may still hold them).
      handler: () => ({ data: SCOPES, groups: scopesByDomain(), notUsedYet: SCOPES.filter((scope) => !deps.scopesInUse().has(scope)) }),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/api-keys', scope: 'dashboard', status: 201,
      body: createApiKeyBodySchema.safeExtend(orgField),
      handler: ({ orgId, body }) => apiKeys.create(orgId, body),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/api-keys', scope: 'dashboard', query: z.object(orgField),
      handler: ({ orgId }) => ({ data: apiKeys.list(orgId) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/dashboard/api-keys/:id', scope: 'dashboard', params: z.object({ id: z.string() }),
      handler: ({ orgId, params }) => apiKeys.revoke(orgId, params.id),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/request-log', scope: 'dashboard',
      query: z.object({
        ...orgField,
        keyId: z.string().optional(),
        status: statusFilterQuery.optional(),
        path: z.string().max(200).optional(),
        code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).optional(),
        upTo: z.string().min(1).max(100).optional(),
      }).extend(paginationQuery({ defaultLimit: 50, maxLimit: 200 }).shape),
      handler: ({ orgId, query }) => {
        const page = toPageRequest(query);
        const { keyId, status, path, code, upTo } = query;
        const { rows, total } = requestLog.list(orgId, { keyId, status, path, code, upTo }, page.limit, page.offset);
        return pageEnvelope(rows, total, page);
      },
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/request-log/:id', scope: 'dashboard',
      params: z.object({ id: z.string().min(1).max(100) }), query: z.object(orgField),
      handler: ({ orgId, params }) => requestLog.detail(orgId, params.id),
    }),
  ];
}
