// The webhooks domain: endpoints, durable signed deliveries with the full retry schedule, the delivery log.
import type { CoreDeps } from '../../kernel/domain.ts';
import type { JobContext } from '../../kernel/jobs.ts';
import { defineDomain } from '../../kernel/domain.ts';
import { createDeliverer, DELIVER_JOB, DELIVERY_TIMEOUT_MS, type DeliverPayload } from './delivery.ts';
import { dnsResolver, type Resolver } from './destination.ts';
import type { SimulatedReceivers } from './receivers.ts';
import { createDeliveryPruner } from './retention.ts';
import { createWebhooksService } from './webhooks.service.ts';
import { createWebhooksStore } from './webhooks.store.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

/** `simulated`: receivers answered in-process (the simulated world's `*.sim.test` hosts). */
export type WebhookOptions = { allowPrivate?: boolean; resolve?: Resolver; simulated?: SimulatedReceivers; timeoutMs?: number; concurrency?: number };

export function webhooksDomain(deps: CoreDeps & { webhooks: WebhookOptions }) {
  const store = createWebhooksStore(deps.db.sql);
  const options = {
    allowPrivate: deps.webhooks.allowPrivate ?? false, resolve: deps.webhooks.resolve ?? dnsResolver, simulated: deps.webhooks.simulated ?? null,
    timeoutMs: deps.webhooks.timeoutMs ?? DELIVERY_TIMEOUT_MS, log: deps.log,
  };
  if (options.allowPrivate) deps.log('webhooks: --allow-private-webhooks is on: http, loopback and private destinations are accepted (development only)');
  const service = createWebhooksService({ store, db: deps.db, clock: deps.clock, jobs: deps.jobs, options });
  const deliverer = createDeliverer({ store, db: deps.db, clock: deps.clock, bus: deps.bus, jobs: deps.jobs, options });
  const pruneFinished = createDeliveryPruner({ store, clock: deps.clock, log: deps.log });
  return defineDomain({
    name: 'webhooks',
    routes: webhooksRoutes(service),
    // Every attempt first removes finished deliveries past their 30 days (at most once an hour of the clock): the job
    // runs whenever deliveries are made, so a server under steady load keeps about 30 days of them, with no timer of its own.
    jobs: {
      [DELIVER_JOB]: (payload: DeliverPayload, job: JobContext) => {
        pruneFinished();
        return deliverer.attempt(payload, job);
      },
    },
    concurrentJobs: { [DELIVER_JOB]: deps.webhooks.concurrency ?? 8 },
    on: { '*': (event) => service.fanOut(event) },
    service,
  });
}
export type { WebhooksService } from './webhooks.service.ts';
export type { SimulatedReceivers } from './receivers.ts';
export type { PostOutcome } from './post.ts';
