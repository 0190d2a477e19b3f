// Campaign routes of seed 000 for WhatsApp, SMS and RCS: one engine, each channel's own shapes; and the
// console's own: a campaign created and launched in one transaction, and deleting a DRAFT.
import { z } from 'zod';
import { listAnswer } from '../../contract/answers.ts';
import {
  audiencePreviewBodySchema, campaignAnalyticsSchema, campaignDetailSchema, campaignListQuerySchema, cancelResultSchema, createRcsCampaignBodySchema,
  createSmsCampaignBodySchema, createWaCampaignBodySchema, createWaConsoleCampaignBodySchema, launchResultSchema, rcsCampaignCreatedSchema, rcsCampaignItemSchema,
  smsCampaignCreatedSchema, smsCampaignItemSchema, waCampaignCreatedSchema, waCampaignItemSchema, type CampaignSummary, type ConsoleCampaignListFields,
} from '../../contract/campaigns.ts';
import type { ConsoleFailureReasons } from '../../contract/campaign-failures.ts';
import type { Db } from '../../kernel/db.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute, reply, type Caller } from '../../kernel/route.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { RcsService } from '../rcs/index.ts';
import type { SmsService } from '../sms/index.ts';
import type { WhatsappService } from '../whatsapp/index.ts';
import { launchAudience, previewAudience, rcsLaunchAudience, type PreviewDeps } from './campaign-audience.ts';
import type { RcsCampaignConfig, SmsCampaignConfig, WaCampaignConfig } from './campaign-channels.ts';
import { rcsCampaign, smsCampaign, whatsappCampaign } from './campaign-inputs.ts';
import { campaignRates } from './campaign-rates.ts';
import type { CampaignsService, NewCampaign } from './campaigns.service.ts';

const params = z.object({ id: z.string().min(1).max(64) });
const listQuery = campaignListQuerySchema.extend(paginationQuery({ defaultLimit: 20, maxLimit: 100 }).shape);

const waItem = (c: CampaignSummary) => {
  const config = c.config as WaCampaignConfig;
  return {
    id: c.id, name: c.name, status: c.status, templateId: config.templateId, templateName: config.templateName, totalRecipients: c.totalRecipients,
    sentCount: c.sentCount, deliveredCount: c.deliveredCount, scheduledAt: c.scheduledAt, createdAt: c.createdAt,
  };
};
const smsItem = (c: CampaignSummary) => {
  const config = c.config as SmsCampaignConfig;
  return {
    id: c.id, name: c.name, status: c.status, route: config.route, senderId: config.senderId, totalRecipients: c.totalRecipients,
    sentCount: c.sentCount, deliveredCount: c.deliveredCount, scheduledAt: c.scheduledAt, createdAt: c.createdAt,
  };
};
const rcsItem = (c: CampaignSummary) => {
  const config = c.config as RcsCampaignConfig;
  return {
    id: c.id, name: c.name, status: c.status, botId: config.botId, templateId: config.templateId, totalRecipients: c.totalRecipients,
    sentCount: c.sentCount, deliveredCount: c.deliveredCount, fallback: config.fallback, scheduledAt: c.scheduledAt, createdAt: c.createdAt,
  };
};
/**
 * A list row as its caller gets it: the console's (the dashboard token) adds the failed recipients and the delivery
 * rate its analytics give, so its list and its detail show one rate, and how many of the failed were refused because
 * their contact is blocked (`blockedOf`); `/v1` keeps the seed's fields.
 */
export const listRow = <T extends object>(item: (c: CampaignSummary) => T, caller: Caller, blockedOf: (id: string) => number) =>
  (c: CampaignSummary): T | (T & ConsoleCampaignListFields) =>
    (caller.kind === 'dashboard' ? { ...item(c), failedCount: c.counts.failed, deliveryRate: campaignRates(c.counts).deliveryRate, blockedCount: blockedOf(c.id) } : item(c));

/**
 * Console only (the dashboard token): `blocked`, of the failed recipients those refused because their contact is
 * blocked (they never became messages, so the console shows them apart from Failed); `/v1` keeps the seed's answer,
 * where they stay in `failed`.
 */
export const consoleBlocked = (campaigns: CampaignsService, caller: Caller, orgId: string, id: string): { blocked?: number } =>
  (caller.kind === 'dashboard' ? { blocked: campaigns.blocked(orgId, id) } : {});

/**
 * Console only (the dashboard token): `failureReasons`, the failed recipients that are not blocked by reason, so its
 * results say why they failed; `/v1` keeps the seed's answer.
 */
export const consoleFailureReasons = (campaigns: CampaignsService, caller: Caller, orgId: string, id: string): Partial<ConsoleFailureReasons> =>
  (caller.kind === 'dashboard' ? { failureReasons: campaigns.failureReasons(orgId, id) } : {});
/** A campaign's analytics as its caller gets them: the console's with its blocked and its failures by reason. */
export const analyticsAnswer = (campaigns: CampaignsService, caller: Caller, orgId: string, id: string, channel: 'whatsapp' | 'sms' | 'rcs' | 'email') => ({
  ...campaigns.analytics(orgId, id, channel), ...consoleBlocked(campaigns, caller, orgId, id), ...consoleFailureReasons(campaigns, caller, orgId, id),
});

/** Console: deletes a DRAFT of the channel (the seed has no delete route; a draft nobody launches would stay forever). */
export const deleteDraftRoute = (campaigns: CampaignsService, channel: 'whatsapp' | 'sms' | 'email') => defineRoute({
  method: 'DELETE', path: `/dashboard/${channel}/campaigns/:id`, scope: 'dashboard', params,
  handler: ({ orgId, params: p }) => {
    campaigns.removeDraft(orgId, p.id, channel);
    return reply(204, undefined);
  },
});

/**
 * Console: a campaign created and launched in one transaction, so a refusal (the template, the sender, the
 * DLT text, an audience matching nobody, the wallet) leaves no DRAFT behind. Answers the campaign as its
 * list shows it, with `dispatch` (the launch's status).
 */
export function createAndLaunchRoute<B extends z.ZodObject>(deps: { campaigns: CampaignsService; db: Db }, channel: 'whatsapp' | 'sms' | 'email', spec: {
  body: B;
  create(orgId: string, body: z.output<B>): NewCampaign;
  audience?: (orgId: string) => (config: Record<string, unknown>) => string[];
  answer(c: CampaignSummary): object;
}) {
  const { campaigns, db } = deps;
  return defineRoute({
    method: 'POST', path: `/dashboard/${channel}/campaigns/create-and-launch`, scope: 'dashboard', status: 202,
    body: spec.body.extend({ organizationId: z.string().optional() }),
    handler: ({ orgId, body }) => {
      const { created, launch } = db.tx(() => {
        const draft = campaigns.create(orgId, spec.create(orgId, body as z.output<B>));
        return { created: draft, launch: campaigns.launch(orgId, draft.id, channel, spec.audience?.(orgId)) };
      });
      return { ...spec.answer(campaigns.get(orgId, created.id, channel)), dispatch: launch.status };
    },
  });
}

/**
 * Console: the recipients a campaign did not reach, each with its reason (the seed's analytics give only
 * `failed`, a number); in list order, paginated like every list (limit 20, max 100).
 */
export const failuresRoute = (campaigns: CampaignsService, contacts: ContactsService, channel: 'whatsapp' | 'sms' | 'rcs' | 'email') => defineRoute({
  method: 'GET', path: `/dashboard/${channel}/campaigns/:id/failures`, scope: 'dashboard', params, query: paginationQuery({ defaultLimit: 20, maxLimit: 100 }),
  handler: ({ orgId, params: p, query }) => {
    const page = campaigns.failures(orgId, p.id, channel, toPageRequest(query));
    // Each with its contact, so the console names the person (a refusal's reason carries only the contact's id for integrators).
    const contactOf = (address: string) => (channel === 'email' ? contacts.findByEmail(orgId, address) : contacts.findByPhone(orgId, address));
    return { ...page, data: page.data.map((f) => { const c = contactOf(f.address); return { ...f, contact: c ? { id: c.id, name: c.name } : null }; }) };
  },
});

/**
 * Console: what the wallet's ledger lines for a campaign add up to (its launch charge or email credits, and every refund
 * of it, each referencing the campaign), so its page says what it cost.
 */
export const spendRoute = (campaigns: CampaignsService, channel: 'whatsapp' | 'sms' | 'rcs' | 'email') => defineRoute({
  method: 'GET', path: `/dashboard/${channel}/campaigns/:id/spend`, scope: 'dashboard', params,
  handler: ({ orgId, params: p }) => campaigns.spend(orgId, p.id, channel),
});

/**
 * Console: an SMS or RCS campaign's analytics, made as WhatsApp's and email's are (the seed has the route for WhatsApp
 * only): the same counts from its recipients' states and the same rates.
 */
export const analyticsRoute = (campaigns: CampaignsService, channel: 'sms' | 'rcs') => defineRoute({
  method: 'GET', path: `/dashboard/${channel}/campaigns/:id/analytics`, scope: 'dashboard', params,
  handler: ({ orgId, params: p, caller }) => analyticsAnswer(campaigns, caller, orgId, p.id, channel),
});

/**
 * The list a campaign was created with, in the field its create takes it: SMS `audienceCriteria.phones`, WhatsApp
 * `phones`, RCS `numbers`, email `recipients`; as kept (numbers in international form, repeats dropped unless an RCS
 * create said to keep them, addresses lower-cased). An audience resolved from contacts or subscribers gives none: its
 * criteria are what it was created with.
 */
function givenList(c: CampaignSummary, addresses: () => string[]): Record<string, unknown> {
  const config = c.config as Record<string, unknown>;
  switch (c.channel) {
    case 'sms': return config.audienceType === 'manual' ? { audienceCriteria: { phones: addresses() } } : {};
    case 'whatsapp': return config.audienceType === undefined ? { phones: addresses() } : {};
    case 'rcs': return config.audience === 'list' ? { numbers: addresses() } : {};
    case 'email': return config.audience === 'list' ? { recipients: addresses() } : {};
    default: return {};
  }
}

/**
 * The full record on every channel (email's too): the list item, the configuration (a list's numbers or addresses
 * included), the schedule's zone, the price, timestamps and counts.
 */
export const detail = (campaigns: CampaignsService, item: (c: CampaignSummary) => object, channel: 'whatsapp' | 'sms' | 'rcs' | 'email') => (orgId: string, id: string, caller: Caller) => {
  const c = campaigns.get(orgId, id, channel);
  return {
    ...item(c), ...c.config, ...givenList(c, () => campaigns.addresses(orgId, id)), scheduleTimezone: c.scheduleTimezone, launchedAt: c.launchedAt,
    startedAt: c.startedAt, completedAt: c.completedAt, cancelledAt: c.cancelledAt, refundedRecipients: c.refundedRecipients, pricePaise: c.pricePaise,
    counts: { ...c.counts, ...consoleBlocked(campaigns, caller, orgId, id) }, ...consoleFailureReasons(campaigns, caller, orgId, id),
  };
};

/** The create answer of a WhatsApp campaign (seed: its create result, plus `duplicatesRemoved`). */
const waCreated = (c: CampaignSummary) => ({
  id: c.id, name: c.name, status: c.status, templateId: (c.config as WaCampaignConfig).templateId, totalRecipients: c.totalRecipients,
  duplicatesRemoved: c.config.duplicatesRemoved, scheduledAt: c.scheduledAt, scheduleTimezone: c.scheduleTimezone, createdAt: c.createdAt,
});

export function campaignRoutes(deps: {
  campaigns: CampaignsService; whatsapp: WhatsappService; sms: SmsService; rcs: RcsService; clock: Clock; db: Db;
} & PreviewDeps) {
  const { campaigns, clock } = deps;
  // Every contact or a segment, read when the campaign launches (SMS; WhatsApp made in the console).
  const audience = (orgId: string) => launchAudience(deps.contacts, orgId);
  return [
    ...(['whatsapp', 'sms', 'rcs', 'email'] as const).flatMap((channel) => [failuresRoute(campaigns, deps.contacts, channel), spendRoute(campaigns, channel)]),
    ...(['sms', 'rcs'] as const).map((channel) => analyticsRoute(campaigns, channel)),
    defineRoute({
      method: 'POST', path: '/dashboard/campaigns/audience-preview', scope: 'dashboard', body: audiencePreviewBodySchema,
      handler: ({ orgId, body }) => previewAudience(deps, orgId, body),
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/campaigns', scope: 'whatsapp:campaigns:read', console: true, query: listQuery, response: listAnswer(waCampaignItemSchema),
      handler: ({ orgId, query, caller }) => { const page = campaigns.list(orgId, 'whatsapp', query.status, toPageRequest(query)); return { ...page, data: page.data.map(listRow(waItem, caller, (id) => campaigns.blocked(orgId, id))) }; },
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/campaigns/:id', scope: 'whatsapp:campaigns:read', console: true, params, response: campaignDetailSchema(waCampaignItemSchema),
      handler: ({ orgId, params: p, caller }) => detail(campaigns, waItem, 'whatsapp')(orgId, p.id, caller),
    }),
    defineRoute({
      method: 'GET', path: '/v1/whatsapp/campaigns/:id/analytics', scope: 'whatsapp:campaigns:read', console: true, params, response: campaignAnalyticsSchema,
      handler: ({ orgId, params: p, caller }) => analyticsAnswer(campaigns, caller, orgId, p.id, 'whatsapp'),
    }),
    // The seed's create on /v1; the console's own takes every contact or a segment too (createWaConsoleCampaignBodySchema).
    defineRoute({
      method: 'POST', path: '/v1/whatsapp/campaigns', scope: 'whatsapp:campaigns:write', idempotent: 'resumable', status: 201, body: createWaCampaignBodySchema, response: waCampaignCreatedSchema,
      handler: ({ orgId, body, keyedId }) => waCreated(campaigns.create(orgId, () => whatsappCampaign(clock, deps.whatsapp, orgId, body), keyedId?.('cmp', 'campaign'))),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/whatsapp/campaigns', scope: 'dashboard', status: 201, body: createWaConsoleCampaignBodySchema.extend({ organizationId: z.string().optional() }),
      handler: ({ orgId, body }) => waCreated(campaigns.create(orgId, () => whatsappCampaign(clock, deps.whatsapp, orgId, body))),
    }),
    defineRoute({
      method: 'POST', path: '/v1/whatsapp/campaigns/:id/launch', scope: 'whatsapp:campaigns:write', console: true, status: 202, params, response: launchResultSchema,
      handler: ({ orgId, params: p }) => campaigns.launch(orgId, p.id, 'whatsapp', audience(orgId)),
    }),
    deleteDraftRoute(campaigns, 'whatsapp'),
    createAndLaunchRoute(deps, 'whatsapp', {
      body: createWaConsoleCampaignBodySchema, create: (orgId, body) => whatsappCampaign(clock, deps.whatsapp, orgId, body), audience, answer: waItem,
    }),
    defineRoute({
      method: 'POST', path: '/v1/whatsapp/campaigns/:id/cancel', scope: 'whatsapp:campaigns:write', console: true, params, response: cancelResultSchema,
      handler: ({ orgId, params: p }) => campaigns.cancel(orgId, p.id, 'whatsapp'),
    }),

    defineRoute({
      method: 'GET', path: '/v1/sms/campaigns', scope: 'sms:campaigns:read', console: true, query: listQuery, response: listAnswer(smsCampaignItemSchema),
      handler: ({ orgId, query, caller }) => { const page = campaigns.list(orgId, 'sms', query.status, toPageRequest(query)); return { ...page, data: page.data.map(listRow(smsItem, caller, (id) => campaigns.blocked(orgId, id))) }; },
    }),
    defineRoute({
      method: 'GET', path: '/v1/sms/campaigns/:id', scope: 'sms:campaigns:read', console: true, params, response: campaignDetailSchema(smsCampaignItemSchema),
      handler: ({ orgId, params: p, caller }) => detail(campaigns, smsItem, 'sms')(orgId, p.id, caller),
    }),
    defineRoute({
      method: 'POST', path: '/v1/sms/campaigns', scope: 'sms:campaigns:write', console: true, idempotent: 'resumable', status: 201, body: createSmsCampaignBodySchema, response: smsCampaignCreatedSchema,
      handler: ({ orgId, body, keyedId }) => {
        const c = campaigns.create(orgId, () => smsCampaign(clock, deps.sms, orgId, body), keyedId?.('cmp', 'campaign'));
        const config = c.config as SmsCampaignConfig;
        return {
          id: c.id, name: c.name, status: c.status, route: config.route, senderId: config.senderId, audienceType: config.audienceType,
          totalRecipients: c.totalRecipients, scheduledAt: c.scheduledAt, createdAt: c.createdAt,
        };
      },
    }),
    defineRoute({
      method: 'POST', path: '/v1/sms/campaigns/:id/launch', scope: 'sms:campaigns:write', console: true, status: 202, params, response: launchResultSchema,
      handler: ({ orgId, params: p }) => campaigns.launch(orgId, p.id, 'sms', audience(orgId)),
    }),
    defineRoute({
      method: 'POST', path: '/v1/sms/campaigns/:id/cancel', scope: 'sms:campaigns:write', console: true, params, response: cancelResultSchema,
      handler: ({ orgId, params: p }) => campaigns.cancel(orgId, p.id, 'sms'),
    }),
    createAndLaunchRoute(deps, 'sms', {
      body: createSmsCampaignBodySchema,
      create: (orgId, body) => smsCampaign(clock, deps.sms, orgId, body),
      audience,
      answer: (c) => ({ ...smsItem(c), audienceType: (c.config as SmsCampaignConfig).audienceType }),
    }),
    deleteDraftRoute(campaigns, 'sms'),

    defineRoute({
      method: 'POST', path: '/v1/rcs/campaigns', scope: 'rcs:campaigns:write', console: true, idempotent: 'resumable', status: 202, body: createRcsCampaignBodySchema, response: rcsCampaignCreatedSchema,
      handler: ({ orgId, body, keyedId }) => {
        const id = keyedId?.('cmp', 'campaign');
        // Run again under its key after a stop: created and launched then, answered as it is now (its template not checked again).
        const done = id ? campaigns.find(orgId, id) : null;
        // Created and launched in one transaction: a refusal (the wallet, the template, the fallback) leaves nothing behind.
        const { created, launch } = done ? { created: done, launch: { status: done.status === 'SCHEDULED' ? 'scheduled' : 'queued' } } : deps.db.tx(() => {
          const draft = campaigns.create(orgId, rcsCampaign(clock, deps.rcs.approvedTemplate(orgId, body.templateId), body), id);
          const everyContact = body.numbers ? undefined : rcsLaunchAudience(deps.contacts, orgId);
          return { created: draft, launch: campaigns.launch(orgId, draft.id, 'rcs', everyContact) };
        });
        const c = campaigns.get(orgId, created.id, 'rcs');
        return { ...rcsItem(c), status: c.status, dispatch: launch.status, duplicatesRemoved: c.config.duplicatesRemoved };
      },
    }),
    defineRoute({
      method: 'GET', path: '/v1/rcs/campaigns', scope: 'rcs:campaigns:read', console: true, query: listQuery, response: listAnswer(rcsCampaignItemSchema),
      handler: ({ orgId, query, caller }) => { const page = campaigns.list(orgId, 'rcs', query.status, toPageRequest(query)); return { ...page, data: page.data.map(listRow(rcsItem, caller, (id) => campaigns.blocked(orgId, id))) }; },
    }),
    defineRoute({
      method: 'GET', path: '/v1/rcs/campaigns/:id', scope: 'rcs:campaigns:read', console: true, params, response: campaignDetailSchema(rcsCampaignItemSchema),
      handler: ({ orgId, params: p, caller }) => detail(campaigns, rcsItem, 'rcs')(orgId, p.id, caller),
    }),
    defineRoute({
      method: 'POST', path: '/v1/rcs/campaigns/:id/cancel', scope: 'rcs:campaigns:write', console: true, params, response: cancelResultSchema,
      handler: ({ orgId, params: p }) => campaigns.cancel(orgId, p.id, 'rcs'),
    }),
  ];
}
