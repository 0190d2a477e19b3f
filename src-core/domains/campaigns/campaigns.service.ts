// The campaign engine, the same for every channel: recipients are rows with their own state, the wallet
// is charged at launch for all of them but the blocked, chunks are durable jobs, and a restart resumes exactly where it
// stopped (a recipient caught mid-send is resumed with its message id, never sent twice).
import { EMAIL_BOUNCED, failureReasonLabel, type CampaignFailureReason } from '../../contract/campaign-failures.ts';
import type { CampaignCounts, CampaignFailure, CampaignStatus, CampaignSummary, CancelResult, LaunchResult } from '../../contract/campaigns.ts';
import { percentOf, type ListEnvelope } from '../../contract/common.ts';
import type { Message } from '../../contract/messaging.ts';
import type { ReferenceTotals } from '../../contract/wallet.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, conflict, invalidField, notFound } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import { yieldToIo, type JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { failureSummary, type MessagingService, type OutboundInput, type PaidBy } from '../messaging/index.ts';
import { refundLine, type WalletService } from '../wallet/index.ts';
import { RecipientRefusal, refusalCode, type CampaignChannels, type ChannelPlan } from './campaign-channels.ts';
import { campaignRates } from './campaign-rates.ts';
import { campaignSettlement, forWhat, toCounts, unsentLine } from './campaign-settlement.ts';
import type { CampaignRow, CampaignsStore, RecipientRow } from './campaigns.store.ts';

export const DISPATCH_JOB = 'campaign.dispatch';
export const START_JOB = 'campaign.start';
/** Recipients one dispatch job handles (its last slice may take it a little past) before it hands over to the next. */
export const CHUNK = 200;
/**
 * A slice (recipients sent in one transaction, between two yields to pending HTTP requests) aims to
 * take this long: long enough that commits are few (each costs about as much as ten recipients), short
 * enough that a request arriving mid-slice waits little. The size follows the time the last one took.
 */
const SLICE_BUDGET_MS = 12;
export const SLICE_MIN = 5;
const SLICE_MAX = 200;
export const nextSlice = (size: number, tookMs: number): number =>
  Math.max(SLICE_MIN, Math.min(SLICE_MAX, Math.round((size * SLICE_BUDGET_MS) / Math.max(tookMs, 0.5))));
/** A customer's message within this time of a campaign message counts as a reply to it. */
export const REPLY_WINDOW_MS = 72 * 3600 * 1000;

export type NewCampaign = {
  channel: CampaignRow['channel']; name: string; config: Record<string, unknown>; addresses: string[];
  scheduledAt: string | null; scheduleTimezone: string | null;
};

/** Why a cancel fails a message its failed dispatch left queued (see `cancel`). */
const CANCELLED_UNANSWERED = 'Not sent: the campaign was cancelled while its dispatch was failing (the provider may or may not have it)';

class CampaignStopped extends Error {}

/**
 * The code a failed campaign message leaves on its recipient: the failure's own (the provider's, a dispatch or a cancel
 * giving up); an email failing after it was sent without one bounced, as the email service reads it. Null otherwise.
 */
const failureCode = (message: Message): string | null => {
  if (message.status !== 'failed') return null;
  return message.errorCode ?? (message.channel === 'email' && message.sentAt ? EMAIL_BOUNCED : null);
};
const SETTLED: Partial<Record<string, 'sent' | 'delivered' | 'read'>> = { sent: 'sent', delivered: 'delivered', read: 'read' };

export function createCampaignsService(deps: {
  store: CampaignsStore; db: Db; clock: Clock; bus: Bus; jobs: JobRunner; messaging: MessagingService; wallet: WalletService; channels: CampaignChannels;
  /**
   * A campaign's figures changed (made, launched, started, a chunk dispatched, a receipt, an engagement, completed,
   * cancelled, deleted): for the console's stream (`campaigns:changed`), gathered per turn, after commit.
   */
  changed: ChangeNotice;
}) {
  const { store, db, clock, bus, jobs, messaging, wallet, changed } = deps;
  /** The current slice size (see SLICE_BUDGET_MS); starts small, as the first sends run cold. */
  let slice = 10;
  /** Messages a slice under way is sending: it records their outcome on its recipients itself. */
  const dispatching = new Set<string>();
  const settlement = campaignSettlement({ store, db, clock, bus, messaging, wallet, channels: deps.channels, dispatching, changed });
  const { billedAs, fresh, reserve, release, giveUpQueued, progress, complete } = settlement;

  function mustGet(orgId: string, id: string, channel?: string): CampaignRow {
    const row = store.byId(orgId, id);
    if (!row || (channel && row.channel !== channel)) throw notFound(`Campaign ${id}`);
    return row;
  }
  const configOf = (row: CampaignRow) => JSON.parse(row.config) as Record<string, unknown>;

  function summary(row: CampaignRow): CampaignSummary {
    const counts = toCounts(row);
    return {
      id: row.id, channel: row.channel as CampaignSummary['channel'], name: row.name, status: row.status as CampaignStatus,
      totalRecipients: row.total_recipients, sentCount: counts.sent, deliveredCount: counts.delivered, scheduledAt: row.scheduled_at,
      scheduleTimezone: row.schedule_timezone, createdAt: row.created_at, launchedAt: row.launched_at, startedAt: row.started_at,
      completedAt: row.completed_at, cancelledAt: row.cancelled_at, refundedRecipients: row.refunded_recipients, pricePaise: row.price_paise,
      counts, config: configOf(row),
    };
  }

  /**
   * Sends a slice of recipients (or resumes them) through the shared send path, exactly once whatever
   * came between: each recipient is marked `sending` with its message id in the transaction that queues
   * the message, so a restart finds it and resumes that message instead of sending another.
   */
  async function sendSlice(row: CampaignRow, plan: ChannelPlan, recipients: RecipientRow[]): Promise<void> {
    /** The messages this slice queued: their status is this slice's to record on the recipients (see `onStatus`). */
    const queued: string[] = [];
    const refused: Array<{ recipient: RecipientRow; error: AppError }> = [];
    const outbound: Array<{ recipient: RecipientRow; input: OutboundInput }> = [];
    // An RCS campaign's SMS fallback was paid as RCS: a failure refunds it as RCS.
    const paidAs = billedAs(row);
    for (const recipient of recipients) {
      try {
        const composed = plan.compose(recipient.address);
        outbound.push({
          recipient,
          input: {
            // A recipient caught mid-send resumes its message; a fresh one gets its id from the send path.
            ...composed, ...(recipient.message_id ? { messageId: recipient.message_id } : {}), prepaidPaise: row.price_paise,
            ...(paidAs === 'email' ? {} : { prepaidAs: paidAs }),
            content: { ...composed.content, campaignId: row.id },
            // Its name draws the simulated world's replies (sim/fixtures.ts), the same on every database.
            payload: { ...composed.payload, campaignId: row.id, campaignName: row.name },
            // A cancel moves pending recipients to `cancelled` in one transaction: this one then stops here, before anything is sent.
            onQueued: (id) => {
              if (!store.markSending(row.id, recipient.seq, id)) throw new CampaignStopped();
              queued.push(id);
              dispatching.add(id);
            },
            onSettled: (message: Message) => store.settle(row.id, recipient.seq, SETTLED[message.status] ?? 'failed', message.errorMessage, failureCode(message)),
          },
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push({ recipient, error });
      }
    }
    let answers: Awaited<ReturnType<typeof messaging.sendMany>>;
    try {
      answers = await messaging.sendMany(outbound.map((o) => o.input));
    } finally {
      for (const id of queued) dispatching.delete(id);
    }
    answers.forEach((answer, i) => {
      if (!('error' in answer) || answer.error instanceof CampaignStopped) return;
      if (!(answer.error instanceof AppError)) throw answer.error;
      refused.push({ recipient: (outbound[i] as { recipient: RecipientRow }).recipient, error: answer.error });
    });
    if (refused.length === 0) return;
    // Refused before anything went out (a blocked contact, a template gone): failed, and the reservation given back.
    db.tx(() => {
      for (const { recipient, error } of refused) {
        store.settle(row.id, recipient.seq, 'failed', error.message, refusalCode(error));
        release(row, 1, refundLine(forWhat(row), `${recipient.address} not sent`, failureSummary(error)));
      }
    });
  }

  function start(orgId: string, row: CampaignRow): void {
    store.update(row.id, { status: 'RUNNING', started_at: clock.nowIso() });
    changed(orgId, row.id);
    jobs.schedule({ type: DISPATCH_JOB, orgId, payload: { campaignId: row.id } });
  }

  return {
    get: (orgId: string, id: string, channel?: string): CampaignSummary => summary(mustGet(orgId, id, channel)),
    list(orgId: string, channel: string, status: string | undefined, page: PageRequest): ListEnvelope<CampaignSummary> {
      const { rows, total } = store.list(orgId, channel, status, page.limit, page.offset);
      return pageEnvelope(rows.map(summary), total, page);
    },
    /** A campaign's recipients' addresses, in list order (a list's, as the create kept them). */
    addresses: (orgId: string, id: string): string[] => store.addresses(mustGet(orgId, id).id),
    /** The campaign with this id, if there is one (of this organization). */
    find(orgId: string, id: string): CampaignSummary | null {
      const row = store.byId(orgId, id);
      return row ? summary(row) : null;
    },
    /**
     * A new DRAFT with its recipients: `input` is the channel's validated campaign, or makes it (run only for a
     * new one). With `id` (a keyed request's, run again after a stop), a campaign that already has it is
     * answered as it is now, before the channel checks it again (its template may be rejected since), not created twice.
     */
    create(orgId: string, make: NewCampaign | (() => NewCampaign), id: string = newId('cmp')): CampaignSummary {
      const existing = store.byId(orgId, id);
      if (existing) return summary(existing);
      const input = typeof make === 'function' ? make() : make;
      db.tx(() => {
        store.insert({
          id, org_id: orgId, channel: input.channel, name: input.name, status: 'DRAFT', config: JSON.stringify(input.config), total_recipients: 0,
          scheduled_at: input.scheduledAt, schedule_timezone: input.scheduleTimezone, created_at: clock.nowIso(),
        });
        store.addRecipients(id, input.addresses);
        changed(orgId, id);
      });
      return summary(mustGet(orgId, id));
    },
    /**
     * DRAFT → SCHEDULED (a future `scheduledAt`) or RUNNING (at once; answered `queued`). The channel checks the campaign
     * can go out, and the wallet is charged in the same transaction for every recipient not blocked then (see `reserve`):
     * a scheduled campaign too, at its launch, not at its start.
     */
    launch(orgId: string, id: string, channel: string, audience?: (config: Record<string, unknown>) => string[]): LaunchResult {
      const draft = mustGet(orgId, id, channel);
      if (draft.status !== 'DRAFT') throw conflict(`Campaign ${id} is ${draft.status}; only a DRAFT campaign can be launched`);
      const { settled } = deps.channels[draft.channel as keyof CampaignChannels].plan(orgId, draft);
      const addresses = audience?.(configOf(draft));
      return db.tx(() => {
        const row = mustGet(orgId, id);
        if (row.status !== 'DRAFT') throw conflict(`Campaign ${id} is ${row.status}; only a DRAFT campaign can be launched`);
        // What launch chose stays with the campaign: its detail shows it, and its slices send with it.
        if (settled) store.update(id, { config: JSON.stringify({ ...configOf(row), ...settled }) });
        if (addresses) store.addRecipients(id, addresses);
        if (fresh(row).total_recipients === 0) throw invalidField('The campaign has no recipients: its audience matches no contact with a phone number');
        // The blocked now fail at once, uncharged; the line names the campaign, as its refunds do.
        const price = reserve(row);
        const now = clock.nowIso();
        store.update(id, { price_paise: price, launched_at: now });
        const at = row.scheduled_at ? Date.parse(row.scheduled_at) : null;
        if (at !== null && at > clock.now()) {
          store.update(id, { status: 'SCHEDULED' });
          jobs.schedule({ type: START_JOB, orgId, payload: { campaignId: id }, dueAt: at });
          progress(row);
          return { status: 'scheduled', campaignId: id, scheduledAt: row.scheduled_at };
        }
        // A schedule that passed before the launch is not kept: the campaign reads as what happened, sent at once.
        if (row.scheduled_at !== null) store.update(id, { scheduled_at: null });
        start(orgId, row);
        progress(row);
        return { status: 'queued', campaignId: id, scheduledAt: null };
      });
    },
    /** Deletes a DRAFT (nothing was charged or sent for it); any other state is 409, as it has a history to keep. */
    removeDraft(orgId: string, id: string, channel: string): void {
      db.tx(() => {
        const row = mustGet(orgId, id, channel);
        if (row.status !== 'DRAFT' || !store.removeDraft(id)) throw conflict(`Campaign ${id} is ${row.status}; only a DRAFT campaign can be deleted`);
        changed(orgId, id);
      });
    },
    /**
     * SCHEDULED or RUNNING → CANCELLED: recipients not yet handed to the provider (`pending`) are cancelled and their
     * reservation refunded. Those already handed over (`sending`) end as their messages do, sent (paid for) or failed
     * (refunded by the send path): their outcome comes with the slice under way, or after a stop with the start's
     * recovery of queued messages (`onStatus`). A message queued that no slice is sending (its dispatch failed and
     * waits to retry, which the cancel stops) fails now, refunded, as a dispatch that gave up fails it.
     */
    async cancel(orgId: string, id: string, channel: string): Promise<CancelResult> {
      const { row, unsent } = db.tx(() => {
        const row = mustGet(orgId, id, channel);
        if (row.status !== 'SCHEDULED' && row.status !== 'RUNNING') {
          throw conflict(`Campaign ${id} is ${row.status}; only a SCHEDULED or RUNNING campaign can be cancelled`);
        }
        const unsent = store.cancelPending(id);
        release(row, unsent, unsentLine(row, unsent, 'cancelled'));
        store.update(id, { status: 'CANCELLED', cancelled_at: clock.nowIso(), refunded_recipients: unsent });
        progress(row);
        return { row, unsent };
      });
      if (await giveUpQueued(row, 'CAMPAIGN_CANCELLED', CANCELLED_UNANSWERED, 'cancelled while its dispatch was failing') > 0) db.tx(() => progress(row));
      return { success: true, campaignId: id, refundedRecipients: unsent };
    },
    analytics(orgId: string, id: string, channel: string) {
      const row = mustGet(orgId, id, channel);
      const c = toCounts(row);
      return {
        campaignId: id, totalRecipients: c.totalRecipients, sent: c.sent, delivered: c.delivered, read: c.read, clicked: c.clicked, replied: c.replied,
        converted: c.converted, failed: c.failed, ...campaignRates(c),
        ...(row.channel === 'email' ? { complained: c.complained, complaintRate: percentOf(c.complained, c.delivered) } : {}),
      };
    },
    /** What the wallet's lines for the campaign add up to: its launch charge (or email credits) and every refund of it. */
    spend(orgId: string, id: string, channel: string): ReferenceTotals {
      mustGet(orgId, id, channel);
      return wallet.totalsFor(orgId, { type: 'campaign', id });
    },
    /** A campaign message (its content names its campaign) was paid at the campaign's launch: its refund goes back there. */
    paidBy(orgId: string, source: string, content: Record<string, unknown>): PaidBy | null {
      if (source !== 'CAMPAIGN' || typeof content.campaignId !== 'string') return null;
      const row = store.byId(orgId, content.campaignId);
      return row ? { reference: { type: 'campaign', id: row.id }, forWhat: forWhat(row) } : null;
    },
    /**
     * The failed recipients, in list order, each with its reason: the refusal (a blocked contact with its
     * reason, no WhatsApp account, the wallet...) or the provider's failure; an email failing after it was
     * accepted without one bounced.
     */
    failures(orgId: string, id: string, channel: string, page: PageRequest): ListEnvelope<CampaignFailure> {
      const row = mustGet(orgId, id, channel);
      const { rows, total } = store.failures(id, page.limit, page.offset);
      const unexplained = row.channel === 'email' ? 'Bounced' : 'Failed after sending (the provider gave no reason)';
      return pageEnvelope(rows.map((r) => ({ address: r.address, reason: r.error ?? unexplained, messageId: r.message_id, code: r.error_code })), total, page);
    },
    /** Of the campaign's failed recipients, those refused because their contact is blocked: they never became messages. */
    blocked: (orgId: string, id: string, channel?: string): number => store.blockedCount(mustGet(orgId, id, channel).id),
    /** The failed recipients that are not blocked, by reason (each code in words), most first; those without a code are Other. */
    failureReasons: (orgId: string, id: string, channel?: string): CampaignFailureReason[] =>
      store.failureReasons(mustGet(orgId, id, channel).id).map(({ code, count }) => ({ code, label: failureReasonLabel(code), count })),
    /** The counters kept on the campaign row against a recount of its recipient rows. */
    audit(orgId: string, id: string) {
      const kept = toCounts(mustGet(orgId, id));
      const rows = store.recount(id);
      const recounted: CampaignCounts = {
        totalRecipients: rows.total, pending: rows.pending + rows.sending, sent: rows.sent, delivered: rows.delivered, read: rows.read, failed: rows.failed,
        cancelled: rows.cancelled, clicked: rows.clicked, replied: rows.replied, converted: rows.converted, complained: rows.complained,
      };
      return { kept, recounted, consistent: JSON.stringify(kept) === JSON.stringify(recounted) };
    },
    /** Job: a SCHEDULED campaign's time has come. */
    startScheduled(orgId: string, id: string): void {
      db.tx(() => {
        const row = store.byId(orgId, id);
        if (row?.status === 'SCHEDULED') start(orgId, row);
      });
    },
    /** Job: the dispatch or the scheduled start failed its last attempt (`error`: why): what it left is settled now (see `campaign-settlement.ts`). */
    abandon: settlement.abandon,
    /** Job: sends the next chunk (first resuming recipients caught mid-send), then hands over or completes. */
    async dispatch(orgId: string, id: string): Promise<void> {
      const row = store.byId(orgId, id);
      if (!row || row.status !== 'RUNNING') return;
      let plan: ChannelPlan;
      try {
        plan = deps.channels[row.channel as keyof CampaignChannels].plan(orgId, row);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Its template or sender gone since the launch: every recipient refused for it (`CAMPAIGN_NOT_SENDABLE` unless the channel said which).
        const refusal = error instanceof RecipientRefusal ? error : new RecipientRefusal('CAMPAIGN_NOT_SENDABLE', error);
        plan = { compose: () => { throw refusal; } };
      }
      let done = 0;
      for (const state of ['sending', 'pending'] as const) {
        while (done < CHUNK) {
          const batch = store.inState(id, state, slice);
          if (batch.length === 0) break;
          const started = performance.now();
          await sendSlice(row, plan, batch);
          slice = nextSlice(batch.length, performance.now() - started);
          done += batch.length;
          await yieldToIo();
          if (store.byId(orgId, id)?.status !== 'RUNNING') return;
        }
      }
      if (toCounts(fresh(row)).pending === 0) {
        complete(orgId, id);
        return;
      }
      db.tx(() => {
        progress(row);
        jobs.schedule({ type: DISPATCH_JOB, orgId, payload: { campaignId: id } });
      });
    },
    /**
     * A campaign message's status moves its recipient forward: a receipt, or the provider's answer to its send, also
     * the one the start's recovery gets for a send a stop cut off (of a campaign cancelled since, too, see `cancel`).
     * A recipient settled out of any slice may be the last its RUNNING campaign waited for, with no dispatch left to
     * complete it (one that gave up, and failed to fail its queued messages, before a stop): it completes it.
     */
    onStatus(orgId: string, message: Message): void {
      if (message.source !== 'CAMPAIGN' || message.direction !== 'outbound') return;
      const { status } = message;
      // The slice sending a message settles its recipient itself (`onSettled`, by its place: no lookup).
      if ((status === 'sent' || status === 'failed') && dispatching.has(message.id)) return;
      if (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed') return;
      const moved = store.advance(message.id, status, message.errorMessage, failureCode(message));
      if (!moved) return;
      changed(orgId, moved.campaignId);
      if (moved.from === 'sending') complete(orgId, moved.campaignId);
    },
    /** A customer's message within 72 hours of a campaign message to them is a reply to it. */
    onReceived(orgId: string, message: Message): void {
      const since = new Date(Date.parse(message.createdAt) - REPLY_WINDOW_MS).toISOString();
      const messageId = store.latestTo(orgId, message.channel, message.address, since);
      const campaignId = messageId ? store.engage('replied', messageId, message.createdAt) : null;
      if (campaignId) changed(orgId, campaignId);
    },
    /** A tracked click on a campaign message's link or button, a conversion reported for it, or a spam complaint about it. */
    track(orgId: string, messageId: string, kind: 'clicked' | 'converted' | 'complained'): boolean {
      const recipient = store.byMessage(messageId);
      if (!recipient || recipient.org_id !== orgId) return false;
      const campaignId = store.engage(kind, messageId, clock.nowIso());
      if (campaignId) changed(orgId, campaignId);
      return campaignId !== null;
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
