// Automations: a trigger, a linear list of steps, and an execution per trigger occurrence (seed 000, "Automation" and
// "Automations"; the record fields the seed leaves "not shown" are decided in docs/contract-notes.md, Automations).
import { z } from 'zod';
import { nothingToChange, nullAsAbsent, refusedField, timestampSchema } from './common.ts';

/** The channels a customer's message can arrive on (the `message.received` trigger's `channel`, or `any`). */
export const AUTOMATION_MESSAGE_CHANNELS = ['whatsapp', 'sms', 'instagram', 'rcs'] as const;
/**
 * Where a new contact came from (the `contact.created` trigger's optional `source`): a channel, `manual` (made in the
 * dashboard) or `import` (a row of a CSV import). Without a source the trigger takes every new contact, imported ones too.
 */
export const CONTACT_SOURCES = ['whatsapp', 'sms', 'instagram', 'rcs', 'email', 'manual', 'import'] as const;

/** Trigger configs are checked at save (a wrong trigger would never fire, and no execution would say why). */
export const messageReceivedConfigSchema = z.strictObject({
  channel: z.enum([...AUTOMATION_MESSAGE_CHANNELS, 'any']),
  keyword: nullAsAbsent(z.string().trim().min(1).max(100)),
  contains: nullAsAbsent(z.string().trim().min(1).max(500)),
}).refine((config) => !(config.keyword && config.contains), 'give keyword or contains, not both');
export type MessageReceivedConfig = z.infer<typeof messageReceivedConfigSchema>;

export const contactCreatedConfigSchema = z.strictObject({ source: nullAsAbsent(z.enum(CONTACT_SOURCES)) });
export type ContactCreatedConfig = z.infer<typeof contactCreatedConfigSchema>;

/** A form's submissions (`form.submitted`): every form of the organization, or only `formId` (a form of it, checked at save). */
export const formSubmittedConfigSchema = z.strictObject({ formId: nullAsAbsent(z.string().trim().min(1).max(100)) });
export type FormSubmittedConfig = z.infer<typeof formSubmittedConfigSchema>;

/**
 * A contact's stage changing (`contact.lifecycle_changed`): every change, or only a move into `stageId` (a lifecycle
 * stage of the organization, checked at save).
 */
export const lifecycleChangedConfigSchema = z.strictObject({ stageId: nullAsAbsent(z.string().trim().min(1).max(100)) });
export type LifecycleChangedConfig = z.infer<typeof lifecycleChangedConfigSchema>;

/** The Shopify order triggers take no config: every order of the connected shop (its customer is the contact). */
export const shopifyOrderConfigSchema = z.strictObject({});

export const TRIGGER_CONFIG_SCHEMAS = {
  'message.received': messageReceivedConfigSchema,
  'contact.created': contactCreatedConfigSchema,
  'shopify.order.created': shopifyOrderConfigSchema,
  'shopify.order.fulfilled': shopifyOrderConfigSchema,
  'form.submitted': formSubmittedConfigSchema,
  'contact.lifecycle_changed': lifecycleChangedConfigSchema,
} as const;
export const TRIGGER_TYPES = Object.keys(TRIGGER_CONFIG_SCHEMAS) as Array<keyof typeof TRIGGER_CONFIG_SCHEMAS>;
export type TriggerType = keyof typeof TRIGGER_CONFIG_SCHEMAS;
export const isTriggerType = (type: string): type is TriggerType => Object.hasOwn(TRIGGER_CONFIG_SCHEMAS, type);

/** The step types this build runs (the node catalog describes each one's config). */
export const STEP_TYPES = [
  'whatsapp.send_template', 'sms.send', 'email.send', 'instagram.reply', 'wait', 'contact.add_tag', 'contact.remove_tag', 'condition',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const MAX_STEPS = 50;
const configSchema = z.record(z.string(), z.unknown());
/** The most a trigger's or step's config takes, as JSON: every list and read answers it whole. */
export const CONFIG_MAX_BYTES = 16_384;
const configInputSchema = configSchema.refine((config) => JSON.stringify(config).length <= CONFIG_MAX_BYTES, `must be at most ${CONFIG_MAX_BYTES / 1024} KiB as JSON`);

const TRIGGER_TYPE_MAX = 100;
const triggerInputSchema = z.object({ type: z.string().trim().min(1).max(TRIGGER_TYPE_MAX), config: configInputSchema.default({}) });

/** A step's shape is checked at save; its type and config are not (the seed: saved without error, does nothing at run time). */
const stepInputSchema = z.object({
  id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - and _').optional(),
  type: z.string().trim().min(1).max(100),
  config: configInputSchema.default({}),
});
export type AutomationStepInput = z.infer<typeof stepInputSchema>;

/** Issues of a trigger (its type known, its config as that type takes it), at `path`. */
function checkTrigger(trigger: { type: string; config: Record<string, unknown> } | undefined, ctx: z.RefinementCtx, path: Array<string | number>): void {
  // A type or config refused by its size already says so, and is not quoted back (a 200,000-character type or config
  // key made a 200 KB message).
  if (!trigger || trigger.type.length > TRIGGER_TYPE_MAX || JSON.stringify(trigger.config).length > CONFIG_MAX_BYTES) return;
  if (!isTriggerType(trigger.type)) {
    ctx.addIssue({ code: 'custom', path: [...path, 'type'], message: `unknown trigger type "${trigger.type}" (one of ${TRIGGER_TYPES.join(', ')}; see GET /automations/node-catalog)` });
    return;
  }
  const parsed = TRIGGER_CONFIG_SCHEMAS[trigger.type].safeParse(trigger.config);
  const fields = Object.keys(TRIGGER_CONFIG_SCHEMAS[trigger.type].shape);
  for (const issue of parsed.error?.issues ?? []) {
    // Worded as the kernel words an unknown body field (`unknown field "x" (… takes …)`); a trigger without config says so.
    const message = issue.code === 'unrecognized_keys'
      ? `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (${trigger.type} takes ${fields.length ? fields.join(', ') : 'no config'})`
      : issue.message;
    ctx.addIssue({ code: 'custom', path: [...path, 'config', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message });
  }
}

/** Two steps with one id: an execution names its steps by id. */
function checkStepIds(steps: AutomationStepInput[] | undefined, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  steps?.forEach((step, i) => {
    if (!step.id) return;
    if (seen.has(step.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: `"${step.id}" is the id of an earlier step: step ids are unique within an automation` });
    seen.add(step.id);
  });
}

export const createAutomationBodySchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200),
  description: nullAsAbsent(z.string().trim().max(1000)),
  /** Accepted and ignored: an automation is always created paused (seed 000, "Automation"). */
  active: nullAsAbsent(z.boolean()),
  trigger: triggerInputSchema,
  steps: z.array(stepInputSchema).max(MAX_STEPS).default([]),
}).superRefine((body, ctx) => {
  checkTrigger(body.trigger, ctx, ['trigger']);
  checkStepIds(body.steps, ctx);
});
export type CreateAutomationInput = z.infer<typeof createAutomationBodySchema>;

export const updateAutomationBodySchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(200).optional(),
  /** `null` clears it. */
  description: z.string().trim().max(1000).nullable().optional(),
  /** Refused: activation has its own routes, which check the integrations. */
  active: refusedField(z.unknown().optional()),
  trigger: triggerInputSchema.optional(),
  steps: z.array(stepInputSchema).max(MAX_STEPS).optional(),
}).superRefine((body, ctx) => {
  if (body.active !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['active'], message: 'is not changed by PATCH: use POST /automations/{id}/activate or POST /automations/{id}/pause' });
  }
  // `active` alone is refused by its own message above: it names a field, so the body is not an empty change.
  if ([body.name, body.description, body.trigger, body.steps, body.active].every((v) => v === undefined)) {
    ctx.addIssue({ code: 'custom', ...nothingToChange('give at least one of name, description, trigger, steps') });
  }
  checkTrigger(body.trigger, ctx, ['trigger']);
  checkStepIds(body.steps, ctx);
});
export type UpdateAutomationInput = z.infer<typeof updateAutomationBodySchema>;

export const AUTOMATION_STATUSES = ['active', 'paused'] as const;
export type AutomationStatus = (typeof AUTOMATION_STATUSES)[number];

export const automationStepSchema = z.object({ id: z.string(), type: z.string(), config: configSchema });
export type AutomationStep = z.infer<typeof automationStepSchema>;

export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(AUTOMATION_STATUSES),
  /** `status === 'active'`, for clients that send and read `active`. */
  active: z.boolean(),
  trigger: z.object({ type: z.string(), config: configSchema }),
  steps: z.array(automationStepSchema),
  executionCount: z.number().int(),
  lastExecutedAt: timestampSchema.nullable(),
  activatedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Automation = z.infer<typeof automationSchema>;

export const EXECUTION_STATUSES = ['running', 'waiting', 'completed', 'failed', 'stopped'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** What set an execution off, as it ran (a rerun keeps its original's). */
export const executionTriggerSchema = z.object({
  type: z.string(),
  eventId: z.string().nullable(),
  contactId: z.string().nullable(),
  channel: z.string().nullable(),
  address: z.string().nullable(),
  messageId: z.string().nullable(),
  text: z.string().nullable(),
  /** `form.submitted` only: the form submitted and the submission. */
  formId: z.string().optional(),
  submissionId: z.string().optional(),
  /** `contact.lifecycle_changed` only: the stage the contact moved into and the one it left (null: none). */
  stageId: z.string().nullable().optional(),
  previousStageId: z.string().nullable().optional(),
});
export type ExecutionTrigger = z.infer<typeof executionTriggerSchema>;

export const STEP_OUTCOMES = ['done', 'skipped', 'failed'] as const;
export const executionStepSchema = z.object({
  stepId: z.string(),
  type: z.string(),
  status: z.enum(STEP_OUTCOMES),
  /** What it did, or why it was skipped or failed. */
  detail: z.string().nullable(),
  /** A failure's error code (`CONTACT_BLOCKED`, `INSUFFICIENT_BALANCE`, ...). */
  errorCode: z.string().nullable(),
  /** The message a send step sent (its log id). */
  messageId: z.string().nullable(),
  at: timestampSchema,
});
export type ExecutionStep = z.infer<typeof executionStepSchema>;

export const automationExecutionSchema = z.object({
  id: z.string(),
  automationId: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  trigger: executionTriggerSchema,
  steps: z.array(executionStepSchema),
  /** While `waiting`: when the wait ends, on the service's clock. */
  waitingUntil: timestampSchema.nullable(),
  /** Why it failed or stopped. */
  error: z.string().nullable(),
  rerunOf: z.string().nullable(),
  startedAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
export type AutomationExecution = z.infer<typeof automationExecutionSchema>;

/** One config field of a catalog entry. */
export const catalogFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'number', 'enum', 'object', 'array']),
  required: z.boolean(),
  description: z.string(),
  options: z.array(z.string()).optional(),
  /** The record a string field names by id: `form` (the console's forms) or `lifecycle_stage` (the organization's stages). */
  references: z.enum(['form', 'lifecycle_stage']).optional(),
});
export type CatalogField = z.infer<typeof catalogFieldSchema>;
/** A trigger type or node (step) type, with the config fields it accepts and the integration it needs, if any. */
export const catalogEntrySchema = z.object({ type: z.string(), name: z.string(), description: z.string(), integration: z.string().nullable(), config: z.array(catalogFieldSchema) });
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;
export const nodeCatalogSchema = z.object({ triggers: z.array(catalogEntrySchema), nodes: z.array(catalogEntrySchema) });
export type NodeCatalog = z.infer<typeof nodeCatalogSchema>;
