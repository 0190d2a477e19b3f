// The rules of WhatsApp: templates reviewed on the clock, template sends through the shared send path,
// logs, conversations by phone and header media.
import type { Message } from '../../contract/messaging.ts';
import type {
  CreateWaTemplateInput, SendTemplateInput, WaButton, WaLogEntry, WaSendResult, WaTemplate, WaTemplateButton, WaTemplateComponent,
} from '../../contract/whatsapp.ts';
import type { ListEnvelope } from '../../contract/common.ts';
import { sendFailureOf } from '../../contract/send-failure.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { ContactsService } from '../contacts/index.ts';
import { keyedMessageId, type MessagingService, type Origin, type OutboundInput } from '../messaging/index.ts';
import { checkPlaceholders, renderTemplate, type SentNames } from './template-render.ts';
import type { WaTemplateRow, WhatsappStore } from './whatsapp.store.ts';

export const TEMPLATE_REVIEW_JOB = 'whatsapp.template.review';
export const TEMPLATE_REVIEW_DELAY_MS = 60_000;
/** The part a keyed request's template message is named by within the request (see `Origin`). */
export const TEMPLATE_MESSAGE_PART = 'whatsapp';

/** A button in the seed's `{ type, text, url }` shape: `url` null where the button has none (stored as created, without it). */
const answeredButton = (button: WaButton): WaTemplateButton => (button.type === 'URL' ? button : { ...button, url: null });
const toTemplate = (row: WaTemplateRow): WaTemplate => ({
  id: row.id, name: row.name, category: row.category as WaTemplate['category'], language: row.language, status: row.status as WaTemplate['status'],
  components: (JSON.parse(row.components) as WaTemplateComponent[]).map((c) => (c.type === 'BUTTONS' ? { ...c, buttons: c.buttons.map(answeredButton) } : c)),
  rejectedReason: row.rejected_reason, createdAt: row.created_at,
});

/** The simulated platform's review: documented in docs/contract-notes.md (WhatsApp). */
export function reviewOutcome(template: WaTemplate): { status: 'APPROVED' | 'REJECTED'; reason: string | null } {
  if (template.name.startsWith('reject')) return { status: 'REJECTED', reason: 'Rejected by the simulated platform: the template name starts with "reject"' };
  const buttons = template.components.find((c) => c.type === 'BUTTONS');
  if (template.category === 'AUTHENTICATION' && buttons?.type === 'BUTTONS' && buttons.buttons.some((b) => b.type === 'URL')) {
    return { status: 'REJECTED', reason: 'Authentication templates cannot have URL buttons' };
  }
  return { status: 'APPROVED', reason: null };
}

export const waId = (phone: string): string => phone.replace(/\D/g, '');

export function createWhatsappService(deps: {
  store: WhatsappStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; messaging: MessagingService; contacts: ContactsService;
  /** A template submitted or reviewed: for the console's stream (`channels:changed`). */
  changed: ChangeNotice;
}) {
  const { store, db, clock, jobs, messaging, contacts } = deps;

  function toLogEntry(orgId: string, message: Message): WaLogEntry {
    const content = message.content;
    const contact = message.contactId ? contacts.get(orgId, message.contactId) : null;
    return {
      id: message.id, wamid: message.externalId ?? message.id, direction: message.direction, type: message.type, status: message.status,
      content, templateName: message.templateName, templateCategory: (content.templateCategory as string | undefined) ?? null,
      isTemplate: message.type === 'template', isBillable: message.billingAmountPaise > 0, billingAmountPaise: message.billingAmountPaise,
      source: message.source, sourceName: (content.sourceName as string | undefined) ?? null, timestamp: message.createdAt,
      conversation: { id: message.conversationId, customerWaId: waId(message.address), customerName: contact?.name ?? null },
      errorCode: message.errorCode, errorMessage: message.errorMessage,
    };
  }

  /** An approved template by id, for a campaign or a console reply (400 when unknown or not approved). */
  function approvedTemplate(orgId: string, id: string): WaTemplate {
    const row = store.byId(orgId, id);
    if (!row) throw invalidField(`templateId ${id} is not a template of this organization`);
    if (row.status !== 'APPROVED') throw invalidField(`Template ${row.name} is ${row.status}; only APPROVED templates can be sent`);
    return toTemplate(row);
  }

  /** The approved template a send names (400 when unknown or not approved). */
  function approvedNamed(orgId: string, input: Pick<SendTemplateInput, 'templateName' | 'languageCode'>): WaTemplate {
    const row = store.byName(orgId, input.templateName, input.languageCode);
    if (!row) {
      // A name that exists in other languages says which: "not found" alone sends the integrator looking for the name.
      const languages = store.languagesOf(orgId, input.templateName);
      const elsewhere = languages.length ? `: ${input.templateName} exists in ${languages.join(', ')}; send that languageCode` : '';
      throw invalidField(`Template ${input.templateName} (${input.languageCode}) not found${elsewhere}`);
    }
    if (row.status !== 'APPROVED') throw invalidField(`Template ${input.templateName} is ${row.status}; only APPROVED templates can be sent`);
    return toTemplate(row);
  }

  /** The outbound message of a template with its parameters (400 when they do not fit its placeholders). */
  function composeTemplate(orgId: string, template: WaTemplate, to: string, components: SendTemplateInput['components'], origin: Origin, names?: SentNames): OutboundInput {
    const rendered = renderTemplate(template.name, template.components, components ?? [], names);
    return {
      orgId, channel: 'whatsapp', to: `+${waId(to)}`, sender: null, type: 'template', text: rendered.text,
      templateName: template.name, templateId: template.id, source: origin.source,
      content: {
        templateName: template.name, templateCategory: template.category, language: template.language, components: components ?? [],
        body: rendered.text, header: rendered.header, footer: rendered.footer, buttons: rendered.buttons, sourceName: origin.sourceName ?? null,
      },
      payload: { header: rendered.header, footer: rendered.footer, buttons: rendered.buttons, template: template.name },
      ...keyedMessageId(origin, TEMPLATE_MESSAGE_PART),
    };
  }

  return {
    createTemplate(orgId: string, input: CreateWaTemplateInput): WaTemplate {
      const problem = checkPlaceholders(input.components);
      if (problem) throw invalidField(`Invalid components: ${problem}`);
      return db.tx(() => {
        if (store.byName(orgId, input.name, input.language)) throw conflict(`A template named ${input.name} already exists for ${input.language}`);
        const row = {
          id: newId('wat'), org_id: orgId, name: input.name, category: input.category, language: input.language, status: 'PENDING',
          components: JSON.stringify(input.components), created_at: clock.nowIso(),
        };
        store.insert(row);
        jobs.schedule({ type: TEMPLATE_REVIEW_JOB, orgId, payload: { templateId: row.id }, delayMs: TEMPLATE_REVIEW_DELAY_MS });
        deps.changed(orgId, row.id);
        return toTemplate({ ...row, rejected_reason: null });
      });
    },
    /** Job: the simulated platform approves or rejects a pending template. */
    review(orgId: string, templateId: string): void {
      db.tx(() => {
        const row = store.byId(orgId, templateId);
        if (!row || row.status !== 'PENDING') return;
        const outcome = reviewOutcome(toTemplate(row));
        store.review(templateId, outcome.status, outcome.reason);
      });
    },
    listTemplates(orgId: string, filter: { status?: string | undefined; category?: string | undefined }, page: PageRequest): ListEnvelope<WaTemplate> {
      const { rows, total } = store.list(orgId, filter, page.limit, page.offset);
      return pageEnvelope(rows.map(toTemplate), total, page);
    },
    getTemplate(orgId: string, id: string): WaTemplate {
      const row = store.byId(orgId, id);
      if (!row) throw notFound(`Template ${id}`);
      return toTemplate(row);
    },
    approvedTemplate,
    composeTemplate,
    /**
     * Sends an approved template: the dedicated endpoint, the unified send and the console all come here. A keyed
     * request run again after a stop answers the message it had sent, whatever the template's status is now.
     */
    /** `names` says what a refusal calls the components and their values (the unified send's `template.…` fields). */
    async sendTemplate(orgId: string, input: SendTemplateInput, origin: Origin, names?: SentNames): Promise<WaSendResult & { message: Message }> {
      const message = await messaging.keyedAnswer(origin, TEMPLATE_MESSAGE_PART)
        ?? await messaging.send(composeTemplate(orgId, approvedNamed(orgId, input), input.to, input.components, origin, names));
      return { wamid: message.externalId ?? message.id, conversationId: message.conversationId ?? '', status: message.status, ...sendFailureOf(message), message };
    },
    /** An approved template by id to `to` (the console's reply once the 24-hour window has closed). */
    async sendTemplateById(orgId: string, input: { to: string; templateId: string; components?: SendTemplateInput['components'] }, origin: Origin): Promise<Message> {
      const template = approvedTemplate(orgId, input.templateId);
      return messaging.send(composeTemplate(orgId, template, input.to, input.components, origin));
    },
    /**
     * A free-form text (a console reply): allowed only within 24 hours of the customer's last message,
     * as on the messaging platform; outside it, an approved template must be sent (400).
     */
    async sendText(orgId: string, input: { to: string; text: string }, origin: Origin): Promise<Message> {
      const address = `+${waId(input.to)}`;
      contacts.assertSendable(contacts.findByPhone(orgId, address));
      const conversation = messaging.conversation(orgId, 'whatsapp', address);
      const window = conversation ? messaging.careWindow(conversation.id) : { open: false, closesAt: null };
      if (!window.open) {
        throw new AppError('OUTSIDE_MESSAGING_WINDOW', window.closesAt
          ? `The 24-hour customer-care window with ${waId(input.to)} closed at ${window.closesAt}: send an approved template instead`
          : `${waId(input.to)} has not written to you: WhatsApp allows free-form messages only within 24 hours of the customer's last message; send an approved template instead`);
      }
      return messaging.send({
        orgId, channel: 'whatsapp', to: address, sender: null, type: 'text', text: input.text, source: origin.source,
        content: { text: input.text, sourceName: origin.sourceName ?? null },
      });
    },
    logs(orgId: string, filter: { direction?: string | undefined; status?: readonly string[] | undefined; from?: string | undefined; to?: string | undefined }, page: PageRequest): ListEnvelope<WaLogEntry> {
      const toIso = filter.to ? new Date(Date.parse(`${filter.to}T00:00:00.000Z`) + 86_400_000).toISOString() : undefined;
      const { rows, total } = messaging.log(orgId, {
        channel: 'whatsapp', direction: filter.direction, status: filter.status,
        fromIso: filter.from ? `${filter.from}T00:00:00.000Z` : undefined, toIso,
      }, page.limit, page.offset);
      return pageEnvelope(rows.map((m) => toLogEntry(orgId, m)), total, page);
    },
    message(orgId: string, wamid: string): WaLogEntry {
      const message = wamid.startsWith('msg_') ? messaging.get(orgId, wamid) : messaging.byExternalId(orgId, 'whatsapp', wamid);
      if (message.channel !== 'whatsapp') throw notFound(`Message ${wamid}`);
      return toLogEntry(orgId, message);
    },
    conversationByPhone(orgId: string, phone: string, limit: number) {
      const address = `+${waId(phone)}`;
      const contact = contacts.findByPhone(orgId, address);
      if (contact?.isBlocked) throw contacts.blockedError(contact, 403);
      const conversation = messaging.conversation(orgId, 'whatsapp', address);
      if (!conversation) throw notFound(`WhatsApp conversation with ${waId(phone)}`);
      return {
        conversationId: conversation.id, customerWaId: waId(phone), customerName: contact?.name ?? null,
        data: messaging.recentMessages(conversation.id, limit).map((m) => ({
          id: m.id, wamid: m.externalId ?? m.id, direction: m.direction, type: m.type, status: m.status, content: m.content,
          templateName: m.templateName, mediaUrl: ((m.content.header as { link?: string } | null)?.link) ?? null,
          mediaMimeType: null, errorCode: m.errorCode, errorMessage: m.errorMessage, timestamp: m.createdAt, createdAt: m.createdAt,
        })),
      };
    },
    saveMedia(orgId: string, file: { filename: string; mimeType: string; data: Buffer }, baseUrl: string) {
      const id = newId('media');
      db.tx(() => store.insertMedia({ id, org_id: orgId, filename: file.filename, mime_type: file.mimeType, size_bytes: file.data.length, data: file.data, created_at: clock.nowIso() }));
      return { mediaId: id, url: `${baseUrl}/media/${id}`, mimeType: file.mimeType };
    },
    media: (id: string) => store.media(id),
  };
}
export type WhatsappService = ReturnType<typeof createWhatsappService>;
