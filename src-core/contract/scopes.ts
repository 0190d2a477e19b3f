// The closed set of API key scopes named by the contract (seed 000, Authentication rule 7).
import { z } from 'zod';

export const SCOPES = [
  'contacts:read', 'contacts:block', 'contacts:notes:read', 'contacts:notes:write',
  'automations:read', 'automations:write', 'automations:executions:read',
  'ai:models:read',
  'whatsapp:send', 'whatsapp:logs:read', 'whatsapp:templates:read', 'whatsapp:templates:write',
  'whatsapp:conversations:read', 'whatsapp:campaigns:read', 'whatsapp:campaigns:write',
  'email:send', 'email:templates:read', 'email:templates:write', 'email:contacts:read',
  'email:contacts:write', 'email:campaigns:read',
  'sms:send', 'sms:templates:read', 'sms:senders:read', 'sms:campaigns:read', 'sms:campaigns:write',
  'sms:logs:read',
  'rcs:send', 'rcs:bots:read', 'rcs:templates:read', 'rcs:campaigns:read', 'rcs:campaigns:write',
  'rcs:logs:read',
  'otp:send', 'otp:verify', 'otp:logs:read', 'otp:analytics:read',
  'instagram:messages:read', 'instagram:messages:send', 'instagram:insights:read',
  'shopify:products:read', 'shopify:orders:read', 'shopify:discounts:read',
  'voice:agents:read', 'voice:agents:write', 'voice:calls:read', 'voice:calls:write',
  'voice:app:read', 'voice:app:write',
  'webhooks:read', 'webhooks:write',
] as const;

export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

/** Scopes grouped by their first segment, for pickers ("contacts", "whatsapp", ...). */
export function scopesByDomain(): Record<string, Scope[]> {
  const groups: Record<string, Scope[]> = {};
  for (const scope of SCOPES) {
    const domain = scope.split(':')[0] ?? scope;
    (groups[domain] ??= []).push(scope);
  }
  return groups;
}
