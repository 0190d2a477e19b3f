// The contacts list's filters under the search: the lifecycle stage and the tag (the organization's tags with how many
// contacts carry each), and the active tag shown with a button that clears it.
import type { LifecycleStage } from '../../../src-core/contract/index.ts';
import { tagKey } from '../../../src-core/contract/index.ts';
import { useContactTags } from './queries.ts';

/**
 * The tag a row's chip names, as the filter lists it: tags are one whatever their case (`VIP` is `vip`, as a campaign
 * segment matches them), and the list names each once, so the chip's tag is the listed one of the same key.
 */
export function listedTag(tag: string, listed: ReadonlyArray<{ tag: string }>): string {
  const key = tagKey(tag);
  return listed.find((item) => tagKey(item.tag) === key)?.tag ?? tag;
}

export function ContactFilters({ stages, stage, onStage, tag, onTag }: {
  stages: LifecycleStage[]; stage: string; onStage(stageId: string): void; tag: string; onTag(tag: string): void;
}) {
  const tags = useContactTags().data?.data ?? [];
  // A tag no contact carries any more (its last one untagged) stays choosable while it is the filter.
  const options = tag && !tags.some((item) => tagKey(item.tag) === tagKey(tag)) ? [...tags, { tag, contacts: 0 }] : tags;
  return (
    <>
      <div className="contact-filters">
        <select value={stage} aria-label="Lifecycle stage" data-testid="contact-stage-filter" onChange={(e) => onStage(e.target.value)}>
          <option value="">All stages</option>
          {stages.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
        </select>
        <select value={tag} aria-label="Tag" data-testid="contact-tag-filter" onChange={(e) => onTag(e.target.value)}>
          <option value="">All tags</option>
          {options.map((item) => (
            <option key={item.tag} value={item.tag}>{`${item.tag} (${item.contacts.toLocaleString()})`}</option>
          ))}
        </select>
      </div>
      {tag ? (
        <div className="active-filters" data-testid="contact-active-tag">
          <span className="tag">
            <span className="tag-label">Tag: {tag}</span>
            <button type="button" className="link" aria-label={`Clear the tag filter ${tag}`} data-testid="contact-clear-tag" onClick={() => onTag('')}>×</button>
          </span>
        </div>
      ) : null}
    </>
  );
}
