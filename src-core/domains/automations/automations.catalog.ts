// The node catalog (GET /automations/node-catalog): every trigger and step type, the config each takes (its zod
// schema, which a step's config must pass at run time or the step is skipped) and the integration it needs.
import { z } from 'zod';
import {
  AUTOMATION_MESSAGE_CHANNELS, CONTACT_SOURCES, TRIGGER_CONFIG_SCHEMAS, type CatalogEntry, type CatalogField, type NodeCatalog, type StepType,
  type TriggerType,
} from '../../contract/automations.ts';
import { nullAsAbsent } from '../../contract/common.ts';
import { contactTagSchema } from '../../contract/contacts.ts';
import { sendEmailBodySchema } from '../../contract/email.ts';
import { sendInstagramMessageBodySchema } from '../../contract/instagram.ts';
import { sendSmsBodySchema, SMS_ROUTES } from '../../contract/sms.ts';
import { sendTemplateBodySchema } from '../../contract/whatsapp.ts';

/** A wait is at most 30 days. */
export const MAX_WAIT_SECONDS = 30 * 24 * 3600;
const amount = z.number().min(0).max(MAX_WAIT_SECONDS);

export const CONDITION_CHECKS = ['contact_has_tag', 'contact_lacks_tag', 'message_contains'] as const;

export const STEP_CONFIG_SCHEMAS = {
  'whatsapp.send_template': z.strictObject({
    ...sendTemplateBodySchema.omit({ to: true }).shape,
    bodyParameters: nullAsAbsent(z.array(z.string().min(1).max(1024)).max(20)),
  }).refine((c) => !(c.components && c.bodyParameters), 'give components or bodyParameters, not both'),
  'sms.send': z.strictObject(sendSmsBodySchema.omit({ to: true }).shape),
  'email.send': z.strictObject(sendEmailBodySchema.omit({ recipient: true, html: true }).shape),
  'instagram.reply': z.strictObject({ message: sendInstagramMessageBodySchema.shape.message }),
  wait: z.strictObject({ seconds: amount.optional(), minutes: amount.optional(), hours: amount.optional() })
    .refine((c) => waitSeconds(c) > 0, 'give seconds, minutes or hours, more than 0 in all')
    .refine((c) => waitSeconds(c) <= MAX_WAIT_SECONDS, `a wait is at most ${MAX_WAIT_SECONDS / 86_400} days`),
  'contact.add_tag': z.strictObject({ tag: contactTagSchema }),
  'contact.remove_tag': z.strictObject({ tag: contactTagSchema }),
  condition: z.strictObject({ check: z.enum(CONDITION_CHECKS), value: z.string().trim().min(1).max(500) }),
} satisfies Record<StepType, z.ZodType>;
export type StepConfigs = { [K in StepType]: z.infer<(typeof STEP_CONFIG_SCHEMAS)[K]> };

export function waitSeconds(config: { seconds?: number | undefined; minutes?: number | undefined; hours?: number | undefined }): number {
  return (config.seconds ?? 0) + (config.minutes ?? 0) * 60 + (config.hours ?? 0) * 3600;
}

export type Integration = 'instagram' | 'shopify';
/** The integration a step type needs connected before its automation can be activated. */
export const STEP_INTEGRATIONS: Partial<Record<StepType, Integration>> = { 'instagram.reply': 'instagram' };
/** The integration a trigger type needs connected before its automation can be activated. */
export const TRIGGER_INTEGRATIONS: Partial<Record<TriggerType, Integration>> = { 'shopify.order.created': 'shopify', 'shopify.order.fulfilled': 'shopify' };

const field = (name: string, type: CatalogField['type'], required: boolean, description: string, options?: readonly string[]): CatalogField =>
  ({ name, type, required, description, ...(options ? { options: [...options] } : {}) });
/** A string field naming a record of the organization by its id (checked at save: an unknown one is 400). */
const reference = (name: string, references: NonNullable<CatalogField['references']>, description: string): CatalogField =>
  ({ ...field(name, 'string', false, description), references });

const TRIGGERS: Record<TriggerType, Omit<CatalogEntry, 'type' | 'integration'>> = {
  'message.received': {
    name: 'Customer message received',
    description: 'A customer writes in on a channel. Optional keyword (the whole message) or contains (part of it), both case-insensitive.',
    config: [
      field('channel', 'enum', true, 'the channel the message arrives on, or any', [...AUTOMATION_MESSAGE_CHANNELS, 'any']),
      field('keyword', 'string', false, 'runs only when the message, trimmed, is this word or phrase (case-insensitive)'),
      field('contains', 'string', false, 'runs only when the message contains this text (case-insensitive); not with keyword'),
    ],
  },
  'contact.created': {
    name: 'Contact created',
    description: 'A new contact: a first message from a new address, a send to one, the dashboard, or a CSV import (one run per contact created).',
    config: [field('source', 'enum', false, 'runs only for contacts from this source (manual: the dashboard; import: a CSV import)', CONTACT_SOURCES)],
  },
  'form.submitted': {
    name: 'Form submitted',
    description: 'A visitor submits a form, popup or landing page. The contact is the one the submission made or updated.',
    config: [reference('formId', 'form', 'runs only for submissions of this form (its id); without it, every form')],
  },
  'contact.lifecycle_changed': {
    name: 'Lifecycle stage changed',
    description: "A contact's lifecycle stage changes. The contact is the one whose stage changed.",
    config: [reference('stageId', 'lifecycle_stage', 'runs only when the contact moves into this stage (its id); without it, every change')],
  },
  'shopify.order.created': {
    name: 'Shopify order placed',
    description: "The connected shop takes a new order. The contact is the one with the order's email, made if there is none.",
    config: [],
  },
  'shopify.order.fulfilled': {
    name: 'Shopify order fulfilled',
    description: "An order of the connected shop is fulfilled (shipped). The contact is the one with the order's email, made if there is none.",
    config: [],
  },
};

const NODES: Record<StepType, Omit<CatalogEntry, 'type' | 'integration'>> = {
  'whatsapp.send_template': {
    name: 'Send WhatsApp template',
    description: "Sends an approved template to the contact's phone, billed as POST /whatsapp/send-template.",
    config: [
      field('templateName', 'string', true, 'the name of an approved template'),
      field('languageCode', 'string', true, "the template's language, e.g. en_US"),
      field('components', 'array', false, "the template's components (header, body and button parameters) as the WhatsApp send takes them; not with bodyParameters"),
      field('bodyParameters', 'array', false, 'texts for the body placeholders {{1}}, {{2}}, ... in order; not with components'),
    ],
  },
  'sms.send': {
    name: 'Send SMS',
    description: "Sends an SMS to the contact's phone, billed as POST /sms/send; the message must match an approved DLT template.",
    config: [
      field('senderId', 'string', true, 'an approved sender id'),
      field('message', 'string', true, 'the text, matching an approved DLT template'),
      field('templateId', 'string', false, 'the DLT template id'),
      field('route', 'enum', false, 'default transactional', SMS_ROUTES),
    ],
  },
  'email.send': {
    name: 'Send email',
    description: "Sends an email template to the contact's email address, for one email credit, as POST /email/send.",
    config: [
      field('templateId', 'string', true, 'an email template with HTML'),
      field('fromName', 'string', true, 'the sender name'),
      field('fromEmail', 'string', true, 'an address at a verified domain'),
      field('subject', 'string', false, "overrides the template's subject"),
      field('replyTo', 'string', false, 'reply-to address'),
      field('variables', 'object', false, 'merge variables'),
    ],
  },
  'instagram.reply': {
    name: 'Reply on Instagram',
    description: 'Sends a direct message to the contact on Instagram (within 24 hours of their last message), as POST /instagram/messages.',
    config: [field('message', 'string', true, 'the text, up to 1000 characters')],
  },
  wait: {
    name: 'Wait',
    description: 'Waits on the service clock before the next step (a durable job: a restart resumes it). Pausing the automation stops a waiting run.',
    config: [
      field('seconds', 'number', false, 'seconds to wait'),
      field('minutes', 'number', false, 'minutes to wait (added to seconds and hours)'),
      field('hours', 'number', false, 'hours to wait; 30 days at most in all'),
    ],
  },
  'contact.add_tag': { name: 'Add tag', description: 'Adds a tag to the contact.', config: [field('tag', 'string', true, 'the tag, 1 to 50 characters, no comma')] },
  'contact.remove_tag': { name: 'Remove tag', description: 'Removes a tag from the contact (tags compare case-insensitively).', config: [field('tag', 'string', true, 'the tag')] },
  condition: {
    name: 'Condition',
    description: 'Goes on only when the check holds; otherwise the run ends here, completed, and says why.',
    config: [
      field('check', 'enum', true, "contact_has_tag, contact_lacks_tag, or message_contains (the triggering message's text, case-insensitive)", CONDITION_CHECKS),
      field('value', 'string', true, 'the tag or the text'),
    ],
  },
};

export const nodeCatalog = (): NodeCatalog => ({
  triggers: (Object.keys(TRIGGER_CONFIG_SCHEMAS) as TriggerType[]).map((type) => ({ type, ...TRIGGERS[type], integration: TRIGGER_INTEGRATIONS[type] ?? null })),
  nodes: (Object.keys(STEP_CONFIG_SCHEMAS) as StepType[]).map((type) => ({ type, ...NODES[type], integration: STEP_INTEGRATIONS[type] ?? null })),
});
