// Turning each channel's create request into a campaign: numbers checked and de-duplicated with a clear
// 400, the schedule read in its time zone, a name generated when none is given.
import {
  CONTACT_FIELDS, isContactField, type AudienceInput, type CampaignAudienceType, type CreateEmailCampaignInput, type CreateRcsCampaignInput,
  type CreateSmsCampaignInput, type CreateWaConsoleCampaignInput,
} from '../../contract/campaigns.ts';
import type { Clock } from '../../kernel/clock.ts';
import { invalidField } from '../../kernel/errors.ts';
import { RECIPIENT_MERGE_TAGS, tagsNeedingValue } from '../../contract/email.ts';
import { instantOf, skippedIn, wallClockParts } from '../../contract/timezone.ts';
import type { SmsService } from '../sms/index.ts';
import type { WhatsappService } from '../whatsapp/index.ts';
import { placeholdersOf } from '../whatsapp/index.ts';
import { givenValue, recipientComponents } from '../../contract/campaign-values.ts';
import { WA_CAMPAIGN_NAMES, type AudienceConfig, type EmailCampaignConfig, type RcsCampaignConfig, type SmsCampaignConfig, type WaCampaignConfig } from './campaign-channels.ts';
import type { NewCampaign } from './campaigns.service.ts';

/** Calling code and national number length of the countries an RCS campaign's `country` may name. */
export const COUNTRIES: Record<string, { code: string; national: number }> = {
  IN: { code: '91', national: 10 }, US: { code: '1', national: 10 }, CA: { code: '1', national: 10 }, GB: { code: '44', national: 10 },
  AE: { code: '971', national: 9 }, SG: { code: '65', national: 8 }, AU: { code: '61', national: 9 }, DE: { code: '49', national: 11 },
  FR: { code: '33', national: 9 }, BR: { code: '55', national: 11 }, ID: { code: '62', national: 11 }, SA: { code: '966', national: 9 },
};

/**
 * Numbers in international format (digits, an optional leading +; with `country`, a national number of
 * that country's length gets its calling code). Invalid ones are a 400 naming them; repeats are dropped.
 */
export function normalizeNumbers(field: string, numbers: string[], country?: string): { addresses: string[]; all: string[]; duplicatesRemoved: number } {
  const home = country ? COUNTRIES[country] : undefined;
  if (country && !home) throw invalidField(`country ${country} is not supported; use one of ${Object.keys(COUNTRIES).join(', ')}`);
  const invalid: string[] = [];
  const addresses = numbers.map((raw, i) => {
    const value = country ? raw.trim().replace(/[\s().-]/g, '') : raw.trim();
    const digits = /^\+?\d+$/.test(value) ? value.replace('+', '') : null;
    const full = digits && home && !value.startsWith('+') && digits.length === home.national ? `${home.code}${digits}` : digits;
    if (!full || !/^[1-9]\d{7,14}$/.test(full)) {
      invalid.push(`${field}[${i}] ${JSON.stringify(raw)}`);
      return '';
    }
    return `+${full}`;
  });
  if (invalid.length) {
    const shown = invalid.slice(0, 5).join(', ');
    throw invalidField(`${invalid.length} invalid number${invalid.length === 1 ? '' : 's'}: ${shown}${invalid.length > 5 ? ', ...' : ''}; use international format without plus, 8 to 15 digits (e.g. 919810012345)`);
  }
  const unique = [...new Set(addresses)];
  return { addresses: unique, all: addresses, duplicatesRemoved: addresses.length - unique.length };
}

/**
 * The audience a create asks for. Left out, its type is read from the criteria given: numbers a list, tags or a search a
 * segment, nothing every contact. A list's numbers are checked now (they are the recipients); a segment or every
 * contact is resolved at launch (`campaign-audience.ts`). `listed`: where a channel takes its list (WhatsApp: `phones`).
 */
export function audienceOf(input: AudienceInput, listed: { field: string; phones: string[] | undefined } = { field: 'audienceCriteria.phones', phones: input.audienceCriteria?.phones }):
  AudienceConfig & { addresses: string[]; duplicatesRemoved: number } {
  const criteria = input.audienceCriteria ?? {};
  const audienceType: CampaignAudienceType = input.audienceType ?? (listed.phones?.length ? 'manual' : criteria.tags?.length || criteria.search ? 'segment' : 'all');
  if (audienceType === 'manual') {
    if (!listed.phones?.length) throw invalidField(`A manual audience needs ${listed.field}: at least one number`);
    const { addresses, duplicatesRemoved } = normalizeNumbers(listed.field, listed.phones);
    return { audienceType, audienceCriteria: {}, addresses, duplicatesRemoved };
  }
  if (audienceType === 'segment' && !criteria.tags?.length && !criteria.search) {
    throw invalidField('A segment audience needs audienceCriteria.tags (contacts with any of them) or audienceCriteria.search');
  }
  return { audienceType, audienceCriteria: audienceType === 'segment' ? { tags: criteria.tags, search: criteria.search } : {}, addresses: [], duplicatesRemoved: 0 };
}

/** "2026-01-15 14:30": an instant as the wall clock of `zone` shows it. */
function wallTime(utcMs: number, zone: string): string {
  const p = wallClockParts(utcMs, zone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * The schedule as an instant (ISO, UTC), which must be in the future on the clock. A past one is refused
 * with both times on the wall clock of the schedule's zone (UTC without one), which a person reads at a glance.
 */
function scheduleOf(clock: Clock, scheduledAt: string | undefined, zone: string | undefined): string | null {
  if (!scheduledAt) return null;
  const at = instantOf(scheduledAt, zone);
  if (zone && skippedIn(scheduledAt, zone)) throw invalidField(`scheduledAt ${scheduledAt} does not exist in ${zone}: its clocks skip that time when daylight saving time starts`);
  if (Number.isNaN(at)) throw invalidField('scheduledAt is not a real date-time');
  const where = zone ?? 'UTC';
  if (at <= clock.now()) throw invalidField(`scheduledAt ${wallTime(at, where)} (${where}) is in the past: it is now ${wallTime(clock.now(), where)} in ${where}`);
  return new Date(at).toISOString();
}

/** "<label> 2026-01-15 14:30" in the campaign's time zone (UTC without one). */
function generatedName(clock: Clock, label: string, zone: string | undefined): string {
  const parts = wallClockParts(clock.now(), zone ?? 'UTC');
  return `${label} ${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Any number: a campaign resolved at launch has no recipient yet to check its template's parameters with. */
const SAMPLE_ADDRESS = '+919800000000';

/**
 * A WhatsApp campaign from its input: the seed's (`phones`, the list) or the console's, which may choose every contact
 * or a segment instead, as an SMS campaign does (`audienceType`, `audienceCriteria`), resolved at launch.
 */
export function whatsappCampaign(clock: Clock, whatsapp: WhatsappService, orgId: string, input: CreateWaConsoleCampaignInput): NewCampaign {
  const template = whatsapp.approvedTemplate(orgId, input.templateId);
  if (input.phones && input.audienceCriteria?.phones) throw invalidField('Give the numbers once: phones or audienceCriteria.phones');
  // Never every contact by omission: the seed's create needs phones, so only an audienceType says "all" or "segment".
  if (!input.audienceType && !input.phones?.length && !input.audienceCriteria?.phones?.length) throw invalidField('phones needs at least 1 number (or audienceType all or segment)');
  const { addresses, duplicatesRemoved, ...audience } = audienceOf(input, { field: 'phones', phones: input.phones ?? input.audienceCriteria?.phones });
  const body = template.components.find((c) => c.type === 'BODY');
  const placeholders = placeholdersOf(body?.type === 'BODY' ? body.text : '').length;
  const mapping = input.variableMapping ?? {};
  const beyond = Object.keys(mapping).filter((k) => Number(k) < 1 || Number(k) > placeholders);
  if (beyond.length) throw invalidField(`variableMapping names {{${beyond.join('}}, {{')}}}, but template ${template.name} has ${placeholders} body placeholder${placeholders === 1 ? '' : 's'}`);
  const config: WaCampaignConfig = {
    templateId: template.id, templateName: template.name, templateComponents: input.templateComponents ?? [], variableMapping: mapping,
    // A list is the seed's WhatsApp audience, said by its recipients; the others are kept to be resolved at launch.
    ...(audience.audienceType === 'manual' ? {} : audience),
  };
  // Rendered once for a sample recipient: parameters that do not fit the template are a 400 now, not 10,000 failures later.
  const sample = recipientComponents(config, placeholders, (field) => `sample ${field}`);
  const staticBody = config.templateComponents.find((c) => c.type === 'body')?.parameters.length ?? 0;
  const uncovered = Array.from({ length: placeholders }, (_, i) => i + 1).filter((n) => !mapping[String(n)] && n > staticBody);
  if (uncovered.length) throw invalidField(`template ${template.name} placeholder {{${uncovered.join('}}, {{')}}} has no value: give it in templateComponents or variableMapping`);
  whatsapp.composeTemplate(orgId, template, addresses[0] ?? SAMPLE_ADDRESS, sample, { source: 'CAMPAIGN' }, WA_CAMPAIGN_NAMES);
  return {
    channel: 'whatsapp', name: input.name ?? generatedName(clock, template.name, input.scheduleTimezone), config: { ...config, duplicatesRemoved },
    addresses, scheduledAt: scheduleOf(clock, input.scheduledAt, input.scheduleTimezone), scheduleTimezone: input.scheduleTimezone ?? null,
  };
}

/**
 * An SMS campaign from its input. A `templateId` is kept as the template's own id (`smt_…`) even when given
 * as its DLT id, so it joins `GET /sms/templates` and the logs; without one, the approved template the text
 * matches now is kept (none yet: the launch settles it). Sender, template and text are checked at launch.
 */
export function smsCampaign(clock: Clock, sms: Pick<SmsService, 'templateIdOf' | 'matchingTemplateId'>, orgId: string, input: CreateSmsCampaignInput): NewCampaign & { config: SmsCampaignConfig } {
  const { addresses, audienceType, audienceCriteria } = audienceOf(input);
  const config: SmsCampaignConfig = {
    messageBody: input.messageBody, senderId: input.senderId ?? null,
    templateId: input.templateId === undefined ? sms.matchingTemplateId(orgId, input.messageBody, input.route) : sms.templateIdOf(orgId, input.templateId),
    route: input.route ?? null, audienceType, audienceCriteria,
  };
  return {
    channel: 'sms', name: input.name, config, addresses,
    scheduledAt: scheduleOf(clock, input.scheduledAt, input.scheduleTimezone), scheduleTimezone: input.scheduleTimezone ?? null,
  };
}

/**
 * An RCS campaign's listed recipients: its `numbers` (national ones in `country`), repeats dropped unless
 * `removeDuplicate` is false. None: the campaign goes to every contact, resolved at launch (`campaign-audience.ts`).
 */
export function rcsListed(input: Pick<CreateRcsCampaignInput, 'numbers' | 'country' | 'removeDuplicate'>): { addresses: string[]; duplicatesRemoved: number } {
  if (!input.numbers) return { addresses: [], duplicatesRemoved: 0 };
  const normalized = normalizeNumbers('numbers', input.numbers, input.country);
  return input.removeDuplicate ? normalized : { addresses: normalized.all, duplicatesRemoved: 0 };
}

/**
 * An RCS campaign from its input. Each template variable needs a value in `rcsVariables` (not blank) or a
 * name a recipient's contact can fill (CONTACT_FIELDS: name, first_name, phone, email, username); any other could never be filled, and
 * would fail every recipient after the launch had charged them.
 */
export function rcsCampaign(clock: Clock, template: { name: string; variables: readonly string[] }, input: CreateRcsCampaignInput): NewCampaign {
  const templateName = template.name;
  const given = input.rcsVariables ?? {};
  const unfillable = template.variables.filter((name) => givenValue(given, name) === null && !isContactField(name));
  if (unfillable.length) {
    throw invalidField(`RCS template ${templateName} variable${unfillable.length === 1 ? '' : 's'} {{${unfillable.join('}}, {{')}}} ${unfillable.length === 1 ? 'has' : 'have'} no value: give ${unfillable.length === 1 ? 'it' : 'them'} in rcsVariables (only ${CONTACT_FIELDS.join(', ')} can come from each recipient's contact)`);
  }
  if (input.fallback && !input.fallbackMessage) throw invalidField('fallback needs fallbackMessage: the SMS sent to handsets without RCS');
  if (input.scheduleCampaign && !input.scheduledAt) throw invalidField('scheduleCampaign needs scheduledAt');
  if (input.scheduleCampaign === false && input.scheduledAt) throw invalidField('scheduledAt is given but scheduleCampaign is false: drop scheduledAt to send now, or set scheduleCampaign to true');
  const scheduled = input.scheduleCampaign ?? input.scheduledAt !== undefined;
  const { addresses, duplicatesRemoved } = rcsListed(input);
  const config: RcsCampaignConfig = {
    botId: input.botId, templateId: input.templateId, templateName, ttl: input.ttl ?? null, rcsVariables: input.rcsVariables ?? {}, fallback: input.fallback,
    fallbackMessage: input.fallbackMessage ?? null, country: input.country, audience: input.numbers ? 'list' : 'contacts',
  };
  return {
    channel: 'rcs', name: input.campaignName ?? generatedName(clock, templateName, input.scheduleTimezone),
    config: { ...config, duplicatesRemoved }, addresses,
    scheduledAt: scheduled ? scheduleOf(clock, input.scheduledAt, input.scheduleTimezone) : null, scheduleTimezone: input.scheduleTimezone ?? null,
  };
}

/** What an email campaign's checks read of its template. */
type EmailTemplateTexts = { name: string; subject: string; html: string | null; text: string | null };

/** Why a campaign would send merge tags blank, and what to do about it. */
function blankTagsMessage(tags: string[]): string {
  const named = tags.every((tag) => (RECIPIENT_MERGE_TAGS as readonly string[]).includes(tag));
  const [first] = tags;
  return `No value for ${tags.map((tag) => `{{${tag}}}`).join(', ')}: used without a |fallback and not given in variables, so `
    + `${named ? 'recipients without a name' : 'every recipient'} would get ${tags.length === 1 ? 'it' : 'them'} blank. `
    + `Give variables.${first}${named ? ' (what recipients without a name get)' : ''}, or write {{${first}|…}} in the template`;
}

/** An email campaign's listed recipients (lower-cased, each once); the subscribers are resolved at launch (none listed). */
export function emailListed(input: Pick<CreateEmailCampaignInput, 'audience' | 'recipients'>): string[] {
  if (input.audience === 'list' && !input.recipients?.length) throw invalidField('A list audience needs recipients: at least one email address');
  if (input.audience === 'subscribers' && input.recipients?.length) throw invalidField('recipients are for audience "list"; the subscribers are resolved at launch');
  return [...new Set((input.recipients ?? []).map((r) => r.toLowerCase()))];
}

export function emailCampaign(clock: Clock, template: EmailTemplateTexts, input: CreateEmailCampaignInput): NewCampaign & { config: EmailCampaignConfig } {
  const addresses = emailListed(input);
  const blank = tagsNeedingValue(input.subject ?? template.subject, template.html, template.text).filter((tag) => !String(input.variables?.[tag] ?? '').trim());
  if (blank.length) throw invalidField(blankTagsMessage(blank));
  const config: EmailCampaignConfig = {
    templateId: input.templateId, templateName: template.name, fromName: input.fromName, fromEmail: input.fromEmail, replyTo: input.replyTo ?? null,
    subject: input.subject ?? null, variables: input.variables ?? {}, audience: input.audience,
  };
  return {
    channel: 'email', name: input.name, config, addresses,
    scheduledAt: scheduleOf(clock, input.scheduledAt, input.scheduleTimezone), scheduleTimezone: input.scheduleTimezone ?? null,
  };
}
