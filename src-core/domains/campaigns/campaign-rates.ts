// A campaign's rates, defined once for its analytics and the console's list: delivery is of the recipients attempted
// (sent + failed, so failures lower it), read and click are of those sent.
import type { CampaignCounts } from '../../contract/campaigns.ts';
import { percentOf } from '../../contract/common.ts';

export function campaignRates(c: Pick<CampaignCounts, 'sent' | 'delivered' | 'read' | 'clicked' | 'failed'>) {
  return { deliveryRate: percentOf(c.delivered, c.sent + c.failed), readRate: percentOf(c.read, c.sent), clickRate: percentOf(c.clicked, c.sent) };
}
