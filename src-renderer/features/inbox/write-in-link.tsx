// The inbox's way to the Simulator's "Write in as a customer", on the channel it is opened from (and, from a
// conversation, as its customer): a presenter lands with only the message left to type.
import type { ReactNode } from 'react';
import { INBOUND_CHANNELS, type Channel } from '../../../src-core/contract/index.ts';
import { useUi, type WriteIn } from '../../stores/ui.ts';

/** Whether customers write in on `channel` here (WhatsApp, SMS, Instagram; not RCS or email, which only send). */
export const writesIn = (channel: Channel): channel is WriteIn['channel'] => (INBOUND_CHANNELS as readonly Channel[]).includes(channel);

/** `from`: the conversation's customer (their phone, or Instagram user id); null from a channel's empty list. */
export function WriteInLink({ channel, from, testId, children }: { channel: WriteIn['channel']; from: string | null; testId: string; children: ReactNode }) {
  const writeInAs = useUi((state) => state.writeInAs);
  return <button type="button" className="link" onClick={() => writeInAs({ channel, from })} data-testid={testId}>{children}</button>;
}
