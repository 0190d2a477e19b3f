// The top of a long thread: its older messages load as the agent scrolls up near them, or from the button above the
// list (the keyboard's way, and the sign that the thread goes further back); a screen reader is told what loaded.
// The thread keeps the reader's place as they come (components/keep-place-above.tsx).
import { useCallback, useEffect, type RefObject } from 'react';
import { Button } from '../../components/button.tsx';
import { announce } from '../../stores/announcer.ts';
import { useOlderMessages } from './queries.ts';

/** How near the top of the list (in pixels) the first message may come before older ones load: a steady scroll rarely waits. */
const AHEAD_PX = 400;

export type OlderMessages = {
  /** Loads the page before the first message shown; nothing while one is loading. */
  load(): void;
  loading: boolean;
  error: Error | null;
  /** Whether older messages have been loaded here: the thread now reaches further back than it opened. */
  loaded: boolean;
};

/** What loaded, said in the live region: how many, and whether the thread now starts at the conversation's beginning. */
export const loadedSaying = (count: number, hasOlder: boolean): string =>
  `Loaded ${count.toLocaleString()} older message${count === 1 ? '' : 's'}${hasOlder ? '' : '; this is the start of the conversation'}.`;

/**
 * Older messages of a thread: `list` is its scrolling list, whose items carry their message id as `data-key`;
 * `first` the first message shown; `hasOlder` whether any come before it. Scrolling up near it loads them, once per
 * approach (after a failure, only the button tries again: a failing read is not repeated on every scroll).
 */
export function useOlderMessagesAtTop(conversationId: string, list: RefObject<HTMLElement | null>, first: string | undefined, hasOlder: boolean): OlderMessages {
  const { mutate, isPending, isError, isSuccess, error } = useOlderMessages(conversationId);
  const load = useCallback(() => {
    if (isPending) return;
    mutate(undefined, { onSuccess: (loaded) => { if (loaded) announce(loadedSaying(loaded.older.data.length, loaded.older.meta.hasOlder)); } });
  }, [isPending, mutate]);
  const autoLoad = hasOlder && !isPending && !isError && first !== undefined;
  useEffect(() => {
    const root = list.current;
    const target = first === undefined ? null : root?.querySelector(`[data-key="${CSS.escape(first)}"]`);
    if (!autoLoad || !root || !target) return;
    // Observed afresh once a page has loaded: still near the top (a short page), the next one loads too.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load();
    }, { root, rootMargin: `${AHEAD_PX}px 0px 0px 0px` });
    observer.observe(target);
    return () => observer.disconnect();
  }, [autoLoad, list, first, load]);
  return { load, loading: isPending, error: isError ? error : null, loaded: isSuccess };
}

/** Above the list while older messages exist: loads them, says so while it does, and why it failed. */
export function OlderMessagesBar({ older }: { older: OlderMessages }) {
  return (
    <div className="thread-older" data-testid="thread-older">
      <Button type="button" className="link" data-testid="load-older" disabled={older.loading} onClick={older.load}>
        {older.loading ? 'Loading older messages…' : 'Load older messages'}
      </Button>
      {older.error ? <span className="field-error" role="alert" data-testid="load-older-error">Older messages did not load: {older.error.message}</span> : null}
    </div>
  );
}
