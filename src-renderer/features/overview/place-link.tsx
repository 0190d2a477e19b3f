// A link from the Overview to the page behind a figure: a real link whose href is the console's URL for that place
// (so it opens in a new tab too), a plain click moving the console there, as the sidebar's items do.
import type { MouseEvent, ReactNode } from 'react';
import { callsPlace, hashWithPlace, type Place } from '../../app/place.ts';
import { useUi, type Section } from '../../stores/ui.ts';
import { useCampaignsUi } from '../campaigns/view-state.ts';
import { useAppCallsUi, type CallsTab } from '../voice-app/app-calls-store.ts';

/** Where a link goes: a page, and for the inbox its tab and list, for the campaigns an open campaign, for the calls a tab. */
export type LinkTarget = { section: Section; inbox?: Pick<Place['inbox'], 'channel' | 'state'>; campaigns?: Place['campaigns']; calls?: { tab: CallsTab } };

function placeOf(target: LinkTarget): Place {
  const ui = useUi.getState();
  const campaigns = useCampaignsUi.getState();
  const calls = useAppCallsUi.getState();
  return {
    section: target.section,
    inbox: target.inbox ? { ...target.inbox, conversationId: null } : { ...ui.inbox, state: ui.inboxState },
    campaigns: target.campaigns ?? { tab: campaigns.tab, view: campaigns.view },
    contactId: ui.selectedContactId,
    calls: callsPlace(target.calls?.tab ?? calls.callsTab, ui.openCallId, calls.openAppCallId),
  };
}

const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/** `before`: UI state the page behind reads that the URL does not carry (the inspector's filter). */
export function PlaceLink({ to, before, label, testId, className, children }: {
  to: LinkTarget; before?: () => void; label?: string; testId?: string; className?: string; children: ReactNode;
}) {
  const place = placeOf(to);
  const follow = (e: MouseEvent) => {
    if (opensElsewhere(e)) return;
    e.preventDefault();
    before?.();
    if (to.campaigns) useCampaignsUi.setState(to.campaigns);
    if (to.calls) useAppCallsUi.setState({ callsTab: to.calls.tab });
    const inbox = to.inbox ? { inbox: { channel: to.inbox.channel, conversationId: null }, inboxState: to.inbox.state } : {};
    useUi.setState({ section: to.section, ...inbox });
  };
  return (
    <a href={hashWithPlace(window.location.hash, place)} onClick={follow} aria-label={label} title={label} data-testid={testId} className={className}>
      {children}
    </a>
  );
}
