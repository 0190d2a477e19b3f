// The launch's confirmation in words: who it goes to (those skipped as blocked said apart, never charged), what it costs at
// the wallet's price and whether the wallet covers the charge (as the core makes it: all but the blocked), and when it goes out.
import { describe, expect, it } from 'vitest';
import { launchWords, type LaunchFacts } from './launch-words.ts';

const facts = (over: Partial<LaunchFacts>): LaunchFacts => ({
  name: 'Diwali offer', channel: 'whatsapp', recipients: 120, blocked: 0, failing: 0, pricePaise: 25,
  wallet: { balancePaise: 100_000, emailCredits: 0 }, sendsAt: null, ...over,
});
const row = (words: ReturnType<typeof launchWords>, key: string) => words.rows.find((r) => r.key === key)?.text;

describe('launchWords', () => {
  it('says a launch now: name, channel, recipients, cost at the wallet price, the wallet enough', () => {
    const words = launchWords(facts({}));
    expect(words.title).toBe('Send “Diwali offer” now?');
    expect(words.lead).toBe('This sends WhatsApp messages to 120 recipients now. Once sent, they cannot be called back.');
    expect(words.confirmLabel).toBe('Send now');
    expect(row(words, 'channel')).toBe('WhatsApp');
    expect(row(words, 'recipients')).toBe('120');
    expect(row(words, 'cost')).toBe('₹30.00 (120 × ₹0.25)');
    expect(row(words, 'wallet')).toBe('₹1,000.00 in the wallet: enough');
    expect(words.short).toBe(false);
    expect(words.ready).toBe(true);
  });

  it('says the blocked (or opted out) apart, never charged: the cost of those reached is the charge', () => {
    const words = launchWords(facts({ blocked: 3 }));
    expect(row(words, 'recipients')).toBe('120, of whom 3 skipped as blocked or opted out (not charged)');
    expect(row(words, 'cost')).toBe('₹29.25 (117 × ₹0.25)');
  });

  it('charges those failing for another reason, refunded at once, and not the blocked', () => {
    const words = launchWords(facts({ blocked: 3, failing: 2 }));
    expect(row(words, 'recipients')).toBe('120, of whom 3 skipped as blocked or opted out (not charged) and 2 will fail (cannot be reached; refunded at once)');
    expect(row(words, 'cost')).toBe('₹28.75 (115 × ₹0.25); ₹29.25 is charged at launch, the rest refunded at once');
  });

  it('a wallet that covers all but the blocked is enough, as the core charges them', () => {
    const words = launchWords(facts({ recipients: 3, blocked: 1, wallet: { balancePaise: 50, emailCredits: 0 } }));
    expect(words.short).toBe(false);
    expect(row(words, 'wallet')).toBe('₹0.50 in the wallet: enough');
    expect(launchWords(facts({ recipients: 3, blocked: 0, wallet: { balancePaise: 50, emailCredits: 0 } })).short).toBe(true);
    const email = launchWords(facts({ channel: 'email', recipients: 3, blocked: 1, pricePaise: undefined, wallet: { balancePaise: 0, emailCredits: 2 } }));
    expect([email.short, row(email, 'cost'), row(email, 'wallet')]).toEqual([false, '2 email credits', '2 credits left: enough']);
  });

  it('says when the wallet does not cover the charge, which the core would refuse', () => {
    const words = launchWords(facts({ wallet: { balancePaise: 2_000, emailCredits: 0 } }));
    expect(words.short).toBe(true);
    expect(row(words, 'wallet')).toBe('₹20.00 in the wallet: not enough, so the launch would be refused. Top up first.');
  });

  it('says a scheduled launch with its time, and that cancelling gives the charge back', () => {
    const words = launchWords(facts({ channel: 'sms', recipients: 1, sendsAt: 'Jan 20, 2030, 10:00 AM (Asia/Kolkata)' }));
    expect(words.title).toBe('Schedule “Diwali offer”?');
    expect(words.lead).toBe('This schedules an SMS to 1 recipient for Jan 20, 2030, 10:00 AM (Asia/Kolkata). The wallet is charged now; cancelling before then gives it back.');
    expect(row(words, 'when')).toBe('Jan 20, 2030, 10:00 AM (Asia/Kolkata)');
    expect(words.confirmLabel).toBe('Schedule it');
  });

  it('counts email in credits against the credits left', () => {
    const words = launchWords(facts({ channel: 'email', recipients: 5, failing: 1, pricePaise: undefined, wallet: { balancePaise: 0, emailCredits: 4 } }));
    expect(row(words, 'recipients')).toBe('5, of whom 1 will fail (suppressed or not emailable; refunded at once)');
    expect(row(words, 'cost')).toBe('4 email credits; 5 email credits are charged at launch, the rest refunded at once');
    expect(row(words, 'wallet')).toBe('4 credits left: not enough, so the launch would be refused. Top up first.');
    expect(words.short).toBe(true);
  });

  it('waits for an audience still being counted: Confirm is not ready', () => {
    const words = launchWords(facts({ recipients: 'counting', blocked: null, failing: null }));
    expect(words.ready).toBe(false);
    expect(row(words, 'recipients')).toBe('Counting…');
    expect(words.lead).toBe('This sends WhatsApp messages to its recipients now. Once sent, they cannot be called back.');
  });
});
