// How each channel's own send path is reached from a unified send body (field mapping only; the rules
// live in each channel's service).
import type { Message } from '../../contract/messaging.ts';
import type { UnifiedSendBody } from '../../contract/unified-send.ts';
import { EMAIL_MESSAGE_PART, type EmailService } from '../email/index.ts';
import { INSTAGRAM_MESSAGE_PART, type InstagramService } from '../instagram/index.ts';
import { RCS_MESSAGE_PART, type RcsService } from '../rcs/index.ts';
import { smsMessagePart, type SmsService } from '../sms/index.ts';
import { TEMPLATE_MESSAGE_PART, type WhatsappService } from '../whatsapp/index.ts';
import type { ChannelAdapter } from './unified-send.service.ts';

/**
 * `template.variables` as WhatsApp body parameters, in placeholder order ({{1}}, {{2}}, ...). Only the
 * numbered keys: WhatsApp's placeholders are numbered, RCS's and email's named, so one `variables` can
 * carry both in a whatsapp → rcs chain.
 */
function bodyParameters(variables: Record<string, string | number> | undefined) {
  const entries = Object.entries(variables ?? {}).filter(([key]) => /^\d+$/.test(key)).sort(([a], [b]) => Number(a) - Number(b));
  return entries.length ? [{ type: 'body' as const, parameters: entries.map(([, value]) => ({ type: 'text', text: String(value) })) }] : [];
}

export function whatsappAdapter(whatsapp: WhatsappService): ChannelAdapter {
  return {
    scope: 'whatsapp:send',
    missingFields: (body: UnifiedSendBody) => [
      ...(body.template?.name ? [] : ['template.name']),
      ...(body.template?.languageCode ? [] : ['template.languageCode']),
    ],
    part: TEMPLATE_MESSAGE_PART,
    send: async (orgId, body, origin) => (await whatsapp.sendTemplate(orgId, {
      to: body.to.replace(/^\+/, ''), templateName: body.template?.name ?? '', languageCode: body.template?.languageCode ?? '',
      components: body.template?.components ?? bodyParameters(body.template?.variables),
    }, origin, {
      // A refusal names what this body sent: its components, or the numbered variable a body parameter was made from.
      components: 'template.components',
      bodyParameters: body.template?.components ? 'template.components' : 'template.variables',
      bodyParameter: body.template?.components ? (n) => `body parameter ${n}` : (n) => `template.variables.${n}`,
    })).message,
  };
}

export function instagramAdapter(instagram: InstagramService): ChannelAdapter {
  return {
    scope: 'instagram:messages:send',
    missingFields: (body: UnifiedSendBody) => (body.message ? [] : ['message']),
    part: INSTAGRAM_MESSAGE_PART,
    send: async (orgId, body, origin) => (await instagram.sendMessage(orgId, { recipientIgsid: body.to, message: body.message ?? '' }, origin)).message,
  };
}

export function smsAdapter(sms: SmsService): ChannelAdapter {
  return {
    scope: 'sms:send',
    missingFields: (body: UnifiedSendBody) => [...(body.message ? [] : ['message']), ...(body.sms?.senderId ? [] : ['sms.senderId'])],
    part: smsMessagePart(0),
    async send(orgId, body, origin) {
      const result = await sms.send(orgId, { senderId: body.sms?.senderId ?? '', to: [body.to], message: body.message ?? '', route: body.sms?.route ?? 'transactional' }, origin);
      return result.messages[0] as Message;
    },
  };
}

export function rcsAdapter(rcs: RcsService): ChannelAdapter {
  return {
    scope: 'rcs:send',
    missingFields: (body: UnifiedSendBody) => (body.template?.id ? [] : ['template.id']),
    part: RCS_MESSAGE_PART,
    send: async (orgId, body, origin) => (await rcs.send(orgId, { to: body.to, templateId: body.template?.id ?? '', rcsVariables: body.template?.variables }, origin, 'template.variables')).message,
  };
}

export function emailAdapter(email: EmailService): ChannelAdapter {
  return {
    scope: 'email:send',
    missingFields: (body: UnifiedSendBody) => [
      ...(body.template?.id ? [] : ['template.id']), ...(body.email?.fromName ? [] : ['email.fromName']), ...(body.email?.fromEmail ? [] : ['email.fromEmail']),
    ],
    part: EMAIL_MESSAGE_PART,
    resume: (orgId) => email.resume(orgId),
    send: async (orgId, body, origin) => (await email.send(orgId, {
      templateId: body.template?.id ?? '', recipient: { to: body.to, firstName: body.email?.firstName, lastName: body.email?.lastName },
      variables: body.template?.variables, subject: body.email?.subject, fromName: body.email?.fromName ?? '', fromEmail: body.email?.fromEmail ?? '',
      replyTo: body.email?.replyTo,
    }, origin, 'email.fromEmail')).message,
  };
}
