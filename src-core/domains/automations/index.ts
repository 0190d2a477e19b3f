// The automations domain: automations of a trigger and steps, their executions run by durable jobs from the bus's events.
import { changeNotices } from '../../kernel/change-notices.ts';
import type { CoreDeps } from '../../kernel/domain.ts';
import { defineDomain } from '../../kernel/domain.ts';
import type { Listener } from '../../kernel/bus.ts';
import type { FormsService } from '../forms/index.ts';
import type { ShopifyService } from '../shopify/index.ts';
import { automationsRoutes } from './automations.routes.ts';
import { CONTACT_EVENTS, createExecutionRunner, RECEIVED_EVENTS, RUN_JOB, SHOPIFY_ORDER_EVENTS, type RunPayload } from './automations.runner.ts';
import { createAutomationsService } from './automations.service.ts';
import { createStepRunner, type StepServices } from './automations.steps.ts';
import { createAutomationsStore } from './automations.store.ts';

export function automationsDomain(deps: CoreDeps & StepServices & { shopify: ShopifyService; forms: FormsService }) {
  const store = createAutomationsStore(deps.db.sql);
  const changed = changeNotices(deps, 'automations.changed', 'automationIds');
  const runner = createExecutionRunner({
    changed,
    store, db: deps.db, clock: deps.clock, jobs: deps.jobs, runStep: createStepRunner(deps),
    contactByEmail: (orgId, email) => deps.contacts.resolveAddress(orgId, 'email', email).id,
  });
  const service = createAutomationsService({
    store, db: deps.db, clock: deps.clock, runner, changed,
    connected: (orgId, integration) => (integration === 'instagram' ? deps.instagram.connection(orgId).connected
      : integration === 'shopify' && deps.shopify.isConnected(orgId)),
    waTemplates: (orgId) => deps.whatsapp.listTemplates(orgId, {}, { page: 1, limit: 10_000, offset: 0 }).data,
    references: {
      form: (orgId, id) => deps.forms.list(orgId).some((form) => form.id === id),
      lifecycle_stage: (orgId, id) => deps.contacts.stages.list(orgId).some((stage) => stage.id === id),
    },
  });
  const listener: Listener = (event) => runner.onEvent(event);
  return defineDomain({
    name: 'automations',
    routes: automationsRoutes(service),
    jobs: { [RUN_JOB]: (payload: RunPayload) => runner.run(payload) },
    on: Object.fromEntries([...CONTACT_EVENTS, ...RECEIVED_EVENTS, ...SHOPIFY_ORDER_EVENTS].map((type) => [type, listener])),
    service,
  });
}
export type { AutomationsService } from './automations.service.ts';
