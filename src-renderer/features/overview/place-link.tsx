// A link from the Overview to the page behind a figure: a real link whose href is the console's URL for that place
// (so it opens in a new tab too), a plain click moving the console there, as the sidebar's items do.
import type { MouseEvent, ReactNode } from 'react';
import { callsPlace, hashWithPlace, opensElsewhere, type Place } from '../../app/place.ts';
import { currentPlace, restorePlace } from '../../app/place-sync.ts';
import { useUi, type Section } from '../../stores/ui.ts';
import { useAppCallsUi, type CallsTab } from '../voice-app/app-calls-store.ts';

/** Where a link goes: a page, and for the inbox its tab and list, for the campaigns an open campaign, for the calls a tab. */
export type LinkTarget = { section: Section; inbox?: Pick<Place['inbox'], 'channel' | 'state'>; campaigns?: Place['campaigns']; calls?: { tab: CallsTab } };

/** The console's place now, moved to `target` (a Calls tab with the call open on it). */
function placeOf(target: LinkTarget): Place {
  const now = currentPlace();
  return {
    ...now, section: target.section,
    inbox: target.inbox ? { ...target.inbox, conversationId: null } : now.inbox,
    campaigns: target.campaigns ?? now.campaigns,
    calls: target.calls ? callsPlace(target.calls.tab, useUi.getState().openCallId, useAppCallsUi.getState().openAppCallId) : now.calls,
  };
}

/** `before`: UI state the page behind reads that the URL does not carry (the inspector's filter). */
export function PlaceLink({ to, before, label, testId, className, children }: {
  to: LinkTarget; before?: () => void; label?: string; testId?: string; className?: string; children: ReactNode;
}) {
  const place = placeOf(to);
  const href = hashWithPlace(window.location.hash, place);
  const follow = (e: MouseEvent) => {
    if (opensElsewhere(e)) return;
    e.preventDefault();
    before?.();
    restorePlace(href);
  };
  return (
    <a href={href} onClick={follow} aria-label={label} title={label} data-testid={testId} className={className}>
      {children}
    </a>
  );
}
