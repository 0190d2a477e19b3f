// The Overview's campaign rows: a running one counts what is processed (sent and failed, as its bar does), never calling
// failed messages sent; a finished one says what it came to.
import { describe, expect, it } from 'vitest';
import type { OverviewCampaign } from '../../../src-core/contract/index.ts';
import { finishedWords, runningWords } from './campaign-words.ts';

const campaign = (sentCount: number, failedCount: number, status: OverviewCampaign['status'] = 'RUNNING'): OverviewCampaign => ({
  id: 'wcmp_1', channel: 'whatsapp', name: 'Festive', status, totalRecipients: 1500, sentCount, failedCount, scheduledAt: null,
});

describe('the Overview\'s campaign rows', () => {
  it('a running campaign: processed of all, its failed said apart', () => {
    expect(runningWords(campaign(120, 0))).toBe('120 of 1,500 processed');
    expect(runningWords(campaign(1200, 3))).toBe('1,203 of 1,500 processed · 3 failed');
  });
  it('a finished campaign: what was sent, and failed if any', () => {
    expect(finishedWords(campaign(16, 0, 'COMPLETED'))).toBe('16 sent');
    expect(finishedWords(campaign(14, 2, 'COMPLETED'))).toBe('14 sent · 2 failed');
  });
});
