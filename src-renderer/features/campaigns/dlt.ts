// The DLT check done in the browser, as the core does it at launch: a message matches an approved
// template when it is the template's body with each {#var#} filled by 1 to 30 characters of one line.
import type { SmsTemplate } from '../../../src-core/contract/index.ts';

const VAR_MAX = 30;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const dltPattern = (body: string): RegExp => new RegExp(`^${body.split('{#var#}').map(escape).join(`[^\\n]{1,${VAR_MAX}}`)}$`);

/** The first approved template the message matches (of `route` when given), or null. */
export function matchingTemplate(templates: SmsTemplate[], message: string, route?: string): SmsTemplate | null {
  if (!message) return null;
  return templates.find((t) => t.status === 'APPROVED' && (!route || t.route === route) && dltPattern(t.body).test(message)) ?? null;
}
