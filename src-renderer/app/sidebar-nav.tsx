// The sidebar's navigation: a real link per page, whose href is the console's URL (`#token=…&section=…`) for the place
// a click goes to, so it opens in a new tab as well; a plain click moves the console there without a page load. A page
// comes back as it was left, and its own item, clicked on it, goes to its root: the campaigns list from a campaign or
// a builder (the other pages show their list beside what is open, so their root is already on screen).
import { useEffect, useRef, type MouseEvent } from 'react';
import { useUnreadCounts } from '../features/inbox/queries.ts';
import { useCampaignsUi } from '../features/campaigns/view-state.ts';
import { useAppCallsUi } from '../features/voice-app/app-calls-store.ts';
import { useUi, type Section } from '../stores/ui.ts';
import { callsPlace, hashWithPlace, hashWithToken, opensElsewhere, type Place } from './place.ts';

export const NAV: Array<{ section: Section; label: string; group: string }> = [
  // Above the groups, with no heading of its own: the console's home (a heading more and a short window's sidebar scrolls).
  { section: 'overview', label: 'Overview', group: '' },
  { section: 'inbox', label: 'Inbox', group: 'Support' },
  { section: 'contacts', label: 'Contacts', group: 'Support' },
  { section: 'otp', label: 'OTP', group: 'Support' },
  { section: 'calls', label: 'Calls', group: 'Support' },
  { section: 'campaigns', label: 'Campaigns', group: 'Marketing' },
  { section: 'automations', label: 'Automations', group: 'Marketing' },
  { section: 'forms', label: 'Forms', group: 'Marketing' },
  { section: 'channels', label: 'Channels', group: 'Marketing' },
  { section: 'wallet', label: 'Wallet', group: 'Account' },
  { section: 'keys', label: 'API keys', group: 'Developers' },
  { section: 'requests', label: 'Request log', group: 'Developers' },
  { section: 'webhooks', label: 'Webhooks', group: 'Developers' },
  { section: 'simulator', label: 'Simulator', group: 'Developers' },
];

/** Where the item for `target` goes from `place`: that page as it was left, or its root when it is the page shown. */
export function navDestination(place: Place, target: Section): Place {
  const toRoot = target === 'campaigns' && place.section === 'campaigns';
  return { ...place, section: target, campaigns: toRoot ? { ...place.campaigns, view: { kind: 'list' } } : place.campaigns };
}

/** `token`: the dashboard token the URL carries (null on the desktop, whose URL carries none), written into each href. */
export function SidebarNav({ token }: { token: string | null }) {
  const { section, inbox, inboxState, selectedContactId, openCallId, go } = useUi();
  const campaigns = useCampaignsUi();
  const { callsTab, openAppCallId } = useAppCallsUi();
  const unread = useUnreadCounts().data?.total ?? 0;
  const place: Place = { section, inbox: { ...inbox, state: inboxState }, campaigns: { tab: campaigns.tab, view: campaigns.view }, contactId: selectedContactId,
    calls: callsPlace(callsTab, openCallId, openAppCallId),
  };
  // The page's own link is kept in view: a short window's sidebar scrolls, and a console opened on a page at the list's
  // end (the Simulator, say) would otherwise show the list's start, the page's link out of sight.
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [section]);
  const follow = (e: MouseEvent, target: Place) => {
    if (opensElsewhere(e)) return;
    e.preventDefault();
    if (target.campaigns.view !== campaigns.view) campaigns.open(target.campaigns.view);
    go(target.section);
  };
  return (
    <nav aria-label="Main" ref={navRef}>
      {NAV.map((item, index) => {
        const target = navDestination(place, item.section);
        return (
          <div key={item.section}>
            {item.group && (index === 0 || NAV[index - 1]?.group !== item.group) ? <div className="nav-group">{item.group}</div> : null}
            <a href={hashWithToken(hashWithPlace('', target), token)} className={`nav-item${section === item.section ? ' active' : ''}`}
              aria-current={section === item.section ? 'page' : undefined} data-testid={`nav-${item.section}`} onClick={(e) => follow(e, target)}>
              {item.label}
              {item.section === 'inbox' && unread > 0 ? <span className="unread" data-testid="nav-unread" aria-label={`${unread} unread conversations`}>{unread}</span> : null}
            </a>
          </div>
        );
      })}
    </nav>
  );
}
