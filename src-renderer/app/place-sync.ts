// Keeps the URL fragment and the console's place in step: restored on start, written as the user moves
// (a new page is a history entry, so Back returns to the one before), and followed when the fragment changes
// otherwise (Back, Forward, an edit by hand), which always wins over the place the console had (place-url.ts).
import { useEffect } from 'react';
import { useCampaignsUi } from '../features/campaigns/view-state.ts';
import { useAppCallsUi } from '../features/voice-app/app-calls-store.ts';
import { useUi } from '../stores/ui.ts';
import type { Arrival } from './arrival.ts';
import { callsPlace, placeFromHash, type Place } from './place.ts';
import { createPlaceUrl } from './place-url.ts';

/** Where the console is now, from its stores (what the fragment is written from). */
export function currentPlace(): Place {
  const ui = useUi.getState();
  const { tab, view } = useCampaignsUi.getState();
  const { callsTab, openAppCallId } = useAppCallsUi.getState();
  return {
    section: ui.section, inbox: { ...ui.inbox, state: ui.inboxState }, campaigns: { tab, view }, contactId: ui.selectedContactId,
    calls: callsPlace(callsTab, ui.openCallId, openAppCallId),
  };
}

/** Moves the console to the place a fragment names (at start, and when the fragment changes); a fragment naming none changes nothing. */
export function restorePlace(hash: string): void {
  const place = placeFromHash(hash);
  if (!place.section) return;
  const inbox = place.inbox ? { inbox: { channel: place.inbox.channel, conversationId: place.inbox.conversationId }, inboxState: place.inbox.state } : {};
  useUi.setState({ section: place.section, ...inbox, ...(place.contactId ? { selectedContactId: place.contactId } : {}) });
  if (place.campaigns) useCampaignsUi.setState(place.campaigns);
  // The shown tab's open call; the other tab's stays as it was.
  const calls = place.calls;
  if (calls) {
    useAppCallsUi.setState({ callsTab: calls.tab, ...(calls.tab === 'app' ? { openAppCallId: calls.callId } : {}) });
    if (calls.tab === 'agent') useUi.setState({ openCallId: calls.callId });
  }
}

/**
 * `token`: the dashboard token the fragment carries (null on the desktop), written back in if an edit drops it, and
 * over an older one in an entry reached by Back or Forward (`arrival`).
 */
export function usePlaceSync(token: string | null, arrival: Pick<Arrival, 'traversed'>): void {
  useEffect(() => {
    const url = createPlaceUrl({ location: window.location, history: window.history, place: currentPlace, restore: restorePlace, token, traversed: arrival.traversed });
    url.placeChanged(true);
    const stops = [useUi.subscribe(() => url.placeChanged()), useCampaignsUi.subscribe(() => url.placeChanged()), useAppCallsUi.subscribe(() => url.placeChanged())];
    // A fragment edited by hand brings both events; the second finds it already followed.
    const onUrl = () => url.urlChanged();
    window.addEventListener('popstate', onUrl);
    window.addEventListener('hashchange', onUrl);
    return () => {
      for (const stop of stops) stop();
      window.removeEventListener('popstate', onUrl);
      window.removeEventListener('hashchange', onUrl);
    };
  }, [token, arrival]);
}
