// Where the console is (page, inbox tab, list and thread, campaign tab and view, selected contact, the Calls page's tab
// and open call) as URL fragment parameters next to the dashboard token (`#token=…&section=campaigns&tab=sms&campaign=…`),
// so a reload or a shared link returns to the same place. Pure: reading and writing the fragment's text only.
import type { MouseEvent } from 'react';
import { CAMPAIGN_CHANNELS, CHANNELS, CONVERSATION_STATES, type Channel, type ConversationState } from '../../src-core/contract/index.ts';
import type { CampaignTab } from '../features/campaigns/queries.ts';
import type { CampaignView } from '../features/campaigns/view-state.ts';
import { CALLS_TABS, type CallsTab } from '../features/voice-app/app-calls-store.ts';
import { SECTIONS, type Section } from '../stores/sections.ts';

export type Place = {
  section: Section;
  /** `state`: the list shown, open (the default, left out of the fragment), snoozed or resolved. */
  inbox: { channel: Channel; state: ConversationState; conversationId: string | null };
  campaigns: { tab: CampaignTab; view: CampaignView };
  contactId: string | null;
  /** The Calls page's tab, and the call open on it (an agent call on Agent calls, an app call on App calls). */
  calls: { tab: CallsTab; callId: string | null };
};
/** The parameters this file owns; any other (the token) is kept as it is. */
const KEYS = ['section', 'channel', 'state', 'conversation', 'tab', 'view', 'campaign', 'contact', 'call'];

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);
const id = (value: string | null): string | null => (value && value.length <= 100 ? value : null);

/** The place a fragment names; what it leaves out or gets wrong is absent (the console's default stays). */
export function placeFromHash(hash: string): Partial<Place> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const section = oneOf(SECTIONS, params.get('section'));
  if (!section) return {};
  const place: Partial<Place> = { section };
  const channel = oneOf(CHANNELS, params.get('channel'));
  if (section === 'inbox' && channel) {
    place.inbox = { channel, state: oneOf(CONVERSATION_STATES, params.get('state')) ?? 'open', conversationId: id(params.get('conversation')) };
  }
  const tab = oneOf(CAMPAIGN_CHANNELS, params.get('tab'));
  if (section === 'campaigns' && tab) {
    const campaign = id(params.get('campaign'));
    const view: CampaignView = campaign ? { kind: 'detail', channel: tab, id: campaign } : params.get('view') === 'new' ? { kind: 'new', channel: tab } : { kind: 'list' };
    place.campaigns = { tab, view };
  }
  const contactId = id(params.get('contact'));
  if (section === 'contacts' && contactId) place.contactId = contactId;
  const callsTab = oneOf(CALLS_TABS, params.get('tab'));
  if (section === 'calls' && callsTab) place.calls = { tab: callsTab, callId: callsTab === 'people' ? null : id(params.get('call')) };
  return place;
}

/** `hash` with the place written in (only what the shown page needs), its other parameters kept. */
export function hashWithPlace(hash: string, place: Place): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  for (const key of KEYS) params.delete(key);
  params.set('section', place.section);
  if (place.section === 'inbox') {
    params.set('channel', place.inbox.channel);
    if (place.inbox.state !== 'open') params.set('state', place.inbox.state);
    if (place.inbox.conversationId) params.set('conversation', place.inbox.conversationId);
  }
  if (place.section === 'campaigns') {
    const { view } = place.campaigns;
    params.set('tab', view.kind === 'list' ? place.campaigns.tab : view.channel);
    if (view.kind === 'new') params.set('view', 'new');
    if (view.kind === 'detail') params.set('campaign', view.id);
  }
  if (place.section === 'contacts' && place.contactId) params.set('contact', place.contactId);
  if (place.section === 'calls') {
    params.set('tab', place.calls.tab);
    if (place.calls.callId) params.set('call', place.calls.callId);
  }
  return `#${params.toString()}`;
}

/** A click on a link to a place that the browser should handle itself: a new tab or window, a download. */
export const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** The Calls page's place: its tab and the call open there, of the agent calls or the app calls by the tab (none on People). */
export function callsPlace(tab: CallsTab, agentCallId: string | null, appCallId: string | null): Place['calls'] {
  return { tab, callId: tab === 'agent' ? agentCallId : tab === 'app' ? appCallId : null };
}

/**
 * Whether going from one fragment to the other is a new page (a history entry, so Back returns) or a detail of the same
 * page: the inbox's other list (Open, Snoozed or Resolved) is one, its tab or thread is not (nor the Calls page's tab or call).
 */
export function isNewPage(before: Partial<Place>, after: Place): boolean {
  if (before.section !== after.section) return true;
  if (after.section === 'inbox') return (before.inbox?.state ?? 'open') !== after.inbox.state;
  if (after.section !== 'campaigns' || before.campaigns?.view.kind === after.campaigns.view.kind) return false;
  // A builder that created its campaign hands over to it: Back then goes to the list, not to an empty builder.
  return !(before.campaigns?.view.kind === 'new' && after.campaigns.view.kind === 'detail');
}

/**
 * `hash` carrying the dashboard token the console holds (`token`; null where the URL carries none, on the desktop):
 * put back first when an edit by hand dropped it, and in place of an older one in an entry reached by Back or Forward
 * (`traversed`), so a reload there stays on the token in use. Otherwise a token the fragment carries stays as it is: a
 * console link just pasted in, which a reload then opens.
 */
export function hashWithToken(hash: string, token: string | null, traversed = false): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const carried = params.get('token');
  if (!token || carried === token || (carried && !traversed)) return hash;
  if (carried) {
    params.set('token', token);
    return `#${params.toString()}`;
  }
  return `#${new URLSearchParams([['token', token], ...params]).toString()}`;
}
