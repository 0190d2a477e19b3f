import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, Message } from '../../../src-core/contract/index.ts';
import { announceOtherConversations, GATHER_MS, otherConversationsSaying, QUIET_MS, type Named } from './other-conversations.ts';

const NAMES: Record<string, Named> = {
  conv_alice: { who: 'Alice Johnson', blocked: false }, conv_ben: { who: 'Ben Ortiz', blocked: false },
  conv_cara: { who: 'Cara Diaz', blocked: false }, conv_dan: { who: 'Dan Wu', blocked: false }, conv_blocked: { who: 'Spammer', blocked: true },
};

const message = (conversationId: string, channel: Channel = 'whatsapp', direction: Message['direction'] = 'inbound') =>
  ({ id: `msg_${Math.random()}`, conversationId, channel, direction, address: '+14155550100' }) as Message;

describe('otherConversationsSaying', () => {
  it('says one message with its customer and channel', () => {
    expect(otherConversationsSaying([{ who: 'Alice Johnson', channel: 'whatsapp' }])).toBe('New message from Alice Johnson on WhatsApp.');
  });

  it('says a burst once: two names at most, the other people counted, the channel when they share one', () => {
    expect(otherConversationsSaying([
      { who: 'Alice Johnson', channel: 'whatsapp' }, { who: 'Ben Ortiz', channel: 'sms' }, { who: 'Cara Diaz', channel: 'instagram' },
    ])).toBe('3 new messages: Alice Johnson, Ben Ortiz and 1 more.');
    expect(otherConversationsSaying([{ who: 'Alice Johnson', channel: 'sms' }, { who: 'Ben Ortiz', channel: 'sms' }])).toBe('2 new messages on SMS: Alice Johnson and Ben Ortiz.');
    expect(otherConversationsSaying([{ who: 'Alice Johnson', channel: 'sms' }, { who: 'Alice Johnson', channel: 'sms' }])).toBe('2 new messages from Alice Johnson on SMS.');
  });
});

describe('announceOtherConversations', () => {
  let said: string[];
  let shown: { conversationId: string | null } | null;
  const start = () => announceOtherConversations({
    shown: () => shown, say: (text) => said.push(text),
    nameOf: (m) => (m.conversationId && NAMES[m.conversationId] ? Promise.resolve(NAMES[m.conversationId] as Named) : Promise.reject(new Error('gone'))),
  });
  beforeEach(() => {
    vi.useFakeTimers();
    said = [];
    shown = { conversationId: 'conv_open' };
  });
  afterEach(() => vi.useRealTimers());

  it('gathers a burst into one sentence, said after the gathering time', async () => {
    const others = start();
    for (const id of ['conv_alice', 'conv_ben', 'conv_cara']) others.note(message(id));
    await vi.advanceTimersByTimeAsync(GATHER_MS - 1);
    expect(said).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(said).toEqual(['3 new messages on WhatsApp: Alice Johnson, Ben Ortiz and 1 more.']);
    others.stop();
  });

  it('says nothing of the open conversation, of our own messages, of a blocked contact, nor while another page is shown', async () => {
    const others = start();
    others.note(message('conv_open'));
    others.note(message('conv_alice', 'whatsapp', 'outbound'));
    others.note(message('conv_blocked'));
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    shown = null;
    others.note(message('conv_alice'));
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(said).toEqual([]);
    others.stop();
  });

  it('leaves out a conversation opened while the burst gathered, and says nothing once the Inbox is left', async () => {
    const others = start();
    others.note(message('conv_alice'));
    others.note(message('conv_ben'));
    shown = { conversationId: 'conv_ben' };
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(said).toEqual(['New message from Alice Johnson on WhatsApp.']);
    others.note(message('conv_cara'));
    shown = null;
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(said).toHaveLength(1);
    others.stop();
  });

  it('keeps a quiet time between sentences: a steady stream is said a few at a time', async () => {
    const others = start();
    others.note(message('conv_alice'));
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    others.note(message('conv_ben', 'sms'));
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    others.note(message('conv_cara', 'sms'));
    // The first was said at GATHER_MS; the next no sooner than QUIET_MS after it.
    await vi.advanceTimersByTimeAsync(QUIET_MS - GATHER_MS - 1);
    expect(said).toEqual(['New message from Alice Johnson on WhatsApp.']);
    await vi.advanceTimersByTimeAsync(1);
    expect(said).toEqual(['New message from Alice Johnson on WhatsApp.', '2 new messages on SMS: Ben Ortiz and Cara Diaz.']);
    others.stop();
  });

  it('counts a customer whose name cannot be read by their address, and says nothing after stop', async () => {
    const others = start();
    others.note(message('conv_unknown'));
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(said).toEqual(['New message from +14155550100 on WhatsApp.']);
    others.note(message('conv_dan'));
    others.stop();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(said).toHaveLength(1);
  });
});
