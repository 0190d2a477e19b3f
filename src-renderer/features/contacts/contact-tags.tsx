// The selected contact's tags: chips (a long one cut with an ellipsis, whole in its tooltip) and a field, its Add beside
// it as the notes' is, that adds one or several, separated by commas, checked with the core's rule before it is sent. A tag removed
// hands the focus to the next tag's ×, the previous one's for the last, or the field once none is left.
import { useRef, useState, type FormEvent } from 'react';
import { tagKey } from '../../../src-core/contract/index.ts';
import { useFocusAfterChange } from '../../components/focus.ts';
import { ErrorState } from '../../components/states.tsx';
import { useSetTags } from './mutations.ts';
import { parseTagInput, tagProblem } from './tag-input.ts';

export function ContactTags({ contactId, tags }: { contactId: string; tags: string[] }) {
  const save = useSetTags(contactId);
  const [draft, setDraft] = useState('');
  // One already there in another case is not added again (the core would drop it).
  const added = parseTagInput(draft).filter((tag) => !tags.some((kept) => tagKey(kept) === tagKey(tag)));
  const problem = tagProblem(tags, added);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const successor = useRef<string | null>(null);
  useFocusAfterChange(tags.length, () => (successor.current
    ? list.current?.querySelector<HTMLElement>(`[data-tag="${CSS.escape(successor.current)}"] button`) : null) ?? input.current);
  // While a change is saved the ×s answer nothing, yet keep the focus (aria-disabled): a disabled one would drop it.
  const remove = (at: number) => {
    if (save.isPending) return;
    successor.current = tags[at + 1] ?? tags[at - 1] ?? null;
    save.mutate(tags.filter((_, i) => i !== at));
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    if (added.length === 0) return setDraft('');
    save.mutate([...tags, ...added], { onSuccess: () => setDraft('') });
  };
  return (
    <section className="card" aria-label="Tags">
      <h3>Tags</h3>
      <ul ref={list} className="tags" data-testid="tags">
        {tags.length === 0 ? <li className="muted">No tags.</li> : tags.map((tag, at) => (
          <li key={tag} className="tag contact-tag" data-testid="tag" data-tag={tag}>
            <span className="tag-label" title={tag} data-testid="tag-label">{tag}</span>
            <button type="button" className="link" aria-label={`Remove tag ${tag}`} aria-disabled={save.isPending || undefined}
              onClick={() => remove(at)}>×</button>
          </li>
        ))}
      </ul>
      <form className="note-form tag-form" onSubmit={add}>
        <input ref={input} value={draft} placeholder="Add tags, comma-separated" aria-label="New tags" data-testid="tag-input"
          aria-invalid={problem ? true : undefined} onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button" data-testid="add-tag" disabled={save.isPending || !draft.trim() || problem !== null}>Add</button>
      </form>
      {problem ? <p className="tag-problem" role="alert" data-testid="tag-problem">{problem}</p> : null}
      {save.isError ? <ErrorState error={save.error} /> : null}
    </section>
  );
}
