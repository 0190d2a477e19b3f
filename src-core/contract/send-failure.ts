// Why a dedicated channel send that its provider failed failed, in the send's own answer (additive to the seed's send
// results): the same `errorCode` and `error` an SMS send's `results` and a unified send's failed attempt carry.
import { z } from 'zod';

/** The fields every dedicated send's answer adds; both always present, null unless the answered message failed. */
export const sendFailureFields = {
  errorCode: z.string().nullable().describe(
    "The provider's code when it failed the message, as the channel's log keeps it (SIM_UNREACHABLE, SIM_WHATSAPP_UNAVAILABLE, "
    + 'RCS_NOT_SUPPORTED, SMTP_ERROR, …; an open list); null when it did not fail'),
  error: z.string().nullable().describe("Why the provider failed the message, in words (the log's errorMessage); null when it did not fail"),
};
export type SendFailure = { errorCode: string | null; error: string | null };

/**
 * A message's failure as its send answers it: its `errorCode` and `errorMessage` when the answered status is `failed`,
 * else both null (a message sent and failed by a later receipt, a bounce, was not failed when its send answered).
 */
export const sendFailureOf = (message: { status: string; errorCode: string | null; errorMessage: string | null }): SendFailure =>
  (message.status === 'failed' ? { errorCode: message.errorCode, error: message.errorMessage } : { errorCode: null, error: null });
