// defineDomain: a domain's one export — its routes, job handlers and bus listeners, built from its deps.
import type { Bus, BusEvent, Listener } from './bus.ts';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import type { ExhaustedHandler, JobHandler, JobRunner } from './jobs.ts';
import type { AnyRoute } from './route.ts';

/** What the composition root hands every domain. */
export type CoreDeps = { db: Db; clock: Clock; bus: Bus; jobs: JobRunner; log: (msg: string) => void };

export type Domain<S = unknown> = {
  name: string;
  routes: AnyRoute[];
  jobs?: Record<string, JobHandler>;
  /** Job types of this domain that may run side by side, with their bound. */
  concurrentJobs?: Record<string, number>;
  /** What settles a job of this domain that failed its last attempt (see ExhaustedHandler), by job type. */
  exhaustedJobs?: Record<string, ExhaustedHandler>;
  on?: Record<string, Listener>;
  /** Bus listeners that run inside the emitting transaction (synchronous bookkeeping only). */
  within?: Record<string, (event: BusEvent) => void>;
  /** What other domains may call (never the store). */
  service: S;
};

export function defineDomain<S>(domain: Domain<S>): Domain<S> {
  const paths = new Set<string>();
  for (const route of domain.routes) {
    const key = `${route.method} ${route.path}`;
    if (paths.has(key)) throw new Error(`${domain.name}: route ${key} declared twice`);
    paths.add(key);
  }
  return domain;
}
