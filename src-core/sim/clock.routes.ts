// The simulator's clock: read it, or move it forward and run every job that fell due (INTERFACES.md).
import { z } from 'zod';
import { advanceClockBodySchema } from '../contract/sim.ts';
import type { Clock } from '../kernel/clock.ts';
import { defineRoute } from '../kernel/route.ts';

export function clockRoutes(deps: { clock: Clock; advance: (ms: number) => Promise<void> }) {
  return [
    defineRoute({
      method: 'GET', path: '/sim/clock', scope: 'dashboard', query: z.object({ organizationId: z.string().optional() }),
      // `running`: whether it moves with real time, so a display can tick between reads.
      handler: () => ({ now: deps.clock.nowIso(), running: deps.clock.running }),
    }),
    defineRoute({
      method: 'POST', path: '/sim/clock/advance', scope: 'dashboard',
      body: advanceClockBodySchema.extend({ organizationId: z.string().optional() }),
      handler: async ({ body }) => {
        await deps.advance(Math.round(body.seconds * 1000));
        return { now: deps.clock.nowIso() };
      },
    }),
  ];
}
