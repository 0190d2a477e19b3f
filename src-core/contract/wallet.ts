// The wallet: balance in paise, email credits, per-channel prices and the ledger (seed 000 billing).
import { z } from 'zod';
import { timestampSchema } from './common.ts';

export const BILLED_CHANNELS = ['whatsapp', 'sms', 'rcs', 'instagram'] as const;
export const billedChannelSchema = z.enum(BILLED_CHANNELS);
export type BilledChannel = z.infer<typeof billedChannelSchema>;

export const walletSchema = z.object({
  balancePaise: z.number().int(),
  emailCredits: z.number().int(),
  prices: z.record(billedChannelSchema, z.number().int()),
});
export type Wallet = z.infer<typeof walletSchema>;

/**
 * Ledger channels that are not message channels: calls billed by the minute (a voice agent's, the voice app's), as
 * a ledger line's `channel` names them, with the names the console shows.
 */
export const USAGE_CHANNEL_NAMES = { voice: 'Voice agents', voice_app: 'Voice app' } as const;
export type UsageChannel = keyof typeof USAGE_CHANNEL_NAMES;

export const LEDGER_KINDS = ['top_up', 'charge', 'refund', 'email_credits_added', 'email_credit_spent', 'email_credit_refunded'] as const;
export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  channel: z.string().nullable(),
  amountPaise: z.number().int(),
  emailCredits: z.number().int(),
  balanceAfterPaise: z.number().int(),
  emailCreditsAfter: z.number().int(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  description: z.string(),
  createdAt: timestampSchema,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * What the ledger lines referencing one thing add up to (console: a campaign's `GET /dashboard/{channel}/campaigns/{id}/spend`):
 * charged and refunded apart, in paise and in email credits, each a positive number.
 */
export const referenceTotalsSchema = z.object({
  chargedPaise: z.number().int(),
  refundedPaise: z.number().int(),
  emailCreditsSpent: z.number().int(),
  emailCreditsRefunded: z.number().int(),
});
export type ReferenceTotals = z.infer<typeof referenceTotalsSchema>;

export const topUpBodySchema = z
  .object({
    amountPaise: z.number().int().min(1).max(100_000_000_00).optional(),
    emailCredits: z.number().int().min(1).max(10_000_000).optional(),
    description: z.string().trim().min(1).max(200).optional(),
  })
  .refine((b) => b.amountPaise !== undefined || b.emailCredits !== undefined, { message: 'give amountPaise or emailCredits (or both)' });

export const pricesBodySchema = z.object({
  prices: z.partialRecord(billedChannelSchema, z.number().int().min(0).max(100_000)),
});
