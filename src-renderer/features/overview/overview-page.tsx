// The Overview: today's state of the organization at a glance (the last 24 hours of the virtual clock), what a demo
// opens on and a team lead glances at; every figure links to the page that explains it. Live through the stream.
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { CallsCard, CampaignsCard, InboxCard, isEmpty, MessagesCard, WalletCard, WebhooksCard } from './overview-cards.tsx';
import { PlaceLink } from './place-link.tsx';
import { useOverview } from './queries.ts';
import './overview.css';

export function OverviewPage() {
  const overview = useOverview();
  return (
    <div className="page padded ov-page" data-testid="overview-page" data-ready={overview.isSuccess ? 'true' : 'false'}>
      <div className="page-title">
        <div>
          <h1>Overview</h1>
          <p className="muted subtitle">
            The organization today: the last 24 hours of the virtual clock
            {overview.data ? <> (since <DateTime iso={overview.data.since} />)</> : null}, and what is open or live now. Each figure opens the page behind it.
          </p>
        </div>
      </div>
      {overview.isPending ? <Loading /> : overview.isError ? <ErrorState error={overview.error} onRetry={() => void overview.refetch()} /> : (
        // A new organization's page says so once, rather than a card of zeros for each area, and where to begin.
        isEmpty(overview.data) ? (
          <Empty title="Nothing here yet">
            Messages, conversations, campaigns, calls and webhooks are counted here as the organization uses them. To begin: top up
            the <PlaceLink to={{ section: 'wallet' }} testId="overview-start-wallet">Wallet</PlaceLink>, set up a channel
            under <PlaceLink to={{ section: 'channels' }} testId="overview-start-channels">Channels</PlaceLink>, or write in as a
            customer from the <PlaceLink to={{ section: 'simulator' }} testId="overview-start-simulator">Simulator</PlaceLink>.
          </Empty>
        ) : (
          <div className="ov-grid">
            <MessagesCard messages={overview.data.messages} />
            <InboxCard inbox={overview.data.inbox} />
            <CampaignsCard campaigns={overview.data.campaigns} />
            <CallsCard calls={overview.data.calls} />
            <WebhooksCard webhooks={overview.data.webhooks} />
            <WalletCard wallet={overview.data.wallet} />
          </div>
        )
      )}
    </div>
  );
}
