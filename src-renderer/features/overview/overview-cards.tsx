// The Overview's cards, one per area, each figure a link to the page that explains it.
import { CHANNELS, type Channel, type Overview, type OverviewCalls, type OverviewCampaign } from '../../../src-core/contract/index.ts';
import { CHANNEL_LABEL, rupees } from '../../components/format.ts';
import { When } from '../../components/when.tsx';
import { useWebhooksUi } from '../webhooks/webhooks-store.ts';
import { finishedWords, runningWords } from './campaign-words.ts';
import { PlaceLink, type LinkTarget } from './place-link.tsx';
import { ratePercent } from './queries.ts';

const inboxOf = (channel: Channel, state: 'open' | 'snoozed' = 'open'): LinkTarget => ({ section: 'inbox', inbox: { channel, state } });
const n = (value: number) => value.toLocaleString();

/** A card's heading, a link to its page. */
function CardTitle({ id, to, before, children }: { id: string; to: LinkTarget; before?: () => void; children: string }) {
  return <h2 className="ov-title" id={id}><PlaceLink to={to} before={before} testId={`${id}-link`}>{children}</PlaceLink></h2>;
}

/** One figure: its number (a link) over what it counts. */
function Figure({ label, value, to, before, testId, tone }: {
  label: string; value: string; to: LinkTarget; before?: () => void; testId: string; tone?: 'bad' | 'ok' | undefined;
}) {
  return (
    <div className={`ov-figure${tone ? ` is-${tone}` : ''}`}>
      <PlaceLink to={to} before={before} testId={testId} label={`${label}: ${value}`} className="ov-number">{value}</PlaceLink>
      <span className="muted small" aria-hidden>{label}</span>
    </div>
  );
}

const MESSAGE_COLUMNS = ['sent', 'delivered', 'read', 'failed', 'received'] as const;
/**
 * At a phone's width (phone.css) the table keeps Channel, Sent, Failed and Received, what says whether messages go
 * out, fail or come in, so a row reads without scrolling sideways; Delivered, Read and the rate are left to wider screens.
 */
const PHONE_HIDDEN: ReadonlySet<string> = new Set(['delivered', 'read']);
/**
 * What a column counts, where its one word could be read another way: the Overview's Sent is every outbound message made,
 * failed ones included, while a campaign's Sent counts only the recipients its messages went out to (its failed apart).
 */
const COLUMN_MEANS: Partial<Record<(typeof MESSAGE_COLUMNS)[number], string>> = {
  sent: 'Every outbound message made in the last 24 hours, failed ones included',
  failed: 'Outbound messages that failed (also counted in Sent)',
};
const SENT_NOTE = "Sent counts every outbound message, failed ones included, so Failed is part of it; a campaign's Sent counts only the recipients its messages went out to.";
const phoneHide = (column: string) => (PHONE_HIDDEN.has(column) ? ' phone-hide' : '');

export function MessagesCard({ messages }: { messages: Overview['messages'] }) {
  const { total } = messages;
  return (
    <section className="card ov-card ov-wide" aria-labelledby="ov-messages" data-testid="ov-messages">
      <CardTitle id="ov-messages" to={{ section: 'inbox' }}>Messages, last 24 hours</CardTitle>
      {total.sent + total.received === 0 ? <p className="muted">No message sent or received in the last 24 hours.</p> : (
        <div className="ov-table-wrap">
          <table className="table compact ov-table">
            <thead>
              <tr><th scope="col">Channel</th>{MESSAGE_COLUMNS.map((c) => (
                <th key={c} scope="col" className={`num${phoneHide(c)}`} title={COLUMN_MEANS[c]} aria-describedby={COLUMN_MEANS[c] ? 'ov-sent-note' : undefined}
                  data-testid={`ov-head-${c}`}>{c[0]?.toUpperCase()}{c.slice(1)}</th>
              ))}<th scope="col" className="num phone-hide">Delivery rate</th></tr>
            </thead>
            <tbody>
              {CHANNELS.map((channel) => {
                const row = messages.byChannel[channel];
                return (
                  <tr key={channel} data-testid={`ov-messages-${channel}`}>
                    <th scope="row"><PlaceLink to={inboxOf(channel)} label={`${CHANNEL_LABEL[channel]} inbox`}>{CHANNEL_LABEL[channel]}</PlaceLink></th>
                    {MESSAGE_COLUMNS.map((c) => <td key={c} className={`num${phoneHide(c)}${c === 'failed' && row.failed > 0 ? ' ov-bad' : ''}`} data-testid={`ov-${channel}-${c}`}>{n(row[c])}</td>)}
                    <td className="num phone-hide" data-testid={`ov-${channel}-rate`}>{ratePercent(row.deliveryRate)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr data-testid="ov-messages-total">
                <th scope="row">All channels</th>
                {MESSAGE_COLUMNS.map((c) => <td key={c} className={`num${phoneHide(c)}`} data-testid={`ov-total-${c}`}>{n(total[c])}</td>)}
                <td className="num phone-hide" data-testid="ov-total-rate">{ratePercent(total.deliveryRate)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="muted small ov-note" id="ov-sent-note" data-testid="ov-sent-note">{SENT_NOTE}</p>
        </div>
      )}
    </section>
  );
}

export function InboxCard({ inbox }: { inbox: Overview['inbox'] }) {
  const busiest = CHANNELS.find((channel) => inbox.unread[channel] > 0) ?? CHANNELS.find((channel) => inbox.open[channel] > 0) ?? 'whatsapp';
  const snoozedOn = CHANNELS[0];
  return (
    <section className="card ov-card" aria-labelledby="ov-inbox" data-testid="ov-inbox">
      <CardTitle id="ov-inbox" to={inboxOf(busiest)}>Inbox</CardTitle>
      <div className="ov-figures">
        <Figure label="Open conversations" value={n(inbox.openTotal)} to={inboxOf(busiest)} testId="ov-inbox-open" />
        <Figure label="Unread" value={n(inbox.unread.total)} to={inboxOf(busiest)} testId="ov-inbox-unread" tone={inbox.unread.total > 0 ? 'bad' : undefined} />
        <Figure label="Snoozed" value={n(inbox.snoozed)} to={inboxOf(snoozedOn, 'snoozed')} testId="ov-inbox-snoozed" />
      </div>
      <ul className="ov-list">
        {CHANNELS.filter((channel) => inbox.open[channel] > 0 || inbox.unread[channel] > 0).map((channel) => (
          <li key={channel} data-testid={`ov-inbox-${channel}`}>
            <PlaceLink to={inboxOf(channel)} label={`${CHANNEL_LABEL[channel]} inbox: ${inbox.open[channel]} open, ${inbox.unread[channel]} unread`}>{CHANNEL_LABEL[channel]}</PlaceLink>
            <span className="muted small">{n(inbox.open[channel])} open · <span data-testid={`ov-inbox-${channel}-unread`}>{n(inbox.unread[channel])}</span> unread</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CampaignRow({ campaign }: { campaign: OverviewCampaign }) {
  const done = campaign.sentCount + campaign.failedCount;
  const to: LinkTarget = { section: 'campaigns', campaigns: { tab: campaign.channel, view: { kind: 'detail', channel: campaign.channel, id: campaign.id } } };
  return (
    <li data-testid="ov-campaign" data-status={campaign.status}>
      <PlaceLink to={to} className="ov-campaign-name">{campaign.name}</PlaceLink>
      <span className="muted small">
        {CHANNEL_LABEL[campaign.channel]} · {campaign.status === 'RUNNING' ? runningWords(campaign)
          : campaign.status === 'COMPLETED' ? `completed · ${finishedWords(campaign)}` : <>sends <When iso={campaign.scheduledAt} /></>}
      </span>
      {campaign.status === 'RUNNING' ? <progress max={Math.max(campaign.totalRecipients, 1)} value={done} aria-label={`${campaign.name}: ${done} of ${campaign.totalRecipients}`} /> : null}
    </li>
  );
}

export function CampaignsCard({ campaigns }: { campaigns: Overview['campaigns'] }) {
  const list = [...campaigns.running, ...campaigns.scheduled, ...campaigns.completed];
  return (
    <section className="card ov-card" aria-labelledby="ov-campaigns" data-testid="ov-campaigns">
      <CardTitle id="ov-campaigns" to={{ section: 'campaigns', campaigns: { tab: list[0]?.channel ?? 'whatsapp', view: { kind: 'list' } } }}>Campaigns</CardTitle>
      <div className="ov-figures">
        <Figure label="Running" value={n(campaigns.running.length)} to={{ section: 'campaigns' }} testId="ov-campaigns-running" />
        <Figure label="Scheduled" value={n(campaigns.scheduled.length)} to={{ section: 'campaigns' }} testId="ov-campaigns-scheduled" />
        <Figure label="Completed, last 24 h" value={n(campaigns.completedCount)} to={{ section: 'campaigns' }} testId="ov-campaigns-completed" />
      </div>
      {campaigns.nextScheduledAt ? <p className="small" data-testid="ov-campaigns-next">Next send <When iso={campaigns.nextScheduledAt} /></p> : null}
      {list.length === 0 ? <p className="muted">No campaign running or scheduled, and none completed in the last 24 hours.</p>
        : <ul className="ov-list">{list.map((c) => <CampaignRow key={c.id} campaign={c} />)}</ul>}
    </section>
  );
}

function CallFigures({ kind, calls, label }: { kind: 'agent' | 'app'; calls: OverviewCalls; label: string }) {
  const to: LinkTarget = { section: 'calls', calls: { tab: kind } };
  return (
    <div className="ov-calls" data-testid={`ov-calls-${kind}`}>
      <h3 className="ov-subtitle">{label}</h3>
      <div className="ov-figures">
        <Figure label="Live now" value={n(calls.live)} to={to} testId={`ov-calls-${kind}-live`} tone={calls.live > 0 ? 'ok' : undefined} />
        <Figure label="Last 24 h" value={n(calls.started)} to={to} testId={`ov-calls-${kind}-started`} />
        <Figure label="Completed" value={n(calls.completed)} to={to} testId={`ov-calls-${kind}-completed`} />
        <Figure label="Failed or missed" value={n(calls.failed)} to={to} testId={`ov-calls-${kind}-failed`} tone={calls.failed > 0 ? 'bad' : undefined} />
      </div>
    </div>
  );
}

export function CallsCard({ calls }: { calls: Overview['calls'] }) {
  return (
    <section className="card ov-card" aria-labelledby="ov-calls" data-testid="ov-calls">
      <CardTitle id="ov-calls" to={{ section: 'calls' }}>Calls</CardTitle>
      <CallFigures kind="agent" calls={calls.agent} label="Voice agents" />
      <CallFigures kind="app" calls={calls.app} label="App calls" />
    </section>
  );
}

export function WebhooksCard({ webhooks }: { webhooks: Overview['webhooks'] }) {
  const endpoints = () => useWebhooksUi.setState({ tab: 'endpoints' });
  const deliveries = (status: 'FAILED' | 'HELD') => () => useWebhooksUi.setState({ tab: 'deliveries', status, selectedDeliveryId: null });
  const to: LinkTarget = { section: 'webhooks' };
  return (
    <section className="card ov-card" aria-labelledby="ov-webhooks" data-testid="ov-webhooks">
      <CardTitle id="ov-webhooks" to={to} before={endpoints}>Webhooks</CardTitle>
      <div className="ov-figures">
        <Figure label="Active endpoints" value={n(webhooks.active)} to={to} before={endpoints} testId="ov-webhooks-active" />
        <Figure label="Disabled" value={n(webhooks.disabled)} to={to} before={endpoints} testId="ov-webhooks-disabled" tone={webhooks.disabled > 0 ? 'bad' : undefined} />
        <Figure label="Retrying" value={n(webhooks.retrying)} to={to} before={deliveries('FAILED')} testId="ov-webhooks-retrying" tone={webhooks.retrying > 0 ? 'bad' : undefined} />
        <Figure label="Held" value={n(webhooks.held)} to={to} before={deliveries('HELD')} testId="ov-webhooks-held" />
      </div>
    </section>
  );
}

export function WalletCard({ wallet }: { wallet: Overview['wallet'] }) {
  const to: LinkTarget = { section: 'wallet' };
  return (
    <section className="card ov-card" aria-labelledby="ov-wallet" data-testid="ov-wallet">
      <CardTitle id="ov-wallet" to={to}>Wallet</CardTitle>
      <div className="ov-figures">
        <Figure label="Balance" value={rupees(wallet.balancePaise)} to={to} testId="ov-wallet-balance" />
        <Figure label="Email credits" value={n(wallet.emailCredits)} to={to} testId="ov-wallet-credits" />
        <Figure label="Spent, last 24 h" value={rupees(wallet.spentPaise)} to={to} testId="ov-wallet-spent" />
        <Figure label="Credits used, last 24 h" value={n(wallet.emailCreditsSpent)} to={to} testId="ov-wallet-credits-spent" />
      </div>
    </section>
  );
}

/** Whether the organization has anything at all to show yet (a new one has not). */
export const isEmpty = (o: Overview): boolean =>
  o.messages.total.sent + o.messages.total.received + o.inbox.openTotal + o.inbox.snoozed + o.campaigns.running.length + o.campaigns.scheduled.length
  + o.campaigns.completedCount  + o.calls.agent.started + o.calls.app.started + o.webhooks.active + o.webhooks.disabled === 0;

