// The Audience step the WhatsApp and SMS builders share: every contact, a segment by tags (suggested from the tags the
// contacts carry) or a pasted list; and, before launch, what the launch would do, from the core's audience preview,
// which resolves the audience as the launch does: how many it sends to, at what cost, and who is blocked or opted out.
import { useId, useState, type ReactNode } from 'react';
import { tagKey, type AudienceInput } from '../../../src-core/contract/index.ts';
import { rupees } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { useContactTags } from '../contacts/queries.ts';
import { parseTagInput } from '../contacts/tag-input.ts';
import { OptionCards, Step, useRecipients } from './builder-parts.tsx';
import { AudienceWarnings, count, Estimate, Reserved, useLivePreview } from './audience-preview.tsx';
import { RecipientsField } from './recipients-field.tsx';

export type AudienceKind = 'all' | 'segment' | 'manual';
const AUDIENCES: Array<{ value: AudienceKind; label: string; hint: string }> = [
  { value: 'all', label: 'All contacts', hint: 'Every contact with a phone number, as they are at launch' },
  { value: 'segment', label: 'A segment', hint: 'Contacts with any of the tags, as they are at launch' },
  { value: 'manual', label: 'A pasted list', hint: 'Numbers you paste or upload' },
];

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
  // Asked only about an audience that is complete.
  const { preview: current, error, waiting } = useLivePreview(blockers.length ? null : { channel, ...input });
  return {
    kind, input, blockers, preview: current,
    field: { kind, onKind: setKind, tags, onTags: setTags, segmentTags, recipients: recipients.field, preview: current, error, name: `${channel}-audience` },
    /** The summary's rows: who it reaches and what it costs (`price`: the wallet's, per message, until the preview answers). */
    rows: (price: number | undefined, priceLabel: string): Array<[string, ReactNode]> => [
      ['Recipients', <Estimate key="n" listed={kind === 'manual' ? check.valid.length : null} preview={current} waiting={waiting} />],
      [priceLabel, price === undefined ? '—' : rupees(price)],
      ['Reserved at launch', <Reserved key="r" listed={kind === 'manual' ? check.valid.length : null} price={price} preview={current} />],
    ],
  };
}
export type AudienceField = ReturnType<typeof useAudience>['field'];

export function AudienceStep({ n, field }: { n: number; field: AudienceField }) {
  const { kind, onKind, tags, onTags, segmentTags, recipients, preview, error, name } = field;
  return (
    <Step n={n} title="Audience">
      <OptionCards label="Audience" name={name} className="audience-options" value={kind} onChange={onKind}
        options={AUDIENCES.map((a) => ({ value: a.value, item: a.value, testId: `audience-${a.value}`, content: <><strong>{a.label}</strong><span className="muted small">{a.hint}</span></> }))} />
      {kind === 'segment' ? <SegmentTags tags={tags} onTags={onTags} segmentTags={segmentTags} /> : null}
      {kind === 'manual' ? <RecipientsField {...recipients} /> : null}
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
