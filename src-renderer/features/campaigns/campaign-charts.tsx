// A campaign's analytics drawn by hand: the funnel as horizontal bars (sent → converted) and the three
// rates as rings. Widths and arcs animate, so live updates move instead of jumping.

export type FunnelCounts = { sent: number; delivered: number; read: number; clicked: number; replied: number; converted: number };
export type Rates = { deliveryRate: number; readRate: number; clickRate: number };

const STAGES: Array<{ key: keyof FunnelCounts; label: string }> = [
  { key: 'sent', label: 'Sent' }, { key: 'delivered', label: 'Delivered' }, { key: 'read', label: 'Read' },
  { key: 'clicked', label: 'Clicked' }, { key: 'replied', label: 'Replied' }, { key: 'converted', label: 'Converted' },
];

const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

export function Funnel({ counts, total }: { counts: FunnelCounts; total: number }) {
  const base = Math.max(counts.sent, total, 1);
  return (
    <ol className="funnel" data-testid="funnel" aria-label="Funnel">
      {STAGES.map((stage, i) => {
        const value = counts[stage.key];
        const ofSent = counts.sent ? Math.round(share(value, counts.sent)) : 0;
        return (
          <li key={stage.key} className="funnel-row" data-testid={`funnel-${stage.key}`} data-value={value}>
            <span className="funnel-label">{stage.label}</span>
            <span className="funnel-track" aria-hidden>
              <span className={`funnel-bar stage-${i}${value ? '' : ' is-zero'}`} style={{ width: `${share(value, base)}%` }} />
            </span>
            <span className="funnel-value"><strong>{value.toLocaleString()}</strong><span className="muted">{i === 0 ? '' : `${ofSent}%`}</span></span>
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

export function RateRings({ rates }: { rates: Rates }) {
  return (
    <div className="rings" data-testid="rates">
      <Ring label="Delivery rate" value={rates.deliveryRate} hint="delivered of sent" testId="rate-delivery" />
      <Ring label="Read rate" value={rates.readRate} hint="read of sent" testId="rate-read" />
      <Ring label="Click rate" value={rates.clickRate} hint="clicked of sent" testId="rate-click" />
    </div>
  );
}
