// How the Overview's Campaigns card says where a campaign stands: a running one in the campaign page's own word
// ("processed": sent and failed both, as its progress bar counts them), a finished one by what it came to.
import type { OverviewCampaign } from '../../../src-core/contract/index.ts';

const n = (value: number) => value.toLocaleString();
const failedPart = (campaign: OverviewCampaign) => (campaign.failedCount > 0 ? ` · ${n(campaign.failedCount)} failed` : '');

/** A running campaign: "120 of 500 processed", "123 of 500 processed · 3 failed". */
export const runningWords = (campaign: OverviewCampaign): string =>
  `${n(campaign.sentCount + campaign.failedCount)} of ${n(campaign.totalRecipients)} processed${failedPart(campaign)}`;

/** What a finished campaign came to: "16 sent", "14 sent · 2 failed". */
export const finishedWords = (campaign: OverviewCampaign): string => `${n(campaign.sentCount)} sent${failedPart(campaign)}`;
