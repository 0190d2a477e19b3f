// The rules of OTP: widgets, codes sent through the shared send path (hashed, never stored plain), the
// per-identifier hourly cap, resend cooldown and count, verify attempts, expiry on the clock, single-use JWTs.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { normalizePhone, percentOf, type ListEnvelope } from '../../contract/common.ts';
import type {
  CreateOtpWidgetInput, OtpAnalytics, OtpChannel, OtpLog, OtpSendResult, OtpStatus, OtpTokenResult, OtpVerifyResult, OtpWidget,
  RetryOtpInput, SendOtpInput, UpdateOtpWidgetInput, VerifyOtpInput,
} from '../../contract/otp.ts';
import { OTP_CHANNELS, otpWidgetConflict } from '../../contract/otp.ts';
import type { Message } from '../../contract/messaging.ts';
import { plural } from '../../contract/words.ts';
import type { ChangeNotice } from '../../kernel/change-notices.ts';
import { toIso, type Clock } from '../../kernel/clock.ts';
import type { Db } from '../../kernel/db.ts';
import { AppError, badRequest, invalidField, notFound, rateLimited } from '../../kernel/errors.ts';
import { newId } from '../../kernel/ids.ts';
import type { KeyedId } from '../../kernel/idempotency.ts';
import { safeEqual } from '../../kernel/tokens.ts';
import type { JobRunner } from '../../kernel/jobs.ts';
import { pageEnvelope, type PageRequest } from '../../kernel/pagination.ts';
import { keyedMessageId, systemOrigin, type MessagingService, type Origin } from '../messaging/index.ts';
import type { OtpLogFilter, OtpRequestRow, OtpStore, OtpWidgetRow } from './otp.store.ts';
import { OTP_TOKEN_LIFETIME_SECONDS, signOtpToken, verifyOtpToken } from './otp.tokens.ts';

export const OTP_EXPIRE_JOB = 'otp.expire';
export const OTP_SMS_SENDER = 'SWBOTP';
/** The part a keyed send's or retry's code message is named by within the request (see `Origin`). */
const OTP_MESSAGE_PART = 'otp';
const HOUR_MS = 3_600_000;

const toWidget = (row: OtpWidgetRow): OtpWidget => ({
  id: row.id, name: row.name, otpLength: row.otp_length, expirySeconds: row.expiry_seconds, resendCooldownSeconds: row.resend_cooldown_seconds,
  maxResends: row.max_resends, maxSendsPerHour: row.max_sends_per_hour, maxVerifyAttempts: row.max_verify_attempts,
  channels: JSON.parse(row.channels) as OtpChannel[],
});
/** A widget's settings columns, from the API's fields. */
/** A widget's settings as stored, once the rule across fields holds (create, and a change merged onto the widget). */
function settingsOf(w: CreateOtpWidgetInput) {
  const conflict = otpWidgetConflict(w);
  if (conflict) throw invalidField(conflict);
  return {
    name: w.name, otp_length: w.otpLength, expiry_seconds: w.expirySeconds, resend_cooldown_seconds: w.resendCooldownSeconds,
    max_resends: w.maxResends, max_sends_per_hour: w.maxSendsPerHour, max_verify_attempts: w.maxVerifyAttempts, channels: JSON.stringify(w.channels),
  };
}
const toLog = (row: OtpRequestRow): OtpLog => ({
  id: row.id, widgetId: row.widget_id, identifier: row.identifier, channel: row.channel as OtpChannel, status: row.status as OtpStatus,
  attempts: row.attempts, resends: row.resends, sentAt: row.sent_at, verifiedAt: row.verified_at, expiresAt: row.expires_at,
});
const hashCode = (code: string, requestId: string): string => createHash('sha256').update(`${code}${requestId}`).digest('hex');
const codeMatches = (code: string, row: OtpRequestRow): boolean => safeEqual(hashCode(code, row.id), row.code_hash);
const newCode = (length: number): string => Array.from({ length }, () => String(randomInt(10))).join('');
const expiresIn = (seconds: number): string =>
  seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;

export function createOtpService(deps: {
  store: OtpStore; db: Db; clock: Clock; jobs: JobRunner; messaging: MessagingService;
  /** A request's row written (sent, resent, verified, a wrong code, blocked, expired, taken back): for the console's stream. */
  changed: ChangeNotice;
}) {
  const { store, db, clock, jobs, messaging, changed } = deps;

  const mustWidget = (orgId: string, id: string): OtpWidgetRow => {
    const row = store.widgetById(orgId, id);
    if (!row) throw notFound(`OTP widget ${id}`);
    return row;
  };
  const mustRequest = (orgId: string, id: string): OtpRequestRow => {
    const row = store.requestById(orgId, id);
    if (!row) throw notFound(`OTP request ${id}`);
    return row;
  };

  /** 429 when the identifier already had the widget's hourly number of sends (sends and retries) in the last hour. */
  function assertUnderHourlyCap(orgId: string, identifier: string, widget: OtpWidgetRow): void {
    const now = clock.now();
    const { n, oldest } = store.sendsSince(orgId, identifier, toIso(now - HOUR_MS));
    if (n < widget.max_sends_per_hour || !oldest) return;
    const resetsAt = Date.parse(oldest) + HOUR_MS;
    const retryAfter = Math.max(1, Math.ceil((resetsAt - now) / 1000));
    throw rateLimited(`Too many OTPs sent to ${identifier}: at most ${widget.max_sends_per_hour} per hour (sends and retries). `
      + `The limit resets at ${toIso(resetsAt)}, in ${plural(retryAfter, 'second')}`, retryAfter);
  }

  /** 400 `NOT_DELIVERED` when the code's message failed at the provider (its request's rows were taken back). */
  function assertDelivered(message: Message): void {
    if (message.status !== 'failed') return;
    throw new AppError('NOT_DELIVERED', `The OTP could not be delivered to ${message.address} over ${message.channel}: ${message.errorMessage ?? 'the provider refused the message'}`);
  }

  /**
   * Sends the code's message. `record` writes the request's rows inside the transaction that queues the
   * message (a refused send — blocked contact, empty wallet, a limit `record` enforces — writes nothing);
   * a failed delivery answers 400 `NOT_DELIVERED`, its rows taken back in the transaction that records it: a
   * request's first code by `codeFailed`, a retry's by `undo`.
   * Keyed (`origin`), the message's id comes from the key: one queued by a run a stop cut short is resumed
   * with the code it recorded (`record` is not run again), never a new one.
   */
  async function deliver(orgId: string, widget: OtpWidgetRow, requestId: string, channel: string, identifier: string, code: string,
    origin: Origin, steps: { record(): void; undo?(): void }): Promise<void> {
    const text = `${code} is your verification code for ${widget.name}. It expires in ${expiresIn(widget.expiry_seconds)}.`;
    assertDelivered(await messaging.send({
      orgId, channel: channel as OtpChannel, to: identifier, sender: channel === 'sms' ? OTP_SMS_SENDER : null,
      type: 'text', text, source: origin.source, content: { text, otpRequestId: requestId }, ...keyedMessageId(origin, OTP_MESSAGE_PART),
      onQueued: steps.record,
      onSettled: (settled) => {
        if (settled.status === 'failed') steps.undo?.();
      },
    }));
  }

  /** A `sent` request whose expiry has passed becomes `expired` (the job, or a late retry or verify). */
  function expireIfDue(row: OtpRequestRow): boolean {
    if (row.status !== 'sent' || row.expires_at > clock.nowIso()) return false;
    return db.tx(() => {
      changed(row.org_id, row.id);
      return store.setStatus(row.id, 'expired', null);
    });
  }

  function signingKey(orgId: string): Uint8Array {
    return db.tx(() => {
      if (!store.signingKey(orgId)) store.insertSigningKey(orgId, randomBytes(32).toString('base64url'), clock.nowIso());
      return Buffer.from(store.signingKey(orgId) as string, 'base64url');
    });
  }

  const notSentMessage = (row: OtpRequestRow): string =>
    row.status === 'verified' ? `OTP request ${row.id} is already verified`
      : row.status === 'blocked' ? `OTP request ${row.id} is blocked after too many wrong attempts; send a new OTP`
        : `OTP request ${row.id} has expired; send a new OTP`;

  return {
    listWidgets: (orgId: string): { data: OtpWidget[] } => ({ data: store.widgets(orgId).map(toWidget) }),
    getWidget: (orgId: string, id: string): OtpWidget => toWidget(mustWidget(orgId, id)),

    createWidget(orgId: string, input: CreateOtpWidgetInput): OtpWidget {
      const at = clock.nowIso();
      const row: OtpWidgetRow = { id: newId('otpw'), org_id: orgId, ...settingsOf(input), created_at: at, updated_at: at };
      db.tx(() => store.insertWidget(row));
      return toWidget(row);
    },

    updateWidget(orgId: string, id: string, input: UpdateOtpWidgetInput): OtpWidget {
      return db.tx(() => {
        const current = mustWidget(orgId, id);
        const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        const row: OtpWidgetRow = { ...current, ...settingsOf({ ...toWidget(current), ...given }), updated_at: clock.nowIso() };
        store.updateWidget(row);
        return toWidget(row);
      });
    },

    /**
     * Sends a new code over the widget's first channel. With `keyedId` (an Idempotency-Key), the request and its message take their ids from the key:
     * run again after a stop, the request answers what its first run sent (no second code, no second charge; a code
     * it left queued goes out first), before anything is checked again; one whose first run committed nothing is made afresh.
     */
    async send(orgId: string, input: SendOtpInput, options: { keyedId?: KeyedId | undefined } = {}): Promise<OtpSendResult> {
      const origin = systemOrigin(options.keyedId);
      const id = options.keyedId?.('otp', 'request') ?? newId('otp');
      // A code the stop left queued goes out as recorded (its channel, its code); failing there takes its request back (`codeFailed`).
      const sent = await messaging.keyedAnswer(origin, OTP_MESSAGE_PART);
      if (sent) {
        assertDelivered(sent);
        return { requestId: id };
      }
      const widget = mustWidget(orgId, input.widgetId);
      // Stored and put in tokens as contacts store phones, so a blocked contact and the hourly cap match it.
      const identifier = normalizePhone(input.identifier);
      const code = newCode(widget.otp_length);
      const channel = (JSON.parse(widget.channels) as OtpChannel[])[0] ?? 'sms';
      await deliver(orgId, widget, id, channel, identifier, code, origin, {
        record() {
          assertUnderHourlyCap(orgId, identifier, widget);
          const now = clock.now();
          const request: OtpRequestRow = {
            id, org_id: orgId, widget_id: widget.id, identifier, channel, code_hash: hashCode(code, id), status: 'sent', attempts: 0, resends: 0,
            sent_at: toIso(now), last_sent_at: toIso(now), expires_at: toIso(now + widget.expiry_seconds * 1000), verified_at: null, created_at: toIso(now),
          };
          store.insertRequest(request);
          changed(orgId, id);
          store.insertSend({ request_id: id, org_id: orgId, identifier, channel, at: request.sent_at });
          jobs.schedule({ type: OTP_EXPIRE_JOB, orgId, payload: { requestId: id }, delayMs: widget.expiry_seconds * 1000 });
        },
      });
      return { requestId: id };
    },

    /**
     * Sends a new code for the same request (the old one stops working), on its channel or an enabled override.
     * Keyed, run again after a stop: the code its first run sent answers (not a third), before the cooldown,
     * the resend count or the request's state is checked again.
     */
    async retry(orgId: string, input: RetryOtpInput, keyedId?: KeyedId): Promise<OtpSendResult> {
      const origin = systemOrigin(keyedId);
      // A code the stop left queued goes out as recorded. Failing there leaves the resend counted: the code it replaced is
      // not kept to put back (only a code's hash is, and the new one's took its place).
      const sent = await messaging.keyedAnswer(origin, OTP_MESSAGE_PART);
      if (sent) {
        assertDelivered(sent);
        return { requestId: input.requestId };
      }
      const current = mustRequest(orgId, input.requestId);
      const widget = mustWidget(orgId, current.widget_id);
      if (expireIfDue(current)) throw badRequest(`OTP request ${current.id} has expired; send a new OTP`);
      if (current.status !== 'sent') {
        // A blocked or expired request's words already say what to do (send a new OTP), as when the expiry is found here.
        const retryable = current.status === 'verified' ? '; only a request still waiting for its code can be retried' : '';
        throw badRequest(`${notSentMessage(current)}${retryable}`);
      }
      const enabled = JSON.parse(widget.channels) as OtpChannel[];
      if (input.channel && !enabled.includes(input.channel)) {
        throw invalidField(`channel ${input.channel} is not enabled on OTP widget ${widget.name}; enabled channels: ${enabled.join(', ')}`);
      }
      if (current.resends >= widget.max_resends) {
        throw badRequest(`OTP request ${current.id} has reached the widget's maximum of ${plural(widget.max_resends, 'resend')}; send a new OTP`);
      }
      const code = newCode(widget.otp_length);
      // Without an override, the request's own channel, unless the widget no longer enables it: then its first.
      const channel = input.channel ?? (enabled.includes(current.channel as OtpChannel) ? current.channel as OtpChannel : enabled[0] as OtpChannel);
      let before: OtpRequestRow = current;
      let sendId = 0;
      // Checked again where the new code is recorded: another retry may have landed since the checks above.
      await deliver(orgId, widget, current.id, channel, current.identifier, code, origin, {
        record() {
          before = mustRequest(orgId, current.id);
          const now = clock.now();
          const readyAt = Date.parse(before.last_sent_at) + widget.resend_cooldown_seconds * 1000;
          if (now < readyAt) {
            const retryAfter = Math.ceil((readyAt - now) / 1000);
            throw rateLimited(`OTP resend cooldown: wait ${plural(retryAfter, 'second')} before retrying (the widget allows one resend every `
              + `${plural(widget.resend_cooldown_seconds, 'second')})`, retryAfter);
          }
          if (before.status !== 'sent') throw badRequest(notSentMessage(before));
          if (before.resends >= widget.max_resends) throw badRequest(`OTP request ${before.id} has reached the widget's maximum of ${plural(widget.max_resends, 'resend')}`);
          assertUnderHourlyCap(orgId, before.identifier, widget);
          const next: OtpRequestRow = {
            ...before, channel, code_hash: hashCode(code, before.id), resends: before.resends + 1,
            last_sent_at: toIso(now), expires_at: toIso(now + widget.expiry_seconds * 1000),
          };
          store.updateSendFields(next);
          changed(orgId, before.id);
          sendId = store.insertSend({ request_id: before.id, org_id: orgId, identifier: before.identifier, channel, at: next.last_sent_at });
          jobs.schedule({ type: OTP_EXPIRE_JOB, orgId, payload: { requestId: before.id }, delayMs: widget.expiry_seconds * 1000 });
        },
        undo() {
          store.updateSendFields(before);
          changed(orgId, before.id);
          store.deleteSend(sendId);
        },
      });
      return { requestId: current.id };
    },

    /** Checks a code: right → `verified` and a single-use access token; wrong → attempts + 1, `blocked` at the widget's maximum. */
    async verify(orgId: string, input: VerifyOtpInput): Promise<OtpVerifyResult> {
      const current = mustRequest(orgId, input.requestId);
      if (expireIfDue(current)) throw badRequest(`OTP request ${current.id} has expired; send a new OTP`);
      if (current.status !== 'sent') throw badRequest(notSentMessage(current));
      const widget = mustWidget(orgId, current.widget_id);
      const outcome = db.tx(() => {
        const row = mustRequest(orgId, current.id);
        // The request's state refuses it (BAD_REQUEST); a wrong code is the `otp` field's problem (VALIDATION_FAILED).
        if (row.status !== 'sent') return { refused: notSentMessage(row) };
        changed(orgId, row.id);
        if (!codeMatches(input.otp, row)) {
          const attempts = row.attempts + 1;
          store.setAttempts(row.id, attempts);
          if (attempts >= widget.max_verify_attempts) {
            store.setStatus(row.id, 'blocked', null);
            return { error: `Invalid OTP; ${plural(attempts, 'wrong attempt')}: OTP request ${row.id} is now blocked; send a new OTP` };
          }
          const left = widget.max_verify_attempts - attempts;
          return { error: `Invalid OTP; ${plural(left, 'attempt')} left` };
        }
        const verifiedAt = clock.nowIso();
        store.setStatus(row.id, 'verified', verifiedAt);
        const jti = newId('otpt');
        store.insertToken({ jti, org_id: orgId, request_id: row.id, identifier: row.identifier, verified_at: verifiedAt });
        // The organization's signing key, made on its first success (joins this transaction; a wrong code never needs it).
        return { jti, row, verifiedAt, key: signingKey(orgId) };
      });
      if ('refused' in outcome) throw badRequest(outcome.refused as string);
      if ('error' in outcome) throw invalidField(outcome.error as string);
      const iat = Math.floor(Date.parse(outcome.verifiedAt) / 1000);
      const accessToken = await signOtpToken(outcome.key, {
        sub: outcome.row.identifier, jti: outcome.jti, rid: outcome.row.id, wid: outcome.row.widget_id, iat, exp: iat + OTP_TOKEN_LIFETIME_SECONDS,
      });
      return { accessToken };
    },

    /** Checks an access token and consumes it: the first call answers, any later one is 400. */
    async verifyToken(orgId: string, accessToken: string): Promise<OtpTokenResult> {
      const secret = store.signingKey(orgId);
      const claims = await verifyOtpToken(secret ? Buffer.from(secret, 'base64url') : undefined, accessToken, clock.now());
      return db.tx(() => {
        const token = store.tokenByJti(orgId, claims.jti);
        if (!token) throw invalidField('accessToken is invalid: it was not issued by this organization');
        if (!store.consumeToken(orgId, claims.jti, clock.nowIso())) throw badRequest('accessToken has already been used; each token verifies once');
        return { verified: true, identifier: token.identifier, verifiedAt: token.verified_at };
      });
    },

    /**
     * A code's message failed before it was sent, wherever that was recorded: by the request sending it, by its keyed
     * re-run, or by the start's recovery of what a stop left queued (then nobody else is there to). A request's first
     * code failing takes the request back, with its send row, as a send refused before it records none. A retry's is the
     * retry's to undo (`deliver`); after a stop its resend stays counted, as the code it replaced is not kept to put back.
     * In the transaction that records the failure.
     */
    codeFailed(orgId: string, message: Message): void {
      if (message.status !== 'failed' || message.sentAt !== null || message.direction !== 'outbound') return;
      const requestId = message.content.otpRequestId;
      if (typeof requestId !== 'string') return;
      const row = store.requestById(orgId, requestId);
      if (row?.status !== 'sent' || row.resends !== 0) return;
      store.deleteRequest(row.id);
      changed(orgId, row.id);
    },

    /** The expiry job: a request still `sent` at its (latest) expiry becomes `expired`. */
    expire(orgId: string, requestId: string): void {
      const row = store.requestById(orgId, requestId);
      if (row) expireIfDue(row);
    },

    logs(orgId: string, filter: OtpLogFilter, page: PageRequest): ListEnvelope<OtpLog> {
      // An unknown widget is a 404, as in the analytics, not an empty list that reads like "no requests yet".
      if (filter.widgetId) mustWidget(orgId, filter.widgetId);
      const { rows, total } = store.logs(orgId, filter, clock.nowIso(), page.limit, page.offset);
      return pageEnvelope(rows.map(toLog), total, page);
    },

    analytics(orgId: string, widgetId: string | undefined): OtpAnalytics {
      if (widgetId) mustWidget(orgId, widgetId);
      const { statuses, sends, verified } = store.analytics(orgId, widgetId, clock.nowIso());
      const count = (status: string) => statuses.find((s) => s.status === status)?.n ?? 0;
      const totalSent = statuses.reduce((sum, s) => sum + s.n, 0);
      const totalVerified = count('verified');
      const channelBreakdown = Object.fromEntries(OTP_CHANNELS.map((channel) => [channel, {
        sent: sends.find((s) => s.channel === channel)?.n ?? 0, verified: verified.find((v) => v.channel === channel)?.n ?? 0,
      }]));
      return {
        totalSent, totalVerified, totalExpired: count('expired'), totalBlocked: count('blocked'),
        successRate: percentOf(totalVerified, totalSent), channelBreakdown,
      };
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
