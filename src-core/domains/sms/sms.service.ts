// The rules of SMS: DLT sender ids and templates (reviewed on the clock), sends that must match an
// approved template, checked whole before anything is sent, then logs and daily stats.
import { normalizePhone, type ListEnvelope } from '../../contract/common.ts';
import type { Message } from '../../contract/messaging.ts';
import { DLT_VAR_MAX, matchesDlt, overlongDltValue, type CreateSmsTemplateInput, type SendSmsInput, type SmsLog, type SmsSendResult, type SmsSender, type SmsTemplate } from '../../contract/sms.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { conflict, invalidField } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { ContactsService } from '../contacts/index.ts';
import { keyedMessageId, type MessagingService, type Origin, type OutboundInput } from '../messaging/index.ts';
import { insufficientBalance, type WalletService } from '../wallet/index.ts';
import type { SenderRow, SmsStore, SmsTemplateRow } from './sms.store.ts';

export const SMS_REVIEW_JOB = 'sms.review';
export const SMS_REVIEW_DELAY_MS = 60_000;
/** The part a keyed request's SMS to its `i`th recipient is named by within the request (see `Origin`). */
export const smsMessagePart = (i: number): string => `sms/${i}`;

const toSender = (row: SenderRow): SmsSender => ({ id: row.id, senderId: row.sender_id, entityId: row.entity_id, status: row.status as SmsSender['status'], createdAt: row.created_at });
const toTemplate = (row: SmsTemplateRow): SmsTemplate => ({
  id: row.id, name: row.name, dltTemplateId: row.dlt_template_id, body: row.body, route: row.route as SmsTemplate['route'],
  status: row.status as SmsTemplate['status'], createdAt: row.created_at,
});
/** One message to check: the route, when absent, is the matching template's. */
export type SmsMessageInput = Omit<SendSmsInput, 'to' | 'route'> & { route?: SendSmsInput['route'] | undefined };
export type PreparedSms = { senderId: string; template: SmsTemplateRow; message: string; route: SendSmsInput['route'] };
const overlong = (template: SmsTemplateRow) =>
  `message follows the DLT template ${template.name}, but a {#var#} value is longer than ${DLT_VAR_MAX} characters (DLT allows 1 to ${DLT_VAR_MAX} per variable)`;

export function createSmsService(deps: {
  store: SmsStore; db: Db; clock: Clock; jobs: JobRunner; messaging: MessagingService; contacts: ContactsService; wallet: WalletService;
  /** A sender id or DLT template submitted or reviewed: for the console's stream (`channels:changed`). */
  changed: ChangeNotice;
}) {
  const { store, db, clock, jobs, messaging, contacts, wallet } = deps;

  /** A template by either id a client may give: ours (`smt_…`) or its DLT id. */
  const templateByEitherId = (orgId: string, id: string): SmsTemplateRow | undefined => store.templateById(orgId, id) ?? store.templateByDlt(orgId, id);

  /** The organization's approved templates of `route` (any route without one), and the first of them the text matches. */
  function approvedMatch(orgId: string, message: string, route: SendSmsInput['route'] | undefined) {
    const approved = store.approvedTemplates(orgId).filter((t) => !route || t.route === route);
    return { approved, match: approved.find((t) => matchesDlt(t.body, message)) };
  }

  /** The approved template the message matches (the given one, or any): else 400 naming why. */
  function templateFor(orgId: string, input: SmsMessageInput): SmsTemplateRow {
    // The template's text copied with its placeholders still in it "matches" (`{#var#}` is 7 characters of
    // one line), and the customer would read it as is.
    if (input.message.includes('{#var#}')) throw invalidField('message still holds a {#var#} placeholder: replace each {#var#} with its value');
    if (input.templateId) {
      const row = templateByEitherId(orgId, input.templateId);
      if (!row) throw invalidField(`SMS template ${input.templateId} not found`);
      if (row.status !== 'APPROVED') throw invalidField(`SMS template ${row.name} is ${row.status}; only APPROVED DLT templates can be sent`);
      if (!matchesDlt(row.body, input.message)) {
        throw invalidField(overlongDltValue(row.body, input.message) ? overlong(row) : `message does not match the DLT template ${row.name}: "${row.body}"`);
      }
      if (input.route && row.route !== input.route) throw invalidField(`SMS template ${row.name} is registered for the ${row.route} route, not ${input.route}`);
      return row;
    }
    const { approved, match } = approvedMatch(orgId, input.message, input.route);
    if (match) return match;
    const near = approved.find((t) => overlongDltValue(t.body, input.message));
    throw invalidField(near ? overlong(near) : `message does not match any approved ${input.route ? `${input.route} ` : ''}DLT template of this organization`);
  }

  /** The first approved sender id (a campaign or a console reply without one uses it), if any. */
  const defaultSender = (orgId: string): string | null => store.senders(orgId, 100, 0).rows.find((s) => s.status === 'APPROVED')?.sender_id ?? null;

  /** Checks a message as a send would (an approved sender id, a matching approved DLT template) without sending. */
  function prepare(orgId: string, input: SmsMessageInput): PreparedSms {
    const sender = store.senderByName(orgId, input.senderId);
    if (!sender) throw invalidField(`Sender id ${input.senderId} is not registered for this organization`);
    if (sender.status !== 'APPROVED') throw invalidField(`Sender id ${input.senderId} is ${sender.status}; only APPROVED sender ids can send`);
    const template = templateFor(orgId, input);
    return { senderId: sender.sender_id, template, message: input.message, route: input.route ?? (template.route as PreparedSms['route']) };
  }
  /** One recipient's outbound SMS of a prepared message. */
  function compose(orgId: string, prepared: PreparedSms, to: string, origin: Origin): OutboundInput {
    return {
      orgId, channel: 'sms', to: normalizePhone(to), sender: prepared.senderId, type: 'text', text: prepared.message, templateId: prepared.template.id, source: origin.source,
      content: { text: prepared.message, route: prepared.route, dltTemplateId: prepared.template.dlt_template_id, senderId: prepared.senderId, sourceName: origin.sourceName ?? null },
    };
  }

  /**
   * Saves a sender id or DLT template for review with `save` (an insert, or a rejected one replaced in place), has the
   * simulated DLT platform review it 60 s later on the clock, and tells the console's stream; in the caller's transaction.
   */
  function submitForReview<Row extends { id: string }>(orgId: string, kind: 'sender' | 'template', save: (row: Row) => void, row: Row, corrected = false): void {
    save(row);
    jobs.schedule({ type: SMS_REVIEW_JOB, orgId, payload: { kind, id: row.id, ...(corrected ? { corrected } : {}) }, delayMs: SMS_REVIEW_DELAY_MS });
    deps.changed(orgId, row.id);
  }

  /** Sends one SMS per recipient, checked whole in the transaction that queues them all (see `send`). */
  async function sendAll(orgId: string, input: SendSmsInput, recipients: string[], origin: Origin): Promise<Message[]> {
    const prepared = prepare(orgId, input);
    const precheck = (): void => {
      for (const phone of recipients) contacts.assertSendable(contacts.findByPhone(orgId, phone));
      const cost = wallet.priceOf(orgId, 'sms') * recipients.length;
      const balance = wallet.get(orgId).balancePaise;
      if (cost > balance) throw insufficientBalance('sms', recipients.length, cost, balance);
    };
    const outbound = recipients.map((to, i) => ({ ...compose(orgId, prepared, to, origin), ...keyedMessageId(origin, smsMessagePart(i)) }));
    const answers = await messaging.sendMany(outbound, { allOrNothing: true, precheck });
    // All or nothing: a refusal threw above, so every answer is a message (sent, or failed at the provider and refunded).
    return answers.map((answer) => {
      if ('error' in answer) throw answer.error;
      return answer.message;
    });
  }

  return {
    prepare,
    compose,
    /**
     * The template's own id (`smt_…`) for either form a client may give (that id or its DLT id), whatever its
     * status; the id as given when no template of the organization has it (a launch then names it not found).
     */
    templateIdOf: (orgId: string, given: string): string => templateByEitherId(orgId, given)?.id ?? given,
    /** The id (`smt_…`) of the approved template (of `route`, when given) that a send of `message` would match now, or null. */
    matchingTemplateId(orgId: string, message: string, route?: SendSmsInput['route']): string | null {
      return message.includes('{#var#}') ? null : approvedMatch(orgId, message, route).match?.id ?? null;
    },
    /** A console reply: the first approved sender id, and the text must match an approved DLT template (400 otherwise). */
    async reply(orgId: string, to: string, text: string, origin: Origin): Promise<Message> {
      const senderId = defaultSender(orgId);
      if (!senderId) throw invalidField('No approved SMS sender id to reply from: register one (Dashboard → SMS)');
      return messaging.send(compose(orgId, prepare(orgId, { senderId, message: text }), to, origin));
    },
    defaultSender,
    /**
     * A sender id, PENDING until the review. One already registered is 409 while it is pending or approved; a rejected
     * one is submitted again with the entity id given (the same `snd_` id, reviewed anew), as a rejected DLT template is
     * (`createTemplate`), since the header is the one the organization registered. The simulated platform rejects a
     * "REJ…" header for its entity id: resubmitted with another entity id it is `corrected` and approved; with the same, rejected again.
     */
    createSender(orgId: string, input: { senderId: string; entityId: string }): SmsSender {
      return db.tx(() => {
        const existing = store.senderByName(orgId, input.senderId);
        if (existing && existing.status !== 'REJECTED') throw conflict(`Sender id ${input.senderId} is already registered (${existing.status})`);
        const row = {
          id: existing?.id ?? newId('snd'), org_id: orgId, sender_id: input.senderId, entity_id: input.entityId, status: 'PENDING', created_at: existing?.created_at ?? clock.nowIso(),
        };
        submitForReview(orgId, 'sender', existing ? store.resubmitSender : store.insertSender, row, existing !== undefined && existing.entity_id !== input.entityId);
        return toSender(row);
      });
    },
    /**
     * A DLT template, PENDING until the review. A DLT id already registered is 409 while that template is pending or
     * approved; a rejected one is submitted again (its name, body and route replaced, the same `smt_` id reviewed anew),
     * since the id is the DLT platform's and cannot be chosen again.
     */
    createTemplate(orgId: string, input: CreateSmsTemplateInput): SmsTemplate {
      return db.tx(() => {
        const existing = store.templateByDlt(orgId, input.dltTemplateId);
        if (existing && existing.status !== 'REJECTED') throw conflict(`DLT template ${input.dltTemplateId} is already registered (${existing.status})`);
        const row = {
          id: existing?.id ?? newId('smt'), org_id: orgId, name: input.name, dlt_template_id: input.dltTemplateId, body: input.body, route: input.route,
          status: 'PENDING', created_at: existing?.created_at ?? clock.nowIso(),
        };
        submitForReview(orgId, 'template', existing ? store.resubmitTemplate : store.insertTemplate, row);
        return toTemplate(row);
      });
    },
    /** Job: the simulated DLT platform approves, or rejects template names and sender ids starting with "REJ" (unless `corrected`). */
    review(orgId: string, payload: { kind: 'sender' | 'template'; id: string; corrected?: boolean }): void {
      db.tx(() => {
        const name = payload.kind === 'sender' ? store.senderById(orgId, payload.id)?.sender_id : store.templateById(orgId, payload.id)?.name;
        if (!name) return;
        const status = name.toUpperCase().startsWith('REJ') && payload.corrected !== true ? 'REJECTED' : 'APPROVED';
        if (payload.kind === 'sender') store.reviewSender(payload.id, status);
        else store.reviewTemplate(payload.id, status);
      });
    },
    senders(orgId: string, page: PageRequest): ListEnvelope<SmsSender> {
      const { rows, total } = store.senders(orgId, page.limit, page.offset);
      return pageEnvelope(rows.map(toSender), total, page);
    },
    templates(orgId: string, status: string | undefined, page: PageRequest): ListEnvelope<SmsTemplate> {
      const { rows, total } = store.templates(orgId, status, page.limit, page.offset);
      return pageEnvelope(rows.map(toTemplate), total, page);
    },
    /**
     * Sends one SMS per recipient, all or nothing: the whole request is checked (sender, template, every
     * recipient's block state, the wallet for every recipient) in the transaction that queues every
     * recipient, so a refusal (a contact blocked, or the wallet drained, by a request running alongside
     * included) sends and charges nothing.
     */
    async send(orgId: string, input: SendSmsInput, origin: Origin): Promise<SmsSendResult & { messages: Message[] }> {
      const recipients = [...new Set(input.to.map(normalizePhone))];
      // Run again under its key after a stop: what the first run sent (to every recipient, or to none; those it left
      // queued handed over again) answers before the sender, the template, the contacts and the wallet are checked again.
      const answered = await messaging.keyedAnswers(origin, recipients.map((_, i) => smsMessagePart(i)));
      const messages = answered.length > 0 && answered.every((message): message is Message => message !== null) ? answered : await sendAll(orgId, input, recipients, origin);
      const sent = messages.filter((m) => m.status !== 'failed');
      const status = sent.length === messages.length ? 'sent' : sent.length === 0 ? 'failed' : 'partially_sent';
      const results = messages.map((m) => (m.status === 'failed'
        ? { to: m.address, status: 'failed' as const, externalId: null, errorCode: m.errorCode, error: m.errorMessage }
        : { to: m.address, status: 'sent' as const, externalId: m.externalId ?? m.id, errorCode: null, error: null }));
      return { status, recipients: sent.length, externalIds: sent.map((m) => m.externalId ?? m.id), results, messages };
    },
    logs(orgId: string, filter: { direction?: string | undefined; status?: readonly string[] | undefined; start?: string | undefined; end?: string | undefined }, page: PageRequest): ListEnvelope<SmsLog> {
      const { rows, total } = messaging.log(orgId, { channel: 'sms', direction: filter.direction, status: filter.status, fromIso: filter.start, toIso: filter.end }, page.limit, page.offset);
      return pageEnvelope(rows.map((m): SmsLog => ({
        id: m.id, externalId: m.externalId, direction: m.direction, route: (m.content.route as string | undefined) ?? null, status: m.status, body: m.text,
        senderId: m.direction === 'outbound' ? m.sender : null, templateId: m.templateId, source: m.source, sentAt: m.sentAt, deliveredAt: m.deliveredAt,
        failedAt: m.failedAt, errorCode: m.errorCode, errorMessage: m.errorMessage, createdAt: m.createdAt, phone: m.address,
        customerName: m.contactId ? contacts.get(orgId, m.contactId).name : null,
      })), total, page);
    },
    stats: (orgId: string, range: { start?: string | undefined; end?: string | undefined }) => messaging.deliveryStats(orgId, 'sms', range),
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
