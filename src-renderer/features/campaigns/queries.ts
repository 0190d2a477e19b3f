// Server data of the campaigns page through react-query only: lists, one campaign, its analytics and the
// approved WhatsApp templates, the email preview's sample contact. Nothing here is polled: the live stream reads the
// lists and the named campaigns' detail, analytics, spend and failures again as their figures change (`campaigns:changed`,
// see api/live.ts): a chunk dispatched, a receipt, a click, a reply, a conversion, a completion or a cancel.
// The other channels' lookups (senders, bots, templates, domains) are the Channels page's (channels/queries.ts).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CAMPAIGN_CHANNELS } from '../../../src-core/contract/index.ts';
import type {
  AudiencePreview, AudiencePreviewInput, CampaignAnalytics, CampaignCounts, CampaignFailure, CampaignSummary, ConsoleBlocked, ConsoleCampaignListFields, ConsoleFailureReasons, ContactByEmail,
  ListEnvelope, ReferenceTotals, Wallet, WaTemplate,
} from '../../../src-core/contract/index.ts';
import { useApi } from '../../api/context.tsx';
import { everyPage } from '../../api/every-page.ts';

/** The channels with a campaign builder (the contract's campaign channels: Instagram has none). */
export const CAMPAIGN_TABS = CAMPAIGN_CHANNELS;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];
export { CHANNEL_LABEL } from '../../components/format.ts';
export const PAGE_SIZE = 20;

/** A campaign as every channel's answers give it (these fields shared; the rest are the channel's own). */
type CampaignBase = Pick<CampaignSummary, 'id' | 'name' | 'status' | 'totalRecipients' | 'sentCount' | 'deliveredCount' | 'scheduledAt' | 'createdAt'>
  & { templateName?: string; senderId?: string | null; fallback?: boolean; fromEmail?: string; audience?: 'list' | 'subscribers' };
/** A row of GET /dashboard/…/campaigns, with the console's failures and delivery rate (the analytics' own). */
export type CampaignListItem = CampaignBase & ConsoleCampaignListFields;

/**
 * GET /…/campaigns/:id: the row, the channel's configuration and the counts (with the console's `blocked`, of `failed`),
 * and the console's failures by reason.
 */
export type CampaignDetail = CampaignBase & Pick<CampaignSummary,
  'scheduleTimezone' | 'launchedAt' | 'startedAt' | 'completedAt' | 'cancelledAt' | 'refundedRecipients' | 'pricePaise'>
  & ConsoleFailureReasons & {
    counts: CampaignCounts & ConsoleBlocked;
    templateId?: string; messageBody?: string; duplicatesRemoved?: number; country?: string; fallbackMessage?: string | null;
    /** SMS (and WhatsApp for every contact or a segment): who it goes to; a segment's criteria (contacts with any of the tags, and matching the search). */
    audienceType?: 'all' | 'segment' | 'manual'; audienceCriteria?: { tags?: string[]; search?: string };
    /** Email: the subject typed for it (null: the template's) and the values given for its template's merge tags. */
    fromName?: string; subject?: string | null; variables?: Record<string, string>;
  };

export function useCampaigns(channel: CampaignTab, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['campaigns', channel, 'list', page],
    queryFn: () => api.get<ListEnvelope<CampaignListItem>>(`/dashboard/${channel}/campaigns?limit=${PAGE_SIZE}&page=${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(channel: CampaignTab, id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['campaigns', channel, 'detail', id],
    queryFn: () => api.get<CampaignDetail>(`/dashboard/${channel}/campaigns/${id}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * A read of a campaign's own that keeps changing after its dispatch (receipts, engagement, refunds): shown as it was
 * while read again on the stream's `campaigns:changed`.
 */
function useCampaignPart<T>(channel: CampaignTab, id: string, part: 'analytics' | 'spend', enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['campaigns', channel, part, id],
    queryFn: () => api.get<T>(`/dashboard/${channel}/campaigns/${id}/${part}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Every channel's campaign has analytics (SMS and RCS through the console's own route). */
export const useCampaignAnalytics = (channel: CampaignTab, id: string, enabled: boolean) =>
  useCampaignPart<CampaignAnalytics & ConsoleBlocked>(channel, id, 'analytics', enabled);

/**
 * What a launched campaign cost: the wallet's ledger lines for it added up (its launch charge, or email credits, and
 * every refund of it). Read again with the campaign: refunds come with its failures and a cancel.
 */
export const useCampaignSpend = (channel: CampaignTab, id: string, enabled: boolean) =>
  useCampaignPart<ReferenceTotals>(channel, id, 'spend', enabled);

/** Failed recipients shown per page of the campaign detail's table. */
export const FAILURES_PAGE_SIZE = 10;

/** The recipients a campaign did not reach, with why; reloaded with the campaign (`campaigns:changed`). */
export function useCampaignFailures(channel: CampaignTab, id: string, page: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['campaigns', channel, 'failures', id, page],
    queryFn: () => api.get<ListEnvelope<CampaignFailure>>(`/dashboard/${channel}/campaigns/${id}/failures?limit=${FAILURES_PAGE_SIZE}&page=${page}`),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useApprovedTemplates() {
  const api = useApi();
  return useQuery({
    queryKey: ['whatsapp-templates', 'APPROVED'],
    queryFn: () => everyPage<WaTemplate>(api, '/dashboard/whatsapp/templates?status=APPROVED&limit=100'),
  });
}

/** The wallet (same query as the wallet page): the price of a WhatsApp message for the builder's estimate. */
export function useWallet() {
  const api = useApi();
  return useQuery({ queryKey: ['wallet'], queryFn: () => api.get<Wallet>('/dashboard/wallet') });
}

/**
 * The name of the contact with exactly this address, found as the core finds the one an email campaign merges first_name
 * and last_name from (GET /dashboard/contacts/by-email: not a search, whose first page may not hold them among many
 * contacts like it), for the email builder's preview: null without an address, while it is read, or when no contact has it.
 * Under `contacts`, so a contact renamed, made or imported is read again from the live stream.
 */
export function useContactNameByEmail(address: string | null): string | null {
  const api = useApi();
  const found = useQuery({
    queryKey: ['contacts', 'by-email', address],
    queryFn: () => api.get<ContactByEmail>(`/dashboard/contacts/by-email?email=${encodeURIComponent(address ?? '')}`),
    enabled: address !== null,
  });
  return found.data?.contact?.name?.trim() || null;
}

/**
 * The audience previews' key. Under `contacts`, so a contact's change (a block, an opt-out, a tag) reloads them from the
 * live stream; it also reloads them on a wallet change and an email suppression (see api/live.ts).
 */
export const AUDIENCE_PREVIEW_KEY = ['contacts', 'audience-preview'] as const;

/**
 * What launching this audience now would do (POST /dashboard/campaigns/audience-preview, a read with a body: a pasted list
 * may be long): the core resolves it as the launch does, with the balance or credits there are now.
 */
export function useAudiencePreview(input: AudiencePreviewInput | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...AUDIENCE_PREVIEW_KEY, input],
    queryFn: () => api.post<AudiencePreview>('/dashboard/campaigns/audience-preview', input),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
}
