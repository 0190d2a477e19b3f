// How a campaign is settled: its counts, its reservation at launch (the blocked left out) and given back, the messages a failed dispatch left queued
// failed through the send path, its completion and its progress event. Shared by the engine (campaigns.service.ts)
// and by what settles a campaign whose job gave up (`abandon`).
import type { CampaignCounts } from '../../contract/campaigns.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import type { MessagingService } from '../messaging/index.ts';
import { refundLine, type WalletService } from '../wallet/index.ts';
import type { CampaignChannels } from './campaign-channels.ts';
import type { CampaignRow, CampaignsStore } from './campaigns.store.ts';

/** A campaign's numbers, from the counters on its row. */
export const toCounts = (row: CampaignRow): CampaignCounts => ({
  totalRecipients: row.total_recipients, pending: row.total_recipients - row.sent_count - row.failed_count - row.cancelled_count,
  sent: row.sent_count, delivered: row.delivered_count, read: row.read_count, failed: row.failed_count, cancelled: row.cancelled_count,
  clicked: row.clicked_count, replied: row.replied_count, converted: row.converted_count, complained: row.complained_count,
});

/** How a campaign's ledger lines name it: its charge at launch and every refund alike. */
export const forWhat = (row: Pick<CampaignRow, 'name'>): string => `campaign "${row.name}"`;
/** A refund line of `n` recipients never handed over, and why (`cancelled`, `its dispatch failed`). */
export const unsentLine = (row: Pick<CampaignRow, 'name'>, n: number, reason: string): string =>
  refundLine(forWhat(row), `${n} unsent recipient${n === 1 ? '' : 's'}`, reason);

/** Which of a campaign's jobs gave up on it: its dispatch, or its scheduled start (before anything was sent). */
export type GivenUpBy = 'dispatch' | 'scheduled start';

export function campaignSettlement(deps: {
  store: CampaignsStore; db: Db; clock: Clock; bus: Bus; messaging: MessagingService; wallet: WalletService; channels: CampaignChannels;
  /** Messages a slice under way is sending: it records their outcome itself, so they are not given up on. */
  dispatching: ReadonlySet<string>;
  /** A campaign's figures changed: for the console's stream (`campaigns:changed`). */
  changed: ChangeNotice;
}) {
  const { store, db, clock, bus, messaging, wallet, dispatching } = deps;
  const billedAs = (row: CampaignRow) => deps.channels[row.channel as keyof CampaignChannels].billedAs;
  const fresh = (row: CampaignRow): CampaignRow => store.byId(row.org_id, row.id) as CampaignRow;

  /** Gives back what `n` recipients were charged at launch (paise, or email credits). In a transaction. */
  function release(row: CampaignRow, n: number, description: string): void {
    const billed = billedAs(row);
    if (billed === 'email') wallet.refundEmailCredits(row.org_id, { type: 'campaign', id: row.id }, n, description);
    else wallet.refund(row.org_id, billed, { type: 'campaign', id: row.id }, n * row.price_paise, description);
  }

  /**
   * A launch's reservation (in its transaction): recipients whose contact is blocked (or opted out) now fail at once as
   * blocked, with the refusal their dispatch would get, and are not charged; the wallet pays for the others (paise at the
   * channel's price, or email credits), in one line naming the campaign, refused (INSUFFICIENT_BALANCE or _CREDITS) when
   * short. A contact blocked after this is refused at dispatch and refunded. Returns the price of one recipient.
   */
  function reserve(row: CampaignRow): number {
    const refused = deps.channels[row.channel as keyof CampaignChannels].blocked(row.org_id).map((b) => ({ address: b.address, error: b.refusal.message }));
    const charged = fresh(row).total_recipients - store.failBlocked(row.id, refused);
    const billed = billedAs(row);
    const reference = { type: 'campaign', id: row.id } as const;
    if (charged > 0 && billed === 'email') wallet.spendEmailCredit(row.org_id, reference, { quantity: charged, forWhat: forWhat(row) });
    else if (charged > 0 && billed !== 'email') wallet.charge(row.org_id, billed, reference, { quantity: charged, forWhat: forWhat(row) });
    return billed === 'email' ? 0 : wallet.priceOf(row.org_id, billed);
  }

  /**
   * Fails the campaign's messages still queued that no slice is sending now (their dispatch failed, for good or until
   * its retry), through the send path with `code` and `reason`, as the start's recovery fails an interrupted one:
   * refunded per message (an RCS campaign's SMS fallback as RCS), their status events emitted, their recipients failed
   * by `onStatus`; `summary`: the reason in a few words, for their refund lines. Answers how many it failed.
   */
  function giveUpQueued(row: CampaignRow, code: string, reason: string, summary: string): Promise<number> {
    const ids = store.inState(row.id, 'sending', row.total_recipients).flatMap((r) => (r.message_id && !dispatching.has(r.message_id) ? [r.message_id] : []));
    const paidAs = billedAs(row);
    return messaging.giveUpQueued(ids, { ok: false, code, message: reason, summary }, paidAs === 'email' ? undefined : paidAs);
  }

  /** The campaign's progress event, at launch, after each dispatch chunk, at a cancel and at its end; the console's notice too. */
  function progress(stale: CampaignRow): void {
    const row = fresh(stale);
    const counts = toCounts(row);
    deps.changed(row.org_id, row.id);
    bus.emit(row.org_id, 'campaign.progress', {
      campaignId: row.id, channel: row.channel, status: row.status, totalRecipients: counts.totalRecipients,
      sent: counts.sent, failed: counts.failed, pending: counts.pending, cancelled: counts.cancelled,
    });
  }

  /**
   * A RUNNING campaign with no recipient left pending completes (its progress emitted); returns whether it did. So does a
   * SCHEDULED one, whose every recipient its start, giving up, failed (see `abandon`).
   */
  function complete(orgId: string, id: string): boolean {
    return db.tx(() => {
      const row = store.byId(orgId, id);
      if (!row || (row.status !== 'RUNNING' && row.status !== 'SCHEDULED')) return false;
      if (toCounts(row).pending > 0) return false;
      store.update(id, { status: 'COMPLETED', completed_at: clock.nowIso() });
      progress(row);
      return true;
    });
  }

  /**
   * A job of the campaign failed its last attempt (`error`: why): its dispatch, or its scheduled start (`by`). What it
   * left is settled now, not at the next start: the messages a dispatch left queued fail through the send path
   * (refunded, their status events emitted, their recipients failed by `onStatus`), as the start's recovery fails an
   * interrupted one; recipients never handed over (every one, for a start that never ran) fail and are refunded in one
   * line, counted in `refundedRecipients` as a cancel counts; the campaign then completes with them counted failed.
   */
  async function abandon(orgId: string, id: string, error: string, by: GivenUpBy = 'dispatch'): Promise<void> {
    const row = store.byId(orgId, id);
    if (!row) return;
    const reason = `Not sent: the campaign's ${by} failed (${error})`;
    await giveUpQueued(row, 'DISPATCH_FAILED', reason, `its ${by} failed`);
    db.tx(() => {
      const unsent = store.failPending(id, reason, 'DISPATCH_FAILED');
      if (unsent > 0) {
        release(row, unsent, unsentLine(row, unsent, `its ${by} failed`));
        // Counted as a cancel counts its one refund line (the messages failed above are refunded by their own).
        store.update(id, { refunded_recipients: fresh(row).refunded_recipients + unsent });
      }
      if (!complete(orgId, id)) progress(row);
    });
  }

  return { billedAs, fresh, reserve, release, giveUpQueued, progress, complete, abandon };
}
export type CampaignSettlement = ReturnType<typeof campaignSettlement>;
