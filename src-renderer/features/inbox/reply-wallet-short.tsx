// What the wallet cannot pay for a reply, said under the composer as the conversation opens, before the agent types and
// sends: the channel's price (an email's credit) against the wallet, with the campaign builders' "Top up the wallet".
// The core stays the authority: Send is left as it was, and a send the wallet cannot pay for is refused as before
// (INSUFFICIENT_BALANCE, INSUFFICIENT_CREDITS, under the reply with the same way on).
import { BILLED_CHANNELS, CHANNEL_NAMES, type BilledChannel, type Channel, type Wallet } from '../../../src-core/contract/index.ts';
import { useWallet } from '../campaigns/queries.ts';
import { WalletShort } from '../campaigns/wallet-short.tsx';

const billed = (channel: Channel): channel is BilledChannel => (BILLED_CHANNELS as readonly Channel[]).includes(channel);

/** What one reply on `channel` spends: its price in paise (none on a channel priced 0), or an email's credit. */
export function replyCost(channel: Channel, prices: Wallet['prices'] | undefined): { paise: number } | { credits: number } | null {
  if (channel === 'email') return { credits: 1 };
  const paise = billed(channel) ? prices?.[channel] : undefined;
  return paise ? { paise } : null;
}

export function ReplyWalletShort({ channel }: { channel: Channel }) {
  const wallet = useWallet().data;
  const cost = wallet ? replyCost(channel, wallet.prices) : null;
  if (!cost) return null;
  const spends = `${channel === 'whatsapp' ? 'a' : 'an'} ${CHANNEL_NAMES[channel]} reply ${'credits' in cost ? 'spends' : 'costs'}`;
  return <WalletShort {...cost} draft={false} spends={spends} />;
}
