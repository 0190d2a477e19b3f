// The rules of money: every charge and refund is a ledger line written in the caller's transaction,
// so the balance always equals the sum of the ledger.
import type { BilledChannel, LedgerEntry, ReferenceTotals, UsageChannel, Wallet } from '../../contract/wallet.ts';
import { BILLED_CHANNELS } from '../../contract/wallet.ts';
import type { ListEnvelope } from '../../contract/common.ts';
import type { Bus } from '../../kernel/bus.ts';
import type { Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import { formatPaise } from '../../contract/common.ts';
import { CHANNEL_NAMES } from '../../contract/messaging.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import type { LedgerRow, NewLedgerLine, WalletRow, WalletStore } from './wallet.store.ts';

/** Prices per message in paise for an organization that has set none. */
export const DEFAULT_PRICES: Record<BilledChannel, number> = { whatsapp: 80, sms: 25, rcs: 30, instagram: 0 };

export type Reference = { type: string; id: string };
/**
 * What a charge pays for, as its ledger line names it: one message to `to` (a single send: `WhatsApp message to
 * Alice Johnson (+14155550101)`, its contact and address, as its refund names the recipient), or `quantity` messages for
 * `forWhat` (a campaign's launch: `WhatsApp messages ×3 · campaign "Diwali blast"`).
 */
export type ChargeFor = { to?: string; quantity?: number; forWhat?: string };
/** The line's words: `noun` for one (`WhatsApp message`), `nouns ×n` for more, then the recipient or what it is for. */
const chargeLine = (noun: string, nouns: string, what: ChargeFor): string => {
  const quantity = what.quantity ?? 1;
  return `${quantity === 1 ? noun : `${nouns} ×${quantity}`}${what.to ? ` to ${what.to}` : ''}${what.forWhat ? ` · ${what.forWhat}` : ''}`;
};

/**
 * A refund line given back to what paid (a campaign at its launch), in one wording whoever writes it: what paid
 * (`campaign "Diwali blast"`, as its charge line names it), who was not sent to (a phone or email, or "3 unsent
 * recipients") and a short reason: `campaign "Diwali blast" · +15005550002 not sent · no WhatsApp account`.
 */
export const refundLine = (forWhat: string, who: string, reason: string): string => `${forWhat} · ${who} · ${reason}`;

const toEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id, kind: row.kind as LedgerEntry['kind'], channel: row.channel, amountPaise: row.amount_paise, emailCredits: row.email_credits,
  balanceAfterPaise: row.balance_after_paise, emailCreditsAfter: row.email_credits_after, referenceType: row.reference_type,
  referenceId: row.reference_id, description: row.description, createdAt: row.created_at,
});

/** 400 INSUFFICIENT_BALANCE: what the messages cost and what the wallet holds, the channel named as users know it (SMS). */
export function insufficientBalance(channel: BilledChannel, quantity: number, amountPaise: number, balancePaise: number): AppError {
  const name = CHANNEL_NAMES[channel];
  const what = quantity === 1 ? `1 ${name} message costs` : `${quantity} ${name} messages cost`;
  return new AppError('INSUFFICIENT_BALANCE', `Insufficient wallet balance: ${what} ${formatPaise(amountPaise)}, the balance is ${formatPaise(balancePaise)}`);
}

export function createWalletService(deps: { store: WalletStore; db: Db; clock: Clock; bus: Pick<Bus, 'publishTransient'> }) {
  const { store, db, clock } = deps;

  /** The organization's wallet, created empty the first time it is needed. */
  function wallet(orgId: string): WalletRow {
    const row = store.get(orgId);
    if (row) return row;
    store.ensure(orgId, clock.nowIso());
    return store.get(orgId) as WalletRow;
  }
  function prices(orgId: string): Record<BilledChannel, number> {
    const set = Object.fromEntries(store.prices(orgId).map((p) => [p.channel, p.price_paise]));
    return Object.fromEntries(BILLED_CHANNELS.map((c) => [c, set[c] ?? DEFAULT_PRICES[c]])) as Record<BilledChannel, number>;
  }
  function record(orgId: string, line: Omit<NewLedgerLine, 'id' | 'org_id' | 'created_at'>): LedgerEntry {
    return toEntry(store.record({ ...line, id: newId('led'), org_id: orgId, created_at: clock.nowIso() }));
  }
  /**
   * Tells the console's stream (`wallet:changed`) that a top-up or a price change moved what sends are possible (an
   * open audience preview says whether there is enough). A send's charge and refund come with its message's events.
   */
  function announce(wallet: Wallet, orgId: string): Wallet {
    deps.bus.publishTransient(orgId, 'wallet.changed', { balancePaise: wallet.balancePaise, emailCredits: wallet.emailCredits });
    return wallet;
  }

  return {
    get(orgId: string): Wallet {
      const row = wallet(orgId);
      return { balancePaise: row.balance_paise, emailCredits: row.email_credits, prices: prices(orgId) };
    },
    priceOf: (orgId: string, channel: BilledChannel): number => prices(orgId)[channel],
    setPrices(orgId: string, next: Partial<Record<BilledChannel, number>>): Wallet {
      db.tx(() => {
        for (const [channel, price] of Object.entries(next)) store.setPrice(orgId, channel, price as number);
      });
      return announce(this.get(orgId), orgId);
    },
    topUp(orgId: string, input: { amountPaise?: number | undefined; emailCredits?: number | undefined; description?: string | undefined }): Wallet {
      db.tx(() => {
        if (input.amountPaise) {
          record(orgId, { kind: 'top_up', channel: null, amount_paise: input.amountPaise, email_credits: 0, reference_type: null, reference_id: null,
            description: input.description ?? `Top-up of ${formatPaise(input.amountPaise)}` });
        }
        if (input.emailCredits) {
          record(orgId, { kind: 'email_credits_added', channel: null, amount_paise: 0, email_credits: input.emailCredits, reference_type: null,
            reference_id: null, description: input.description ?? `${input.emailCredits} email credits added` });
        }
      });
      return announce(this.get(orgId), orgId);
    },
    /**
     * Charges one message (to `what.to`), or `what.quantity` (a campaign's launch, its line naming `what.forWhat`), on a
     * billed channel; must run inside the send's transaction. The line names the channel as users know it (`WhatsApp
     * messages ×3`) and a single send's recipient, as a failed message's refund does.
     * An empty wallet refuses the send with 400 INSUFFICIENT_BALANCE (nothing is sent or charged). A send priced 0
     * (Instagram's default) is free and writes no line: the ledger lists money that moved (docs/contract-notes.md).
     */
    charge(orgId: string, channel: BilledChannel, reference: Reference, what: ChargeFor = {}): LedgerEntry | null {
      const quantity = what.quantity ?? 1;
      const amount = prices(orgId)[channel] * quantity;
      if (amount === 0) return null;
      const balance = wallet(orgId).balance_paise;
      if (balance < amount) {
        throw insufficientBalance(channel, quantity, amount, balance);
      }
      return record(orgId, { kind: 'charge', channel, amount_paise: -amount, email_credits: 0, reference_type: reference.type, reference_id: reference.id,
        description: chargeLine(`${CHANNEL_NAMES[channel]} message`, `${CHANNEL_NAMES[channel]} messages`, what) });
    },
    /**
     * Charges an amount known only afterwards (an agent call's talk time, at its end), in the caller's transaction. It
     * is not refused for want of balance: the service was given; the balance may go below zero (docs/contract-notes.md).
     */
    chargeUsage(orgId: string, channel: UsageChannel, reference: Reference, amountPaise: number, description: string): LedgerEntry | null {
      if (amountPaise <= 0) return null;
      return record(orgId, { kind: 'charge', channel, amount_paise: -amountPaise, email_credits: 0, reference_type: reference.type,
        reference_id: reference.id, description });
    },
    /** Gives back `amountPaise` for what was charged and not delivered (e.g. cancelled campaign recipients). */
    refund(orgId: string, channel: BilledChannel, reference: Reference, amountPaise: number, description: string): LedgerEntry | null {
      if (amountPaise <= 0) return null;
      return record(orgId, { kind: 'refund', channel, amount_paise: amountPaise, email_credits: 0, reference_type: reference.type,
        reference_id: reference.id, description });
    },
    /** Spends email credits, 1 per email (400 INSUFFICIENT_CREDITS when short), its line worded as `charge`'s; in the send's transaction. */
    spendEmailCredit(orgId: string, reference: Reference, what: ChargeFor = {}): LedgerEntry {
      const quantity = what.quantity ?? 1;
      const left = wallet(orgId).email_credits;
      if (left < quantity) {
        throw new AppError('INSUFFICIENT_CREDITS', quantity === 1 ? 'Insufficient email credits: each send needs 1 credit and none are left'
          : `Insufficient email credits: ${quantity} emails need ${quantity} credits, ${left} ${left === 1 ? 'is' : 'are'} left`);
      }
      return record(orgId, { kind: 'email_credit_spent', channel: 'email', amount_paise: 0, email_credits: -quantity, reference_type: reference.type,
        reference_id: reference.id, description: chargeLine('email send', 'email sends', what) });
    },
    /** Gives back email credits for emails paid for and never sent (cancelled or refused campaign recipients). */
    refundEmailCredits(orgId: string, reference: Reference, quantity: number, description: string): LedgerEntry | null {
      if (quantity <= 0) return null;
      return record(orgId, { kind: 'email_credit_refunded', channel: 'email', amount_paise: 0, email_credits: quantity, reference_type: reference.type,
        reference_id: reference.id, description });
    },
    ledger(orgId: string, page: PageRequest): ListEnvelope<LedgerEntry> {
      const { rows, total } = store.ledger(orgId, page.limit, page.offset);
      return pageEnvelope(rows.map(toEntry), total, page);
    },
    /** The invariant: the balance and credits equal the sums of the ledger. */
    audit(orgId: string): { balancePaise: number; ledgerPaise: number; emailCredits: number; ledgerCredits: number; balanced: boolean } {
      const row = wallet(orgId);
      const sums = store.sums(orgId);
      return {
        balancePaise: row.balance_paise, ledgerPaise: sums.paise, emailCredits: row.email_credits, ledgerCredits: sums.credits,
        balanced: row.balance_paise === sums.paise && row.email_credits === sums.credits,
      };
    },
    linesFor: (orgId: string, reference: Reference): LedgerEntry[] => store.byReference(orgId, reference.type, reference.id).map(toEntry),
    /** What the ledger lines of one reference (a campaign) add up to: charged and refunded, in paise and in email credits, each a positive number. */
    totalsFor(orgId: string, reference: Reference): ReferenceTotals {
      const t = store.referenceTotals(orgId, reference.type, reference.id);
      return { chargedPaise: -t.charged_paise, refundedPaise: t.refunded_paise, emailCreditsSpent: -t.credits_spent, emailCreditsRefunded: t.credits_refunded };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
