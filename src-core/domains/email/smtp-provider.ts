// A real provider for email: the organization's own SMTP server, through nodemailer.
import nodemailer from 'nodemailer';
import type { ChannelProvider } from '../messaging/index.ts';
import type { SmtpRow } from './email.store.ts';

export function smtpProvider(smtp: SmtpRow): ChannelProvider {
  const transport = nodemailer.createTransport({
    host: smtp.host, port: smtp.port, secure: smtp.secure === 1,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    tls: { rejectUnauthorized: false }, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000,
  });
  return {
    async send(message) {
      const payload = message.payload as { subject: string; html: string; text: string | null; fromName: string; fromEmail: string; replyTo?: string };
      try {
        const info = await transport.sendMail({
          from: { name: payload.fromName, address: payload.fromEmail }, to: message.to, subject: payload.subject, html: payload.html,
          ...(payload.text ? { text: payload.text } : {}), ...(payload.replyTo ? { replyTo: payload.replyTo } : {}),
          // Both made from the message's id, not drawn at random: an email handed over again after a stop (at least once)
          // carries the same Message-ID as the first, so a receiver can tell it is the same email.
          messageId: `<${message.messageId}@${payload.fromEmail.split('@').pop() ?? 'localhost'}>`,
          headers: { 'X-Service-Message-Id': message.messageId },
        });
        return { ok: true, externalId: info.messageId };
      } catch (error) {
        return { ok: false, code: 'SMTP_ERROR', message: error instanceof Error ? error.message : String(error), summary: smtpSummary(error) };
      } finally {
        transport.close();
      }
    },
  };
}

/** nodemailer's failure kinds that carry no server reply, in words. */
const SMTP_FAILURES: Record<string, string> = {
  EAUTH: 'mail server refused the login', ECONNECTION: 'mail server unreachable', ESOCKET: 'mail server unreachable',
  ETIMEDOUT: 'mail server timed out', EDNS: 'mail server not found',
};

/**
 * A refused email in a few words (a refund's line says it): the server's reply without its codes, and the code
 * (`mailbox unavailable (SMTP 550)`), else the kind of failure; nodemailer's message (`Message failed: 550 …`) is not.
 */
export function smtpSummary(error: unknown): string | undefined {
  const { code, response, responseCode } = (error ?? {}) as { code?: unknown; response?: unknown; responseCode?: unknown };
  if (code === 'EAUTH') return SMTP_FAILURES.EAUTH;
  const text = typeof response === 'string' ? response.replace(/^\d{3}[ -]?(\d\.\d{1,3}\.\d{1,3} )?/, '').trim() : '';
  if (text) {
    const words = `${text.charAt(0).toLowerCase()}${text.slice(1)}`.replace(/\.$/, '');
    return `${words.length > 45 ? `${words.slice(0, 44).trimEnd()}…` : words}${typeof responseCode === 'number' ? ` (SMTP ${responseCode})` : ''}`;
  }
  return typeof code === 'string' ? SMTP_FAILURES[code] : undefined;
}

/** What a send through the organization's SMTP server (when it has one connected) adds to its message: the provider. */
export const viaSmtp = (smtp: SmtpRow | null | undefined): { provider?: ChannelProvider } => (smtp ? { provider: smtpProvider(smtp) } : {});
