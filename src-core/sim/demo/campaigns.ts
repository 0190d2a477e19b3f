// Demo fixtures for campaigns: a WhatsApp campaign to the VIP customers, sent at start, whose funnel
// fills in as the clock runs (delivered at 2 s, read at 10 s; clicks, replies and conversions by the
// simulated customers' rule, within five minutes), with replies landing in the inbox.
import type { CreateWaTemplateInput } from '../../contract/whatsapp.ts';
import { whatsappCampaign } from '../../domains/campaigns/campaign-inputs.ts';
import type { CampaignsService } from '../../domains/campaigns/index.ts';
import type { ContactsService } from '../../domains/contacts/index.ts';
import type { WhatsappService } from '../../domains/whatsapp/index.ts';
import type { Clock } from '../../kernel/clock.ts';

const FESTIVE: CreateWaTemplateInput = {
  name: 'festive_sale', category: 'MARKETING', language: 'en',
  components: [
    { type: 'BODY', text: 'Hi {{1}}, our festive sale is on: 20% off everything until Sunday, for our VIPs first.' },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Shop the sale', url: 'https://shop.example.com/sale' }] },
  ],
};
/** Alice's thread is a fixture of its own (an order update and her reply), so the campaign leaves her out. */
const ALICE = '+14155550101';

/**
 * Sends the campaign during the seed (before the customer conversations are seeded, so that those, newer,
 * head the inbox); its receipts and the customers' engagement follow on the clock.
 */
export async function seedCampaignDemo(deps: { orgId: string; clock: Clock; whatsapp: WhatsappService; contacts: ContactsService; campaigns: CampaignsService }): Promise<void> {
  const { orgId, whatsapp } = deps;
  const template = whatsapp.createTemplate(orgId, FESTIVE);
  whatsapp.review(orgId, template.id);
  const phones = deps.contacts.audiencePhones(orgId, { tags: ['vip'] }).filter((phone) => phone !== ALICE).map((phone) => phone.replace(/^\+/, ''));
  const campaign = deps.campaigns.create(orgId, whatsappCampaign(deps.clock, whatsapp, orgId, {
    name: 'Festive sale for VIPs', templateId: template.id, phones, variableMapping: { 1: { field: 'first_name', fallback: 'there' } },
  }));
  deps.campaigns.launch(orgId, campaign.id, 'whatsapp');
  await deps.campaigns.dispatch(orgId, campaign.id);
}
