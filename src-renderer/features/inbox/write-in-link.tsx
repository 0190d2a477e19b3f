// The inbox's way to the Simulator's "Write in as a customer", on the channel it is opened from (and, from a
// conversation, as its customer): a presenter lands with only the message left to type; and, on a channel customers do
// not write in on, to its campaigns.
import type { ReactNode } from 'react';
import { INBOUND_CHANNELS, type Channel } from '../../../src-core/contract/index.ts';
import { useUi, type WriteIn } from '../../stores/ui.ts';
import { useCampaignsUi } from '../campaigns/view-state.ts';

/** Whether customers write in on `channel` here (WhatsApp, SMS, Instagram; not RCS or email, which only send). */
export const writesIn = (channel: Channel): channel is WriteIn['channel'] => (INBOUND_CHANNELS as readonly Channel[]).includes(channel);

/** `from`: the conversation's customer (their phone, or Instagram user id); null from a channel's empty list. */
export function WriteInLink({ channel, from, testId, children }: { channel: WriteIn['channel']; from: string | null; testId: string; children: ReactNode }) {
  const writeInAs = useUi((state) => state.writeInAs);
  return <button type="button" className="link" onClick={() => writeInAs({ channel, from })} data-testid={testId}>{children}</button>;
}

/**
 * The way from an empty RCS or email list, where only what is sent shows, to that channel's campaigns, where a first one
 * is sent (its empty list says what it needs).
 */
export function CampaignsLink({ channel, children }: { channel: 'rcs' | 'email'; children: ReactNode }) {
  const go = useUi((state) => state.go);
  const follow = () => {
    useCampaignsUi.getState().setTab(channel);
    useCampaignsUi.getState().open({ kind: 'list' });
    go('campaigns');
  };
  return <button type="button" className="link" onClick={follow} data-testid="inbox-empty-campaigns">{children}</button>;
}
