import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, Message } from '../../src-core/contract/index.ts';
import { announceCustomersWritingIn, customersWroteInSaying, GATHER_MS, openTarget, QUIET_MS, type Named, type Saying, type Shown } from './customers-wrote-in.ts';

const NAMES: Record<string, Named> = {
  conv_alice: { who: 'Alice Johnson', blocked: false }, conv_ben: { who: 'Ben Ortiz', blocked: false },
  conv_cara: { who: 'Cara Diaz', blocked: false }, conv_dan: { who: 'Dan Wu', blocked: false }, conv_blocked: { who: 'Spammer', blocked: true },
};

const message = (conversationId: string, channel: Channel = 'whatsapp', direction: Message['direction'] = 'inbound', id = `msg_${Math.random()}`) =>
  ({ id, conversationId, channel, direction, address: '+14155550100' }) as Message;

describe('customersWroteInSaying', () => {
  it('says one message with its customer and channel', () => {
    expect(customersWroteInSaying([{ who: 'Alice Johnson', channel: 'whatsapp' }])).toBe('New message from Alice Johnson on WhatsApp.');
  });

  it('says a burst once: two names at most, the other people counted, the channel when they share one', () => {
    expect(customersWroteInSaying([
      { who: 'Alice Johnson', channel: 'whatsapp' }, { who: 'Ben Ortiz', channel: 'sms' }, { who: 'Cara Diaz', channel: 'instagram' },
    ])).toBe('3 new messages: Alice Johnson, Ben Ortiz and 1 more.');
    expect(customersWroteInSaying([{ who: 'Alice Johnson', channel: 'sms' }, { who: 'Ben Ortiz', channel: 'sms' }])).toBe('2 new messages on SMS: Alice Johnson and Ben Ortiz.');
    expect(customersWroteInSaying([{ who: 'Alice Johnson', channel: 'sms' }, { who: 'Alice Johnson', channel: 'sms' }])).toBe('2 new messages from Alice Johnson on SMS.');
  });
});

describe('announceCustomersWritingIn', () => {
  let said: string[];
  let sayings: Saying[];
  let shown: Shown;
  let writtenHere: string[];
  const start = () => announceCustomersWritingIn({
    shown: () => shown, say: (saying) => {
      said.push(saying.text);
      sayings.push(saying);
    },
    nameOf: (m) => (m.conversationId && NAMES[m.conversationId] ? Promise.resolve(NAMES[m.conversationId] as Named) : Promise.reject(new Error('gone'))),
    writtenHere: (id) => writtenHere.includes(id),
  });
  const inbox = (conversationId: string | null): Shown => ({ page: 'inbox', conversationId });
  beforeEach(() => {
    vi.useFakeTimers();
    said = [];
    sayings = [];
    writtenHere = [];
    shown = inbox('conv_open');
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

  it('says nothing in the Inbox of the open conversation, of our own messages, nor of a blocked contact', async () => {
    const others = start();
    others.note(message('conv_open'));
    others.note(message('conv_alice', 'whatsapp', 'outbound'));
    others.note(message('conv_blocked'));
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(said).toEqual([]);
    others.stop();
  });

  it('leaves out a conversation opened while the burst gathered', async () => {
    const others = start();
    others.note(message('conv_alice'));
    others.note(message('conv_ben'));
    shown = inbox('conv_ben');
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(said).toEqual(['New message from Alice Johnson on WhatsApp.']);
    expect(sayings[0]?.shown).toEqual(inbox('conv_ben'));
    others.stop();
  });

  it('on another page says every conversation, the one left open in the Inbox too (not shown), naming each conversation once', async () => {
    shown = { page: 'other' };
    const others = start();
    others.note(message('conv_open', 'sms'));
    others.note(message('conv_alice', 'sms'));
    others.note(message('conv_alice', 'sms'));
    others.note(message('conv_blocked', 'sms'));
    others.note(message('conv_ben', 'sms', 'outbound'));
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(sayings).toEqual([{
      text: '3 new messages on SMS: +14155550100 and Alice Johnson.', shown: { page: 'other' },
      conversations: [{ conversationId: 'conv_open', channel: 'sms' }, { conversationId: 'conv_alice', channel: 'sms' }],
    }]);
    others.stop();
  });

  it('says a burst gathered on another page in the Inbox’s way when the Inbox is shown by the time it is said', async () => {
    shown = { page: 'other' };
    const others = start();
    others.note(message('conv_alice'));
    others.note(message('conv_ben'));
    shown = inbox('conv_alice');
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(sayings).toEqual([{ text: 'New message from Ben Ortiz on WhatsApp.', shown: inbox('conv_alice'), conversations: [{ conversationId: 'conv_ben', channel: 'whatsapp' }] }]);
    others.stop();
  });

  it('leaves out the Simulator form’s own write-in while the Simulator is shown, not a scenario’s, nor its own once the page is left', async () => {
    shown = { page: 'simulator' };
    const others = start();
    others.note(message('conv_alice', 'whatsapp', 'inbound', 'msg_form'));
    others.note(message('conv_ben', 'whatsapp', 'inbound', 'msg_scenario'));
    // The form's answer may come after the stream's event: it is asked when the sentence is said.
    writtenHere = ['msg_form'];
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    expect(said).toEqual(['New message from Ben Ortiz on WhatsApp.']);
    others.note(message('conv_cara', 'whatsapp', 'inbound', 'msg_form_2'));
    writtenHere = ['msg_form', 'msg_form_2'];
    shown = { page: 'other' };
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(said).toEqual(['New message from Ben Ortiz on WhatsApp.', 'New message from Cara Diaz on WhatsApp.']);
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

describe('openTarget', () => {
  it('opens the one conversation a notice is about; for several, the Inbox on their channel when they share one', () => {
    expect(openTarget([{ conversationId: 'conv_alice', channel: 'sms' }])).toEqual({ conversation: { conversationId: 'conv_alice', channel: 'sms' } });
    expect(openTarget([{ conversationId: 'conv_alice', channel: 'sms' }, { conversationId: 'conv_ben', channel: 'sms' }])).toEqual({ channel: 'sms' });
    expect(openTarget([{ conversationId: 'conv_alice', channel: 'sms' }, { conversationId: 'conv_ben', channel: 'whatsapp' }])).toEqual({ channel: null });
  });
});
