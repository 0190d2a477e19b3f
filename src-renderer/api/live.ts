// The live stream: joins the organization's room and turns server events into query invalidations
// (the one place where socket events touch server data).
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type {
  Channel, ClientToServerEvents, ContactChange, ConversationChange, DeliveryAttemptEvent, Message, RequestLogEntry, ServerToClientEvents,
} from '../../src-core/contract/index.ts';
import type { Connection } from '../app/connection.ts';
import { coalesced, coalescedInvalidator } from './coalesce.ts';
import { createApi } from './http.ts';
import { AUDIENCE_PREVIEW_KEY, CAMPAIGN_TABS } from '../features/campaigns/queries.ts';
import { refreshConversations, showConversationRead, showLastMessageStatus } from '../features/inbox/conversation-refresh.ts';
import { SEARCH_ELSEWHERE_KEY, showMessageChange } from '../features/inbox/queries.ts';
import { clockReadFrom, SCENARIOS_KEY } from '../features/simulator/queries.ts';
import { GONE, noteIfGone } from '../features/webhooks/endpoint-gone.tsx';
import { ENDPOINTS_KEY, GONE_KEY } from '../features/webhooks/queries.ts';
import { OVERVIEW_KEY } from '../features/overview/queries.ts';
import { showTranscriptChunk } from '../features/voice/queries.ts';
import { appCallKey } from '../features/voice-app/queries.ts';
import { APP_CALLS_KEY, DEVICES_KEY, IDENTITIES_KEY, SESSIONS_KEY } from '../features/voice-people/queries.ts';

export type LiveStatus = 'connecting' | 'live' | 'offline';
/** The agent call the console shows, whose room `call_{callId}` the socket is in while it is set (the UI store's `watchedCallId`). */
export type WatchedCall = { current(): string | null; subscribe(follow: (callId: string | null) => void): () => void };
const NO_CALL: WatchedCall = { current: () => null, subscribe: () => () => undefined };
/**
 * What the console follows besides server data: `call`, the agent call whose room the socket joins; `customerWroteIn`,
 * each new message (`message:new`), told to what says customers' messages aloud (app/customers-wrote-in.ts).
 */
export type LiveFollow = { call?: WatchedCall; customerWroteIn?: (message: Message) => void };
type MessageKeys = Pick<Message, 'conversationId' | 'channel' | 'source' | 'direction'>;

/**
 * What a new or changed message reloads. Only a new message moves conversations (their last message, time, order and
 * unread count): the contact's are read again, and the channel's inbox lists read their first page
 * (`refreshConversations`, not a key reloaded here). A status changes only a row's failed mark, put in place
 * (`showLastMessageStatus`). A campaign message's receipt, or a reply credited to a campaign, moves its campaign's
 * figures: `campaigns:changed` names it (`reloadsForCampaigns`), so the campaigns are not read again for every message.
 */
export function reloadsForMessage(message: MessageKeys, change: 'new' | 'updated'): unknown[][] {
  const keys: unknown[][] = [...(change === 'new' ? [['contact-conversations'], [...SEARCH_ELSEWHERE_KEY]] : []), ['wallet'], ['handset']];
  if (message.conversationId) keys.push(['thread', message.conversationId]);
  return keys;
}

/**
 * What `campaigns:changed` reloads: every channel's campaign list (a row's counts or status, a campaign made or deleted,
 * whose channel the event does not say; only the list shown is read), and whatever the console has read of the named
 * campaigns, their detail, analytics, spend and every page of failures: the `['campaigns', channel, part, id]` among
 * `cached`, the query keys under `['campaigns']`. Another campaign's detail is left alone.
 */
export function reloadsForCampaigns(campaignIds: readonly string[], cached: readonly (readonly unknown[])[]): unknown[][] {
  const named = new Set(campaignIds);
  const parts = new Map<string, unknown[]>();
  for (const key of cached) {
    if (key[0] !== 'campaigns' || key[2] === 'list' || !named.has(key[3] as string)) continue;
    const part = key.slice(0, 4);
    parts.set(JSON.stringify(part), part);
  }
  return [...CAMPAIGN_TABS.map((channel) => ['campaigns', channel, 'list']), ...parts.values()];
}
/**
 * What a conversation resolved, snoozed or reopened reloads: every list of its channel's conversations, all their
 * loaded pages (it leaves one state's list for another's, which a read of the first page alone cannot show), the unread
 * counts (only open conversations count), its detail (the thread's Resolve, Snooze, Unsnooze or Reopen) and the contact
 * panels' lists.
 */
export function reloadsForConversation(change: Pick<ConversationChange, 'conversationId' | 'channel'>): unknown[][] {
  return [['conversations', change.channel], ['unread-counts'], ['thread', change.conversationId, 'detail'], ['contact-conversations'], [...SEARCH_ELSEWHERE_KEY]];
}

/**
 * What a finished webhook attempt reloads. Besides its own delivery, the attempt may have changed others of
 * its endpoint with no event of their own: the 15th failure in a row disables the endpoint and holds its
 * waiting deliveries, and a 410 deletes it and exhausts them. So the open delivery panel is read again
 * whichever delivery it shows (only the open one is active, so this is one request).
 */
export const RELOADS_FOR_DELIVERY_ATTEMPT: unknown[][] = [['webhook-deliveries'], ['webhook-delivery'], ['webhooks']];

/** A 410 also reloads the core's list of endpoints a 410 removed, which names the endpoint once its live notice is dismissed. */
export function reloadsForAttempt(attempt: Pick<DeliveryAttemptEvent, 'responseStatus'>): unknown[][] {
  return attempt.responseStatus === GONE ? [...RELOADS_FOR_DELIVERY_ATTEMPT, [...GONE_KEY]] : RELOADS_FOR_DELIVERY_ATTEMPT;
}

/**
 * An integrator's change to the voice app's people or bookings (a roster sync, a booking made): People & bookings, and
 * the app calls, which name their people.
 */
export const RELOADS_FOR_PEOPLE: unknown[][] = [[...IDENTITIES_KEY], [...DEVICES_KEY], [...SESSIONS_KEY], [...APP_CALLS_KEY]];

/**
 * What a contact's change reloads: the contacts and that contact; an update also the conversations (a row shows its
 * contact's name and whether it is blocked) and the unread counts (a blocked contact's are not counted). A new or
 * renamed contact, or one whose phone changed (an edit), also reloads the agent calls, which name the called number's
 * contact, found by phone.
 */
export function reloadsForContact(change: Pick<ContactChange, 'contactId' | 'changedFields'>, kind: 'created' | 'updated'): unknown[][] {
  const keys: unknown[][] = [['contacts'], ['contact', change.contactId]];
  if (kind === 'updated') keys.push(['conversations'], ['unread-counts']);
  if (kind === 'created' || change.changedFields.some((field) => field === 'name' || field === 'phone')) keys.push(['voice-calls'], ['voice-call']);
  return keys;
}

/** Automations or their runs changed (`automations:changed`): the Automations page's list and every open automation's runs. */
export const RELOADS_FOR_AUTOMATIONS: unknown[][] = [['automations', 'list'], ['automations', 'runs']];

/**
 * Reviewable records changed (`channels:changed`): the Channels page's lists, and the WhatsApp templates the inbox and
 * the builders offer; none of them polls while something is under review any more.
 */
export const RELOADS_FOR_CHANNELS: unknown[][] = [['channels'], ['whatsapp-templates']];

/** OTP requests changed (`otp:changed`): the OTP page's log and analytics, which it no longer polls. */
export const RELOADS_FOR_OTP: unknown[][] = [['otp', 'logs'], ['otp', 'analytics']];

/** Phone calling switched by an integrator: the setting, and the people, whose `reachable` counts a phone only while it is on. */
export const RELOADS_FOR_PHONE_CALLING: unknown[][] = [['voice-app-settings'], [...IDENTITIES_KEY]];

/** Voice agents changed through the API: the agents (and the one open in its form), and the Simulator's words for a phone's call. */
export const RELOADS_FOR_AGENTS: unknown[][] = [['voice-agents'], ['voice-agent'], [...SCENARIOS_KEY]];
/** A business number's route changed through the API: the numbers, and the Simulator's words for a phone's call. */
export const RELOADS_FOR_NUMBERS: unknown[][] = [['voice-app-numbers'], [...SCENARIOS_KEY]];

/**
 * What a `/v1` request reloads: the request log, and after an integrator's accepted change to webhooks
 * (an endpoint disabled, enabled or deleted, a test, a replay) the endpoints and the deliveries too, since
 * disabling holds an endpoint's waiting deliveries and enabling releases them without an attempt event; after an
 * accepted change to the voice app's identities, devices or sessions, People & bookings; after phone calling is
 * switched, the setting and the people. The Simulator's "A phone calls the business" says who takes the call by the
 * webhook endpoints, the number's route and the active voice agents: a change to any of them reloads it.
 */
export function reloadsForRequest(entry: Pick<RequestLogEntry, 'method' | 'endpoint' | 'statusCode'>): unknown[][] {
  const keys: unknown[][] = [['request-log']];
  if (entry.method === 'GET' || entry.statusCode >= 400) return keys;
  const changed = (path: RegExp) => path.test(entry.endpoint);
  if (changed(/^\/v1\/webhooks(\/|$)/)) keys.push(...RELOADS_FOR_DELIVERY_ATTEMPT, [...SCENARIOS_KEY]);
  if (changed(/^\/v1\/voice\/app\/(identities|sessions)(\/|$)/)) keys.push(...RELOADS_FOR_PEOPLE);
  if (entry.endpoint === '/v1/voice/app/settings') keys.push(...RELOADS_FOR_PHONE_CALLING);
  if (changed(/^\/v1\/voice\/agents(\/|$)/)) keys.push(...RELOADS_FOR_AGENTS);
  if (changed(/^\/v1\/voice\/app\/numbers(\/|$)/)) keys.push(...RELOADS_FOR_NUMBERS);
  return keys;
}
/**
 * What a top-up or a price change reloads (`wallet:changed`): the wallet and the ledger, and an open audience preview,
 * which says whether the balance or the credits are enough for the launch; and the Simulator's scenarios (an email one
 * needs credits).
 */
export const RELOADS_FOR_WALLET: unknown[][] = [['wallet'], [...AUDIENCE_PREVIEW_KEY], [...SCENARIOS_KEY]];
/**
 * An address suppressed (a bounce or a spam complaint, `email:suppressed`) fails at launch: an open audience preview warns
 * of it; the Simulator's email scenario is unavailable once its addresses are; the Channels page lists it.
 */
export const RELOADS_FOR_SUPPRESSION: unknown[][] = [[...AUDIENCE_PREVIEW_KEY], [...SCENARIOS_KEY], ['channels', 'email-suppressions']];

/** What a voice app call's event reloads: the calls, that call (with its transcript and recording), and the wallet once it ended. */
export function reloadsForAppCall(callId: string, status: string | null): unknown[][] {
  const keys: unknown[][] = [[...APP_CALLS_KEY], [...appCallKey(callId)]];
  if (status !== null && status !== 'RINGING' && status !== 'ACCEPTED') keys.push(['wallet']);
  return keys;
}

/**
 * The stream's events that change a figure of the Overview (GET /dashboard/overview): messages and their receipts,
 * conversations read, resolved or snoozed, a contact blocked (its unread ones stop counting), campaigns, the wallet,
 * calls, webhook attempts, and the clock (the 24-hour window moves with it).
 */
export const OVERVIEW_EVENTS = [
  'message:new', 'message:updated', 'conversation:updated', 'conversation:read', 'contact:updated', 'campaigns:changed', 'wallet:changed',
  'voice:call.initiated', 'voice:call.ringing', 'voice:call.answered', 'voice:call.ended', 'voice:app.call', 'delivery:attempt', 'clock:changed',
] as const satisfies ReadonlyArray<keyof ServerToClientEvents>;

/** How often one query may reload while its events keep coming (a campaign sends thousands). */
const RELOAD_WINDOW_MS = 300;
/**
 * The keys whose reload waits for the one before it to be answered (`oneInFlight`, 15 s at most), besides the window: the Overview's
 * figures (counted across messages, conversations, campaigns, calls, webhooks and the wallet; reloaded by most events)
 * and the request log with its total (reloaded by every `/v1` request); the webhook deliveries (a page and its total),
 * the open delivery and the endpoints with their last attempts (each reloaded by every `delivery:attempt`); and the
 * wallet with its ledger, the open thread (its detail too) and the handset viewer (each reloaded by every message
 * event, a campaign's receipts included). Their events come fastest when the core is busiest and answers slowest: a
 * reload slower than the window was cancelled by the next (the core still answering it), so a burst kept several on
 * their way at once and none was shown until it ended. None needs an answer per event: each answer shows the whole of
 * what it reads, and the reload after the one on its way reads what the events meanwhile changed (a thread's message
 * changes are put in place at once besides, `showMessageChange`).
 */
export const ONE_IN_FLIGHT_KEYS: ReadonlySet<unknown> = new Set([
  OVERVIEW_KEY[0], 'request-log', 'webhook-deliveries', 'webhook-delivery', ENDPOINTS_KEY[0], 'wallet', 'thread', 'handset',
]);

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const openSocket = (connection: Connection): LiveSocket => io(connection.baseUrl, { auth: { token: connection.token }, transports: ['websocket'] });

/** `open`: the stream's socket (a test's stands in for the core's). */
export function connectLive(
  connection: Connection, organizationId: string, client: QueryClient, onStatus: (status: LiveStatus) => void, follow: LiveFollow = {},
  open: (connection: Connection) => LiveSocket = openSocket,
): () => void {
  const watched = follow.call ?? NO_CALL;
  const socket = open(connection);
  const live = coalescedInvalidator(client, RELOAD_WINDOW_MS);
  const oneInFlight = coalescedInvalidator(client, RELOAD_WINDOW_MS, undefined, { oneInFlight: true });
  const reload = (...queryKey: unknown[]) => (ONE_IN_FLIGHT_KEYS.has(queryKey[0]) ? oneInFlight : live).invalidate(queryKey);
  /** A listener reloading each of `keys` (an event whose payload changes nothing of what is reloaded). */
  const reloadAll = (keys: unknown[][]) => () => {
    for (const key of keys) reload(...key);
  };
  const api = createApi(connection);
  const firstPages = coalesced((queryKey) => refreshConversations(client, api, queryKey[1] as Channel), RELOAD_WINDOW_MS);
  /** The agent call whose room this socket is in: the one the Calls page shows (`watchedCallId`). */
  let joinedCall: string | null = null;
  const followCall = (callId: string | null) => {
    if (joinedCall === callId) return;
    if (joinedCall) socket.emit('leaveCall', joinedCall);
    joinedCall = callId;
    // Read again once in the room: a line spoken between the detail's load and the join is not lost.
    if (callId) socket.emit('joinCall', callId, () => reload('voice-call', callId));
  };
  const unwatch = watched.subscribe(followCall);
  socket.on('connect', () => {
    socket.emit('joinOrganization', organizationId, (result) => {
      onStatus(result.ok ? 'live' : 'offline');
      // Once in the organization's room, everything shown is read again: what changed before the join (between the
      // console's first reads and its socket joining, or while offline after a drop) sent its events to no one here.
      if (result.ok) void client.invalidateQueries();
    });
    // A new connection is in no room: the open call's is joined again.
    joinedCall = null;
    followCall(watched.current());
  });
  socket.on('disconnect', () => onStatus('offline'));
  socket.on('connect_error', () => onStatus('offline'));
  // No conversation changes with a new contact: a customer new to the inbox comes with their message, whose
  // `message:new` reloads their channel's conversations (reloading them all here too read every loaded page twice).
  socket.on('contact:created', (change) => {
    for (const key of reloadsForContact(change, 'created')) reload(...key);
  });
  socket.on('contact:updated', (change) => {
    for (const key of reloadsForContact(change, 'updated')) reload(...key);
  });
  // A visitor's submission (from the form's public page, anywhere): the Forms page's counts and submissions.
  socket.on('form:submitted', () => reload('forms'));
  socket.on('clock:changed', (clock) => {
    client.setQueryData(['clock'], clockReadFrom(clock));
    reload('wallet');
    // What depends on the time itself: a conversation's 24-hour reply window, and the reviews of templates,
    // sender ids and domains that the simulated platforms make on the clock.
    reload('thread');
    reload('channels');
    reload('whatsapp-templates');
    // An open app call's transcript becomes ready 10 s after the call ends, with no event of its own.
    reload('voice-app-call');
    // Booking sessions expire on the clock.
    reload(...SESSIONS_KEY);
  });
  const messageChanged = ({ message }: { message: Message }, change: 'new' | 'updated') => {
    showMessageChange(client, message);
    for (const key of reloadsForMessage(message, change)) reload(...key);
  };
  socket.on('message:new', (event) => {
    messageChanged(event, 'new');
    firstPages.invalidate(['conversations', event.message.channel]);
    // A customer wrote in: a conversation may have become unread (a status change never does).
    reload('unread-counts');
    follow.customerWroteIn?.(event.message);
  });
  // Before a reopening customer's `message:new`: that message's first page read then finds the lists being read whole.
  socket.on('conversation:updated', (change) => {
    for (const key of reloadsForConversation(change)) reload(...key);
  });
  // A conversation read in another window (or through the API): its row's badge and the unread counts follow here.
  socket.on('conversation:read', ({ conversation }) => {
    showConversationRead(client, api, conversation);
    reload('unread-counts');
  });
  socket.on('message:updated', (event) => {
    messageChanged(event, 'updated');
    // A reply that failed marks its conversation's row (the one status change a conversation shows).
    showLastMessageStatus(client, event.message);
  });
  socket.on('request:logged', (entry) => {
    const keys = reloadsForRequest(entry);
    for (const key of keys) reload(...key);
    // An integrator's change to webhook endpoints (made, disabled, enabled, deleted) moves the Overview's counts.
    if (keys.some((key) => key[0] === 'webhooks')) reload(...OVERVIEW_KEY);
  });
  // A campaign's figures changed (its progress too: `campaign:progress` comes with a `campaigns:changed` naming it).
  socket.on('campaigns:changed', ({ campaignIds }) => {
    const cached = client.getQueryCache().findAll({ queryKey: ['campaigns'] }).map((query) => query.queryKey);
    for (const key of reloadsForCampaigns(campaignIds, cached)) reload(...key);
  });
  socket.on('wallet:changed', reloadAll(RELOADS_FOR_WALLET));
  socket.on('automations:changed', reloadAll(RELOADS_FOR_AUTOMATIONS));
  socket.on('otp:changed', reloadAll(RELOADS_FOR_OTP));
  // A template, sender id or sending domain submitted or reviewed (here or elsewhere): the lists that show them.
  socket.on('channels:changed', reloadAll(RELOADS_FOR_CHANNELS));
  // The connection as the Channels page and the Automations page (a step's "needs Instagram (not connected)") read it.
  socket.on('integration:changed', ({ integration }) => reload('channels', integration));
  socket.on('email:suppressed', reloadAll(RELOADS_FOR_SUPPRESSION));
  // Agent calls: the list and the call shown follow each step; an ended call has been charged.
  const callChanged = ({ callId }: { callId: string }) => {
    reload('voice-calls');
    reload('voice-call', callId);
  };
  socket.on('voice:call.initiated', callChanged);
  socket.on('voice:call.ringing', callChanged);
  socket.on('voice:call.answered', callChanged);
  socket.on('voice:call.ended', (ended) => {
    callChanged(ended);
    reload('wallet');
  });
  socket.on('voice:transcript.chunk', (chunk) => showTranscriptChunk(client, chunk));
  // Voice app calls: the list and the call (its transcript and recording under its key) follow each event; an ended one was charged.
  socket.on('voice:app.call', ({ callId, status }) => {
    for (const key of reloadsForAppCall(callId, status)) reload(...key);
  });
  // Reloaded only while the Overview is shown (an inactive query is only marked stale), at most once a reload window.
  for (const event of OVERVIEW_EVENTS) socket.on(event, () => reload(...OVERVIEW_KEY));
  socket.on('delivery:attempt', (attempt) => {
    // Before the endpoints reload: a 410 deleted the endpoint, and the notice names it by its listed URL.
    noteIfGone(client, attempt);
    for (const key of reloadsForAttempt(attempt)) reload(...key);
  });
  return () => {
    unwatch();
    live.stop();
    oneInFlight.stop();
    firstPages.stop();
    socket.disconnect();
  };
}
