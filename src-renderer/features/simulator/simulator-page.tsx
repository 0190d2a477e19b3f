// The simulator: the virtual clock, scenarios, customers writing in, a handset's two-sided thread, phones calling the
// business number (features/voice-app), and the magic numbers.
import { useRef, useState, type FormEvent } from 'react';
import { time } from '../../components/format.ts';
import { useFocusIfLost } from '../../components/focus.ts';
import { Button } from '../../components/button.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { FieldProblem, fieldProps, LabelledField, problemProps, refusalByField } from '../../components/field-refusal.tsx';
import { useStickToBottom } from '../../components/stick-to-bottom.ts';
import { announce } from '../../stores/announcer.ts';
import { useUi, type WriteIn } from '../../stores/ui.ts';
import { useConnectInstagramAction } from '../channels/connect-action.ts';
import { useInstagramConnection } from '../channels/queries.ts';
import { PhoneCallsCard } from '../voice-app/phone-calls-card.tsx';
import { HandsetMessageItem, HandsetSentItem } from './handset-message.tsx';
import { MagicNumbersCard } from './magic-numbers-card.tsx';
import { useAdvance, useInbound } from './mutations.ts';
import { useHandsetInstagramUser, useHandsetThread, useVirtualNow, type HandsetThreadItem } from './queries.ts';
import { ScenariosCard } from './scenarios-card.tsx';
import { FormVisitorCard } from './form-visitor-card.tsx';
import '../forms/forms.css';
import './simulator.css';

const STEPS: Array<[string, number]> = [['+10 s', 10], ['+1 min', 60], ['+1 h', 3600]];

function ClockCard() {
  const now = useVirtualNow();
  const advance = useAdvance();
  const [custom, setCustom] = useState('');
  // A number of seconds the core refuses (over a year) is said under the field; any other refusal under the card's buttons.
  const refusal = advance.isError ? refusalByField(advance.error, { seconds: 'Seconds' }) : null;
  return (
    <section className="card">
      <h2 className="card-title">Virtual clock</h2>
      <div className="clock-big" data-testid="sim-clock">{now ? time(now) : '…'}</div>
      <div className="actions left">
        {STEPS.map(([label, seconds]) => (
          <Button key={label} type="button" className="button" disabled={advance.isPending} onClick={() => advance.mutate(seconds)} data-testid={`advance-${seconds}`}>{label}</Button>
        ))}
        <form className="inline clock-advance" onSubmit={(e) => { e.preventDefault(); const n = Number(custom); if (n > 0) advance.mutate(n); }}>
          <input type="number" min={1} placeholder="seconds" value={custom} onChange={(e) => setCustom(e.target.value)} aria-label="Seconds to advance"
            {...problemProps('advance-seconds-problem', refusal?.fields.seconds)} data-testid="advance-seconds" />
          <Button type="submit" className="button ghost" disabled={advance.isPending || !(Number(custom) > 0)} data-testid="advance-custom">Advance</Button>
          <FieldProblem id="advance-seconds-problem" problem={refusal?.fields.seconds} testId="advance-seconds-problem" />
        </form>
      </div>
      {refusal?.rest ? <ErrorState error={refusal.rest} /> : null}
      <p className="muted small">Advancing runs every job that falls due on the way: receipts, scheduled campaigns, retries, expiries.</p>
    </section>
  );
}

/** An example sender of the channel's kind: an Instagram user id, or a phone. */
const exampleFrom = (channel: WriteIn['channel']) => (channel === 'instagram' ? '6234817790112299' : '+14155550123');

/**
 * Opened from the inbox (`writeIn`), the form starts on its channel and customer, the message field focused: the
 * presenter lands ready to type what the customer says. Opened otherwise, WhatsApp and an example phone.
 */
function InboundCard() {
  const inbound = useInbound();
  const writeIn = useUi((state) => state.writeIn);
  const openConversation = useUi((state) => state.openConversation);
  const [channel, setChannel] = useState<WriteIn['channel']>(writeIn?.channel ?? 'whatsapp');
  const [from, setFrom] = useState(writeIn?.from ?? exampleFrom(writeIn?.channel ?? 'whatsapp'));
  const [text, setText] = useState('');
  // The customer's profile name, optional: a new customer is listed by it in the inbox, not as a bare number.
  const [name, setName] = useState('');
  const message = useRef<HTMLInputElement>(null);
  // On mount only: the link's click took the focus with the inbox; a presenter who moved on keeps theirs.
  useFocusIfLost(writeIn !== null, message);
  /** What was delivered and where, said until the next message is begun (it is about that one, not the next). */
  const [delivered, setDelivered] = useState<{ said: string; conversationId: string | null; channel: WriteIn['channel'] } | null>(null);
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    setDelivered(null);
    set(value);
  };
  /** A phone is no Instagram sender, nor an IGSID a phone: switching between them starts from an example of the right kind. */
  function switchTo(next: typeof channel) {
    if ((next === 'instagram') !== (channel === 'instagram')) setFrom(exampleFrom(next));
    setChannel(next);
  }
  // A sender the core refuses is said under its field; any other refusal under the form, with the way to connect
  // Instagram when that is why (a new organization has no account: said before the send, as the core would refuse it).
  const refusal = inbound.isError ? refusalByField(inbound.error, { from: 'From' }) : null;
  const connect = useConnectInstagramAction(refusal?.rest, channel);
  const setChannelsTab = useUi((state) => state.setChannelsTab);
  const go = useUi((state) => state.go);
  const instagram = useInstagramConnection();
  const unconnected = channel === 'instagram' && instagram.data?.connected === false;
  async function submit(event: FormEvent) {
    event.preventDefault();
    const { stored, who } = await inbound.mutateAsync({ channel, from, text, ...(name.trim() ? { name: name.trim() } : {}) });
    setText('');
    // Named as the inbox lists them (an Instagram user by name and handle, not their id); as typed if that could not be read.
    const sender = who ?? (name.trim() ? `${name.trim()} (${from})` : from);
    setDelivered({ said: `Delivered to the inbox: “${text}” from ${sender}.`, conversationId: stored.conversationId, channel });
    announce('Delivered to the inbox.');
  }
  return (
    <section className="card">
      <h2 className="card-title">Write in as a customer</h2>
      <form className="form" onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <div className="form-row">
          <label className="field"><span>Channel</span>
            <select value={channel} onChange={(e) => edit(switchTo)(e.target.value as typeof channel)} data-testid="inbound-channel"><option value="whatsapp">WhatsApp</option><option value="sms">SMS</option><option value="instagram">Instagram</option></select>
          </label>
          <LabelledField id="inbound-from" label={channel === 'instagram' ? 'From (Instagram user id, digits)' : 'From (phone number)'} problem={refusal?.fields.from}>
            <input value={from} onChange={(e) => edit(setFrom)(e.target.value)} {...fieldProps('inbound-from', refusal?.fields.from)} data-testid="inbound-from"
              placeholder={channel === 'instagram' ? '6234817790112299' : '+14155550123'} />
          </LabelledField>
        </div>
        <label className="field"><span>Name <span className="muted">(optional: their profile name, for a new customer)</span></span>
          <input value={name} onChange={(e) => edit(setName)(e.target.value)} maxLength={100} placeholder="Neha Kapoor" data-testid="inbound-name" />
        </label>
        <label className="field"><span>Message</span><input ref={message} value={text} onChange={(e) => edit(setText)(e.target.value)} placeholder="Hi! Where is my order?" data-testid="inbound-text" /></label>
        {unconnected ? (
          <p className="muted small" id="inbound-unconnected" data-testid="inbound-unconnected">
            No Instagram account is connected, so no customer can write in on Instagram yet: connect one on
            the <button type="button" className="link" onClick={() => { setChannelsTab('instagram'); go('channels'); }} data-testid="inbound-connect">Channels page, Instagram</button>.
          </p>
        ) : null}
        {refusal?.rest ? <ErrorState error={refusal.rest} refused="Not delivered" action={connect} /> : null}
        {delivered ? (
          <p className="muted small inbound-sent">
            <span data-testid="inbound-sent">{delivered.said}</span>{' '}
            {/* A message written in reopens its conversation: it is under Open, where the agent answers it. */}
            {delivered.conversationId !== null ? (
              <button type="button" className="link" data-testid="inbound-open"
                onClick={() => openConversation({ id: delivered.conversationId ?? '', channel: delivered.channel, state: 'open' })}>Open it in the Inbox</button>
            ) : null}
          </p>
        ) : null}
        <div className="actions left"><Button type="submit" className="button primary" disabled={!text || !from || inbound.isPending || unconnected}
          aria-describedby={unconnected ? 'inbound-unconnected' : undefined} data-testid="inbound-send">Send as customer</Button></div>
      </form>
    </section>
  );
}

const itemKey = (item: HandsetThreadItem) => (item.side === 'received' ? item.message.id : item.message.messageId);

/**
 * As a phone shows it: what it received on the left, what its owner sent on the right, in time order, opened at the
 * newest message and following new ones as they come, unless the reader scrolled up to read what came before.
 */
function HandsetThread({ address, who, thread }: { address: string; who: string; thread: HandsetThreadItem[] }) {
  const list = useRef<HTMLUListElement>(null);
  const newest = thread.at(-1);
  useStickToBottom(list, true, newest ? itemKey(newest) : null);
  return (
    // A Tab stop, so the keyboard can scroll a long history (it holds nothing focusable); still a list.
    <ul className="handset scroll-region" ref={list} tabIndex={0} aria-label={`Messages to and from ${who}`} data-testid="handset-messages" data-address={address}>
      {thread.map((item) => (item.side === 'received'
        ? <HandsetMessageItem key={itemKey(item)} message={item.message} />
        : <HandsetSentItem key={itemKey(item)} message={item.message} />))}
    </ul>
  );
}

/**
 * Opening another address (here or from a magic number) starts the input afresh from it. The card is not remounted
 * for it (as a key per address would): Open keeps the keyboard focus.
 */
function HandsetCard({ address, onOpen }: { address: string; onOpen(address: string): void }) {
  const [draft, setDraft] = useState(address);
  const [draftFor, setDraftFor] = useState(address);
  if (draftFor !== address) {
    setDraftFor(address);
    setDraft(address);
  }
  const handset = useHandsetThread(address);
  // An Instagram user is named as the inbox names them, not by their IGSID.
  const instagramUser = useHandsetInstagramUser(address).data ?? null;
  return (
    <section className="card">
      <h2 className="card-title">Handset viewer</h2>
      <form className="inline handset-form" onSubmit={(e) => { e.preventDefault(); onOpen(draft.trim()); }}>
        <input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Phone, email or Instagram id" data-testid="handset-address" aria-label="Address" />
        <button type="submit" className="button" data-testid="handset-open">Open</button>
      </form>
      {!address ? <p className="muted small">See a simulated phone, mailbox or Instagram user&rsquo;s thread: what it received (OTP codes included) and what its customer wrote in.</p>
        : handset.error ? <ErrorState error={handset.error} /> : !handset.thread ? <Loading /> : handset.thread.length === 0 ? <Empty title="Nothing received yet">Nor has its customer written in.</Empty>
          // Another address starts at its own newest message, not where the last one was read.
          : (
            <>
              {instagramUser ? <p className="muted small" data-testid="handset-who">Instagram user {instagramUser}</p> : null}
              <HandsetThread key={address} address={address} who={instagramUser ?? address} thread={handset.thread} />
            </>
          )}
    </section>
  );
}

export function SimulatorPage() {
  const [handset, setHandset] = useState('');
  // Two stacks of cards rather than a grid of rows: a short card (the handset viewer before it opens) beside a tall one
  // (Phone calls) leaves no hole under it. In one column (narrow windows) the stacks follow each other.
  return (
    <div className="page padded">
      <div className="page-title">
        <div>
          <h1>Simulator</h1>
          <p className="muted subtitle">The world the service talks to, simulated: the virtual clock, customers writing in and calling, what each phone or mailbox received, and the addresses that fail on purpose.</p>
        </div>
      </div>
      <div className="sim-columns">
        <div className="sim-column">
          <ClockCard />
          {/* A magic address clicked below opens here too. */}
          <HandsetCard address={handset} onOpen={setHandset} />
          <MagicNumbersCard onOpenHandset={setHandset} />
        </div>
        <div className="sim-column">
          <ScenariosCard />
          <InboundCard />
          <FormVisitorCard />
          <PhoneCallsCard />
        </div>
      </div>
    </div>
  );
}
