// The DLT check done in the browser with the core's own rule (contract: matchesDlt).
import { matchesDlt, type SmsTemplate } from '../../../src-core/contract/index.ts';

/** The first approved template the message matches (of `route` when given), or null. */
export function matchingTemplate(templates: SmsTemplate[], message: string, route?: string): SmsTemplate | null {
  if (!message) return null;
  return templates.find((t) => t.status === 'APPROVED' && (!route || t.route === route) && matchesDlt(t.body, message)) ?? null;
}

/** A template still under review (PENDING) that the message matches, or null: it can be sent once approved. */
export function templateUnderReview(templates: SmsTemplate[], message: string): SmsTemplate | null {
  if (!message) return null;
  return templates.find((t) => t.status === 'PENDING' && matchesDlt(t.body, message)) ?? null;
}
