// A campaign's analytics drawn by hand: the funnel as horizontal bars (sent → converted, then failed) in
// the words of its channel, and the three rates as rings. Widths and arcs animate, so live updates move.
import type { CampaignTab } from './queries.ts';

export type FunnelCounts = {
  sent: number; delivered: number; read: number; clicked: number; replied: number; converted: number; failed: number; complained?: number | undefined;
};
export type Rates = { deliveryRate: number; readRate: number; clickRate: number };

type Stage = { key: keyof FunnelCounts; label: string };
const SENT: Stage = { key: 'sent', label: 'Sent' };
const DELIVERED: Stage = { key: 'delivered', label: 'Delivered' };
const ENGAGED: Stage[] = [{ key: 'clicked', label: 'Clicked' }, { key: 'replied', label: 'Replied' }, { key: 'converted', label: 'Converted' }];
/**
 * The rows a channel can move: SMS has no read receipts (no Read row); email's read is an open, it counts
 * spam complaints, and its failures after sending are bounces; WhatsApp and RCS have all the others.
 */
export const FUNNEL_STAGES: Record<CampaignTab, Stage[]> = {
  whatsapp: [SENT, DELIVERED, { key: 'read', label: 'Read' }, ...ENGAGED, { key: 'failed', label: 'Failed' }],
  rcs: [SENT, DELIVERED, { key: 'read', label: 'Read' }, ...ENGAGED, { key: 'failed', label: 'Failed' }],
  sms: [SENT, DELIVERED, ...ENGAGED, { key: 'failed', label: 'Failed' }],
  email: [SENT, DELIVERED, { key: 'read', label: 'Opened' }, ...ENGAGED, { key: 'complained', label: 'Marked as spam' }, { key: 'failed', label: 'Bounced or failed' }],
};

const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

export function Funnel({ channel, counts, total }: { channel: CampaignTab; counts: FunnelCounts; total: number }) {
  const base = Math.max(counts.sent, total, 1);
  return (
    <ol className="funnel" data-testid="funnel" aria-label="Funnel">
      {FUNNEL_STAGES[channel].map((stage, i) => {
        const value = counts[stage.key] ?? 0;
        const failed = stage.key === 'failed';
        const unwanted = failed || stage.key === 'complained';
        // Failures are a share of the list; every other stage a share of what was sent.
        const percent = failed ? Math.round(share(value, total)) : counts.sent ? Math.round(share(value, counts.sent)) : 0;
        return (
          <li key={stage.key} className="funnel-row" data-testid={`funnel-${stage.key}`} data-value={value}>
            <span className="funnel-label">{stage.label}</span>
            <span className="funnel-track" aria-hidden>
              <span className={`funnel-bar ${unwanted ? 'is-failed' : `stage-${i}`}${value ? '' : ' is-zero'}`} style={{ width: `${share(value, base)}%` }} />
            </span>
            <span className="funnel-value">
              <strong>{value.toLocaleString()}</strong>
              <span className="muted" title={failed ? 'of the recipients' : 'of sent'}>{i === 0 ? '' : `${percent}%`}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Ring({ label, value, hint, testId }: { label: string; value: number; hint: string; testId: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <figure className={`ring is-${testId.replace('rate-', '')}`} data-testid={testId} data-value={value}>
      <svg viewBox="0 0 84 84" role="img" aria-label={`${label} ${value}%`}>
        <circle className="ring-track" cx="42" cy="42" r={RADIUS} />
        <circle className="ring-arc" cx="42" cy="42" r={RADIUS} strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)} transform="rotate(-90 42 42)" />
        <text x="42" y="47" textAnchor="middle" className="ring-text">{`${Math.round(value)}%`}</text>
      </svg>
      <figcaption><strong>{label}</strong><span className="muted">{hint}</span></figcaption>
    </figure>
  );
}

export function RateRings({ channel, rates }: { channel: CampaignTab; rates: Rates }) {
  const opened = channel === 'email';
  return (
    <div className="rings" data-testid="rates">
      <Ring label="Delivery rate" value={rates.deliveryRate} hint="delivered of attempted (sent + failed)" testId="rate-delivery" />
      <Ring label={opened ? 'Open rate' : 'Read rate'} value={rates.readRate} hint={opened ? 'opened of sent' : 'read of sent'} testId="rate-read" />
      <Ring label="Click rate" value={rates.clickRate} hint="clicked of sent" testId="rate-click" />
    </div>
  );
}
