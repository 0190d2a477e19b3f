// Instagram: the organization's connection, profile, conversations, direct messages and insights (seed 000, "Instagram").
import { z } from 'zod';
import { httpLinkSchema, nullAsAbsent, timestampSchema } from './common.ts';
import { sendFailureFields } from './send-failure.ts';

/**
 * An IGSID (Instagram-scoped user id, the page-scoped id a customer's messages arrive from) is a string
 * of digits; an Instagram username always has a letter, `.` or `_`, so the two never overlap.
 */
export const IGSID_PATTERN = /^\d{1,32}$/;
const USERNAME_LIKE = /^@?[A-Za-z0-9._]{1,30}$/;

/** Why `value` is not an IGSID (naming a username as such), or null when it is one. */
export function igsidProblem(value: string): string | null {
  if (IGSID_PATTERN.test(value)) return null;
  if (USERNAME_LIKE.test(value)) {
    return `"${value}" is an Instagram username, not a page-scoped user id: send the IGSID (digits only) that the customer's messages arrive from`;
  }
  return 'must be an Instagram page-scoped user id (IGSID): 1 to 32 digits';
}

export const igsidSchema = z.string().trim().superRefine((value, ctx) => {
  const problem = igsidProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}).describe('a page-scoped user id (digits), the one the customer\'s messages arrive from; not a username');

export const INSTAGRAM_MESSAGE_MAX = 1000;

export const sendInstagramMessageBodySchema = z.object({
  recipientIgsid: igsidSchema,
  message: z
    .string()
    .max(INSTAGRAM_MESSAGE_MAX, `message must be at most ${INSTAGRAM_MESSAGE_MAX} characters`)
    .refine((text) => text.trim().length > 0, 'message must not be empty'),
});
export type SendInstagramMessageInput = z.infer<typeof sendInstagramMessageBodySchema>;

export const instagramSendResultSchema = z.object({ messageId: z.string(), status: z.string(), ...sendFailureFields });
export type InstagramSendResult = z.infer<typeof instagramSendResultSchema>;

export const instagramProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  biography: z.string().nullable(),
  followersCount: z.number().int(),
  followsCount: z.number().int(),
  mediaCount: z.number().int(),
  profilePictureUrl: z.string().nullable(),
  website: z.string().nullable(),
});
export type InstagramProfile = z.infer<typeof instagramProfileSchema>;

export const instagramConversationSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  senderUsername: z.string().nullable(),
  senderName: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: timestampSchema.nullable(),
  unreadCount: z.number().int(),
});
export type InstagramConversation = z.infer<typeof instagramConversationSchema>;

export const INSTAGRAM_INSIGHTS_PERIOD = 'last_28_days';

export const instagramInsightsSchema = z.object({
  followerCount: z.number().int(),
  followsDelta: z.number().int(),
  reach: z.number().int(),
  profileViews: z.number().int(),
  impressions: z.number().int(),
  websiteClicks: z.number().int(),
  period: z.string(),
  updatedAt: timestampSchema,
});
export type InstagramInsights = z.infer<typeof instagramInsightsSchema>;

const count = z.number().int().min(0).max(1_000_000_000);
const digitsId = z.string().trim().regex(/^\d{1,32}$/, 'must be digits');

/** `POST /dashboard/instagram/connection`: connect (or reconnect) the organization's Instagram professional account. */
export const connectInstagramBodySchema = z.object({
  organizationId: z.string().optional(),
  instagramAccountId: digitsId.optional(),
  pageId: digitsId.optional(),
  pageName: nullAsAbsent(z.string().trim().min(1).max(100)),
  username: z
    .string()
    .trim()
    .transform((name) => name.replace(/^@/, ''))
    .pipe(z.string().regex(/^(?=.*[A-Za-z._])[A-Za-z0-9._]{1,30}$/, 'username must be 1 to 30 letters, digits, periods and underscores, with at least one letter, period or underscore')),
  name: nullAsAbsent(z.string().trim().min(1).max(64)),
  biography: nullAsAbsent(z.string().max(150, 'biography must be at most 150 characters')),
  // Links the profile shows, answered to every integrator by `GET /v1/instagram/profile`: http or https only, as a
  // template's URL button is (`javascript:alert(1)` or `ftp://…` is no website a page can link to).
  website: nullAsAbsent(httpLinkSchema),
  profilePictureUrl: nullAsAbsent(httpLinkSchema),
  followersCount: count.optional(),
  followsCount: count.optional(),
  mediaCount: count.optional(),
});
export type ConnectInstagramInput = z.infer<typeof connectInstagramBodySchema>;

export const instagramConnectionSchema = instagramProfileSchema.extend({
  instagramAccountId: z.string(),
  pageId: z.string(),
  pageName: z.string().nullable(),
  connectedAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type InstagramConnection = z.infer<typeof instagramConnectionSchema>;

/** `GET /dashboard/instagram/connection`. */
export const instagramConnectionStateSchema = z.object({ connected: z.boolean(), connection: instagramConnectionSchema.nullable() });
export type InstagramConnectionState = z.infer<typeof instagramConnectionStateSchema>;

/** `PUT /dashboard/instagram/senders/{igsid}`: the handle and name the platform knows for a customer's IGSID. */
export const instagramSenderBodySchema = z.object({
  organizationId: z.string().optional(),
  username: z
    .string()
    .trim()
    .transform((name) => name.replace(/^@/, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9._]{1,30}$/, 'username must be 1 to 30 letters, digits, periods and underscores')),
  name: nullAsAbsent(z.string().trim().min(1).max(100)),
});
export type InstagramSenderInput = z.infer<typeof instagramSenderBodySchema>;

export const instagramSenderSchema = z.object({ igsid: z.string(), username: z.string(), name: z.string().nullable(), updatedAt: timestampSchema });
export type InstagramSender = z.infer<typeof instagramSenderSchema>;
