// The Audience step the WhatsApp and SMS builders share: every contact, a segment by tags (suggested from the tags the
// contacts carry) or a pasted list; and, before launch, what the launch would do, from the core's audience preview,
// which resolves the audience as the launch does: how many it sends to, at what cost, and who is blocked or opted out.
import { useId, useState, type ReactNode } from 'react';
import { tagKey, type AudienceInput, type AudiencePreview } from '../../../src-core/contract/index.ts';
import { useDebounced } from '../../components/debounce.ts';
import { rupees } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { useContactTags } from '../contacts/queries.ts';
import { parseTagInput } from '../contacts/tag-input.ts';
import { OptionCards, Step, useRecipients } from './builder-parts.tsx';
import { useAudiencePreview } from './queries.ts';
import { RecipientsField } from './recipients-field.tsx';

export type AudienceKind = 'all' | 'segment' | 'manual';
const AUDIENCES: Array<{ value: AudienceKind; label: string; hint: string }> = [
  { value: 'all', label: 'All contacts', hint: 'Every contact with a phone number, as they are at launch' },
  { value: 'segment', label: 'A segment', hint: 'Contacts with any of the tags, as they are at launch' },
  { value: 'manual', label: 'A pasted list', hint: 'Numbers you paste or upload' },
];
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The audience chosen, what it adds to the create request, what it still lacks, and the core's preview of its launch. */
export function useAudience(channel: 'whatsapp' | 'sms') {
  const [kind, setKind] = useState<AudienceKind>('manual');
  const [tags, setTags] = useState('');
  const recipients = useRecipients();
  const { check } = recipients;
  // Read as the contacts page reads tags: a tag may hold spaces (`big spender`), so only commas separate them.
  const segmentTags = parseTagInput(tags);
  const input: AudienceInput = kind === 'manual' ? { audienceType: 'manual', audienceCriteria: { phones: check.valid } }
    : kind === 'segment' ? { audienceType: 'segment', audienceCriteria: { tags: segmentTags } } : { audienceType: 'all' };
  const blockers = [
    ...(kind === 'manual' && !check.valid.length ? ['at least one valid number'] : []),
    ...(kind === 'segment' && !segmentTags.length ? ['a tag for the segment'] : []),
  ];
  // Asked once typing pauses, and only about an audience that is complete.
  const key = blockers.length ? '' : JSON.stringify(input);
  const asked = useDebounced(key, 250);
  const preview = useAudiencePreview(channel, asked ? JSON.parse(asked) as AudienceInput : {}, asked !== '');
  // Only an answer about the audience on screen is shown (the last one is kept while the next loads).
  const current = key && asked === key && !preview.isPlaceholderData ? preview.data ?? null : null;
  return {
    kind, input, blockers, preview: current,
    field: { kind, onKind: setKind, tags, onTags: setTags, segmentTags, recipients: recipients.field, preview: current, error: preview.error, name: `${channel}-audience` },
    /** The summary's rows: who it reaches and what it costs (`price`: the wallet's, per message, until the preview answers). */
    rows: (price: number | undefined, priceLabel: string): Array<[string, ReactNode]> => [
      ['Recipients', <Estimate key="n" kind={kind} listed={check.valid.length} preview={current} waiting={key !== ''} />],
      [priceLabel, price === undefined ? '—' : rupees(price)],
      ['Reserved at launch', <Reserved key="r" kind={kind} listed={check.valid.length} price={price} preview={current} />],
    ],
  };
}
export type AudienceField = ReturnType<typeof useAudience>['field'];

/** "17 contacts match · ₹4.25": those the launch sends to (blocked ones fail) and what they cost; a list shows its count. */
function Estimate({ kind, listed, preview, waiting }: { kind: AudienceKind; listed: number; preview: AudiencePreview | null; waiting: boolean }) {
  const text = kind === 'manual' ? listed.toLocaleString()
    : preview ? (preview.recipients === 0 ? 'No contact matches' : `${count(preview.sendable, 'contact')} ${preview.sendable === 1 ? 'matches' : 'match'} · ${rupees(preview.costPaise)}`)
    : waiting ? 'Counting…' : '—';
  return <span data-testid="summary-recipients" data-ready={kind === 'manual' || preview ? 'true' : 'false'}>{text}</span>;
}

function Reserved({ kind, listed, price, preview }: { kind: AudienceKind; listed: number; price: number | undefined; preview: AudiencePreview | null }) {
  if (preview) {
    const refunded = preview.reservedPaise - preview.costPaise;
    return <span data-testid="summary-reserved">{rupees(preview.reservedPaise)}{refunded ? ` (${rupees(refunded)} refunded at once)` : ''}</span>;
  }
  return <span data-testid="summary-reserved">{kind === 'manual' && price !== undefined ? rupees(price * listed) : '—'}</span>;
}

export function AudienceStep({ n, field }: { n: number; field: AudienceField }) {
  const { kind, onKind, tags, onTags, segmentTags, recipients, preview, error, name } = field;
  return (
    <Step n={n} title="Audience">
      <OptionCards label="Audience" name={name} className="audience-options" value={kind} onChange={onKind}
        options={AUDIENCES.map((a) => ({ value: a.value, item: a.value, testId: `audience-${a.value}`, content: <><strong>{a.label}</strong><span className="muted small">{a.hint}</span></> }))} />
      {kind === 'segment' ? <SegmentTags tags={tags} onTags={onTags} segmentTags={segmentTags} /> : null}
      {kind === 'manual' ? <RecipientsField {...recipients} /> : null}
      {preview?.blocked.count ? <BlockedWarning kind={kind} blocked={preview.blocked} /> : null}
      {error ? <ErrorState error={error} /> : null}
    </Step>
  );
}

/** The segment's tags, each suggested from those the contacts carry (a datalist completes the tag being typed). */
function SegmentTags({ tags, onTags, segmentTags }: { tags: string; onTags(tags: string): void; segmentTags: string[] }) {
  const listId = useId();
  const known = useContactTags().data?.data ?? [];
  // A datalist offers whole values: each suggestion is what is typed before the last comma, with a tag not yet in it.
  const comma = tags.lastIndexOf(',');
  const before = comma >= 0 ? `${tags.slice(0, comma + 1).trimEnd()} ` : '';
  const taken = new Set(parseTagInput(before).map(tagKey));
  return (
    <>
      <label className="field">
        <span>Tags <span className="muted">(comma separated; a contact with any of them is in)</span></span>
        <input className="input" value={tags} onChange={(e) => onTags(e.target.value)} placeholder="vip, big spender" data-testid="segment-tags"
          list={listId} autoComplete="off" />
      </label>
      <datalist id={listId} data-testid="segment-tag-suggestions">
        {known.filter((t) => !taken.has(tagKey(t.tag))).map((t) => (
          <option key={t.tag} value={`${before}${t.tag}`} label={`${t.tag} · ${count(t.contacts, 'contact')}`} data-tag={t.tag} />
        ))}
      </datalist>
      {segmentTags.length ? (
        <ul className="tags segment-tags" aria-label="Segment tags" data-testid="segment-tag-chips">
          {segmentTags.map((tag) => <li key={tag} className="tag" data-testid="segment-tag">{tag}</li>)}
        </ul>
      ) : null}
    </>
  );
}

/** Who the launch would charge and then fail (every send refuses a blocked or opted-out contact), said before it happens. */
function BlockedWarning({ kind, blocked }: { kind: AudienceKind; blocked: AudiencePreview['blocked'] }) {
  const lead = kind === 'manual'
    ? `${count(blocked.count, 'number')} ${blocked.count === 1 ? 'belongs' : 'belong'} to a blocked contact`
    : `${count(blocked.count, 'contact')} in this audience ${blocked.count === 1 ? 'is' : 'are'} blocked`;
  return (
    <div className="audience-blocked" role="status" data-testid="audience-blocked" data-count={blocked.count}>
      <p>{lead} and will fail, {blocked.count === 1 ? 'its charge' : 'their charges'} refunded at once:</p>
      <ul>
        {blocked.recipients.map((r) => (
          <li key={r.address} data-testid="blocked-recipient" data-address={r.address}>
            <code>{r.address}</code>{r.name ? ` ${r.name}` : ''}{r.reason ? ` (${r.reason})` : ''}
          </li>
        ))}
      </ul>
      {blocked.count > blocked.recipients.length ? <span className="muted">and {(blocked.count - blocked.recipients.length).toLocaleString()} more</span> : null}
    </div>
  );
}
