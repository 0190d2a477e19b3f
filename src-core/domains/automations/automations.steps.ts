// What each step type does at run time, for the contact that set the execution off: sends go through each channel's
// own service (its checks, billing and log, with source AUTOMATION); a step of an unknown type or with a config its
// type does not take is skipped, doing nothing (seed 000: "saved without error and does nothing at run time").
import type { AutomationStep, ExecutionTrigger, StepType } from '../../contract/automations.ts';
import { tagKey, type Contact } from '../../contract/contacts.ts';
import { IGSID_PATTERN } from '../../contract/instagram.ts';
import type { Message } from '../../contract/messaging.ts';
import { foldText } from '../../kernel/db.ts';
import { AppError } from '../../kernel/errors.ts';
import { seededId } from '../../kernel/ids.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { EmailService } from '../email/index.ts';
import type { InstagramService } from '../instagram/index.ts';
import type { Origin } from '../messaging/index.ts';
import type { SmsService } from '../sms/index.ts';
import type { WhatsappService } from '../whatsapp/index.ts';
import { STEP_CONFIG_SCHEMAS, waitSeconds, type StepConfigs } from './automations.catalog.ts';
import { templateStepProblem } from './automations.template-check.ts';

export type StepResult =
  | { kind: 'done'; detail: string; messageId?: string }
  | { kind: 'skipped'; detail: string }
  | { kind: 'failed'; detail: string; errorCode: string | null; messageId?: string }
  /** A wait: the run goes on after `seconds` on the clock. */
  | { kind: 'wait'; detail: string; seconds: number }
  /** A condition that does not hold: the run ends here, completed. */
  | { kind: 'end'; detail: string };

export type StepContext = { orgId: string; executionId: string; stepIndex: number; automationName: string; trigger: ExecutionTrigger };

export type StepServices = {
  contacts: ContactsService; whatsapp: WhatsappService; sms: SmsService; email: EmailService; instagram: InstagramService;
};

const isStepType = (type: string): type is StepType => Object.hasOwn(STEP_CONFIG_SCHEMAS, type);

/** Thrown inside a step for a failure with its reason (the contact has no phone, ...). */
class StepFailure extends Error {}

/** A sent message as the step's outcome: `failed` at the provider (refunded) fails the step. */
const sent = (message: Message, what: string): StepResult => (message.status === 'failed'
  ? { kind: 'failed', detail: `${what} failed: ${message.errorMessage ?? 'not delivered'}`, errorCode: message.errorCode, messageId: message.id }
  : { kind: 'done', detail: `${what} sent to ${message.address}`, messageId: message.id });

export function createStepRunner(services: StepServices) {
  const { contacts } = services;

  function contactOf(ctx: StepContext): Contact {
    if (!ctx.trigger.contactId) throw new StepFailure('the trigger has no contact');
    return contacts.get(ctx.orgId, ctx.trigger.contactId);
  }
  function phoneOf(ctx: StepContext, channel: 'whatsapp' | 'sms'): string {
    if (ctx.trigger.channel === channel && ctx.trigger.address) return ctx.trigger.address;
    const phone = contactOf(ctx).phone;
    if (!phone) throw new StepFailure('the contact has no phone number');
    return phone;
  }
  function igsidOf(ctx: StepContext): string {
    if (ctx.trigger.channel === 'instagram' && ctx.trigger.address) return ctx.trigger.address;
    const contact = contactOf(ctx);
    if (contact.source === 'instagram' && contact.username && IGSID_PATTERN.test(contact.username)) return contact.username;
    throw new StepFailure('the contact has no Instagram conversation');
  }
  /** Each send's message id is the execution's and the step's: a run again after a stop finds what it sent, not a second message. */
  const originOf = (ctx: StepContext): Origin => ({
    source: 'AUTOMATION', sourceName: ctx.automationName, messageId: (part) => seededId('msg', `${ctx.executionId}\n${ctx.stepIndex}\n${part}`),
  });

  const run: { [K in StepType]: (config: StepConfigs[K], ctx: StepContext) => Promise<StepResult> | StepResult } = {
    'whatsapp.send_template': async (config, ctx) => {
      const { bodyParameters, ...template } = config;
      const components = template.components ?? (bodyParameters ? [{ type: 'body' as const, parameters: bodyParameters.map((text) => ({ type: 'text', text })) }] : undefined);
      try {
        const result = await services.whatsapp.sendTemplate(ctx.orgId, { ...template, to: phoneOf(ctx, 'whatsapp').replace(/^\+/, ''), components }, originOf(ctx));
        return sent(result.message, `WhatsApp template ${config.templateName}`);
      } catch (error) {
        // The send's refusal speaks to an integrator (raw components JSON); the run says it as the builder's save does.
        if (!(error instanceof AppError)) throw error;
        const templates = services.whatsapp.listTemplates(ctx.orgId, {}, { page: 1, limit: 10_000, offset: 0 }).data;
        const problem = templateStepProblem(templates, config);
        throw problem ? new AppError(error.code, problem) : error;
      }
    },
    'sms.send': async (config, ctx) => {
      const result = await services.sms.send(ctx.orgId, { ...config, to: [phoneOf(ctx, 'sms')] }, originOf(ctx));
      return sent(result.messages[0] as Message, 'SMS');
    },
    'email.send': async (config, ctx) => {
      const contact = contactOf(ctx);
      if (!contact.email) throw new StepFailure('the contact has no email address');
      const result = await services.email.send(ctx.orgId, { ...config, recipient: { to: contact.email } }, originOf(ctx));
      return sent(result.message, 'email');
    },
    'instagram.reply': async (config, ctx) => {
      const result = await services.instagram.sendMessage(ctx.orgId, { recipientIgsid: igsidOf(ctx), message: config.message }, originOf(ctx));
      return sent(result.message, 'Instagram message');
    },
    wait: (config) => {
      const seconds = waitSeconds(config);
      return { kind: 'wait', seconds, detail: `waits ${seconds} s` };
    },
    'contact.add_tag': (config, ctx) => {
      const contact = contactOf(ctx);
      if (contact.tags.some((tag) => tagKey(tag) === tagKey(config.tag))) return { kind: 'done', detail: `the contact already has the tag ${config.tag}` };
      contacts.setTags(ctx.orgId, contact.id, [...contact.tags, config.tag]);
      return { kind: 'done', detail: `added the tag ${config.tag}` };
    },
    'contact.remove_tag': (config, ctx) => {
      const contact = contactOf(ctx);
      const kept = contact.tags.filter((tag) => tagKey(tag) !== tagKey(config.tag));
      if (kept.length === contact.tags.length) return { kind: 'done', detail: `the contact has no tag ${config.tag}` };
      contacts.setTags(ctx.orgId, contact.id, kept);
      return { kind: 'done', detail: `removed the tag ${config.tag}` };
    },
    condition: (config, ctx) => {
      const holds = config.check === 'message_contains'
        ? foldText(ctx.trigger.text ?? '').includes(foldText(config.value))
        : contactOf(ctx).tags.some((tag) => tagKey(tag) === tagKey(config.value)) === (config.check === 'contact_has_tag');
      const said = `${config.check} ${JSON.stringify(config.value)}`;
      return holds ? { kind: 'done', detail: `${said} holds` } : { kind: 'end', detail: `${said} does not hold: the run ends here` };
    },
  };

  /** Runs one step; never throws (a refusal of the send path is the step's failure, with its reason and code). */
  return async function runStep(step: AutomationStep, ctx: StepContext): Promise<StepResult> {
    if (!isStepType(step.type)) return { kind: 'skipped', detail: `unknown step type "${step.type}": it does nothing (see GET /automations/node-catalog)` };
    const parsed = STEP_CONFIG_SCHEMAS[step.type].safeParse(step.config);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${['config', ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
      return { kind: 'skipped', detail: `config not valid for ${step.type}, so it does nothing: ${problems}` };
    }
    try {
      const handler = run[step.type] as (config: unknown, ctx: StepContext) => Promise<StepResult> | StepResult;
      return await handler(parsed.data, ctx);
    } catch (error) {
      if (error instanceof StepFailure) return { kind: 'failed', detail: error.message, errorCode: null };
      if (error instanceof AppError) return { kind: 'failed', detail: error.message, errorCode: error.code };
      return { kind: 'failed', detail: error instanceof Error ? error.message : String(error), errorCode: 'INTERNAL' };
    }
  };
}
export type RunStep = ReturnType<typeof createStepRunner>;
