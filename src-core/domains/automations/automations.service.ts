// The rules of automations: always created paused; activation refused while the trigger or a step needs an integration
// that is not connected; pausing stops the waiting runs; executions listed newest first and rerun from their trigger.
import type {
  Automation, AutomationExecution, AutomationStep, AutomationStepInput, CreateAutomationInput, ExecutionStep, ExecutionTrigger, StepType,
  UpdateAutomationInput,
} from '../../contract/automations.ts';
import { TRIGGER_CONFIG_SCHEMAS, type TriggerType } from '../../contract/automations.ts';
import type { ListEnvelope } from '../../contract/common.ts';
import type { WaTemplate } from '../../contract/whatsapp.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { STEP_CONFIG_SCHEMAS, STEP_INTEGRATIONS, TRIGGER_INTEGRATIONS } from './automations.catalog.ts';
import { templateStepProblem } from './automations.template-check.ts';
import type { ExecutionRunner } from './automations.runner.ts';
import type { AutomationRow, AutomationsStore, AutomationWithCounts, ExecutionRow } from './automations.store.ts';

const INTEGRATION_NAMES: Record<string, string> = { instagram: 'Instagram', shopify: 'Shopify' };

const toAutomation = (row: AutomationWithCounts): Automation => ({
  id: row.id, name: row.name, description: row.description, status: row.status, active: row.status === 'active',
  trigger: { type: row.trigger_type, config: JSON.parse(row.trigger_config) as Record<string, unknown> },
  steps: JSON.parse(row.steps) as AutomationStep[], executionCount: row.execution_count, lastExecutedAt: row.last_executed_at,
  activatedAt: row.activated_at, createdAt: row.created_at, updatedAt: row.updated_at,
});

export const toExecution = (row: ExecutionRow): AutomationExecution => ({
  id: row.id, automationId: row.automation_id, status: row.status as AutomationExecution['status'],
  trigger: JSON.parse(row.trigger) as ExecutionTrigger, steps: JSON.parse(row.outcomes) as ExecutionStep[], waitingUntil: row.waiting_until,
  error: row.error, rerunOf: row.rerun_of, startedAt: row.started_at, finishedAt: row.finished_at,
});

/** Steps as stored: each with an id (`step_<n>`, by position, where none was given, not clashing with the given ones). */
function withIds(steps: AutomationStepInput[]): AutomationStep[] {
  const given = new Set(steps.flatMap((step) => (step.id ? [step.id] : [])));
  let n = 0;
  const next = (): string => {
    do n++; while (given.has(`step_${n}`));
    return `step_${n}`;
  };
  return steps.map((step) => ({ id: step.id ?? next(), type: step.type, config: step.config }));
}

/** The trigger's config as stored: as its schema parsed it (trimmed, nulls dropped). */
const triggerConfig = (trigger: { type: string; config: Record<string, unknown> }): string =>
  JSON.stringify(TRIGGER_CONFIG_SCHEMAS[trigger.type as TriggerType].parse(trigger.config));

/** The records a trigger's config may name by id, and whether the organization has one. */
export type TriggerReferences = { form: (orgId: string, id: string) => boolean; lifecycle_stage: (orgId: string, id: string) => boolean };
const REFERENCED: Partial<Record<TriggerType, { field: string; kind: keyof TriggerReferences; words: string; listed: string }>> = {
  'form.submitted': { field: 'formId', kind: 'form', words: 'form', listed: 'GET /dashboard/forms' },
  'contact.lifecycle_changed': { field: 'stageId', kind: 'lifecycle_stage', words: 'lifecycle stage', listed: 'GET /dashboard/lifecycle-stages' },
};

export function createAutomationsService(deps: {
  store: AutomationsStore; db: Db; clock: Clock; runner: ExecutionRunner; connected: (orgId: string, integration: string) => boolean;
  changed: ChangeNotice; references: TriggerReferences; waTemplates: (orgId: string) => WaTemplate[];
}) {
  const { store, db, clock, runner } = deps;

  function mustGet(orgId: string, id: string): AutomationWithCounts {
    const row = store.byId(orgId, id);
    if (!row) throw notFound(`Automation ${id}`);
    return row;
  }
  /** The automation as it is now, noted as changed (for the console's stream) once the transaction commits. */
  function changedNow(orgId: string, id: string): Automation {
    deps.changed(orgId, id);
    return toAutomation(mustGet(orgId, id));
  }

  /**
   * 400 for a trigger naming a form or stage the organization does not have: as a wrong config, it would never fire,
   * and no execution would say why.
   */
  function assertReferences(orgId: string, trigger: { type: string; config: Record<string, unknown> }): void {
    const referenced = REFERENCED[trigger.type as TriggerType];
    const config = referenced ? (TRIGGER_CONFIG_SCHEMAS[trigger.type as TriggerType].parse(trigger.config) as Record<string, string | undefined>) : {};
    const id = referenced ? config[referenced.field] : undefined;
    if (!referenced || !id || deps.references[referenced.kind](orgId, id)) return;
    throw invalidField(`Invalid body: trigger.config.${referenced.field}: ${referenced.words} ${id} not found in this organization (see ${referenced.listed})`);
  }

  /**
   * 400 naming each "Send WhatsApp template" step its template would refuse (not found in that language, not approved,
   * a body value short or over, a media header without its link): every run of it would fail. A config its type does
   * not take is left alone (seed 000: saved without error, skipped at run time).
   */
  function assertTemplateSteps(orgId: string, steps: AutomationStep[]): void {
    const sends = steps.flatMap((step, index) => {
      const parsed = step.type === 'whatsapp.send_template' ? STEP_CONFIG_SCHEMAS['whatsapp.send_template'].safeParse(step.config) : null;
      return parsed?.success ? [{ step, index, config: parsed.data }] : [];
    });
    if (sends.length === 0) return;
    const templates = deps.waTemplates(orgId);
    const problems = sends.flatMap(({ step, index, config }) => {
      const problem = templateStepProblem(templates, config);
      return problem ? [`steps.${index} (step ${step.id}, Send WhatsApp template): ${problem}`] : [];
    });
    if (problems.length) throw invalidField(`Invalid body: ${problems.join('; ')}`);
  }

  /**
   * 409 naming the trigger and each step whose integration is not connected (activation, and a change to an active
   * automation); `steps` lists the steps only.
   */
  function assertIntegrations(orgId: string, triggerType: string, steps: AutomationStep[], doing: string): void {
    const missing = steps.flatMap((step) => {
      const integration = STEP_INTEGRATIONS[step.type as StepType];
      return integration && !deps.connected(orgId, integration) ? [{ stepId: step.id, type: step.type, integration }] : [];
    });
    const triggerNeeds = TRIGGER_INTEGRATIONS[triggerType as TriggerType];
    const trigger = triggerNeeds && !deps.connected(orgId, triggerNeeds) ? triggerNeeds : null;
    const first = trigger ?? missing[0]?.integration;
    if (!first) return;
    const needs = (integration: string): string => `needs the ${INTEGRATION_NAMES[integration] ?? integration} integration`;
    const named = [...(trigger ? [`the trigger (${triggerType}) ${needs(trigger)}`] : []), ...missing.map((m) => `step ${m.stepId} (${m.type}) ${needs(m.integration)}`)].join('; ');
    throw new AppError('INTEGRATION_NOT_CONNECTED', `Cannot ${doing}: ${named}, which is not connected for this organization: connect it in the dashboard first`, {
      status: 409, extra: { integration: first, steps: missing },
    });
  }

  return {
    /** The automations (active or paused, oldest first) whose trigger names this form or lifecycle stage: they keep it from being deleted. */
    triggerUsers(orgId: string, kind: keyof TriggerReferences, id: string): Array<{ id: string; name: string }> {
      const [type, referenced] = Object.entries(REFERENCED).find(([, ref]) => ref.kind === kind) as [TriggerType, { field: string }];
      return store.byTriggerReference(orgId, type, referenced.field, id);
    },
    list(orgId: string, status: string | undefined, page: PageRequest): ListEnvelope<Automation> {
      const { rows, total } = store.list(orgId, status, page.limit, page.offset);
      return pageEnvelope(rows.map(toAutomation), total, page);
    },
    get: (orgId: string, id: string): Automation => toAutomation(mustGet(orgId, id)),

    /** Always paused, whatever `active` says (seed 000); step types and configs are kept as given. */
    create(orgId: string, input: CreateAutomationInput): Automation {
      return db.tx(() => {
        assertReferences(orgId, input.trigger);
        const steps = withIds(input.steps);
        assertTemplateSteps(orgId, steps);
        const at = clock.nowIso();
        const row: AutomationRow = {
          id: newId('aut'), org_id: orgId, name: input.name, description: input.description || null, status: 'paused',
          trigger_type: input.trigger.type, trigger_config: triggerConfig(input.trigger), steps: JSON.stringify(steps),
          activated_at: null, created_at: at, updated_at: at,
        };
        store.insert(row);
        return changedNow(orgId, row.id);
      });
    },

    /** Runs already started keep the steps they started with; an active automation's new steps must have their integrations. */
    update(orgId: string, id: string, input: UpdateAutomationInput): Automation {
      return db.tx(() => {
        const row = mustGet(orgId, id);
        if (input.trigger) assertReferences(orgId, input.trigger);
        const steps = input.steps ? withIds(input.steps) : (JSON.parse(row.steps) as AutomationStep[]);
        // Only steps sent now: a template rejected since does not keep a rename from saving (its runs say why they fail).
        if (input.steps) assertTemplateSteps(orgId, steps);
        if (row.status === 'active') assertIntegrations(orgId, input.trigger?.type ?? row.trigger_type, steps, 'change this active automation');
        store.update({
          id, name: input.name ?? row.name, description: input.description === undefined ? row.description : input.description || null,
          trigger_type: input.trigger?.type ?? row.trigger_type, trigger_config: input.trigger ? triggerConfig(input.trigger) : row.trigger_config,
          steps: JSON.stringify(steps), updated_at: clock.nowIso(),
        });
        return changedNow(orgId, id);
      });
    },

    activate(orgId: string, id: string): Automation {
      return db.tx(() => {
        const row = mustGet(orgId, id);
        if (row.status === 'active') return toAutomation(row);
        assertIntegrations(orgId, row.trigger_type, JSON.parse(row.steps) as AutomationStep[], 'activate this automation');
        const at = clock.nowIso();
        store.setStatus(id, 'active', at, at);
        return changedNow(orgId, id);
      });
    },

    /** Pausing stops the automation's running and waiting executions (a wait does not resume on a later activation). */
    pause(orgId: string, id: string): Automation {
      return db.tx(() => {
        const row = mustGet(orgId, id);
        if (row.status === 'paused') return toAutomation(row);
        const at = clock.nowIso();
        store.setStatus(id, 'paused', row.activated_at, at);
        store.stopOpen(id, 'stopped: the automation was paused', at);
        return changedNow(orgId, id);
      });
    },

    /** Deletes the automation and its executions; a waiting run's job then finds nothing to do. */
    remove(orgId: string, id: string): void {
      db.tx(() => {
        mustGet(orgId, id);
        store.remove(id);
        deps.changed(orgId, id);
      });
    },

    /** `statuses`: any of them (`status=failed,stopped`), as on the message logs. */
    executions(orgId: string, id: string, statuses: readonly string[] | undefined, page: PageRequest): ListEnvelope<AutomationExecution> {
      mustGet(orgId, id);
      const { rows, total } = store.executions(id, statuses, page.limit, page.offset);
      return pageEnvelope(rows.map(toExecution), total, page);
    },

    /**
     * A new execution from the same trigger data, with the automation's steps as they are now. Refused (409) while the
     * original still runs or waits, and while the automation is paused (a paused automation runs nothing).
     */
    rerun(orgId: string, id: string, executionId: string): AutomationExecution {
      return db.tx(() => {
        const automation = mustGet(orgId, id);
        const original = store.execution(executionId);
        if (!original || original.automation_id !== id) throw notFound(`Execution ${executionId}`);
        if (original.status === 'running' || original.status === 'waiting') {
          throw conflict(`Execution ${executionId} is still ${original.status}: it can be rerun once it has ended`);
        }
        if (automation.status !== 'active') throw conflict(`Automation ${id} is paused: activate it to rerun an execution`);
        const started = runner.start(automation, JSON.parse(original.trigger) as ExecutionTrigger, executionId);
        return toExecution(started as ExecutionRow);
      });
    },
  };
}
export type AutomationsService = ReturnType<typeof createAutomationsService>;
