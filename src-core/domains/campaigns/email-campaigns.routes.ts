// Email campaigns: the seed lists them (`GET /email/campaigns`); the console creates, launches (or both in
// one transaction) and cancels them on the same engine, each email paid with a credit reserved at launch.
import { z } from 'zod';
import { listAnswer } from '../../contract/answers.ts';
import { campaignListQuerySchema, createEmailCampaignBodySchema, emailCampaignItemSchema, type CampaignSummary, type CreateEmailCampaignInput } from '../../contract/campaigns.ts';
import type { Db } from '../../kernel/db.ts';
import type { Clock } from '../../kernel/clock.ts';
import { paginationQuery, toPageRequest } from '../../kernel/pagination.ts';
import { defineRoute } from '../../kernel/route.ts';
import type { EmailService } from '../email/index.ts';
import type { EmailCampaignConfig } from './campaign-channels.ts';
import { emailLaunchAudience } from './campaign-audience.ts';
import { emailCampaign } from './campaign-inputs.ts';
import { analyticsAnswer, createAndLaunchRoute, deleteDraftRoute, detail, listRow } from './campaigns.routes.ts';
import type { CampaignsService } from './campaigns.service.ts';

const params = z.object({ id: z.string().min(1).max(64) });

const emailItem = (c: CampaignSummary) => {
  const config = c.config as EmailCampaignConfig;
  return {
    id: c.id, name: c.name, status: c.status, templateId: config.templateId, templateName: config.templateName, subject: config.subject,
    fromEmail: config.fromEmail, audience: config.audience, totalRecipients: c.totalRecipients, sentCount: c.sentCount, deliveredCount: c.deliveredCount,
    openedCount: c.counts.read, clickedCount: c.counts.clicked, complainedCount: c.counts.complained, scheduledAt: c.scheduledAt, createdAt: c.createdAt,
  };
};

export function emailCampaignRoutes(deps: { campaigns: CampaignsService; email: EmailService; clock: Clock; db: Db }) {
  const { campaigns } = deps;
  const create = (orgId: string, body: CreateEmailCampaignInput) => emailCampaign(deps.clock, deps.email.prepare(orgId, body).template, body);
  const audience = (orgId: string) => emailLaunchAudience(deps.email, orgId);
  return [
    defineRoute({
      method: 'GET', path: '/v1/email/campaigns', scope: 'email:campaigns:read', console: true, response: listAnswer(emailCampaignItemSchema),
      query: campaignListQuerySchema.extend(paginationQuery({ defaultLimit: 20, maxLimit: 100 }).shape),
      handler: ({ orgId, query, caller }) => {
        const page = campaigns.list(orgId, 'email', query.status, toPageRequest(query));
        return { ...page, data: page.data.map(listRow(emailItem, caller, (id) => campaigns.blocked(orgId, id))) };
      },
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/email/campaigns', scope: 'dashboard', status: 201, idempotent: 'resumable', body: createEmailCampaignBodySchema.extend({ organizationId: z.string().optional() }),
      handler: ({ orgId, body, keyedId }) => emailItem(campaigns.create(orgId, () => create(orgId, body), keyedId?.('cmp', 'campaign'))),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/email/campaigns/:id', scope: 'dashboard', params,
      // The other channels' detail shape: `pricePaise` is 0 (an email is paid with a credit, not from the wallet).
      handler: ({ orgId, params: p, caller }) => detail(campaigns, emailItem, 'email')(orgId, p.id, caller),
    }),
    defineRoute({
      method: 'GET', path: '/dashboard/email/campaigns/:id/analytics', scope: 'dashboard', params,
      handler: ({ orgId, params: p, caller }) => analyticsAnswer(campaigns, caller, orgId, p.id, 'email'),
    }),
    defineRoute({
      method: 'POST', path: '/dashboard/email/campaigns/:id/launch', scope: 'dashboard', status: 202, params,
      handler: ({ orgId, params: p }) => campaigns.launch(orgId, p.id, 'email', audience(orgId)),
    }),
    createAndLaunchRoute(deps, 'email', { body: createEmailCampaignBodySchema, create, audience, answer: emailItem }),
    defineRoute({
      method: 'POST', path: '/dashboard/email/campaigns/:id/cancel', scope: 'dashboard', params,
      handler: ({ orgId, params: p }) => campaigns.cancel(orgId, p.id, 'email'),
    }),
    deleteDraftRoute(campaigns, 'email'),
  ];
}
