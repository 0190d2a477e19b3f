// The console's providers and shell: connection, react-query, the live stream, theme and navigation (kept in the URL).
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import { ApiProvider } from '../api/context.tsx';
import { ApiError, createApi } from '../api/http.ts';
import { useOrganizations } from '../api/organizations.ts';
import { connectLive, type LiveStatus, type WatchedCall } from '../api/live.ts';
import { useApi } from '../api/context.tsx';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { LiveRegion } from '../components/live-region.tsx';
import { ErrorState } from '../components/states.tsx';
import { AutomationsPage } from '../features/automations/automations-page.tsx';
import { FormsPage } from '../features/forms/forms-page.tsx';
import { CampaignsPage } from '../features/campaigns/campaigns-page.tsx';
import { ContactsPage } from '../features/contacts/contacts-page.tsx';
import { KeysPage } from '../features/developer/keys-page.tsx';
import { RequestLogPage } from '../features/developer/request-log-page.tsx';
import { InboxPage } from '../features/inbox/inbox-page.tsx';
import { inboxNameOf } from '../features/inbox/inbox-name-of.ts';
import { OverviewPage } from '../features/overview/overview-page.tsx';
import { OtpPage } from '../features/otp/otp-page.tsx';
import { CallsPage } from '../features/voice/calls-page.tsx';
import { SimulatorPage } from '../features/simulator/simulator-page.tsx';
import { ChannelsPage } from '../features/channels/channels-page.tsx';
import { WalletPage } from '../features/wallet/wallet-page.tsx';
import { WebhooksPage } from '../features/webhooks/webhooks-page.tsx';
import { announce } from '../stores/announcer.ts';
import { useDrafts } from '../stores/drafts.ts';
import { useUi, type Section } from '../stores/ui.ts';
import { useWroteIn } from '../stores/wrote-in.ts';
import type { Arrival } from './arrival.ts';
import { announceCustomersWritingIn, type Saying, type Shown } from './customers-wrote-in.ts';
import { followConsoleLinks, forgetToken, readConnection, type Connection } from './connection.ts';
import { ClockBar } from './clock-bar.tsx';
import { OrganizationName } from './organization-name.tsx';
import { usePlaceSync } from './place-sync.ts';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { NAV, SidebarNav } from './sidebar-nav.tsx';
import { WroteInNotices } from './wrote-in-notices.tsx';

/** The Calls page's open call, which the stream follows into its room. */
const watchedCall: WatchedCall = {
  current: () => useUi.getState().watchedCallId,
  subscribe: (follow) => useUi.subscribe((state) => follow(state.watchedCallId)),
};

/** The page shown, and the conversation open while it is the Inbox. */
const pageShown = (): Shown => {
  const { section, inbox } = useUi.getState();
  return section === 'inbox' ? { page: 'inbox', conversationId: inbox.conversationId } : { page: section === 'simulator' ? 'simulator' : 'other' };
};

/** Customers writing in: said in the live region on every page, and outside the Inbox (whose list shows them) also in a notice. */
const sayWroteIn = ({ text, shown, conversations }: Saying) => {
  announce(text);
  if (shown.page !== 'inbox') useWroteIn.getState().show({ text, conversations });
};

function useLive(connection: Connection) {
  const client = useQueryClient();
  const api = useApi();
  const setLive = useUi((s) => s.setLive);
  const orgs = useOrganizations();
  const orgId = orgs.data?.defaultOrganizationId;
  useEffect(() => {
    if (!orgId) return undefined;
    // Customers writing in, said (and outside the Inbox shown) on whichever page is shown (app/customers-wrote-in.ts).
    const wroteIn = announceCustomersWritingIn({
      shown: pageShown, nameOf: (message) => inboxNameOf(client, api, message), say: sayWroteIn,
      writtenHere: (messageId) => useWroteIn.getState().writtenHere.includes(messageId),
    });
    const stop = connectLive(connection, orgId, client, setLive, { call: watchedCall, customerWroteIn: wroteIn.note });
    return () => {
      stop();
      wroteIn.stop();
    };
  }, [connection, orgId, client, api, setLive]);
  // The replies left unsent in this organization, kept by the tab across a reload (stores/drafts.ts).
  useEffect(() => { if (orgId) useDrafts.getState().openOrganization(orgId); }, [orgId]);
  return orgs;
}

const LIVE_SAID: Record<LiveStatus, string> = { live: 'Live: updates resume.', offline: 'Offline: live updates have stopped.', connecting: 'Connecting…' };

/** Says when the live connection drops or comes back; not its first connection, which every start makes. */
function useConnectionAnnouncements(live: LiveStatus) {
  const before = useRef(live);
  useEffect(() => {
    const was = before.current;
    before.current = live;
    if (live !== was && !(was === 'connecting' && live === 'live')) announce(LIVE_SAID[live]);
  }, [live]);
}

const PAGES: Record<Section, () => ReactElement> = {
  overview: OverviewPage, inbox: InboxPage, contacts: ContactsPage, otp: OtpPage, calls: CallsPage, campaigns: CampaignsPage, automations: AutomationsPage, forms: FormsPage, channels: ChannelsPage, wallet: WalletPage, keys: KeysPage, requests: RequestLogPage, webhooks: WebhooksPage, simulator: SimulatorPage,
};

function Shell({ connection, arrival }: { connection: Connection; arrival: Arrival }) {
  const { theme, toggleTheme, live, section, go } = useUi();
  const Page = PAGES[section];
  const orgs = useLive(connection);
  usePlaceSync(connection.fromUrl ? connection.token : null, arrival);
  useConnectionAnnouncements(live);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  // The window's (and the tab's) title names the page, as the sidebar's aria-current does.
  const pageLabel = NAV.find((item) => item.section === section)?.label;
  useEffect(() => {
    document.title = pageLabel ? `${pageLabel} · Switchboard` : 'Switchboard';
  }, [pageLabel]);
  const otherTheme = theme === 'dark' ? 'Light' : 'Dark';
  // The token was refused (the tab kept one from before the server restarted, or the link is old): a new link is needed.
  const refusal = orgs.error instanceof ApiError && orgs.error.status === 401 ? orgs.error.message : null;
  const refused = refusal !== null;
  useEffect(() => {
    if (refused) forgetToken();
  }, [refused]);
  if (refusal !== null) return <NoToken refused={refusal} />;
  return (
    <div className="shell">
      <aside className="sidebar" aria-label="Sidebar">
        <div className="brand"><span className="logo" aria-hidden>◆</span>Switchboard</div>
        <SidebarNav token={connection.fromUrl ? connection.token : null} />
        <div className="sidebar-foot">
          <OrganizationName />
          <span className={`live is-${live}`} data-testid="live-status">{live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting…' : 'Offline'}</span>
        </div>
      </aside>
      <main className="main">
        <header className="topbar">
          <ClockBar />
          <div className="spacer" />
          <ShortcutsHelp />
          {/* Named as it reads ("Dark theme" for "☾ Dark"), so saying what is shown finds it. */}
          <button type="button" className="button ghost" onClick={toggleTheme} data-testid="theme-toggle" aria-label={`${otherTheme} theme`}
            title={`Switch to the ${otherTheme.toLowerCase()} theme`}>
            <span aria-hidden>{theme === 'dark' ? '☀' : '☾'}</span> {otherTheme}
          </button>
        </header>
        {orgs.isError ? <ErrorState error={orgs.error} onRetry={() => void orgs.refetch()} /> : (
          // Keyed by section: moving to another page from the sidebar leaves a crashed one behind.
          <ErrorBoundary key={section} backLabel="Back to Inbox" onBack={() => go('inbox')}><Page /></ErrorBoundary>
        )}
      </main>
      <WroteInNotices />
      <LiveRegion />
    </div>
  );
}

/**
 * The "connect" state: no dashboard token (the link's fragment lost it, in a tab that never had it), or one refused
 * (`refused`: the core's message, shown as it said it).
 */
function NoToken({ refused }: { refused?: string }) {
  return (
    <div className="center" data-testid="no-token" data-refused={refused !== undefined}>
      <div className="card narrow">
        <h1>Open Switchboard from its console link</h1>
        {refused !== undefined ? (
          <div role="alert">
            <p>The server refused this console&apos;s dashboard token: it makes a new one at every start.</p>
            <p className="muted" data-testid="refused-message">The server said: {refused}</p>
          </div>
        ) : null}
        <p className="muted">The console needs the dashboard token. Start the server with <code>npm run serve</code> and open the <strong>Console</strong> URL it prints (it ends in <code>#token=…</code>).</p>
      </div>
    </div>
  );
}

/** `arrival`: how the tab came to the entry it shows (Back and Forward keep the token in use; arrival.ts). */
export function App({ arrival }: { arrival: Arrival }) {
  const connection = useMemo(() => readConnection(arrival.traversed()), [arrival]);
  const client = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: (count, error) => count < 2 && !(error as { status?: number }).status, staleTime: 5_000 } } }), []);
  const api = useMemo(() => (connection ? createApi(connection) : null), [connection]);
  useEffect(() => followConsoleLinks(connection, arrival), [connection, arrival]);
  if (!connection || !api) return <NoToken />;
  return (
    <QueryClientProvider client={client}>
      <ApiProvider api={api}>
        <Shell connection={connection} arrival={arrival} />
      </ApiProvider>
    </QueryClientProvider>
  );
}
