// The rules of email: templates with merge tags, verified senders, suppression after bounces and complaints, sends
// through the shared path (1 credit each) by SMTP or the simulated mailbox, and the email events.
import type { ListEnvelope } from '../../contract/common.ts';
import { senderAllowed } from '../../contract/email.ts';
import { mergedEmail, recipientMergeValues } from '../../contract/email-merge.ts';
import type {
  EmailContact, EmailSendResult, EmailSuppressionEntry, EmailTemplate, EmailTemplateItem, SaveEmailTemplateInput, SendEmailInput, SendingDomain, SmtpConnectionInput,
} from '../../contract/email.ts';
import type { Message } from '../../contract/messaging.ts';
import type { Bus, BusEvent } from '../../kernel/bus.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { ContactsService } from '../contacts/index.ts';
import { keyedMessageId, type MessagingService, type Origin, type OutboundInput, type Resume } from '../messaging/index.ts';
import type { DomainRow, EmailContactRow, EmailStore, TemplateRow } from './email.store.ts';
import { viaSmtp } from './smtp-provider.ts';

export const DOMAIN_VERIFY_JOB = 'email.domain.verify';
/** The part a keyed request's email is named by within the request (see `Origin`). */
export const EMAIL_MESSAGE_PART = 'email';
export type EmailSender = Pick<SendEmailInput, 'templateId' | 'fromName' | 'fromEmail' | 'replyTo' | 'subject'>;
export type EmailRecipient = SendEmailInput['recipient'];
export type PreparedEmail = EmailSender & { template: TemplateRow; smtp: ReturnType<EmailStore['smtp']> | null };

const toItem = (row: TemplateRow): EmailTemplateItem => ({ id: row.id, name: row.name, subject: row.subject, createdAt: row.created_at, updatedAt: row.updated_at });
const toTemplate = (row: TemplateRow): EmailTemplate => ({ ...toItem(row), html: row.html, text: row.text });
const toDomain = (row: DomainRow): SendingDomain => ({ id: row.id, domain: row.domain, status: row.status as SendingDomain['status'], createdAt: row.created_at, verifiedAt: row.verified_at });
const toContact = (row: EmailContactRow): EmailContact => ({
  id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, subscribed: row.subscribed === 1, createdAt: row.created_at,
});
const linksOf = (html: string): string[] => [...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1] as string);

export function createEmailService(deps: {
  store: EmailStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; messaging: MessagingService; contacts: ContactsService;
  /** A template made or edited, a sending domain added or verified: for the console's stream (`channels:changed`). */
  changed: ChangeNotice;
}) {
  const { store, db, clock, bus, jobs, messaging, contacts } = deps;

  function mustTemplate(orgId: string, id: string): TemplateRow {
    const row = store.template(orgId, id);
    if (!row) throw notFound(`Email template ${id}`);
    return row;
  }
  function checkSender(orgId: string, fromEmail: string, fromEmailField: string): void {
    if (senderAllowed(fromEmail, (domain) => store.domain(orgId, domain)?.status === 'VERIFIED', store.smtp(orgId)?.from_email)) return;
    throw invalidField(`${fromEmailField} ${fromEmail} is not at a verified sending domain, nor the address of a verified SMTP connection`);
  }

  /** The address, lower-cased; 400 when it is on the suppression list (after a bounce or a spam complaint). */
  function notSuppressed(orgId: string, address: string): string {
    const to = address.toLowerCase();
    const suppressed = store.suppressed(orgId, to);
    if (suppressed) throw invalidField(`${to} is on the suppression list (${suppressed}); it will not be emailed again`);
    return to;
  }
  /**
   * Checks what every email of a send or campaign shares: an HTML template and a verified sender (named in a refusal
   * as the caller's body calls it: the unified send's `email.fromEmail`).
   */
  function prepare(orgId: string, input: EmailSender, fromEmailField = 'fromEmail'): PreparedEmail {
    const template = store.template(orgId, input.templateId);
    if (!template) throw invalidField(`Email template ${input.templateId} not found`);
    if (!template.html?.trim()) throw invalidField(`Email template ${template.name} has no HTML content`);
    checkSender(orgId, input.fromEmail, fromEmailField);
    return { ...input, template, smtp: store.smtp(orgId) ?? null };
  }
  /** One recipient's email: merge tags filled; a suppressed address is refused (400). */
  function compose(orgId: string, prepared: PreparedEmail, recipient: EmailRecipient, variables: Record<string, string | number | boolean>, origin: Origin): OutboundInput {
    const { template } = prepared;
    const to = notSuppressed(orgId, recipient.to);
    const { subject, html, text } = mergedEmail(
      { subject: prepared.subject ?? template.subject, html: template.html as string, text: template.text }, recipientMergeValues(variables, recipient),
    );
    const { fromName, fromEmail, replyTo } = prepared;
    return {
      orgId, channel: 'email', to, sender: fromEmail, type: 'template', text: subject, templateId: template.id, templateName: template.name,
      source: origin.source, contactName: [recipient.firstName?.trim(), recipient.lastName?.trim()].filter(Boolean).join(' ') || undefined,
      content: { subject, html, text, fromName, fromEmail, replyTo: replyTo ?? null, sourceName: origin.sourceName ?? null },
      payload: { subject, html, text, fromName, fromEmail, replyTo, links: linksOf(html) },
      ...viaSmtp(prepared.smtp),
    };
  }

  /**
   * How a keyed email a stop left queued is handed over again: through the organization's SMTP server as it is
   * connected now (every email of an organization with one goes out through it), else ours.
   */
  function resume(orgId: string): Resume {
    return viaSmtp(store.smtp(orgId));
  }

  return {
    createTemplate(orgId: string, input: SaveEmailTemplateInput): EmailTemplate {
      const at = clock.nowIso();
      const row = { id: newId('tpl'), org_id: orgId, name: input.name, subject: input.subject, html: input.html ?? null, text: input.text ?? null, created_at: at, updated_at: at };
      db.tx(() => {
        store.insertTemplate(row);
        deps.changed(orgId, row.id);
      });
      return toTemplate(row);
    },
    updateTemplate(orgId: string, id: string, input: SaveEmailTemplateInput): EmailTemplate {
      return db.tx(() => {
        mustTemplate(orgId, id);
        store.updateTemplate({ id, org_id: orgId, name: input.name, subject: input.subject, html: input.html ?? null, text: input.text ?? null, updated_at: clock.nowIso() });
        deps.changed(orgId, id);
        return toTemplate(mustTemplate(orgId, id));
      });
    },
    getTemplate: (orgId: string, id: string): EmailTemplate => toTemplate(mustTemplate(orgId, id)),
    listTemplates(orgId: string, page: PageRequest): ListEnvelope<EmailTemplateItem> {
      const { rows, total } = store.templates(orgId, page.limit, page.offset);
      return pageEnvelope(rows.map(toItem), total, page);
    },
    addDomain(orgId: string, domain: string): SendingDomain {
      return db.tx(() => {
        if (store.domain(orgId, domain)) throw conflict(`Sending domain ${domain} is already added`);
        const row = { id: newId('dom'), org_id: orgId, domain, status: 'PENDING', created_at: clock.nowIso() };
        store.insertDomain(row);
        jobs.schedule({ type: DOMAIN_VERIFY_JOB, orgId, payload: { id: row.id }, delayMs: 60_000 });
        deps.changed(orgId, row.id);
        return toDomain({ ...row, verified_at: null });
      });
    },
    /** Job: the simulated DNS check finds the records 60 s after the domain was added. */
    verifyDomain: (id: string): void => store.verifyDomain(id, clock.nowIso()),
    domains: (orgId: string): SendingDomain[] => store.domains(orgId).map(toDomain),
    saveSmtp(orgId: string, input: SmtpConnectionInput) {
      db.tx(() => store.saveSmtp({
        org_id: orgId, host: input.host, port: input.port, secure: input.secure ? 1 : 0, user: input.user ?? null, password: input.password ?? null,
        from_email: input.fromEmail, updated_at: clock.nowIso(),
      }));
      return this.smtp(orgId);
    },
    /** The SMTP connection without its password. */
    smtp(orgId: string) {
      const row = store.smtp(orgId);
      return row ? { connected: true, host: row.host, port: row.port, secure: row.secure === 1, user: row.user, fromEmail: row.from_email, updatedAt: row.updated_at } : { connected: false };
    },
    deleteSmtp: (orgId: string): boolean => store.deleteSmtp(orgId),
    listContacts(orgId: string, search: string | undefined, page: PageRequest): ListEnvelope<EmailContact> {
      const { rows, total } = store.contacts(orgId, search, page.limit, page.offset);
      return pageEnvelope(rows.map(toContact), total, page);
    },
    /** An email contact (409 if the address exists); the unified contact is resolved too. */
    createContact(orgId: string, input: { email: string; firstName?: string | undefined; lastName?: string | undefined }): EmailContact {
      return db.tx(() => {
        const email = input.email.toLowerCase();
        if (store.contactByEmail(orgId, email)) throw conflict(`Email contact ${email} already exists`);
        const name = [input.firstName, input.lastName].filter(Boolean).join(' ') || undefined;
        contacts.resolveAddress(orgId, 'email', email, name);
        const row = { id: newId('ec'), org_id: orgId, email, first_name: input.firstName ?? null, last_name: input.lastName ?? null, created_at: clock.nowIso() };
        store.insertContact(row);
        return toContact({ ...row, subscribed: 1 });
      });
    },
    prepare,
    compose,
    /**
     * A plain reply from the console (no template): from `support@` the first verified sending domain, or
     * the SMTP connection's address; one credit, like any send; 400 when the organization has no sender.
     * The subject follows the conversation's latest email.
     */
    async reply(orgId: string, input: { to: string; conversationId: string; text: string }, origin: Origin): Promise<Message> {
      // The latest email of the conversation is an inbound text or an outbound subject: its first line, without stacked "Re:".
      const last = messaging.recentMessages(input.conversationId, 1).at(-1)?.text?.split('\n')[0]?.replace(/^(Re:\s*)+/i, '').slice(0, 80);
      const subject = last ? `Re: ${last}` : 'A message from us';
      const domain = store.domains(orgId).find((d) => d.status === 'VERIFIED');
      const smtp = store.smtp(orgId);
      const fromEmail = smtp?.from_email ?? (domain ? `support@${domain.domain}` : null);
      if (!fromEmail) throw invalidField('No sender for email replies: verify a sending domain or connect an SMTP server (Dashboard → Email)');
      const to = notSuppressed(orgId, input.to);
      const html = `<p>${input.text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`;
      return messaging.send({
        orgId, channel: 'email', to, sender: fromEmail, type: 'text', text: subject, source: origin.source,
        content: { subject, html, text: input.text, fromName: null, fromEmail, replyTo: null, sourceName: origin.sourceName ?? null },
        payload: { subject, html, text: input.text, fromEmail, links: [] },
        ...viaSmtp(smtp),
      });
    },
    /** The audience "subscribers": subscribed email contacts that are not suppressed. */
    subscribers: (orgId: string): string[] => store.subscribers(orgId),
    /** Why the address is on the suppression list (`bounced` or `complained`), or null: an email to it is refused (see `compose`). */
    suppression: (orgId: string, address: string): string | null => store.suppressed(orgId, address.toLowerCase()),
    resume,
    /** The suppression list, newest first (console). */
    suppressions: (orgId: string): EmailSuppressionEntry[] =>
      store.suppressions(orgId).map((row) => ({ email: row.email, reason: row.reason as EmailSuppressionEntry['reason'], suppressedAt: row.created_at })),
    /**
     * Takes an address off the suppression list (console: its owner asked, or the mailbox that bounced works again), so
     * it can be emailed again; 404 when it is not on it. Said on the stream as the Channels page's change.
     */
    unsuppress(orgId: string, address: string): void {
      const email = address.toLowerCase();
      db.tx(() => {
        if (!store.unsuppress(orgId, email)) throw new AppError('NOT_FOUND', `${email} is not on the suppression list`);
        deps.changed(orgId, email);
      });
    },
    /**
     * One templated email; a keyed request run again after a stop answers the email it had sent (handing one it left
     * queued to the SMTP server again), before the sender, template or address is checked again. `fromEmailField`
     * names the sender in a refusal as the caller's body calls it (the unified send's `email.fromEmail`).
     */
    async send(orgId: string, input: SendEmailInput, origin: Origin, fromEmailField = 'fromEmail'): Promise<EmailSendResult & { message: Message }> {
      const message = await messaging.keyedAnswer(origin, EMAIL_MESSAGE_PART, () => resume(orgId))
        ?? await messaging.send({ ...compose(orgId, prepare(orgId, input, fromEmailField), input.recipient, input.variables ?? {}, origin), ...keyedMessageId(origin, EMAIL_MESSAGE_PART) });
      // The message keeps the template it was made from (its id and its name then).
      // Why it failed (`errorMessage` as answered before `error` was, the same words, only then).
      const failure = message.status === 'failed'
        ? { errorCode: message.errorCode ?? 'SEND_FAILED', error: message.errorMessage ?? 'The email was not sent' } : { errorCode: null, error: null };
      return {
        messageId: message.externalId ?? message.id, status: message.status, to: message.address, templateId: message.templateId ?? input.templateId,
        templateName: message.templateName ?? '', ...failure, ...(failure.error === null ? {} : { errorMessage: failure.error }), message,
      };
    },
    /** Bus listener: delivered → delivered, read → opened, a failure after sending → bounced (and suppressed). */
    onStatus(event: BusEvent): void {
      const { message } = event.data as { message: Message };
      const type = message.status === 'delivered' ? 'email.message.delivered' : message.status === 'read' ? 'email.message.opened'
        : message.status === 'failed' && message.sentAt ? 'email.message.bounced' : null;
      if (!type) return;
      db.tx(() => {
        if (type === 'email.message.bounced') store.suppress(event.orgId, message.address, 'bounced', clock.nowIso());
        bus.emit(event.orgId, type, { message, email: message.address, ...(type === 'email.message.bounced' ? { suppressed: true } : {}) });
      });
    },
    /**
     * A recipient clicked a link or marked the email as spam (reported by the provider). A complaint suppresses the
     * address as a bounce does (every ESP does: mailing someone who called it spam hurts the sender's reputation), in
     * the event's transaction; the event keeps its documented shape.
     */
    engagement(orgId: string, externalId: string, kind: 'clicked' | 'complained', url?: string): void {
      db.tx(() => {
        const message = messaging.byExternalId(orgId, 'email', externalId);
        if (kind === 'complained') store.suppress(orgId, message.address, 'complained', clock.nowIso());
        bus.emit(orgId, `email.message.${kind}`, { message, email: message.address, ...(url ? { url } : {}) });
      });
    },
  };
}
export type EmailService = ReturnType<typeof createEmailService>;
