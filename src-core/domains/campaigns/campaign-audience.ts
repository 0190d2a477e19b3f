// Who a WhatsApp or SMS campaign reaches, resolved once for both the launch and the console's preview: a list is its
// recipients from the create; every contact or a segment is read from the contacts when the campaign launches. The
// preview calls the launch's own resolution, so the count and the cost a builder shows are what the launch charges.
import type { AudienceInput, AudiencePreview, BlockedRecipient } from '../../contract/campaigns.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { WalletService } from '../wallet/index.ts';
import type { AudienceConfig } from './campaign-channels.ts';
import { audienceOf } from './campaign-inputs.ts';

/** Blocked recipients a preview names; the rest are counted. */
const BLOCKED_SHOWN = 20;

/**
 * The recipients a launch adds to the campaign: every contact with a phone, or a segment's, as they are now. A list
 * (or a seed-made WhatsApp campaign, which has no audience type) adds none: its recipients came with the create.
 */
export const launchAudience = (contacts: Pick<ContactsService, 'audiencePhones'>, orgId: string) => (config: Record<string, unknown>): string[] => {
  const { audienceType, audienceCriteria } = config as Partial<AudienceConfig>;
  return audienceType === 'all' || audienceType === 'segment' ? contacts.audiencePhones(orgId, audienceCriteria ?? {}) : [];
};

/**
 * What launching this audience now would do: the recipients it charges (a list de-duplicated as its create does it),
 * those of them whose contact is blocked or opted out (every send refuses them: they fail at once and are refunded),
 * and the prices at the organization's rate for the channel.
 */
export function previewAudience(deps: { contacts: ContactsService; wallet: WalletService }, orgId: string, channel: AudiencePreview['channel'], input: AudienceInput): AudiencePreview {
  const audience = audienceOf(input);
  const addresses = audience.audienceType === 'manual' ? audience.addresses : launchAudience(deps.contacts, orgId)(audience);
  const blocked: BlockedRecipient[] = [];
  for (const address of addresses) {
    const contact = deps.contacts.findByPhone(orgId, address);
    if (contact?.isBlocked) blocked.push({ address, contactId: contact.id, name: contact.name, reason: contact.blockedReason });
  }
  const pricePaise = deps.wallet.priceOf(orgId, channel);
  const sendable = addresses.length - blocked.length;
  return {
    channel, audienceType: audience.audienceType, recipients: addresses.length, sendable,
    blocked: { count: blocked.length, recipients: blocked.slice(0, BLOCKED_SHOWN) },
    pricePaise, reservedPaise: pricePaise * addresses.length, costPaise: pricePaise * sendable,
  };
}
