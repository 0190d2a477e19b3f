// What a launch would do, as the core's audience preview says it (it resolves the audience as the launch does), shared by
// every builder and a draft's page: the debounced ask, the estimate and reservation of a summary, and the warnings about
// recipients that will not be sent to: blocked (or opted-out) contacts, skipped as blocked (the results count them as
// Blocked, apart from Failed), and those that will fail (suppressed email addresses, handsets without RCS, RCS recipients
// a template variable would be empty for).
import { Fragment } from 'react';
import type { AudiencePreview, AudiencePreviewInput } from '../../../src-core/contract/index.ts';
import { useDebounced } from '../../components/debounce.ts';
import { rupees } from '../../components/format.ts';
import { useAudiencePreview } from './queries.ts';
import { displayAddress } from '../../components/email-address.ts';

export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * The preview of `input` (null: the audience is not complete yet), asked once typing pauses. Only an answer about the
 * audience on screen is given (the last one is kept while the next loads, but not shown as this one's).
 */
export function useLivePreview(input: AudiencePreviewInput | null) {
  const key = input ? JSON.stringify(input) : '';
  const asked = useDebounced(key, 250);
  const preview = useAudiencePreview(asked ? JSON.parse(asked) as AudiencePreviewInput : null);
  const current = key && asked === key && !preview.isPlaceholderData ? preview.data ?? null : null;
  return { preview: current, error: preview.error, waiting: key !== '' };
}

/** What the recipients sent to cost: rupees from the wallet, or (email) credits. */
export const costOf = (preview: AudiencePreview): string =>
  (preview.emailCredits ? count(preview.emailCredits.spent, 'email credit') : rupees(preview.costPaise));

/**
 * "17 contacts match · 2 blocked · ₹3.75": everyone the audience holds, those of them skipped as blocked (or opted out:
 * the launch does not charge them), those that fail at once ("1 will fail": an RCS handset without RCS and no fallback,
 * or a variable nothing fills), each said apart as the results count them (Blocked, Failed), and what the rest, sent to,
 * cost. Email says "2 not emailed" for its suppressed addresses and blocked contacts together.
 */
export function estimateText(preview: AudiencePreview): string {
  return estimateParts(preview).join(' · ');
}

/** The estimate's parts, each said whole: "17 contacts match", "2 blocked", "₹3.75". */
export function estimateParts(preview: AudiencePreview): string[] {
  const failing = preview.recipients - preview.sendable;
  if (preview.channel === 'email') {
    if (preview.recipients === 0) return ['No subscriber'];
    return [count(preview.recipients, 'subscriber'), ...(failing ? [`${failing.toLocaleString()} not emailed`] : []), costOf(preview)];
  }
  if (preview.recipients === 0) return ['No contact matches'];
  const matching = `${count(preview.recipients, 'contact')} ${preview.recipients === 1 ? 'matches' : 'match'}`;
  const blocked = preview.blocked.count;
  const failed = failing - blocked;
  return [matching, ...(blocked ? [`${blocked.toLocaleString()} blocked`] : []), ...(failed ? [`${failed.toLocaleString()} will fail`] : []), costOf(preview)];
}

/** The summary's recipients: a list's own count (`listed`), or the preview's estimate of the audience resolved at launch. */
export function Estimate({ listed, preview, waiting }: { listed: number | null; preview: AudiencePreview | null; waiting: boolean }) {
  const parts = listed !== null ? [listed.toLocaleString()] : preview ? estimateParts(preview) : [waiting ? 'Counting…' : '—'];
  // Each part whole (nowrap), the separator kept with the part after it, so a narrow summary breaks between parts and
  // never leaves "· ₹41.60" or a lone "·" on a line; the text reads as one ("54 contacts match · 2 blocked · ₹41.60").
  return (
    <span data-testid="summary-recipients" data-ready={listed !== null || preview ? 'true' : 'false'}>
      {parts.map((part, i) => <Fragment key={i}>{i ? ' ' : null}<span className="estimate-part" data-testid="estimate-part">{i ? `· ${part}` : part}</span></Fragment>)}
    </span>
  );
}

/**
 * What the launch reserves (nothing for the blocked), and how much of it comes back at once (the other recipients that
 * fail before anything is sent); before the preview answers, a list's count at the price (the most it can be).
 */
export function Reserved({ listed, price, preview }: { listed: number | null; price: number | undefined; preview: AudiencePreview | null }) {
  if (preview?.emailCredits) {
    // Credits the wallet lacks are said under the summary (WalletShort), with the way to top up.
    const { reserved, spent } = preview.emailCredits;
    return <span data-testid="summary-reserved">{count(reserved, 'email credit')}{reserved > spent ? ` (${(reserved - spent).toLocaleString()} refunded at once)` : ''}</span>;
  }
  if (preview) {
    const refunded = preview.reservedPaise - preview.costPaise;
    return <span data-testid="summary-reserved">{rupees(preview.reservedPaise)}{refunded ? ` (${rupees(refunded)} refunded at once)` : ''}</span>;
  }
  return <span data-testid="summary-reserved">{listed !== null && price !== undefined ? rupees(price * listed) : '—'}</span>;
}

/**
 * Every warning the preview gives about the audience: blocked contacts, suppressed addresses, handsets without RCS.
 * `listed`: a pasted list. (Empty RCS variables, about the template's values as much, are said beside the launch: UnfilledWarning.)
 */
export function AudienceWarnings({ preview, listed }: { preview: AudiencePreview | null; listed: boolean }) {
  if (!preview) return null;
  return (
    <>
      {preview.blocked.count ? <BlockedWarning listed={listed} noun={preview.channel === 'email' ? 'address' : 'number'} blocked={preview.blocked} /> : null}
      {preview.suppressed?.count ? <SuppressedWarning suppressed={preview.suppressed} /> : null}
      {preview.withoutRcs?.count ? <WithoutRcsNote withoutRcs={preview.withoutRcs} price={preview.pricePaise} /> : null}
    </>
  );
}

/**
 * Who the launch would skip as blocked, without charging them (every send refuses a blocked or opted-out contact; the
 * results count them as Blocked, apart from Failed), said before it happens; the same words in every builder and a draft's page.
 */
function BlockedWarning({ listed, noun, blocked }: { listed: boolean; noun: 'number' | 'address'; blocked: AudiencePreview['blocked'] }) {
  // An email is paid with a credit, a message of another channel from the wallet.
  const charge = noun === 'address' ? 'no credit spent' : 'not charged';
  const lead = listed
    ? `${noun === 'address' ? count(blocked.count, 'address', 'addresses') : count(blocked.count, 'number')} ${blocked.count === 1 ? 'belongs' : 'belong'} to a blocked contact`
    : `${count(blocked.count, 'contact')} in this audience ${blocked.count === 1 ? 'is' : 'are'} blocked`;
  return (
    <div className="audience-blocked" role="status" data-testid="audience-blocked" data-count={blocked.count}>
      <p>{lead}: {blocked.count === 1 ? 'it' : 'they'} will be skipped as blocked, {charge}:</p>
      <ul>
        {blocked.recipients.map((r) => (
          <li key={r.address} data-testid="blocked-recipient" data-address={r.address}>
            {/* The reason after a colon: an opt-out's own has brackets in it, nested ones read badly. */}
            <code>{displayAddress(r.address)}</code>{r.name ? ` ${r.name}` : ''}{r.reason ? `: ${r.reason}` : ''}
          </li>
        ))}
      </ul>
      {blocked.count > blocked.recipients.length ? <span className="muted">and {(blocked.count - blocked.recipients.length).toLocaleString()} more</span> : null}
    </div>
  );
}

/** Listed email addresses on the suppression list: each is reserved a credit, refused and refunded. */
function SuppressedWarning({ suppressed }: { suppressed: NonNullable<AudiencePreview['suppressed']> }) {
  return (
    <div className="audience-blocked" role="status" data-testid="audience-suppressed" data-count={suppressed.count}>
      <p>{count(suppressed.count, 'address', 'addresses')} {suppressed.count === 1 ? 'is' : 'are'} on the suppression list and will not be emailed, {suppressed.count === 1 ? 'its credit' : 'their credits'} refunded at once:</p>
      <ul>
        {suppressed.recipients.map((r) => <li key={r.address} data-testid="suppressed-recipient" data-address={r.address}><code>{displayAddress(r.address)}</code>: {r.reason}</li>)}
      </ul>
      {suppressed.count > suppressed.recipients.length ? <span className="muted">and {(suppressed.count - suppressed.recipients.length).toLocaleString()} more</span> : null}
    </div>
  );
}

/** Handsets without RCS: the SMS fallback reaches them at the RCS price already reserved, or they fail and are refunded. */
function WithoutRcsNote({ withoutRcs, price }: { withoutRcs: NonNullable<AudiencePreview['withoutRcs']>; price: number }) {
  const n = withoutRcs.count;
  const who = `${count(n, 'handset')} ${n === 1 ? 'has' : 'have'} no RCS`;
  const text = withoutRcs.fallback
    ? `${who}: ${n === 1 ? 'it gets' : 'they get'} the SMS fallback instead, charged at the RCS price reserved (${rupees(price)} each), not the SMS price; a fallback the SMS cannot deliver either is refunded then.`
    : `${who} and will fail, ${n === 1 ? 'its charge' : 'their charges'} refunded. Turn on the SMS fallback to reach ${n === 1 ? 'it' : 'them'}.`;
  // Reached by the fallback is news, not a failure: it is said as a note, the failure as a warning.
  return <p className={withoutRcs.fallback ? 'audience-note' : 'audience-blocked'} role="status" data-testid="audience-without-rcs" data-count={n} data-fallback={String(withoutRcs.fallback)}>{text}</p>;
}

const tagList = (names: string[]) => {
  const tags = names.map((name) => `{{${name}}}`);
  return tags.length > 1 ? `${tags.slice(0, -1).join(', ')} or ${tags.at(-1)}` : tags[0] ?? '';
};

/**
 * RCS recipients a template variable would be empty for (no value given, none in their contact): the launch does not
 * send to them and refunds them. Said before it, for every recipient, a few named; under the preview, in view of the
 * launch button and of the values it is mended with.
 */
export function UnfilledWarning({ unfilled }: { unfilled: NonNullable<AudiencePreview['unfilled']> }) {
  const n = unfilled.count;
  const several = unfilled.variables.length > 1;
  return (
    <div className="audience-blocked" role="status" data-testid="audience-unfilled" data-count={n}>
      <p>
        {count(n, 'recipient')} would get an empty {tagList(unfilled.variables)} (no value given, none in {n === 1 ? 'their contact' : 'their contacts'}) and
        will not be sent to, {n === 1 ? 'its charge' : 'their charges'} refunded at once. Give {several ? 'each' : 'it'} a value for everyone to reach {n === 1 ? 'them' : 'all of them'}:
      </p>
      <ul>
        {unfilled.recipients.map((r) => (
          <li key={r.address} data-testid="unfilled-recipient" data-address={r.address}>
            <code>{displayAddress(r.address)}</code>{r.name ? ` ${r.name}` : ' (no contact name)'}{several ? `: ${tagList(r.variables)}` : ''}
          </li>
        ))}
      </ul>
      {n > unfilled.recipients.length ? <span className="muted">and {(n - unfilled.recipients.length).toLocaleString()} more</span> : null}
    </div>
  );
}
