// Simulator routes of the scenarios (beyond INTERFACES.md): the catalogue, with what each needs, and a run of one.
import { z } from 'zod';
import { defineRoute } from '../kernel/route.ts';
import type { SimScenarios } from './scenarios.ts';

const organization = { organizationId: z.string().optional() };

export function simScenarioRoutes(scenarios: SimScenarios) {
  return [
    defineRoute({
      method: 'GET', path: '/sim/scenarios', scope: 'dashboard', query: z.object(organization),
      handler: ({ orgId }) => scenarios.list(orgId),
    }),
    defineRoute({
      method: 'POST', path: '/sim/scenarios/:id/run', scope: 'dashboard', status: 202,
      params: z.object({ id: z.string().min(1).max(64) }), body: z.object(organization).optional(),
      // 202: its steps are jobs on the virtual clock, the first due now; the rest happen as the clock runs or is advanced.
      handler: ({ orgId, params }) => scenarios.run(orgId, params.id),
    }),
  ];
}
