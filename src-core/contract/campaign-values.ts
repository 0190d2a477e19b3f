// One recipient's values in a WhatsApp or RCS campaign: what fills each placeholder for them (a contact's field, else
// the campaign's value). The campaign engine composes every message with these, and the console's builders preview the
// first recipient's message with them, so the preview shows what is sent.
import { isContactField, type CONTACT_FIELDS, type VariableMapping } from './campaigns.ts';
import { nameParts } from './email-merge.ts';
import type { WaSendComponent } from './whatsapp.ts';

export type ContactFieldName = (typeof CONTACT_FIELDS)[number];
/** A recipient's contact field as a template value: null when they have none (no contact, or the field blank). */
export type RecipientField = (field: string) => string | null;

type ContactValues = Partial<Record<Exclude<ContactFieldName, 'phone' | 'first_name'>, string | null>>;
/**
 * What a contact field gives a template for the recipient at `address`: `phone` is that number without its "+" (with or
 * without a contact), `first_name` the first word of the contact's name (a one-word name whole, as email's merge tag
 * reads it), the others the contact's (read only when asked: `contact` may look it up), null when blank, when there is
 * no contact, or for a name that is no contact field. One rule for the campaign engine and the inbox's replies.
 */
export function contactFieldValue(field: string, address: string, contact: () => ContactValues | null | undefined): string | null {
  if (!isContactField(field)) return null;
  const value = field === 'phone' ? address.replace(/^\+/, '')
    : field === 'first_name' ? nameParts(contact()?.name).firstName
      : contact()?.[field as keyof ContactValues];
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * A recipient the builders preview a campaign for: the first its launch would send to (a blocked contact or, on RCS, a
 * handset without RCS gets no such message), with the fields of their contact as the campaign's messages read them
 * (`phone` is the number itself; the others null when the contact has none, or there is no contact).
 */
export type AudienceSample = { address: string; name: string | null; fields: Record<ContactFieldName, string | null> };

/** The body parameters of one recipient: mapped contact fields over the static values. */
export function recipientComponents(config: { templateComponents: WaSendComponent[]; variableMapping: VariableMapping }, placeholders: number, field: RecipientField): WaSendComponent[] {
  const mapped = Object.entries(config.variableMapping);
  if (mapped.length === 0) return config.templateComponents;
  const body = config.templateComponents.find((c) => c.type === 'body');
  const parameters = Array.from({ length: placeholders }, (_, i) => {
    const rule = config.variableMapping[String(i + 1)];
    const fixed = body?.parameters[i]?.text;
    if (!rule) return { type: 'text', text: typeof fixed === 'string' ? fixed : '' };
    const { field: name, fallback } = typeof rule === 'string' ? { field: rule, fallback: undefined } : rule;
    return { type: 'text', text: field(name) ?? fallback ?? (typeof fixed === 'string' ? fixed : '') };
  });
  return [...config.templateComponents.filter((c) => c.type !== 'body'), { type: 'body', parameters }];
}

/** The value `rcsVariables` gives `name`, or null when it gives none or a blank one (a contact field then fills it). */
export const givenValue = (given: Record<string, string | number>, name: string): string | number | null => {
  const value = Object.hasOwn(given, name) ? given[name] : undefined;
  return value === undefined || String(value).trim() === '' ? null : value;
};

/** An RCS variable's value for one recipient: the campaign's, else their contact's field of that name; null: none (not sent to). */
export function rcsRecipientValue(given: Record<string, string | number>, name: string, field: RecipientField): string | number | null {
  const value = givenValue(given, name) ?? field(name);
  return value === null || String(value).trim() === '' ? null : value;
}
