// The saved-reply picker over a composer: a search, the replies that match (each as this conversation's contact would
// read it), and Manage saved replies. The keyboard stays in the search: ↑ ↓ choose, Enter inserts, Escape closes.
import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { fillSavedReply, type SavedReply } from '../../../src-core/contract/index.ts';
import { listStep } from '../../components/arrow-keys.ts';
import { useDebounced } from '../../components/debounce.ts';
import { ErrorState } from '../../components/states.tsx';
import { useSavedReplies } from './queries.ts';

/**
 * `onInsert`: the chosen reply's text with its merge tags filled from `contactName`; `onClose(toComposer)`: Escape gives
 * the focus back to the composer, a click elsewhere leaves it where it went; `onManage`: the manage dialog instead.
 */
export function SavedReplyPicker({ contactName, onInsert, onClose, onManage }: {
  contactName: string | null; onInsert(text: string): void; onClose(toComposer: boolean): void; onManage(): void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 150);
  const replies = useSavedReplies(debounced);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => input.current?.focus(), []);
  const shown = replies.data?.data ?? [];
  const at = Math.min(active, shown.length - 1);
  const chosen = at >= 0 ? shown[at] : undefined;
  const optionId = (reply: SavedReply) => `${id}-${reply.id}`;
  const insert = (reply: SavedReply) => onInsert(fillSavedReply(reply.text, contactName));

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
      return;
    }
    if (event.target !== input.current) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (chosen) insert(chosen);
      return;
    }
    const next = listStep(event.key, at, shown.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    document.getElementById(optionId(shown[next] as SavedReply))?.scrollIntoView({ block: 'nearest' });
  }
  // The search keeps the focus (aria-activedescendant): a click in the picker (an option, its blank space) does not take it.
  // Closed when the focus goes elsewhere in the page (a click on the thread): not by the manage dialog, which replaces it.
  function onBlur(event: FocusEvent<HTMLElement>) {
    if (event.relatedTarget === null || !event.currentTarget.contains(event.relatedTarget)) onClose(false);
  }
  const ready = !replies.isFetching && debounced === search.trim();
  return (
    <div className="saved-replies-picker" role="dialog" aria-label="Saved replies" data-testid="saved-replies-picker" onKeyDown={onKeyDown} onBlur={onBlur}
      onMouseDown={(e) => { if (!(e.target as HTMLElement).closest('input, button')) e.preventDefault(); }}>
      <input ref={input} type="search" value={search} placeholder="Search saved replies" aria-label="Search saved replies" data-testid="saved-replies-search"
        role="combobox" aria-expanded="true" aria-controls={`${id}-list`} aria-autocomplete="list" aria-activedescendant={chosen ? optionId(chosen) : undefined}
        onChange={(e) => { setSearch(e.target.value); setActive(0); }} />
      {replies.isError ? <ErrorState error={replies.error} onRetry={() => void replies.refetch()} /> : null}
      <ul id={`${id}-list`} className="saved-replies-list" role="listbox" aria-label="Saved replies" data-testid="saved-replies-list" data-ready={ready ? 'true' : 'false'}>
        {shown.map((reply, i) => (
          <li key={reply.id} id={optionId(reply)} role="option" aria-selected={i === at} className={`saved-reply-option${i === at ? ' active' : ''}`}
            data-testid="saved-reply-option" data-name={reply.name} onClick={() => insert(reply)} onMouseEnter={() => setActive(i)}>
            <span className="saved-reply-name">{reply.name}</span>
            <span className="saved-reply-preview">{fillSavedReply(reply.text, contactName)}</span>
          </li>
        ))}
      </ul>
      {replies.data && shown.length === 0 ? (
        <p className="muted small saved-replies-empty" data-testid="saved-replies-empty">
          {debounced ? `No saved reply matches “${debounced}”.` : 'No saved replies yet: add your team’s common answers with Manage saved replies.'}
        </p>
      ) : null}
      <div className="saved-replies-foot">
        <button type="button" className="link" data-testid="manage-saved-replies" onClick={onManage}>Manage saved replies</button>
        <span className="muted small" aria-hidden>↑ ↓ choose · Enter inserts · Esc closes</span>
      </div>
    </div>
  );
}
