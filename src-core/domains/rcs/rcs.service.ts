// The rules of RCS: bots, templates reviewed on the clock, sends with {{variables}} filled, and SMS
// fallback (through the SMS send path) when the handset has no RCS.
import { normalizePhone, type ListEnvelope } from '../../contract/common.ts';
import type { Message } from '../../contract/messaging.ts';
import type { CreateRcsTemplateInput, RcsBot, RcsSendResult, RcsTemplate, SendRcsInput } from '../../contract/rcs.ts';
import { sendFailureOf } from '../../contract/send-failure.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { cardLine, keyedMessageId, type MessagingService, type Origin, type OutboundInput } from '../messaging/index.ts';
import { smsMessagePart, type SmsService } from '../sms/index.ts';
import type { BotRow, RcsStore, RcsTemplateRow } from './rcs.store.ts';

export const RCS_REVIEW_JOB = 'rcs.template.review';
/** The part a keyed request's RCS message is named by within the request (see `Origin`); its SMS fallback is the SMS send's first. */
export const RCS_MESSAGE_PART = 'rcs';
const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const variablesOf = (...texts: Array<string | null>): string[] => [...new Set(texts.flatMap((t) => [...(t ?? '').matchAll(VARIABLE)].map((m) => m[1] as string)))];
const toBot = (row: BotRow): RcsBot => ({ id: row.id, name: row.name, status: row.status as RcsBot['status'], createdAt: row.created_at });
const toTemplate = (row: RcsTemplateRow): RcsTemplate => ({
  id: row.id, botId: row.bot_id, name: row.name, type: row.type as RcsTemplate['type'], title: row.title, text: row.text, imageUrl: row.image_url,
  suggestions: JSON.parse(row.suggestions) as RcsTemplate['suggestions'], variables: variablesOf(row.title, row.text),
  status: row.status as RcsTemplate['status'], createdAt: row.created_at,
});

export function createRcsService(deps: {
  store: RcsStore; db: Db; clock: Clock; jobs: JobRunner; messaging: MessagingService; sms: SmsService;
  /** A template submitted or reviewed: for the console's stream (`channels:changed`). */
  changed: ChangeNotice;
}) {
  const { store, db, clock, jobs, messaging } = deps;
  /** An approved template (400 when unknown or not approved). */
  function approvedTemplate(orgId: string, id: string): RcsTemplate {
    const row = store.templateById(orgId, id);
    if (!row) throw invalidField(`RCS template ${id} not found`);
    if (row.status !== 'APPROVED') throw invalidField(`RCS template ${row.name} is ${row.status}; only APPROVED templates can be sent`);
    return toTemplate(row);
  }
  /** The outbound RCS message of a template with its {{variables}} filled (a missing one is left empty). */
  function compose(orgId: string, template: RcsTemplate, to: string, values: Record<string, string | number>, ttl: string | null, origin: Origin): OutboundInput {
    const fill = (text: string | null) => (text ?? '').replace(VARIABLE, (_m, name: string) => String((Object.hasOwn(values, name) ? values[name] : '') ?? ''));
    // The card as the provider is handed it, its parts apart (a phone draws the title over the text, the chips under them).
    const card = { title: fill(template.title) || null, text: fill(template.text), imageUrl: template.imageUrl, suggestions: template.suggestions };
    // The inbox row's one line keeps the title apart from the body (a customer's own line breaks read as they are).
    const preview = card.title ? cardLine(card.title, card.text) : undefined;
    return {
      orgId, channel: 'rcs', to: normalizePhone(to), sender: store.botById(orgId, template.botId)?.name ?? null, type: template.type,
      text: fill(template.title ? `${template.title}\n${template.text}` : template.text), preview, templateId: template.id, templateName: template.name, source: origin.source,
      content: { ...card, ttl, sourceName: origin.sourceName ?? null },
      payload: card,
    };
  }

  const rcsAnswer = (message: Message): RcsSendResult & { message: Message } =>
    ({ messageId: message.externalId ?? message.id, status: message.status, channelUsed: 'rcs', fallbackReason: null, ...sendFailureOf(message), message });
  const fallbackAnswer = (message: Message): RcsSendResult & { message: Message } =>
    ({ messageId: message.externalId ?? message.id, status: message.status, channelUsed: 'sms', fallbackReason: 'RCS_NOT_SUPPORTED', ...sendFailureOf(message), message });

  return {
    createBot(orgId: string, name: string): RcsBot {
      const row = { id: newId('bot'), org_id: orgId, name, status: 'ACTIVE', created_at: clock.nowIso() };
      db.tx(() => store.insertBot(row));
      return toBot(row);
    },
    bots: (orgId: string): RcsBot[] => store.bots(orgId).map(toBot),
    /** The organization's bot, or null (another organization's is none). */
    bot(orgId: string, id: string): RcsBot | null {
      const row = store.botById(orgId, id);
      return row ? toBot(row) : null;
    },
    createTemplate(orgId: string, input: CreateRcsTemplateInput): RcsTemplate {
      return db.tx(() => {
        if (!store.botById(orgId, input.botId)) throw notFound(`RCS bot ${input.botId}`);
        if (input.type === 'rich_card' && !input.title) throw invalidField('a rich_card template needs a title');
        const row = {
          id: newId('rct'), org_id: orgId, bot_id: input.botId, name: input.name, type: input.type, title: input.title ?? null, text: input.text,
          image_url: input.imageUrl ?? null, suggestions: JSON.stringify(input.suggestions), status: 'PENDING', created_at: clock.nowIso(),
        };
        store.insertTemplate(row);
        jobs.schedule({ type: RCS_REVIEW_JOB, orgId, payload: { id: row.id }, delayMs: 60_000 });
        deps.changed(orgId, row.id);
        return toTemplate(row);
      });
    },
    /** Job: approved 60 s after creation, unless the name starts with "REJ". */
    review(orgId: string, id: string): void {
      const row = store.templateById(orgId, id);
      if (row) store.review(id, row.name.toUpperCase().startsWith('REJ') ? 'REJECTED' : 'APPROVED');
    },
    templates(orgId: string, page: PageRequest): ListEnvelope<RcsTemplate> {
      const { rows, total } = store.templates(orgId, page.limit, page.offset);
      return pageEnvelope(rows.map(toTemplate), total, page);
    },
    approvedTemplate,
    compose,
    /**
     * Sends an approved template; a handset without RCS gets `smsFallback` through the SMS path, if given. A keyed
     * request run again after a stop answers the message it had sent (RCS, or the fallback), before any check.
     * `variablesField` names the values in refusals as the caller's body calls them (the unified send's `template.variables`).
     */
    async send(orgId: string, input: SendRcsInput, origin: Origin, variablesField = 'rcsVariables'): Promise<RcsSendResult & { message: Message }> {
      const sentAsRcs = await messaging.keyedAnswer(origin, RCS_MESSAGE_PART);
      if (sentAsRcs) return rcsAnswer(sentAsRcs);
      const sentAsSms = await messaging.keyedAnswer(origin, smsMessagePart(0));
      if (sentAsSms) return fallbackAnswer(sentAsSms);
      const template = approvedTemplate(orgId, input.templateId);
      const values = input.rcsVariables ?? {};
      const missing = template.variables.filter((name) => !Object.hasOwn(values, name));
      if (missing.length) throw invalidField(`${variablesField} is missing ${missing.join(', ')} for template ${template.name}`);
      // As an RCS campaign and a WhatsApp send refuse one: the customer would read "Hi , your parcel…".
      const blank = template.variables.filter((name) => !String(values[name]).trim());
      if (blank.length) throw invalidField(`${variablesField} ${blank.join(', ')} ${blank.length === 1 ? 'is' : 'are'} blank for template ${template.name}: give each a value`);
      // The fallback is checked as `/sms/send` checks it whether or not this handset needs it, so a body answers the
      // same whatever the handset: a broken fallback does not pass every test against numbers that have RCS.
      const fallback = input.smsFallback && { senderId: input.smsFallback.sender, message: input.smsFallback.message, templateId: input.smsFallback.templateId, route: input.smsFallback.route };
      if (fallback) deps.sms.prepare(orgId, fallback);
      const to = normalizePhone(input.to);
      if (!messaging.capabilities(to).rcs && fallback) {
        const sent = await deps.sms.send(orgId, { ...fallback, to: [to] }, origin);
        return fallbackAnswer(sent.messages[0] as Message);
      }
      return rcsAnswer(await messaging.send({ ...compose(orgId, template, to, values, input.ttl ?? null, origin), ...keyedMessageId(origin, RCS_MESSAGE_PART) }));
    },
    logs(orgId: string, page: PageRequest) {
      const { rows, total } = messaging.log(orgId, { channel: 'rcs' }, page.limit, page.offset);
      return pageEnvelope(rows.map((m) => ({
        id: m.id, externalId: m.externalId, direction: m.direction, status: m.status, templateId: m.templateId, templateName: m.templateName,
        text: m.text, phone: m.address, botName: m.direction === 'outbound' ? m.sender : null, source: m.source, sentAt: m.sentAt,
        deliveredAt: m.deliveredAt, readAt: m.readAt, failedAt: m.failedAt, errorCode: m.errorCode, errorMessage: m.errorMessage, createdAt: m.createdAt,
      })), total, page);
    },
    stats: (orgId: string, range: { start?: string | undefined; end?: string | undefined }) => messaging.deliveryStats(orgId, 'rcs', range),
  };
}
export type RcsService = ReturnType<typeof createRcsService>;
