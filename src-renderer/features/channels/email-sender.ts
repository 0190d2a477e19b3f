// The sender of an email the console sends (a campaign, a message to a contact), by the core's own rule
// (senderAllowed): an address on a verified domain, or the connected SMTP server's own address. Until typed in, the
// name is the organization's and the address hello@ its first verified domain (or the SMTP server's address).
import { senderAllowed } from '../../../src-core/contract/index.ts';
import { useOrganization } from '../../api/organizations.ts';
import { useEmailDomains, useSmtp } from './queries.ts';

const EMAIL = /^[^\s@]+@([^\s@]+\.[^\s@]{2,})$/;

/** The sender as typed (null: not typed), with its defaults, and whether the core would refuse it. */
export function useEmailSender(typed: { fromName: string | null; fromEmail: string | null }) {
  const organization = useOrganization();
  const domains = useEmailDomains();
  const smtp = useSmtp();
  const verified = (domains.data?.data ?? []).filter((d) => d.status === 'VERIFIED').map((d) => d.domain);
  const pending = (domains.data?.data ?? []).filter((d) => d.status === 'PENDING').map((d) => d.domain);
  const smtpFrom = smtp.data?.connected ? smtp.data.fromEmail : null;
  const fromName = typed.fromName ?? organization?.name ?? '';
  const fromEmail = typed.fromEmail ?? (verified[0] ? `hello@${verified[0]}` : smtpFrom ?? '');
  const fromDomain = EMAIL.exec(fromEmail.trim())?.[1]?.toLowerCase();
  /** Whether the domains and the SMTP connection are read (until then nothing is refused). */
  const senderKnown = domains.isSuccess && !smtp.isPending;
  const senderRefused = Boolean(fromDomain) && senderKnown && !senderAllowed(fromEmail.trim(), (domain) => verified.includes(domain), smtpFrom);
  return { domains, verified, pending, smtpFrom, fromName, fromEmail, fromDomain, senderKnown, senderRefused };
}
