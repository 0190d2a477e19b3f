// A campaign's analytics drawn by hand: the funnel as horizontal bars (sent → converted, then failed, and blocked
// when any recipient's contact was: refused, never a message, so not inside Failed) in
// the words of its channel, the bars drawn to the recipients, and the core's three rates as rings; every percentage,
// row or ring, says its base ("of 2,000 recipients", "of 1,960 sent"), and a row and a ring naming the same thing share
// it (figure-bases.ts). A receipt row or rate with none yet while receipts are still to come says it is waiting for
// them, and an engagement row or the click rate with none yet while the simulated customers may still act says "none
// yet" and by when (funnel-receipts.ts), not 0%; before anything is sent (a scheduled campaign, a draft) every row and
// rate says "not sent yet", and a rate whose base is 0 is no 0% either. A cancelled campaign's recipients never will be:
// nothing sent says "not sent: cancelled", and the ones a cancel stopped partway are said under the funnel. Widths and arcs animate, so live updates move.
import { attemptedWords, baseWords, rowBase, shownPercent, type Base } from './figure-bases.ts';
import { awaitingReceipts, cancelledNote, engagementDue, noneYetText, unsentWords } from './funnel-receipts.ts';
import type { CampaignTab } from './queries.ts';

export type FunnelCounts = {
  sent: number; delivered: number; read: number; clicked: number; replied: number; converted: number; failed: number; complained?: number | undefined;
  /** Console: of `failed`, the recipients refused because their contact is blocked (shown as their own row). */
  blocked?: number | undefined;
};
/** The core's rates, with the counts they are made of (so each ring can say "1 of 4"). */
export type Rates = { deliveryRate: number; readRate: number; clickRate: number }
  & Pick<FunnelCounts, 'sent' | 'delivered' | 'read' | 'clicked' | 'failed'> & Partial<Pick<FunnelCounts, 'replied' | 'converted' | 'blocked'>>;

type Stage = { key: keyof FunnelCounts; label: string };
const SENT: Stage = { key: 'sent', label: 'Sent' };
const DELIVERED: Stage = { key: 'delivered', label: 'Delivered' };
const ENGAGED: Stage[] = [{ key: 'clicked', label: 'Clicked' }, { key: 'replied', label: 'Replied' }, { key: 'converted', label: 'Converted' }];
const BLOCKED: Stage = { key: 'blocked', label: 'Blocked' };
const MESSAGE_STAGES: Stage[] = [SENT, DELIVERED, { key: 'read', label: 'Read' }, ...ENGAGED, { key: 'failed', label: 'Failed' }, BLOCKED];
/**
 * The rows a channel can move, as its `counts` report them: WhatsApp, RCS and SMS alike (the simulated world reports
 * every sent message, SMS and RCS too, delivered at 2 s and read at 10 s, and SMS and RCS campaign messages are
 * clicked, replied to and converted as WhatsApp's are: `counts.read`, the read rate); email's read is an open, it
 * counts spam complaints, and its failures after sending are bounces.
 */
export const FUNNEL_STAGES: Record<CampaignTab, Stage[]> = {
  whatsapp: MESSAGE_STAGES,
  rcs: MESSAGE_STAGES,
  sms: MESSAGE_STAGES,
  email: [SENT, DELIVERED, { key: 'read', label: 'Opened' }, ...ENGAGED, { key: 'complained', label: 'Marked as spam' }, { key: 'failed', label: 'Bounced or failed' }, BLOCKED],
};

const share = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);
const recipientsLine = (total: number) => `${total.toLocaleString()} recipient${total === 1 ? '' : 's'}`;
/**
 * When the campaign's last message went out (null while it is still sending) and the virtual clock's now; `cancelled`: the
 * recipients a cancel left unsent (null: not cancelled), which will never be sent.
 */
export type Sending = { lastSentAt: string | null; now: string | undefined; cancelled?: number | null | undefined };

/**
 * The bars are drawn to one scale, the recipients (the funnel's top), so the funnel keeps its shape; each percentage
 * has the base its ring has (figure-bases.ts) and says it, so Clicked reads the click rate's number, not another.
 */
export function Funnel({ channel, counts, total, sending }: { channel: CampaignTab; counts: FunnelCounts; total: number; sending: Sending }) {
  // Nothing attempted yet (scheduled, a draft): a row of 0s would read as a campaign that reached no one.
  const unsent = counts.sent + counts.failed === 0;
  const note = unsent ? null : cancelledNote(sending.cancelled);
  return (
    <>
      <p className="muted small funnel-base" data-testid="funnel-base">Bars are drawn to the {recipientsLine(total)}; each percentage says its base.</p>
      {note ? <p className="small funnel-base" data-testid="funnel-cancelled">{note}</p> : null}
      <ol className="funnel" data-testid="funnel" aria-label="Funnel">
        {FUNNEL_STAGES[channel].filter((stage) => stage.key !== 'blocked' || (counts.blocked ?? 0) > 0).map((stage, i) => {
          // Failed counts the failed messages: the blocked recipients, refused before any message, are their own row.
          const value = stage.key === 'failed' ? counts.failed - (counts.blocked ?? 0) : counts[stage.key] ?? 0;
          const unwanted = stage.key === 'failed' || stage.key === 'complained' || stage.key === 'blocked';
          const base = rowBase(stage.key, counts, total);
          const percent = shownPercent(value, base.whole);
          const awaiting = awaitingReceipts(channel, stage.key, counts);
          // None yet, while sent messages still have no such receipt, or no engagement while customers may still act: not
          // a 0% that reads as a failure.
          const waiting = value === 0 && awaiting > 0;
          const due = engagementDue(channel, stage.key, counts, sending);
          return (
            <li key={stage.key} className="funnel-row" data-testid={`funnel-${stage.key}`} data-value={value} data-percent={percent} data-awaiting={awaiting}
              data-pending={due.pending} data-expected-by={due.expectedBy ?? undefined}>
              <span className="funnel-label">{stage.label}</span>
              <span className="funnel-track" aria-hidden>
                <span className={`funnel-bar ${unwanted ? `is-${stage.key === 'blocked' ? 'blocked' : 'failed'}` : `stage-${i}`}${value ? '' : ' is-zero'}`} style={{ width: `${share(value, total)}%` }} />
              </span>
              <span className="funnel-value">
                {unsent ? (
                  <><strong aria-hidden>—</strong><span className="muted funnel-waiting" data-testid="funnel-unsent">{unsentWords(sending.cancelled)}</span></>
                ) : waiting ? <span className="muted funnel-waiting" data-testid="funnel-waiting">waiting for receipts</span> : due.pending ? (
                  <><strong aria-hidden>—</strong><span className="muted funnel-waiting" data-testid="funnel-pending">{noneYetText(due, sending.now)}</span></>
                ) : (
                  <>
                    <strong>{value.toLocaleString()}</strong>
                    <span className="muted funnel-percent" data-testid="funnel-percent">{percent}% <span className="funnel-of">{baseWords(base)}</span></span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * `hint` names the rate's base in words; `part` of `base` are the counts the core made it from ("1 of 4 attempted"); `waiting`: why its 0%
 * is not a result yet (none yet while sent messages still have no such receipt or reads are still due), shown as "—".
 */
function Ring({ label, value, hint, part, base, testId, waiting }: {
  label: string; value: number; hint: string; part: number; base: Base; testId: string; waiting?: string | undefined;
}) {
  const { whole } = base;
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <figure className={`ring is-${testId.replace('rate-', '')}`} data-testid={testId} data-value={value}>
      <svg viewBox="0 0 84 84" role="img" aria-label={waiting ? `${label}: ${waiting}` : `${label} ${value}%`}>
        <circle className="ring-track" cx="42" cy="42" r={RADIUS} />
        <circle className="ring-arc" cx="42" cy="42" r={RADIUS} strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)} transform="rotate(-90 42 42)" />
        <text x="42" y="47" textAnchor="middle" className="ring-text">{waiting ? '—' : `${Math.round(value)}%`}</text>
      </svg>
      <figcaption>
        <strong>{label}</strong><span className="muted">{hint}</span>
        {whole > 0 ? <span className="muted" data-testid={`${testId}-basis`}>{part.toLocaleString()} {baseWords(base)}</span> : null}
        {waiting ? <span className="muted funnel-waiting" data-testid={`${testId}-waiting`}>{waiting}</span> : null}
      </figcaption>
    </figure>
  );
}

export function RateRings({ channel, rates, sending }: { channel: CampaignTab; rates: Rates; sending: Sending }) {
  const opened = channel === 'email';
  const receiptsDue = (key: 'delivered' | 'read') => (rates[key] === 0 && awaitingReceipts(channel, key, rates) > 0 ? 'waiting for receipts' : undefined);
  const clicks = engagementDue(channel, 'clicked', rates, sending);
  const clicksDue = clicks.pending ? noneYetText(clicks, sending.now) : undefined;
  // A rate of nothing is no 0%: before any send, or (read and click) when every attempt failed.
  const noBase = (whole: number) => (whole > 0 ? undefined : rates.sent + rates.failed === 0 ? unsentWords(sending.cancelled) : 'none sent');
  // The same bases as the funnel's Delivered, Read and Clicked rows (figure-bases.ts).
  const base = (key: string) => rowBase(key, rates, 0);
  return (
    <div className="rings" data-testid="rates">
      <Ring label="Delivery rate" value={rates.deliveryRate} hint={`delivered of ${attemptedWords(rates.blocked)}`} part={rates.delivered} base={base('delivered')} testId="rate-delivery" waiting={noBase(rates.sent + rates.failed) ?? receiptsDue('delivered')} />
      <Ring label={opened ? 'Open rate' : 'Read rate'} value={rates.readRate} hint={opened ? 'opened of sent' : 'read of sent'} part={rates.read} base={base('read')} testId="rate-read" waiting={noBase(rates.sent) ?? receiptsDue('read')} />
      <Ring label="Click rate" value={rates.clickRate} hint="clicked of sent" part={rates.clicked} base={base('clicked')} testId="rate-click" waiting={noBase(rates.sent) ?? clicksDue} />
    </div>
  );
}
