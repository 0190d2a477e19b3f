// What a step does, in a few words after its name on an automation's card: "Add tag · vip", "Wait · 1 minute",
// "Send WhatsApp template · welcome_offer (en)". Only what the config says; a config the step's type does not read (or
// an unknown type) says nothing more.
import { plural, type AutomationStep } from '../../../src-core/contract/index.ts';

const QUOTE_AT_MOST = 60;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);
/** A message quoted, cut with "…" past 60 characters. */
const quoted = (value: unknown): string | null => {
  const said = text(value);
  if (!said) return null;
  const oneLine = said.replace(/\s+/g, ' ');
  return `"${oneLine.length > QUOTE_AT_MOST ? `${oneLine.slice(0, QUOTE_AT_MOST - 1)}…` : oneLine}"`;
};

/** A wait's length in words, largest unit first: "1 hour 30 minutes", "45 seconds". */
export function waitWords(config: Record<string, unknown>): string | null {
  const total = number(config.seconds) + number(config.minutes) * 60 + number(config.hours) * 3600;
  if (total <= 0) return null;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = Math.round(total % 60);
  const words = [hours && plural(hours, 'hour'), minutes && plural(minutes, 'minute'), seconds && plural(seconds, 'second')].filter(Boolean);
  return words.length ? words.join(' ') : null;
}

const CONDITIONS: Record<string, (value: string) => string> = {
  contact_has_tag: (value) => `only if the contact has tag ${value}`,
  contact_lacks_tag: (value) => `only if the contact lacks tag ${value}`,
  message_contains: (value) => `only if the message contains "${value}"`,
};

export function stepSummary(step: Pick<AutomationStep, 'type' | 'config'>): string | null {
  const config = step.config;
  switch (step.type) {
    case 'whatsapp.send_template': {
      const name = text(config.templateName);
      const language = text(config.languageCode);
      return name ? `${name}${language ? ` (${language})` : ''}` : null;
    }
    case 'sms.send': {
      const sender = text(config.senderId);
      const message = quoted(config.message);
      return [sender && `from ${sender}`, message].filter(Boolean).join(': ') || null;
    }
    case 'email.send': {
      const from = text(config.fromEmail);
      const subject = quoted(config.subject);
      return [from && `from ${from}`, subject].filter(Boolean).join(': ') || null;
    }
    case 'instagram.reply':
      return quoted(config.message);
    case 'wait':
      return waitWords(config);
    case 'contact.add_tag':
    case 'contact.remove_tag':
      return text(config.tag);
    case 'condition': {
      const check = text(config.check);
      const value = text(config.value);
      const says = check ? CONDITIONS[check] : undefined;
      return says && value ? says(value) : null;
    }
    default:
      return null;
  }
}

/** An ISO 8601 instant as the core writes it ("2026-11-27T13:26:33.200Z"). */
const INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b/g;

/**
 * What a run's step did, as the core said it, with any moment in it written as the console writes times: a wait's
 * "waits 60 s, until 2026-11-27T13:26:33.200Z" reads "waits 60 s, until Nov 27, 2026, 1:26:33 PM", as its run's "until" does.
 */
export const outcomeInWords = (detail: string | null, time: (iso: string) => string): string => (detail ?? '').replace(INSTANT, (iso) => time(iso));

/**
 * A send refusal as a marketer reads it: a run stored before the core said it in words carries the WhatsApp send's
 * components JSON ("send a header parameter {"type":"image",…}"), said here as what to give instead.
 */
export function refusalInWords(detail: string): string {
  return detail
    .replace(/send a header parameter \{"type":"(image|video|document)".*?\}\}/g, (_m, kind: string) => `give a link to the header ${kind}`)
    .replace(/send \{"type":"button".*?\]\}/g, 'give the end of its link');
}

/** Why a failed run failed, in words: its failed step by name and what it said ("Send WhatsApp template: template … has an image header: …"). */
export function runFailureWords(run: { error: string | null; steps: Array<{ type: string; status: string; detail: string | null }> }, nameOf: (type: string) => string): string {
  const failed = run.steps.find((step) => step.status === 'failed');
  if (failed?.detail) return `${nameOf(failed.type)}: ${refusalInWords(failed.detail)}`;
  return refusalInWords(run.error ?? 'no reason given');
}
