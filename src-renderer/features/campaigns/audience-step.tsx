// The Audience step the WhatsApp, SMS and RCS builders share: every contact, a segment by tags (suggested from the tags
// the contacts carry; not RCS, whose create takes none) or a pasted list; and, before launch, what the launch would do,
// from the core's audience preview, which resolves the audience as the launch does: how many it sends to, at what cost,
// and who is blocked or opted out.
import { useId, type ReactNode } from 'react';
import { tagKey, type AudienceInput, type AudiencePreviewInput } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { useContactTags } from '../contacts/queries.ts';
import { parseTagInput } from '../contacts/tag-input.ts';
import { useKept } from './builder-draft.ts';
import { OptionCards, Step, useRecipients } from './builder-parts.tsx';
import { AudienceWarnings, count, Estimate, Reserved, useLivePreview } from './audience-preview.tsx';
import { previewCounts, type LaunchFacts } from './launch-words.ts';
import { RecipientsField } from './recipients-field.tsx';
import type { RecipientCheck } from './recipients.ts';

export type AudienceKind = 'all' | 'segment' | 'manual';
/** `resolved`: when the contacts are read ("at launch"; an RCS create launches, "when it is created"). */
const AUDIENCES: Array<{ value: AudienceKind; label: string; hint(resolved: string): string }> = [
  { value: 'all', label: 'All contacts', hint: (resolved) => `Every contact with a phone number, as they are ${resolved}` },
  { value: 'segment', label: 'A segment', hint: (resolved) => `Contacts with any of the tags, as they are ${resolved}` },
  { value: 'manual', label: 'A pasted list', hint: () => 'Numbers you paste or upload' },
];

/** The audience as chosen: its kind, the segment's tags, the pasted list checked. */
type Choice = { kind: AudienceKind; segmentTags: string[]; check: RecipientCheck };
/** What a channel's create takes of a choice (`input`), the preview's question about it, and a pasted list's count as sent. */
type Request<I> = { input: I; preview: AudiencePreviewInput; listed: number };

/**
 * The audience chosen among `kinds`, what it adds to the create request (`request`, per channel), what it still
 * lacks, and the core's preview of its launch.
 */
function useAudienceOf<I>(channel: AudiencePreviewInput['channel'], kinds: AudienceKind[], resolved: string, request: (choice: Choice) => Request<I>) {
  const [kind, setKind] = useKept<AudienceKind>(`${channel}.audience.kind`, 'manual');
  const [tags, setTags] = useKept(`${channel}.audience.tags`, '');
  const recipients = useRecipients(channel);
  const { check } = recipients;
  // Read as the contacts page reads tags: a tag may hold spaces (`big spender`), so only commas separate them.
  const segmentTags = parseTagInput(tags);
  const { input, preview: asked, listed: pasted } = request({ kind, segmentTags, check });
  const blockers = [
    ...(kind === 'manual' && !check.valid.length ? ['at least one valid number'] : []),
    ...(kind === 'segment' && !segmentTags.length ? ['a tag for the segment'] : []),
  ];
  // Asked only about an audience that is complete.
  const { preview: current, error, waiting } = useLivePreview(blockers.length ? null : asked);
  // A list's own count (as the core reads it, once it answered); every contact or a segment is counted by the preview.
  const listed = kind === 'manual' ? current?.recipients ?? pasted : null;
  /** What the launch's confirmation says of the recipients: the preview's counts, or a list's own until it answers. */
  const counts: Pick<LaunchFacts, 'recipients' | 'blocked' | 'failing'> = current ? previewCounts(current)
    : { recipients: listed ?? (error ? 'unknown' : 'counting'), blocked: null, failing: null };
  return {
    kind, input, blockers, preview: current, waiting, counts,
    field: { kinds, resolved, kind, onKind: setKind, tags, onTags: setTags, segmentTags, recipients: recipients.field, preview: current, error, name: `${channel}-audience` },
    /** What the launch reserves from the balance, in paise (`price`: the wallet's, per message, until the preview answers); null until known. */
    reservedPaise: (price: number | undefined): number | null => (current ? current.reservedPaise : listed !== null && price !== undefined ? price * listed : null),
    /** The summary's rows: who it reaches and what it costs (`price`: the wallet's, per message, until the preview answers). */
    rows: (price: number | undefined, priceLabel: string, reservedLabel = 'Reserved at launch'): Array<[string, ReactNode]> => [
      ['Recipients', <Estimate key="n" listed={listed} preview={current} waiting={waiting} />],
      [priceLabel, price === undefined ? '—' : rupees(price)],
      [reservedLabel, <Reserved key="r" listed={listed} price={price} preview={current} />],
    ],
  };
}

/** The WhatsApp and SMS audience: every contact, a segment or a pasted list. */
export function useAudience(channel: 'whatsapp' | 'sms') {
  return useAudienceOf(channel, ['all', 'segment', 'manual'], 'at launch', ({ kind, segmentTags, check }) => {
    const input: AudienceInput = kind === 'manual' ? { audienceType: 'manual', audienceCriteria: { phones: check.valid } }
      : kind === 'segment' ? { audienceType: 'segment', audienceCriteria: { tags: segmentTags } } : { audienceType: 'all' };
    return { input, preview: { channel, ...input }, listed: check.valid.length };
  });
}

/**
 * The RCS audience, as its create takes it: every contact (no `numbers`) or a pasted list, read in `country` and
 * de-duplicated or not; the preview counts the handsets without RCS, reached by the SMS `fallback` or failed, and, once a
 * template is picked (`templateId`, with the values given, `rcsVariables`), the recipients a variable would be empty for.
 */
export function useRcsAudience({ country, removeDuplicate, fallback, templateId, rcsVariables }: {
  country: string; removeDuplicate: boolean; fallback: boolean; templateId: string | null; rcsVariables: Record<string, string>;
}) {
  return useAudienceOf('rcs', ['all', 'manual'], 'when it is created', ({ kind, check }) => {
    const numbers = removeDuplicate ? check.valid : check.validWithRepeats;
    const input = kind === 'manual' ? { numbers } : {};
    const template = templateId ? { templateId, rcsVariables } : {};
    return { input, preview: { channel: 'rcs', ...input, country, removeDuplicate, fallback, ...template }, listed: numbers.length };
  });
}
export type AudienceField = ReturnType<typeof useAudience>['field'];

/** `children`: what a pasted list adds below it (the RCS builder's country and de-duplication). */
export function AudienceStep({ n, field, children }: { n: number; field: AudienceField; children?: ReactNode }) {
  const { kinds, resolved, kind, onKind, tags, onTags, segmentTags, recipients, preview, error, name } = field;
  return (
    <Step n={n} title="Audience">
      <OptionCards label="Audience" name={name} className="audience-options" value={kind} onChange={onKind}
        options={AUDIENCES.filter((a) => kinds.includes(a.value)).map((a) => ({ value: a.value, item: a.value, testId: `audience-${a.value}`, content: <><strong>{a.label}</strong><span className="muted small">{a.hint(resolved)}</span></> }))} />
      {kind === 'segment' ? <SegmentTags tags={tags} onTags={onTags} segmentTags={segmentTags} /> : null}
      {kind === 'manual' ? <><RecipientsField {...recipients} />{children}</> : null}
      <AudienceWarnings preview={preview} listed={kind === 'manual'} />
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
