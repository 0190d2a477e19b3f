// What the SMS, RCS and email builders choose from: sender ids and DLT templates, RCS bots and templates,
// email templates (and the one picked, with its HTML) and sending domains (react-query; each read once per visit).
import { useQuery } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateItem, RcsBot, RcsTemplate, SendingDomain, SmsSender, SmsTemplate } from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';

function useList<T>(key: string, path: string) {
  const api = useApi();
  return useQuery({ queryKey: ['campaign-lookups', key], queryFn: () => api.get<{ data: T[] }>(path), staleTime: 30_000 });
}

export const useSmsSenders = () => useList<SmsSender>('sms-senders', '/dashboard/sms/senders?limit=100');
export const useSmsTemplates = () => useList<SmsTemplate>('sms-templates', '/dashboard/sms/templates?limit=100');
export const useRcsBots = () => useList<RcsBot>('rcs-bots', '/dashboard/rcs/bots');
export const useRcsTemplates = () => useList<RcsTemplate>('rcs-templates', '/dashboard/rcs/templates?limit=100');
export const useEmailTemplates = () => useList<EmailTemplateItem>('email-templates', '/dashboard/email/templates?limit=100');
export const useEmailDomains = () => useList<SendingDomain>('email-domains', '/dashboard/email/domains');

/** The picked email template with its HTML and text, where its merge tags are; off until one is picked. */
export function useEmailTemplate(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['campaign-lookups', 'email-template', id], enabled: id !== '', staleTime: 30_000,
    queryFn: () => api.get<EmailTemplate>(`/dashboard/email/templates/${encodeURIComponent(id)}`),
  });
}
