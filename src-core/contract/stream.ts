// Typed Socket.IO events between the core and the console (seed 001, "Socket stream").
import type { ClockState } from './sim.ts';
import type { Contact } from './contacts.ts';
import type { Conversation, Message } from './messaging.ts';
import type { RequestLogEntry } from './api-keys.ts';
import type { Wallet } from './wallet.ts';
import type { AppCallStreamEvent } from './voice-app.ts';
import type { AgentCallAnswered, AgentCallEnded, AgentCallInitiated, AgentCallRinging, TranscriptChunk } from './voice-agents.ts';

export type ContactChange = { contactId: string; changedFields: string[]; contact: Contact };
export type MessageChange = { message: Message };
/**
 * A conversation resolved, snoozed or reopened (by the console, by its snooze running out, or by its customer writing
 * in): the data of the outbox events `conversation.resolved`, `conversation.snoozed` and `conversation.reopened`, as
 * `conversation:updated` carries it.
 */
export type ConversationChange = Pick<Conversation, 'channel' | 'state' | 'resolvedAt' | 'resolvedBy' | 'snoozedUntil'> & { conversationId: string };
/** A conversation read (its unread count now 0), by a console window or through the API (Instagram's mark-read). */
export type ConversationRead = { conversation: Conversation };
/** Progress of a bulk campaign as its chunks are dispatched (emitted by the campaigns domain as `campaign.progress`). */
export type CampaignProgress = {
  campaignId: string; channel: string; status: string; totalRecipients: number; sent: number; failed: number; pending: number; cancelled: number;
};
/** The wallet after a top-up or a price change (a send's charge and refund come with its message's events). */
export type WalletChange = Pick<Wallet, 'balancePaise' | 'emailCredits'>;
/** An address joined the organization's email suppression list (`reason` `bounced` or `complained`, a spam complaint): a send to it is refused from now on. */
export type EmailSuppression = { email: string; reason: string };
/**
 * Automations or their runs changed (one made, edited, activated, paused or deleted; a run started, took a step, waits,
 * ended): the automations named, gathered per organization over one turn of the event loop, so a burst of runs (an
 * import's thousands of new contacts) is one event.
 */
export type AutomationsChange = { automationIds: string[] };
/** OTP requests changed (sent, resent, a code checked, blocked, expired, or taken back when its code could not go out), gathered as automations' are. */
export type OtpChange = { requestIds: string[] };
/**
 * Records the simulated platforms review changed: a WhatsApp, SMS or RCS template, an SMS sender id or a sending domain
 * submitted (in review) or reviewed on the clock; the records' ids.
 */
export type ChannelsChange = { ids: string[] };
/** The bus event those changes are noted as (kernel/change-notices.ts), streamed as `channels:changed`. */
export const CHANNELS_CHANGED = 'channels.changed';
/**
 * Campaigns whose detail or list figures changed: made, launched, started on schedule, a dispatch chunk sent, a
 * recipient's receipt (sent, delivered, read, failed), a click, a conversion, a spam complaint or a reply credited to
 * it, completed, cancelled, a draft deleted; the campaigns' ids, gathered per organization over one turn of the event
 * loop, so a dispatch of thousands of recipients, or their receipts, is a few events.
 */
export type CampaignsChange = { campaignIds: string[] };
/** The bus event those changes are noted as (kernel/change-notices.ts), streamed as `campaigns:changed`. */
export const CAMPAIGNS_CHANGED = 'campaigns.changed';
/** An integration an automation can need was connected or disconnected. */
export type IntegrationChange = { integration: 'instagram' | 'shopify'; connected: boolean };
export type DeliveryAttemptEvent = {
  deliveryId: string; endpointId: string; eventId: string; eventType: string; attempt: number;
  responseStatus: number | null; error: string | null; latencyMs: number | null; at: string;
};

/** Events the server emits to the rooms `org_{orgId}` and `call_{callId}`. */
export interface ServerToClientEvents {
  'clock:changed': (payload: ClockState) => void;
  'contact:created': (payload: ContactChange) => void;
  'contact:updated': (payload: ContactChange) => void;
  /** A visitor submitted one of the organization's forms (`form.submitted`): its submissions and count changed. */
  'form:submitted': (payload: { formId: string; submissionId: string }) => void;
  /** A message arrived from a customer, or was sent (any channel). */
  'message:new': (payload: MessageChange) => void;
  /** A message's status changed (delivered, read, failed...). */
  'message:updated': (payload: MessageChange) => void;
  /** A conversation was resolved, snoozed or reopened (a customer's message reopens one: it comes before that `message:new`). */
  'conversation:updated': (payload: ConversationChange) => void;
  /** A conversation with unread messages was read (another window's unread counts and badges follow). */
  'conversation:read': (payload: ConversationRead) => void;
  /** A campaign dispatched another chunk, or changed state. */
  'campaign:progress': (payload: CampaignProgress) => void;
  /** Campaigns' figures changed (the Campaigns page's lists and the named campaigns' detail, analytics, spend and failures). */
  'campaigns:changed': (payload: CampaignsChange) => void;
  /** A webhook delivery attempt finished (the delivery inspector). */
  'delivery:attempt': (payload: DeliveryAttemptEvent) => void;
  /** The wallet was topped up or its prices changed. */
  'wallet:changed': (payload: WalletChange) => void;
  /** Automations or their runs changed (the Automations page). */
  'automations:changed': (payload: AutomationsChange) => void;
  /** OTP requests changed (the OTP page's log and analytics). */
  'otp:changed': (payload: OtpChange) => void;
  /** A template, sender id or sending domain was submitted for review, or its review landed (the Channels page's lists). */
  'channels:changed': (payload: ChannelsChange) => void;
  /** The Instagram account or the Shopify store was connected or disconnected. */
  'integration:changed': (payload: IntegrationChange) => void;
  /** An email address was suppressed (it bounced, or its recipient marked an email as spam). */
  'email:suppressed': (payload: EmailSuppression) => void;
  /** A `/v1` request was answered (the developer tools' live request log). */
  'request:logged': (payload: RequestLogEntry) => void;
  /** An agent call was placed (`org_{orgId}`). */
  'voice:call.initiated': (payload: AgentCallInitiated) => void;
  /** An agent call's phone is ringing (`org_{orgId}`). */
  'voice:call.ringing': (payload: AgentCallRinging) => void;
  /** An agent call was picked up (`org_{orgId}`). */
  'voice:call.answered': (payload: AgentCallAnswered) => void;
  /** An agent call ended, whatever its outcome (`org_{orgId}`). */
  'voice:call.ended': (payload: AgentCallEnded) => void;
  /** One utterance of an agent call, to the room `call_{callId}` (after `joinCall`). */
  'voice:transcript.chunk': (payload: TranscriptChunk) => void;
  /** A voice app call arrived, rang someone, was answered or ended (`org_{orgId}`): `event` is its webhook event's last word. */
  'voice:app.call': (payload: AppCallStreamEvent) => void;
}

/** Events a console client emits; each answers through the optional acknowledgement. */
export interface ClientToServerEvents {
  joinOrganization: (organizationId: string, ack?: (result: { ok: boolean; error?: string }) => void) => void;
  /** Without an id (as the seed names it), every organization joined; the acknowledgement may then come first. */
  leaveOrganization: (organizationId?: string, ack?: (result: { ok: boolean }) => void) => void;
  /** `ok: false` (with `error`), and no room joined, for an id that is no agent call of an organization this socket joined. */
  joinCall: (callId: string, ack?: (result: { ok: boolean; error?: string }) => void) => void;
  /** Without an id, every call room joined. */
  leaveCall: (callId?: string, ack?: (result: { ok: boolean }) => void) => void;
}

export const orgRoom = (organizationId: string): string => `org_${organizationId}`;
export const callRoom = (callId: string): string => `call_${callId}`;
