// What each channel brings to the engine: a plan that checks the campaign can go out now and composes one
// recipient's message through the channel's own service (the same rendering, rules and logs as its API).
import type { CampaignAudienceType, VariableMapping } from '../../contract/campaigns.ts';
import { contactFieldValue, rcsRecipientValue, recipientComponents, type RecipientField } from '../../contract/campaign-values.ts';
import type { WaSendComponent } from '../../contract/whatsapp.ts';
import type { BilledChannel } from '../../contract/wallet.ts';
import { nameParts } from '../../contract/email-merge.ts';
import type { CampaignRefusalCode } from '../../contract/campaign-failures.ts';
import { AppError, invalidField } from '../../kernel/errors.ts';
import type { ContactsService } from '../contacts/index.ts';
import type { EmailService } from '../email/index.ts';
import type { MessagingService, Origin, OutboundInput } from '../messaging/index.ts';
import type { RcsService } from '../rcs/index.ts';
import type { SmsService } from '../sms/index.ts';
import { placeholdersOf, type SentNames, type WhatsappService } from '../whatsapp/index.ts';
import type { CampaignRow } from './campaigns.store.ts';

/** What a recipient is charged in at launch: a billed channel's price in paise, or an email credit. */
export type Billing = BilledChannel | 'email';
/** How a campaign's messages are made; `settled`: the settings chosen at launch (the SMS sender, route and template id), kept on the campaign. */
export type ChannelPlan = { compose(address: string): OutboundInput; settled?: Record<string, unknown> };
/** A recipient address every send refuses now (a blocked or opted-out contact), with that refusal. */
export type BlockedAddress = { address: string; refusal: AppError };
export type ChannelAdapter = {
  billedAs: Billing; plan(orgId: string, campaign: Pick<CampaignRow, 'name' | 'config'>): ChannelPlan;
  /** The addresses a send on the channel refuses as blocked now, as its dispatch would: a launch does not charge for them. */
  blocked(orgId: string): BlockedAddress[];
};
export type CampaignChannels = { whatsapp: ChannelAdapter; sms: ChannelAdapter; rcs: ChannelAdapter; email: ChannelAdapter };

/** Who an SMS (or a console-made WhatsApp) campaign goes to: a list (its recipients), or every contact or a segment, resolved at launch. */
export type AudienceConfig = { audienceType: CampaignAudienceType; audienceCriteria: { tags?: string[] | undefined; search?: string | undefined } };
/** A WhatsApp campaign goes to its list (the seed's `phones`), unless the console chose every contact or a segment. */
export type WaCampaignConfig = {
  templateId: string; templateName: string; templateComponents: WaSendComponent[]; variableMapping: VariableMapping;
} & Partial<AudienceConfig>;
export type SmsCampaignConfig = {
  messageBody: string; senderId: string | null; templateId: string | null; route: 'transactional' | 'promotional' | null;
} & AudienceConfig;
export type EmailCampaignConfig = {
  templateId: string; templateName: string; fromName: string; fromEmail: string; replyTo: string | null; subject: string | null;
  variables: Record<string, string | number | boolean>; audience: 'list' | 'subscribers';
};
export type RcsCampaignConfig = {
  botId: string; templateId: string; templateName: string; ttl: string | null; rcsVariables: Record<string, string | number>; fallback: boolean; fallbackMessage: string | null;
  country: string;
  /** `list`: the create's `numbers`; `contacts`: every contact with a phone (none given). Kept since the detail gives the list back; absent on older campaigns. */
  audience?: 'list' | 'contacts';
};

/**
 * A refusal of a campaign's recipient (or of its launch) with the reason its results count it under (`reason`), where
 * the API's code (`VALIDATION_FAILED`) says less: answered over HTTP exactly as the refusal it wraps.
 */
export class RecipientRefusal extends AppError {
  constructor(readonly reason: CampaignRefusalCode, refusal: AppError) {
    super(refusal.code, refusal.message, { extra: refusal.extra, headers: refusal.headers, status: refusal.statusCode });
  }
}
/** The code a refused recipient keeps: the campaign's reason, else the refusal's own (`CONTACT_BLOCKED`, ...). */
export const refusalCode = (error: AppError): string => (error instanceof RecipientRefusal ? error.reason : error.code);
/** Runs `work`; a refusal from it is the recipients' for `reason`. */
function refusedAs<T>(reason: CampaignRefusalCode, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof AppError && !(error instanceof RecipientRefusal)) throw new RecipientRefusal(reason, error);
    throw error;
  }
}

/** A WhatsApp campaign's refusals name its own field: its static parameters come in `templateComponents`. */
export const WA_CAMPAIGN_NAMES: SentNames = { components: 'templateComponents', bodyParameters: 'templateComponents', bodyParameter: (n) => `body parameter ${n}` };

const origin = (campaign: Pick<CampaignRow, 'name'>): Origin => ({ source: 'CAMPAIGN', sourceName: campaign.name });

/** A contact's field as a template value (`phone` is the recipient's number even without a contact). */
export function fieldOf(contacts: Pick<ContactsService, 'findByPhone'>, orgId: string, address: string): RecipientField {
  let contact: ReturnType<ContactsService['findByPhone']> | undefined;
  return (field: string): string | null => contactFieldValue(field, address, () => (contact ??= contacts.findByPhone(orgId, address)));
}

export function campaignChannels(deps: {
  whatsapp: WhatsappService; sms: SmsService; rcs: RcsService; email: EmailService; messaging: MessagingService; contacts: ContactsService;
}): CampaignChannels {
  const { whatsapp, sms, rcs, email, messaging, contacts } = deps;
  const senderOf = (orgId: string, senderId: string | null): string => {
    const chosen = senderId ?? sms.defaultSender(orgId);
    if (!chosen) throw invalidField('The organization has no approved SMS sender id: register one (Dashboard → SMS) or give senderId');
    return chosen;
  };
  const blockedPhones = (orgId: string) => contacts.blockedAddresses(orgId, 'phone');
  return {
    whatsapp: {
      billedAs: 'whatsapp',
      blocked: blockedPhones,
      plan(orgId, campaign) {
        const config = JSON.parse(campaign.config) as WaCampaignConfig;
        const template = refusedAs('TEMPLATE_UNAVAILABLE', () => whatsapp.approvedTemplate(orgId, config.templateId));
        const body = template.components.find((c) => c.type === 'BODY');
        const placeholders = placeholdersOf(body?.type === 'BODY' ? body.text : '').length;
        return {
          compose: (address) => whatsapp.composeTemplate(orgId, template, address,
            recipientComponents(config, placeholders, fieldOf(contacts, orgId, address)), origin(campaign), WA_CAMPAIGN_NAMES),
        };
      },
    },
    sms: {
      billedAs: 'sms',
      blocked: blockedPhones,
      plan(orgId, campaign) {
        const config = JSON.parse(campaign.config) as SmsCampaignConfig;
        const prepared = sms.prepare(orgId, {
          senderId: senderOf(orgId, config.senderId), message: config.messageBody, templateId: config.templateId ?? undefined, route: config.route ?? undefined,
        });
        // The template the text matched is kept by its own id, as the logs carry it: one the create left unset (none
        // matched then), or gave by its DLT id (a draft from before the create resolved it).
        const settled = { senderId: prepared.senderId, route: prepared.route, templateId: prepared.template.id };
        return { compose: (address) => sms.compose(orgId, prepared, address, origin(campaign)), settled };
      },
    },
    email: {
      billedAs: 'email',
      blocked(orgId) {
        const blocked = contacts.blockedAddresses(orgId, 'email');
        if (blocked.length === 0) return blocked;
        // A suppressed address is refused as suppressed before its contact is looked at (see `compose`): left to its dispatch.
        const suppressed = new Set(email.suppressions(orgId).map((s) => s.email.toLowerCase()));
        return blocked.filter((b) => !suppressed.has(b.address));
      },
      plan(orgId, campaign) {
        const config = JSON.parse(campaign.config) as EmailCampaignConfig;
        const prepared = email.prepare(orgId, { ...config, replyTo: config.replyTo ?? undefined, subject: config.subject ?? undefined });
        return {
          compose(address) {
            const contact = contacts.findByEmail(orgId, address);
            const { firstName, lastName } = nameParts(contact?.name);
            const compose = () => email.compose(orgId, prepared, { to: address, firstName, lastName }, config.variables, origin(campaign));
            // A suppressed address (a bounce, a complaint) is refused: counted as such, not as any refusal.
            return email.suppression(orgId, address) ? refusedAs('EMAIL_SUPPRESSED', compose) : compose();
          },
        };
      },
    },
    rcs: {
      billedAs: 'rcs',
      // An SMS fallback goes to the same phone, so to the same contact.
      blocked: blockedPhones,
      plan(orgId, campaign) {
        const config = JSON.parse(campaign.config) as RcsCampaignConfig;
        const template = refusedAs('TEMPLATE_UNAVAILABLE', () => rcs.approvedTemplate(orgId, config.templateId));
        if (template.botId !== config.botId) {
          // An id that is no bot of the organization is said as such, not as "another bot" (as if it were one).
          if (!rcs.bot(orgId, config.botId)) throw invalidField(`RCS bot ${config.botId} not found`);
          throw invalidField(`RCS template ${template.name} belongs to another bot than ${config.botId}`);
        }
        const fallback = config.fallback
          ? sms.prepare(orgId, { senderId: senderOf(orgId, null), message: config.fallbackMessage ?? '' })
          : null;
        return {
          compose(address) {
            if (fallback && !messaging.capabilities(address).rcs) return sms.compose(orgId, fallback, address, origin(campaign));
            const field = fieldOf(contacts, orgId, address);
            const values: Record<string, string | number> = {};
            for (const name of template.variables) {
              const value = rcsRecipientValue(config.rcsVariables, name, field);
              // Not "Hi , …": a recipient with nothing to fill a variable with is not sent to (failed, refunded, with this reason).
              if (value === null) {
                throw new RecipientRefusal('VARIABLE_UNFILLED', invalidField(`No value for {{${name}}}: it is not given, and the recipient's contact has no ${name}`));
              }
              values[name] = value;
            }
            return rcs.compose(orgId, template, address, values, config.ttl, origin(campaign));
          },
        };
      },
    },
  };
}
