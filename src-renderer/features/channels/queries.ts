// What each channel needs before it can send, read once for the Channels page and the campaign builders
// alike: WhatsApp templates, SMS sender ids and DLT templates, RCS bots and templates, email templates and
// sending domains, the SMTP, Instagram and Shopify connections. Reviews happen on the virtual clock, so the live
// stream reads these again when the clock is moved (api/live.ts), a list with something under review is
// read again every few seconds (the clock also runs with real time), and a save here reads them again too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailSuppressionEntry, EmailTemplate, EmailTemplateItem, InstagramConnectionState, RcsBot, RcsTemplate, SendingDomain, ShopifyConnectionState, SmsSender, SmsTemplate, WaTemplate,
} from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { everyPage } from '../../api/every-page.ts';

/** The keys of everything here: WhatsApp templates share theirs with the approved-templates picker. */
export const CHANNEL_QUERY_KEYS = [['channels'], ['whatsapp-templates']] as const;

/**
 * Read again when a template, sender id or sending domain is submitted or reviewed anywhere (`channels:changed`,
 * api/live.ts) and when the clock is moved: nothing here polls.
 */
function useLookup<T>(key: readonly unknown[], path: string, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: key, queryFn: () => api.get<T>(path), enabled });
}
/** Each list whole, newest first (every page of it: api/every-page.ts). */
function useList<T extends { id: string }>(key: readonly unknown[], path: string, enabled = true) {
  const api = useApi();
  return useQuery({ queryKey: key, queryFn: () => everyPage<T>(api, path), enabled });
}

/** `enabled` false: not read (yet). */
export const useWaTemplates = (enabled = true) => useList<WaTemplate>(['whatsapp-templates', 'all'], '/dashboard/whatsapp/templates?limit=100', enabled);
export const useSmsSenders = () => useList<SmsSender>(['channels', 'sms-senders'], '/dashboard/sms/senders?limit=100');
export const useSmsTemplates = () => useList<SmsTemplate>(['channels', 'sms-templates'], '/dashboard/sms/templates?limit=100');
export const useRcsBots = () => useList<RcsBot>(['channels', 'rcs-bots'], '/dashboard/rcs/bots');
export const useRcsTemplates = () => useList<RcsTemplate>(['channels', 'rcs-templates'], '/dashboard/rcs/templates?limit=100');
export const useEmailTemplates = () => useList<EmailTemplateItem>(['channels', 'email-templates'], '/dashboard/email/templates?limit=100');
export const useEmailDomains = () => useList<SendingDomain>(['channels', 'email-domains'], '/dashboard/email/domains');
/** The email suppression list; read again when an address joins it (`email:suppressed`) or leaves it (`channels:changed`). */
export const useEmailSuppressions = () => useLookup<{ data: EmailSuppressionEntry[] }>(['channels', 'email-suppressions'], '/dashboard/email/suppressions');

/** One email template with its HTML and text, where its merge tags are; off until one is picked. */
export const useEmailTemplate = (id: string) =>
  useLookup<EmailTemplate>(['channels', 'email-template', id], `/dashboard/email/templates/${encodeURIComponent(id)}`, id !== '');

export type SmtpState = { connected: false } | { connected: true; host: string; port: number; secure: boolean; user: string | null; fromEmail: string };
export const useSmtp = () => useLookup<SmtpState>(['channels', 'smtp'], '/dashboard/email/smtp');
/** The connections, read again when one is connected or disconnected anywhere (`integration:changed`). */
export const useInstagramConnection = () => useLookup<InstagramConnectionState>(['channels', 'instagram'], '/dashboard/instagram/connection');
export const useShopifyConnection = () => useLookup<ShopifyConnectionState>(['channels', 'shopify'], '/dashboard/shopify/connection');

/** Writes through a dashboard route (POST by default); everything here is read again. */
export function useSave<Input>(path: string, method: 'post' | 'put' | 'del' = 'post') {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => (method === 'del' ? api.del<unknown>(path) : api[method]<unknown>(path, input)),
    onSuccess: () => {
      for (const queryKey of CHANNEL_QUERY_KEYS) void client.invalidateQueries({ queryKey });
    },
  });
}
