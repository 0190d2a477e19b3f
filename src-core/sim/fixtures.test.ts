// The simulated customers' campaign rule: clicks and conversions by the number, replies by a draw per campaign that
// keeps the rate (a quarter of the population) and is the same every run for one campaign.
import { describe, expect, it } from 'vitest';
import { bucketOf, CAMPAIGN_REPLY_TEXTS, campaignFate, REPLYING_BUCKETS, repliesTo, replyStartOf, replyTextOf } from './fixtures.ts';

const numbers = Array.from({ length: 400 }, (_, i) => `+9198200${String(i).padStart(5, '0')}`);
const repliers = (campaignId: string) => numbers.filter((n) => repliesTo(n, campaignId));

describe('campaignFate', () => {
  it('has other customers reply, in other words, to another campaign; the same ones, in the same words, to the same one', () => {
    const ids = ['cmp_9HjTQa1', 'cmp_9HjTQa2', 'cmp_Xy7'];
    expect(new Set(ids.map((id) => replyStartOf(id))).size).toBe(3);
    const [a, b] = [repliers('cmp_9HjTQa1'), repliers('cmp_9HjTQa2')];
    expect(a).not.toEqual(b);
    expect(repliers('cmp_9HjTQa1')).toEqual(a);
    // Every wording is heard from someone, and one customer need not say the same to two campaigns.
    expect(new Set(a.map((n) => replyTextOf(n, 'cmp_9HjTQa1')))).toEqual(new Set(CAMPAIGN_REPLY_TEXTS));
    expect(numbers.some((n) => replyTextOf(n, 'cmp_9HjTQa1') !== replyTextOf(n, 'cmp_9HjTQa2'))).toBe(true);
  });
  it('keeps the reply rate: a run of 25 of the 100 buckets for every campaign, replying at 60 s with the words drawn', () => {
    expect(REPLYING_BUCKETS).toBe(25);
    for (const id of ['cmp_1', 'cmp_2', 'cmp_3', 'cmp_4']) {
      const share = repliers(id).length / numbers.length;
      expect(share).toBeGreaterThan(0.15);
      expect(share).toBeLessThan(0.35);
    }
    const [replier] = repliers('cmp_1') as [string];
    expect(campaignFate(replier, 'cmp_1').find((e) => e.kind === 'replied')).toEqual({ afterMs: 60_000, kind: 'replied', text: replyTextOf(replier, 'cmp_1') });
    const silent = numbers.find((n) => !repliesTo(n, 'cmp_1')) as string;
    expect(campaignFate(silent, 'cmp_1').map((e) => e.kind)).not.toContain('replied');
  });
  it('draws an email address\'s bucket from the whole address, so addresses without digits convert at the rate, not all or none', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const addresses = [...letters].flatMap((a) => [...letters].map((b) => `${a}${b}.shopper@example.com`));
    const converts = (address: string) => campaignFate(address, 'Spring news').some((e) => e.kind === 'converted');
    const share = addresses.filter(converts).length / addresses.length;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.22);
    expect(new Set(addresses.map(bucketOf)).size).toBe(100);
    // The address as the provider normalizes it: its case and the spaces around it do not move it.
    expect(bucketOf(' Amara@Example.COM ')).toBe(bucketOf('amara@example.com'));
    expect(bucketOf('amara@example.com')).not.toBe(bucketOf('amara@example.org'));
  });
  it('keeps a phone\'s bucket by its digits alone, however it is written', () => {
    for (const phone of ['+14155550101', '14155550101', '+1 (415) 555-0101']) expect(bucketOf(phone), phone).toBe(3);
  });
});
