// Who a campaign reaches, resolved once for both the launch and the console's preview: a list is its recipients from
// the create; every contact, a segment (WhatsApp, SMS), every contact (RCS without numbers) or the subscribers (email)
// are read when the campaign launches. The preview calls the launch's own resolution, so the count and the cost a
// builder shows are what the launch charges.
import {
  CONTACT_FIELDS, type AudienceInput, type AudiencePreview, type AudiencePreviewInput, type BlockedRecipient, type UnfilledRecipient,
} from '../../contract/campaigns.ts';
import type { Contact } from '../../contract/contacts.ts';
import { contactFieldValue, rcsRecipientValue, type AudienceSample } from '../../contract/campaign-values.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { EmailService } from '../email/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { RcsService } from '../rcs/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { fieldOf, type AudienceConfig, type EmailCampaignConfig } from './campaign-channels.ts';
import { audienceOf, emailListed, rcsListed } from './campaign-inputs.ts';

/** Blocked recipients a preview names; the rest are counted. */
const BLOCKED_SHOWN = 20;
/** RCS recipients without a value a preview names (a few, to say who); the rest are counted. */
const UNFILLED_SHOWN = 5;

/**
 * The recipients a launch adds to the campaign: every contact with a phone, or a segment's, as they are now. A list
 * (or a seed-made WhatsApp campaign, which has no audience type) adds none: its recipients came with the create.
 */
export const launchAudience = (contacts: Pick<ContactsService, 'audiencePhones'>, orgId: string) => (config: Record<string, unknown>): string[] => {
  const { audienceType, audienceCriteria } = config as Partial<AudienceConfig>;
  return audienceType === 'all' || audienceType === 'segment' ? contacts.audiencePhones(orgId, audienceCriteria ?? {}) : [];
};
/** An RCS campaign created without numbers goes to every contact with a phone (its create launches it). */
export const rcsLaunchAudience = (contacts: Pick<ContactsService, 'audiencePhones'>, orgId: string) => (): string[] => contacts.audiencePhones(orgId, {});
/** An email campaign to the subscribers: those subscribed and not suppressed, as they are at launch; a list adds none. */
export const emailLaunchAudience = (email: Pick<EmailService, 'subscribers'>, orgId: string) => (config: Record<string, unknown>): string[] =>
  ((config as Pick<EmailCampaignConfig, 'audience'>).audience === 'subscribers' ? email.subscribers(orgId) : []);

/** A recipient the message goes to, with their contact's fields as the campaign's messages read them (`fieldOf`). */
function sampleOf(contacts: ContactsService, orgId: string, address: string, name: string | null): AudienceSample {
  const field = fieldOf(contacts, orgId, address);
  return { address, name, fields: Object.fromEntries(CONTACT_FIELDS.map((f) => [f, field(f)])) as AudienceSample['fields'] };
}

export type PreviewDeps = {
  contacts: ContactsService; wallet: WalletService; email: EmailService; messaging: Pick<MessagingService, 'capabilities'>; rcs: Pick<RcsService, 'approvedTemplate'>;
};

/**
 * The RCS template's variables nothing fills for the recipient at `address` (`contact`: theirs, or none), as the launch
 * composes their message (campaign-channels.ts): no value given, and no contact field of that name. Null without a template.
 */
function unfilledCheck(deps: PreviewDeps, orgId: string, input: AudiencePreviewInput): ((address: string, contact: Contact | null) => string[]) | null {
  if (input.channel !== 'rcs' || !input.templateId) return null;
  const { variables } = deps.rcs.approvedTemplate(orgId, input.templateId);
  const given = input.rcsVariables ?? {};
  return (address, contact) => variables.filter((name) => rcsRecipientValue(given, name, (field) => contactFieldValue(field, address, () => contact)) === null);
}

/** The addresses a launch would charge for, as its channel's create and launch resolve them. */
function resolve(deps: PreviewDeps, orgId: string, input: AudiencePreviewInput): { audienceType: AudiencePreview['audienceType']; addresses: string[] } {
  if (input.channel === 'rcs') {
    const listed = rcsListed({ numbers: input.numbers, country: input.country ?? 'IN', removeDuplicate: input.removeDuplicate ?? true });
    return input.numbers ? { audienceType: 'manual', addresses: listed.addresses } : { audienceType: 'all', addresses: rcsLaunchAudience(deps.contacts, orgId)() };
  }
  if (input.channel === 'email') {
    const audience = input.audience ?? 'list';
    const listed = emailListed({ audience, recipients: input.recipients });
    return audience === 'list' ? { audienceType: 'manual', addresses: listed } : { audienceType: 'all', addresses: emailLaunchAudience(deps.email, orgId)({ audience }) };
  }
  const audience = audienceOf(input as AudienceInput);
  return { audienceType: audience.audienceType, addresses: audience.audienceType === 'manual' ? audience.addresses : launchAudience(deps.contacts, orgId)(audience) };
}

/**
 * What launching this audience now would do: its recipients (a list de-duplicated as its create does it), those of them
 * every send refuses (a blocked or opted-out contact, failed at launch and not charged; for email first a suppressed
 * address, charged and refunded at once), and the prices at the organization's rate for the channel (email: its credits). An RCS
 * recipient whose handset has no RCS gets the campaign's SMS fallback, paid at the RCS price reserved, or fails; one
 * the template's variables are not all filled for (given a template) fails too.
 */
export function previewAudience(deps: PreviewDeps, orgId: string, input: AudiencePreviewInput): AudiencePreview {
  const { channel } = input;
  const { audienceType, addresses } = resolve(deps, orgId, input);
  const blocked: BlockedRecipient[] = [];
  const suppressed: Array<{ address: string; reason: string }> = [];
  let blockedCount = 0;
  let withoutRcs = 0;
  const unfilled: UnfilledRecipient[] = [];
  let unfilledCount = 0;
  const emptyVariables = new Set<string>();
  const unfilledFor = unfilledCheck(deps, orgId, input);
  let sample: AudienceSample | null = null;
  for (const address of addresses) {
    // The email's compose refuses a suppressed address before the send path looks at its contact.
    const suppression = channel === 'email' ? deps.email.suppression(orgId, address) : null;
    if (suppression) {
      suppressed.push({ address, reason: suppression });
      continue;
    }
    const contact = channel === 'email' ? deps.contacts.findByEmail(orgId, address) : deps.contacts.findByPhone(orgId, address);
    if (contact?.isBlocked) {
      blockedCount += 1;
      // A list kept with its repeats charges each; it names each person once.
      if (!blocked.some((b) => b.address === address)) blocked.push({ address, contactId: contact.id, name: contact.name, reason: contact.blockedReason });
    } else if (channel === 'rcs' && !deps.messaging.capabilities(address).rcs) withoutRcs += 1;
    else {
      // Not sent to (failed at launch, refunded) for want of a value: counted, and not the sample the builders preview.
      const empty = unfilledFor?.(address, contact ?? null) ?? [];
      if (empty.length) {
        unfilledCount += 1;
        for (const name of empty) emptyVariables.add(name);
        if (unfilled.length < UNFILLED_SHOWN && !unfilled.some((u) => u.address === address)) unfilled.push({ address, name: contact?.name ?? null, variables: empty });
      } else if (!sample && channel !== 'email') sample = sampleOf(deps.contacts, orgId, address, contact?.name ?? null);
    }
  }
  const fallback = channel === 'rcs' && (input.fallback ?? false);
  const failing = blockedCount + suppressed.length + (fallback ? 0 : withoutRcs) + unfilledCount;
  const sendable = addresses.length - failing;
  const pricePaise = channel === 'email' ? 0 : deps.wallet.priceOf(orgId, channel);
  return {
    channel, audienceType, recipients: addresses.length, sendable,
    blocked: { count: blockedCount, recipients: blocked.slice(0, BLOCKED_SHOWN) },
    // The launch charges for all but the blocked (see `reserve`, campaign-settlement.ts); the rest failing are refunded at once.
    pricePaise, reservedPaise: pricePaise * (addresses.length - blockedCount), costPaise: pricePaise * sendable,
    ...(channel === 'rcs' ? { withoutRcs: { count: withoutRcs, fallback } } : {}),
    ...(unfilledFor ? { unfilled: { count: unfilledCount, variables: [...emptyVariables], recipients: unfilled } } : {}),
    ...(channel === 'email' ? {
      suppressed: { count: suppressed.length, recipients: suppressed.slice(0, BLOCKED_SHOWN) },
      emailCredits: { reserved: addresses.length - blockedCount, spent: sendable, available: deps.wallet.get(orgId).emailCredits },
    } : { sample }),
  };
}
