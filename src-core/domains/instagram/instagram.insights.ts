// The simulated platform's Instagram insights: deterministic numbers from the connected profile and the
// account's real direct-message activity over the period (the formula is in docs/contract-notes.md).
import { INSTAGRAM_INSIGHTS_PERIOD, type InstagramInsights } from '../../contract/instagram.ts';

export const INSIGHTS_PERIOD_MS = 28 * 24 * 3600 * 1000;

export type InsightsInputs = {
  followersCount: number;
  mediaCount: number;
  hasWebsite: boolean;
  /** Messages customers sent the account during the period. */
  inboundMessages: number;
  /** Messages the account sent during the period. */
  outboundMessages: number;
  nowIso: string;
};

/**
 * The audience figures scale with followers (a typical organic account: 45% reached, 8% visit the
 * profile, 2% net growth over 28 days); every conversation adds to them, as on the real platform,
 * where a DM thread brings profile visits and follows.
 */
export function computeInsights(inputs: InsightsInputs): InstagramInsights {
  const { followersCount, mediaCount, inboundMessages, outboundMessages } = inputs;
  const reach = Math.floor(followersCount * 0.45) + 12 * inboundMessages + 4 * outboundMessages;
  const profileViews = Math.floor(followersCount * 0.08) + 3 * inboundMessages;
  return {
    followerCount: followersCount,
    followsDelta: Math.floor(followersCount / 50) + Math.floor(inboundMessages / 2),
    reach,
    profileViews,
    impressions: 2 * reach + 15 * mediaCount,
    websiteClicks: inputs.hasWebsite ? Math.floor(profileViews / 10) : 0,
    period: INSTAGRAM_INSIGHTS_PERIOD,
    updatedAt: inputs.nowIso,
  };
}
