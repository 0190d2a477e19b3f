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
        return { ok: false, code: 'SMTP_ERROR', message: error instanceof Error ? error.message : String(error) };
      } finally {
        transport.close();
      }
    },
  };
}

/** What a send through the organization's SMTP server (when it has one connected) adds to its message: the provider. */
export const viaSmtp = (smtp: SmtpRow | null | undefined): { provider?: ChannelProvider } => (smtp ? { provider: smtpProvider(smtp) } : {});
