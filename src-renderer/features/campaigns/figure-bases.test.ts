// Every percentage of a campaign's results has one base, said in words, and a funnel row and a ring naming the same
// thing (Delivered and the delivery rate, Read and the read rate, Clicked and the click rate) read the same number.
import { describe, expect, it } from 'vitest';
import { percentOf } from '../../../src-core/contract/index.ts';
import { baseWords, rowBase, shownPercent } from './figure-bases.ts';

describe('rowBase', () => {
  // The demo's case: 2,000 recipients, 1,960 sent, 40 failed, 862 clicked: 43% of the recipients, 44% of those sent.
  const counts = { sent: 1960, delivered: 1940, read: 1900, clicked: 862, failed: 40 };
  it('gives each row the base of the rate that names the same thing, and says it', () => {
    // The core's rates (campaign-rates.ts): delivery of attempted, read and click of sent.
    const rates = { deliveryRate: percentOf(counts.delivered, counts.sent + counts.failed), readRate: percentOf(counts.read, counts.sent), clickRate: percentOf(counts.clicked, counts.sent) };
    const shown = (key: 'delivered' | 'read' | 'clicked') => shownPercent(counts[key], rowBase(key, counts, 2000).whole);
    expect([shown('delivered'), shown('read'), shown('clicked')])
      .toEqual([Math.round(rates.deliveryRate), Math.round(rates.readRate), Math.round(rates.clickRate)]);
    expect(shown('clicked')).toBe(44);
    expect(['sent', 'failed', 'delivered', 'read', 'clicked', 'replied', 'converted', 'complained'].map((key) => baseWords(rowBase(key, counts, 2000))))
      .toEqual(['of 2,000 recipients', 'of 2,000 recipients', 'of 2,000 attempted', 'of 1,960 sent', 'of 1,960 sent', 'of 1,960 sent', 'of 1,960 sent', 'of 1,940 delivered']);
  });
  it('rounds as the rings do (the core\'s two decimals, then whole), and says a single recipient', () => {
    // 43.495% → the core's 43.5 → 44 on the ring; a plain round of 43.495 would say 43.
    expect(shownPercent(8699, 20_000)).toBe(44);
    expect(baseWords(rowBase('sent', { sent: 1, delivered: 0, failed: 0 }, 1))).toBe('of 1 recipient');
    expect(shownPercent(0, 0)).toBe(0);
  });
});
