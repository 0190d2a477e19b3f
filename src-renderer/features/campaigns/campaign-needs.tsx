// What a first campaign of a channel needs, under its empty list: what the channel must have approved (a template, a
// sender id, a bot, a domain), who it goes to, and the money or credits its launch reserves; each said as it stands now
// (live, as the queries behind it are), the missing ones with the way to the page that makes them. A new user on an
// empty organization otherwise learnt it one refusal at a time, from inside the builder.
import type { ReactNode } from 'react';
import { rupees } from '../../components/format.ts';
import { useUi } from '../../stores/ui.ts';
import { useEmailDomains, useEmailTemplates, useRcsBots, useRcsTemplates, useSmsSenders, useSmsTemplates } from '../channels/queries.ts';
import { ChannelsLink } from './channels-link.tsx';
import { CHANNEL_LABEL, useApprovedTemplates, useWallet, type CampaignTab } from './queries.ts';

type Need = { id: 'channel' | 'recipients' | 'wallet'; ready: boolean | null; text: ReactNode };

/** A few names, then how many more ("a, b, c and 4 more"). */
const few = (all: string[]) => (all.length > 3 ? `${all.slice(0, 3).join(', ')} and ${all.length - 3} more` : all.join(', '));
const names = (items: Array<{ name: string }>) => few(items.map((t) => t.name));

/** The channel's own need, ready once it has what a campaign sends with; null while it is read. */
function useChannelNeed(channel: CampaignTab): Need {
  const wa = useApprovedTemplates();
  const senders = useSmsSenders();
  const smsTemplates = useSmsTemplates();
  const bots = useRcsBots();
  const cards = useRcsTemplates();
  const emailTemplates = useEmailTemplates();
  const domains = useEmailDomains();
  const link = (label: string) => <ChannelsLink tab={channel} testId="campaign-need-channels">{label}</ChannelsLink>;
  const later = 'approved a minute later on the virtual clock';
  if (channel === 'whatsapp') {
    const approved = wa.data?.data ?? [];
    return { id: 'channel', ready: wa.data ? approved.length > 0 : null, text: approved.length
      ? <>An approved template: {names(approved)}.</>
      : <>An approved template: none yet. Submit one under {link('Channels, WhatsApp')} ({later}).</> };
  }
  if (channel === 'sms') {
    const sender = senders.data?.data.filter((s) => s.status === 'APPROVED') ?? [];
    const texts = smsTemplates.data?.data.filter((t) => t.status === 'APPROVED') ?? [];
    const missing = [...(sender.length ? [] : ['a sender id']), ...(texts.length ? [] : ['a DLT template'])];
    return { id: 'channel', ready: senders.data && smsTemplates.data ? !missing.length : null, text: missing.length
      ? <>An approved sender id and DLT template: {missing.join(' and ')} still to register under {link('Channels, SMS')} ({later}).</>
      : <>An approved sender id and DLT template: {few(sender.map((s) => s.senderId))}; {names(texts)}.</> };
  }
  if (channel === 'rcs') {
    const approved = cards.data?.data.filter((t) => t.status === 'APPROVED') ?? [];
    const noBot = bots.data !== undefined && bots.data.data.length === 0;
    return { id: 'channel', ready: bots.data && cards.data ? approved.length > 0 : null, text: approved.length
      ? <>A bot with an approved template: {names(approved)}.</>
      : <>A bot with an approved template: {noBot ? 'no bot yet. Add one, then a template for it,' : 'none approved yet. Add a template'} under {link('Channels, RCS')} ({later}).</> };
  }
  const templates = emailTemplates.data?.data ?? [];
  const verified = domains.data?.data.filter((d) => d.status === 'VERIFIED') ?? [];
  const missing = [...(templates.length ? [] : ['a template']), ...(verified.length ? [] : ['a verified sending domain'])];
  return { id: 'channel', ready: emailTemplates.data && domains.data ? !missing.length : null, text: missing.length
    ? <>An email template and a verified sending domain: {missing.join(' and ')} still to make under {link('Channels, Email')} (a domain is verified a minute after it is added, on the virtual clock).</>
    : <>An email template and a verified sending domain: {names(templates)}; {few(verified.map((d) => d.domain))}.</> };
}

/** The wallet's need: the channel's price for a message (email: a credit), and what it holds now. */
function useWalletNeed(channel: CampaignTab): Need {
  const wallet = useWallet().data;
  const askTopUp = useUi((s) => s.askTopUp);
  const topUp = <button type="button" className="link" onClick={askTopUp} data-testid="campaign-need-wallet">Top up the wallet</button>;
  if (!wallet) return { id: 'wallet', ready: null, text: 'The wallet: reading it…' };
  if (channel === 'email') {
    const ready = wallet.emailCredits > 0;
    return { id: 'wallet', ready, text: <>Email credits, one an email, reserved at launch: the wallet has {wallet.emailCredits.toLocaleString()}.{ready ? null : <> {topUp}.</>}</> };
  }
  const price = wallet.prices[channel];
  const ready = wallet.balancePaise >= price;
  return {
    id: 'wallet', ready,
    text: <>Money in the wallet, {rupees(price)} a message, reserved at launch: it holds {rupees(wallet.balancePaise)}.{ready ? null : <> {topUp}.</>}</>,
  };
}

/** The checklist of `channel`'s first campaign, and the way into its builder (`onNew`). */
export function CampaignNeeds({ channel, onNew, first }: { channel: CampaignTab; onNew(): void; first: string }) {
  const go = useUi((s) => s.go);
  const recipients: Need = {
    id: 'recipients', ready: true,
    text: channel === 'email'
      ? <>Recipients: addresses pasted or uploaded in the builder, or every subscribed <button type="button" className="link" onClick={() => go('contacts')} data-testid="campaign-need-contacts">contact</button> with an email address.</>
      : <>Recipients: numbers pasted or uploaded in the builder, or your <button type="button" className="link" onClick={() => go('contacts')} data-testid="campaign-need-contacts">contacts</button> (all, or those with a tag).</>,
  };
  const needs = [useChannelNeed(channel), recipients, useWalletNeed(channel)];
  return (
    <div className="campaign-needs" data-testid="campaign-needs">
      <p>{channel === 'whatsapp' ? 'A WhatsApp' : `An ${channel === 'email' ? 'email' : CHANNEL_LABEL[channel]}`} campaign needs:</p>
      <ul>
        {needs.map((need) => (
          <li key={need.id} data-testid="campaign-need" data-need={need.id} data-ready={need.ready === null ? undefined : String(need.ready)}>
            <span className={`need-mark${need.ready ? ' ready' : ''}`} aria-label={need.ready ? 'Ready' : need.ready === false ? 'Missing' : undefined} role={need.ready === null ? undefined : 'img'}>
              {need.ready ? '✓' : '•'}
            </span>
            <span>{need.text}</span>
          </li>
        ))}
      </ul>
      <button type="button" className="link" onClick={onNew} data-testid="campaign-needs-new">{first}</button>
    </div>
  );
}
