// The DLT check done in the browser with the core's own rule (contract: matchesDlt), plus what the rule
// alone lets through: a `{#var#}` left as it is would match itself, so a text still holding one is unfilled.
import { matchesDlt, type SmsTemplate } from '../../../src-core/contract/index.ts';

export const DLT_VAR = '{#var#}';

/** How many `{#var#}` the text still holds (each must be replaced by its value before it can be sent). */
export const unfilledVars = (message: string): number => message.split(DLT_VAR).length - 1;

/** The first approved template the message matches (of `route` when given), or null; never for a text with a `{#var#}` left. */
export function matchingTemplate(templates: SmsTemplate[], message: string, route?: string): SmsTemplate | null {
  if (!message || unfilledVars(message)) return null;
  return templates.find((t) => t.status === 'APPROVED' && (!route || t.route === route) && matchesDlt(t.body, message)) ?? null;
}

/** A template still under review (PENDING) that the message matches, or null: it can be sent once approved. */
export function templateUnderReview(templates: SmsTemplate[], message: string): SmsTemplate | null {
  if (!message || unfilledVars(message)) return null;
  return templates.find((t) => t.status === 'PENDING' && matchesDlt(t.body, message)) ?? null;
}

/** The template's body with its `{#var#}` replaced, in order, by `values` (an empty value stays `{#var#}`). */
export function fillTemplate(body: string, values: string[]): string {
  return body.split(DLT_VAR).map((literal, i) => (i === 0 ? literal : `${values[i - 1] || DLT_VAR}${literal}`)).join('');
}

type TemplatesQuery = { data?: { data: SmsTemplate[] } | undefined; isError: boolean };

/**
 * What still keeps an SMS text from being sent, as a builder's blocker, or null: `what` names the text
 * ("message", "fallback SMS") so a form with two texts says which one.
 */
export function smsTextBlocker(templates: TemplatesQuery, text: string, what: string): string | null {
  if (!text.trim()) return `the ${what}`;
  if (templates.isError) return 'the DLT templates (not loaded)';
  if (!templates.data) return 'the DLT templates (loading)';
  if (unfilledVars(text)) return `each {#var#} of the ${what} filled`;
  return matchingTemplate(templates.data.data, text) ? null : `a ${what} matching an approved DLT template`;
}
