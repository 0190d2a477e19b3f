// The simulated recipients of INTERFACES.md: magic numbers and addresses with known behaviour.
import { normalizePhone } from '../contract/common.ts';
import type { Channel } from '../contract/messaging.ts';
import { SIM_ENGAGEMENT_AFTER_MS } from '../contract/sim.ts';

export const MAGIC = {
  allChannelsFail: '+15005550001',
  whatsappFails: '+15005550002',
  noRcs: '+15005550003',
  voiceNoAnswer: '+15005550004',
  voiceBusy: '+15005550005',
  voiceDeclined: '+15005550006',
  voiceDialFailed: '+15005550007',
  emailBounce: 'bounce@sim.test',
  emailComplaint: 'complaint@sim.test',
} as const;

/** A phone in any of the forms the channels use (`+1500…`, `1500…`) as `+` and digits; other addresses lower-cased. */
export function canonicalAddress(channel: Channel, address: string): string {
  if (channel === 'email' || channel === 'instagram') return address.trim().toLowerCase();
  return normalizePhone(address);
}

/** Why a send to this address fails on this channel, or null when it goes through. */
export function failureFor(channel: Channel, address: string): { code: string; message: string; summary: string } | null {
  const canonical = canonicalAddress(channel, address);
  if (canonical === MAGIC.allChannelsFail && (channel === 'whatsapp' || channel === 'sms' || channel === 'rcs')) {
    return { code: 'SIM_UNREACHABLE', message: `The simulated handset ${canonical} is unreachable on every channel`, summary: 'unreachable' };
  }
  if (canonical === MAGIC.whatsappFails && channel === 'whatsapp') {
    return { code: 'SIM_WHATSAPP_UNAVAILABLE', message: `The simulated handset ${canonical} has no WhatsApp account`, summary: 'no WhatsApp account' };
  }
  if (canonical === MAGIC.noRcs && channel === 'rcs') {
    return { code: 'RCS_NOT_SUPPORTED', message: `The simulated handset ${canonical} does not support RCS`, summary: 'no RCS on the handset' };
  }
  return null;
}

export const supportsRcs = (phone: string): boolean => canonicalAddress('rcs', phone) !== MAGIC.noRcs && canonicalAddress('rcs', phone) !== MAGIC.allChannelsFail;

/** Receipts a delivered message produces on the clock: delivered 2 s after sending, read 10 s after. */
export const RECEIPTS = [
  { afterMs: 2_000, status: 'delivered' },
  { afterMs: 10_000, status: 'read' },
] as const;

export type Receipt = { afterMs: number; status: 'delivered' | 'read' | 'failed' };
export type Engagement = { afterMs: number; kind: 'clicked' | 'complained'; url?: string };

/**
 * What happens to an accepted email: `bounce@sim.test` bounces 2 s later; `complaint@sim.test` is
 * delivered, then marked as spam at 10 s; any other address is delivered (2 s), opened (10 s) and,
 * when the email has a link, the first link is clicked at 20 s.
 */
export function emailFate(address: string, links: string[]): { receipts: Receipt[]; engagements: Engagement[] } {
  const canonical = canonicalAddress('email', address);
  if (canonical === MAGIC.emailBounce) return { receipts: [{ afterMs: 2_000, status: 'failed' }], engagements: [] };
  if (canonical === MAGIC.emailComplaint) return { receipts: [{ afterMs: 2_000, status: 'delivered' }], engagements: [{ afterMs: 10_000, kind: 'complained' }] };
  return { receipts: [...RECEIPTS], engagements: links[0] ? [{ afterMs: SIM_ENGAGEMENT_AFTER_MS.email.clicked, kind: 'clicked', url: links[0] }] : [] };
}

export type CampaignEngagement = { afterMs: number; kind: 'clicked' | 'replied' | 'converted'; text?: string };
/** FNV-1a of `text`, 32 bits: a spread that is the same for the same text every run. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const ch of text) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}
/**
 * Where a recipient falls in the simulated population: 0..99, the same for the same recipient every run. A number's is
 * FNV-1a of its digits; an email address's FNV-1a of the whole address, trimmed and lower-cased: by its digits, every
 * address without one shared one bucket, so a campaign to them converted all or none.
 */
export function bucketOf(address: string): number {
  if (address.includes('@')) return fnv1a(canonicalAddress('email', address)) % 100;
  return fnv1a(address.replace(/\D/g, '')) % 100;
}
/**
 * How many of the population's 100 buckets reply to a campaign: a quarter, a run of 25 that each campaign places anew.
 * A campaign is drawn by its name (`campaign` below), not its id, which is new with every database: the same campaign
 * (a demo's, a test's, one rehearsed) hears from the same customers in the same words on every database.
 */
export const REPLYING_BUCKETS = 25;
/**
 * Where a campaign's run of replying buckets starts: 0..99, the same for the same campaign every run (FNV-1a of its
 * name). Buckets `start` to `start + 24` (round past 99 to 0) reply, so another campaign hears from other customers at
 * the same rate, and any audience without a gap of more than 25 buckets between its numbers hears from someone.
 */
export const replyStartOf = (campaign: string): number => fnv1a(campaign) % 100;
/** Whether `bucket` is in the run of replying buckets from `start` (see `replyStartOf`). */
export const inReplyRun = (bucket: number, start: number): boolean => (bucket - start + 100) % 100 < REPLYING_BUCKETS;
/** Whether the customer at `address` replies to the campaign named `campaign`. */
export const repliesTo = (address: string, campaign: string): boolean => inReplyRun(bucketOf(address), replyStartOf(campaign));
/** What a replying customer writes: one of these, drawn per campaign and number (FNV-1a of both). */
export const CAMPAIGN_REPLY_TEXTS = [
  "Yes, I'm interested!",
  'Sounds good. How do I order?',
  'Is this still available?',
  'Can you tell me more?',
  "Thanks, I'll have a look!",
] as const;
export const replyTextOf = (address: string, campaign: string): string =>
  CAMPAIGN_REPLY_TEXTS[fnv1a(`${campaign}:${address.replace(/\D/g, '')}`) % CAMPAIGN_REPLY_TEXTS.length] as string;
/**
 * What a customer does with a campaign message it received (it is also read at 10 s, as every message):
 * buckets 0-39 click its link or button at 30 s; buckets 0-14 of those convert at 5 min (by the recipient alone); a
 * quarter of the buckets, a run placed by the campaign's name, reply at 60 s in words drawn per campaign and number:
 * who replies, and what they say, change from campaign to campaign, the same every run for one campaign.
 */
export function campaignFate(address: string, campaign: string): CampaignEngagement[] {
  const bucket = bucketOf(address);
  const fate: CampaignEngagement[] = [];
  if (bucket < 40) fate.push({ afterMs: SIM_ENGAGEMENT_AFTER_MS.message.clicked, kind: 'clicked' });
  if (repliesTo(address, campaign)) fate.push({ afterMs: SIM_ENGAGEMENT_AFTER_MS.message.replied, kind: 'replied', text: replyTextOf(address, campaign) });
  if (bucket < 15) fate.push({ afterMs: SIM_ENGAGEMENT_AFTER_MS.message.converted, kind: 'converted' });
  return fate;
}
