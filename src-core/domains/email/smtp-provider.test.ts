// A refused email's few words (a refund's line says them), from what nodemailer's errors carry.
import { describe, expect, it } from 'vitest';
import { smtpSummary } from './smtp-provider.ts';

const smtpError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('smtpSummary', () => {
  it('says the server\'s reply without its codes, then the code, instead of nodemailer\'s "Message failed: …"', () => {
    expect(smtpSummary(smtpError('Message failed: 550 5.1.1 Mailbox unavailable.', { code: 'EMESSAGE', response: '550 5.1.1 Mailbox unavailable.', responseCode: 550 })))
      .toBe('mailbox unavailable (SMTP 550)');
    expect(smtpSummary(smtpError('x', { code: 'EENVELOPE', response: `552 ${'Quota exceeded for this mailbox on this server today'}`, responseCode: 552 })))
      .toBe('quota exceeded for this mailbox on this serv… (SMTP 552)');
  });

  it('names a refusal without a reply by its kind, and leaves an unknown one to the message', () => {
    expect(smtpSummary(smtpError('Invalid login: 535 Authentication failed', { code: 'EAUTH', response: '535 Authentication failed', responseCode: 535 }))).toBe('mail server refused the login');
    expect(smtpSummary(smtpError('connect ECONNREFUSED 127.0.0.1:25', { code: 'ESOCKET' }))).toBe('mail server unreachable');
    expect(smtpSummary(smtpError('Greeting never received', { code: 'ETIMEDOUT' }))).toBe('mail server timed out');
    expect(smtpSummary(new Error('boom'))).toBeUndefined();
    expect(smtpSummary('not an error')).toBeUndefined();
  });
});
