// Keeps the URL fragment and the console's place in step: restored on start, written as the user moves
// (a new page is a history entry, so Back returns to the one before), and followed on Back and Forward.
import { useEffect } from 'react';
import { useCampaignsUi } from '../features/campaigns/view-state.ts';
import { useUi } from '../stores/ui.ts';
import { hashWithPlace, isNewPage, placeFromHash, type Place } from './place.ts';

function currentPlace(): Place {
  const ui = useUi.getState();
  const { tab, view } = useCampaignsUi.getState();
  return { section: ui.section, inbox: ui.inbox, campaigns: { tab, view }, contactId: ui.selectedContactId };
}

/** Moves the console to the place a fragment names (at start, and on Back and Forward); a fragment naming none changes nothing. */
export function restorePlace(hash: string): void {
  const place = placeFromHash(hash);
  if (!place.section) return;
  useUi.setState({ section: place.section, ...(place.inbox ? { inbox: place.inbox } : {}), ...(place.contactId ? { selectedContactId: place.contactId } : {}) });
  if (place.campaigns) useCampaignsUi.setState(place.campaigns);
}

export function usePlaceSync(): void {
  useEffect(() => {
    const write = (first: boolean) => {
      const place = currentPlace();
      const hash = hashWithPlace(window.location.hash, place);
      if (hash === window.location.hash) return;
      const url = `${window.location.pathname}${window.location.search}${hash}`;
      // The first write completes the URL the console was opened with; it is not a page of its own.
      if (!first && isNewPage(placeFromHash(window.location.hash), place)) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    };
    const onPop = () => restorePlace(window.location.hash);
    write(true);
    const stops = [useUi.subscribe(() => write(false)), useCampaignsUi.subscribe(() => write(false))];
    window.addEventListener('popstate', onPop);
    return () => {
      for (const stop of stops) stop();
      window.removeEventListener('popstate', onPop);
    };
  }, []);
}
