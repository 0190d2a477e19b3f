// Executions: one per trigger occurrence per active automation (from the bus), each run step by step by a durable
// job; a wait is a job due later on the clock, so an advance moves the run on and a restart resumes it.
import {
  messageReceivedConfigSchema, contactCreatedConfigSchema, formSubmittedConfigSchema, lifecycleChangedConfigSchema, type AutomationStep,
  type ExecutionStep, type ExecutionTrigger,
} from '../../contract/automations.ts';
import type { EventContact } from '../../contract/contacts.ts';
import type { FormSubmittedData } from '../../contract/forms.ts';
import type { LifecycleChange } from '../../contract/lifecycle-stages.ts';
import type { Message } from '../../contract/messaging.ts';
import type { BusEvent } from '../../kernel/bus.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import { foldText, type Db } from '../../kernel/db.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import type { AutomationRow, AutomationsStore, ExecutionRow } from './automations.store.ts';
import type { RunStep, StepResult } from './automations.steps.ts';

export const RUN_JOB = 'automations.run';
export type RunPayload = { executionId: string };

/** The channels whose `<channel>.message.received` the `message.received` trigger hears. */
export const RECEIVED_EVENTS = ['whatsapp.message.received', 'sms.message.received', 'instagram.message.received', 'rcs.message.received'];

/** The Shopify order events, each its own trigger type. */
export const SHOPIFY_ORDER_EVENTS = ['shopify.order.created', 'shopify.order.fulfilled'];

/** The events whose trigger type is the event's own type, besides the Shopify orders. */
export const CONTACT_EVENTS = ['contact.created', 'form.submitted', 'contact.lifecycle_changed'];

/**
 * What an event says of its trigger, or null for an event no trigger hears. A Shopify order's contact is found (or made)
 * from its email only when an automation takes it (`contactId` null here; see `onEvent`), its `address` that email.
 */
export function triggerOf(event: BusEvent): ExecutionTrigger | null {
  if (SHOPIFY_ORDER_EVENTS.includes(event.type)) {
    const order = event.data as { email: string | null };
    return { type: event.type, eventId: event.id, contactId: null, channel: null, address: order.email, messageId: null, text: null };
  }
  if (event.type === 'contact.created') {
    const { contact } = event.data as { contact: EventContact };
    return { type: 'contact.created', eventId: event.id, contactId: contact.id, channel: contact.source, address: null, messageId: null, text: null };
  }
  if (event.type === 'form.submitted') {
    const submission = event.data as FormSubmittedData;
    return {
      type: 'form.submitted', eventId: event.id, contactId: submission.contactId, channel: null, address: null, messageId: null, text: null,
      formId: submission.formId, submissionId: submission.submissionId,
    };
  }
  if (event.type === 'contact.lifecycle_changed') {
    const change = event.data as LifecycleChange;
    return {
      type: 'contact.lifecycle_changed', eventId: event.id, contactId: change.contact.id, channel: null, address: null, messageId: null, text: null,
      stageId: change.stageId, previousStageId: change.previousStageId,
    };
  }
  if (RECEIVED_EVENTS.includes(event.type)) {
    const { message, contact } = event.data as { message: Message; contact: EventContact };
    return {
      type: 'message.received', eventId: event.id, contactId: contact.id, channel: message.channel, address: message.address,
      messageId: message.id, text: message.text,
    };
  }
  return null;
}

/** Whether `automation`'s trigger config takes this occurrence (keyword and contains case- and accent-insensitive). */
export function matches(automation: Pick<AutomationRow, 'trigger_type' | 'trigger_config'>, trigger: ExecutionTrigger): boolean {
  const raw = JSON.parse(automation.trigger_config) as unknown;
  if (SHOPIFY_ORDER_EVENTS.includes(automation.trigger_type)) return automation.trigger_type === trigger.type;
  if (automation.trigger_type === 'contact.created') {
    const config = contactCreatedConfigSchema.parse(raw);
    return !config.source || config.source === trigger.channel;
  }
  if (automation.trigger_type === 'form.submitted') {
    const config = formSubmittedConfigSchema.parse(raw);
    return !config.formId || config.formId === trigger.formId;
  }
  if (automation.trigger_type === 'contact.lifecycle_changed') {
    const config = lifecycleChangedConfigSchema.parse(raw);
    return !config.stageId || config.stageId === trigger.stageId;
  }
  const config = messageReceivedConfigSchema.parse(raw);
  if (config.channel !== 'any' && config.channel !== trigger.channel) return false;
  const text = foldText(trigger.text ?? '');
  if (config.keyword) return text.trim() === foldText(config.keyword);
  if (config.contains) return text.includes(foldText(config.contains));
  return true;
}

export function createExecutionRunner(deps: {
  store: AutomationsStore; db: Db; clock: Clock; jobs: JobRunner; runStep: RunStep;
  /** The contact with this email, made (`contact.created`) if there is none; joins the caller's transaction. */
  contactByEmail: (orgId: string, email: string) => string;
  changed: ChangeNotice;
}) {
  const { store, db, clock, jobs } = deps;

  /** Inserts an execution of `automation` and schedules its run; false when this occurrence made one already. Joins the caller's transaction. */
  function start(automation: AutomationRow, trigger: ExecutionTrigger, rerunOf: string | null): ExecutionRow | null {
    return db.tx(() => {
      const id = newId('aex');
      const inserted = store.insertExecution({
        id, org_id: automation.org_id, automation_id: automation.id, status: 'running', trigger_event_id: trigger.eventId,
        trigger: JSON.stringify(trigger), steps: automation.steps, rerun_of: rerunOf, started_at: clock.nowIso(),
      });
      if (!inserted) return null;
      deps.changed(automation.org_id, automation.id);
      jobs.schedule({ type: RUN_JOB, orgId: automation.org_id, payload: { executionId: id } satisfies RunPayload, dedupeKey: `${RUN_JOB}:${id}:0` });
      return store.execution(id) as ExecutionRow;
    });
  }

  /** A bus event: an execution for each active automation of its organization whose trigger takes it (once per event, however often delivered). */
  function onEvent(event: BusEvent): void {
    const trigger = triggerOf(event);
    if (!trigger) return;
    db.tx(() => {
      const taking = store.activeByTrigger(event.orgId, trigger.type).filter((automation) => matches(automation, trigger));
      if (taking.length === 0) return;
      const found = SHOPIFY_ORDER_EVENTS.includes(trigger.type) && trigger.address
        ? { ...trigger, contactId: deps.contactByEmail(event.orgId, trigger.address) } : trigger;
      for (const automation of taking) start(automation, found, null);
    });
  }

  const outcomeOf = (step: AutomationStep, result: StepResult): ExecutionStep => ({
    stepId: step.id, type: step.type, status: result.kind === 'skipped' || result.kind === 'failed' ? result.kind : 'done', detail: result.detail,
    errorCode: result.kind === 'failed' ? result.errorCode : null,
    messageId: (result.kind === 'done' || result.kind === 'failed') && result.messageId ? result.messageId : null, at: clock.nowIso(),
  });

  /**
   * Records step `index`'s result and what follows from it; answers whether the run goes on. An execution stopped
   * meanwhile (its automation paused) keeps the outcome of the step that was under way, and goes no further.
   */
  function record(executionId: string, step: AutomationStep, index: number, total: number, result: StepResult): boolean {
    return db.tx(() => {
      const row = store.execution(executionId);
      if (!row) return false;
      deps.changed(row.org_id, row.automation_id);
      const outcomes = [...(JSON.parse(row.outcomes) as ExecutionStep[]), outcomeOf(step, result)];
      const at = clock.nowIso();
      const progress = { id: executionId, outcomes: JSON.stringify(outcomes), next_step: index + 1, waiting_until: null, error: row.error, finished_at: row.finished_at };
      if (row.status !== 'running') {
        store.saveProgress({ ...progress, status: row.status });
        return false;
      }
      if (result.kind === 'failed') {
        store.saveProgress({ ...progress, status: 'failed', error: `step ${step.id} (${step.type}) failed: ${result.detail}`, finished_at: at });
        return false;
      }
      if (result.kind === 'wait') {
        const dueAt = clock.now() + Math.round(result.seconds * 1000);
        const until = new Date(dueAt).toISOString();
        outcomes[outcomes.length - 1] = { ...outcomeOf(step, result), detail: `${result.detail}, until ${until}` };
        store.saveProgress({ ...progress, outcomes: JSON.stringify(outcomes), status: 'waiting', waiting_until: until });
        jobs.schedule({ type: RUN_JOB, orgId: row.org_id, payload: { executionId } satisfies RunPayload, dueAt, dedupeKey: `${RUN_JOB}:${executionId}:${index + 1}` });
        return false;
      }
      const finished = result.kind === 'end' || index + 1 >= total;
      store.saveProgress({ ...progress, status: finished ? 'completed' : 'running', finished_at: finished ? at : null });
      return !finished;
    });
  }

  /** The job: runs the execution from its next step until it ends, waits, or is stopped. */
  async function run(payload: RunPayload): Promise<void> {
    const row = db.tx(() => {
      const found = store.execution(payload.executionId);
      if (!found || (found.status !== 'running' && found.status !== 'waiting')) return null;
      deps.changed(found.org_id, found.automation_id);
      const steps = JSON.parse(found.steps) as AutomationStep[];
      const running = { ...found, status: 'running', waiting_until: null };
      store.saveProgress({ ...running, finished_at: found.next_step >= steps.length ? clock.nowIso() : null, status: found.next_step >= steps.length ? 'completed' : 'running' });
      return found.next_step >= steps.length ? null : { ...running, steps };
    });
    if (!row) return;
    const automation = store.byId(row.org_id, row.automation_id);
    if (!automation) return;
    const trigger = JSON.parse(row.trigger) as ExecutionTrigger;
    for (let index = row.next_step; index < row.steps.length; index++) {
      const step = row.steps[index] as AutomationStep;
      const result = await deps.runStep(step, { orgId: row.org_id, executionId: row.id, stepIndex: index, automationName: automation.name, trigger });
      if (!record(row.id, step, index, row.steps.length, result)) return;
    }
  }

  return { start, onEvent, run };
}
export type ExecutionRunner = ReturnType<typeof createExecutionRunner>;
