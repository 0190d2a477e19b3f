// The inbox search's result said to a screen reader ("1 matching conversation."), once per search, when the answer to
// what was typed has come and typing has paused: the count under the search changes silently, so an agent who cannot
// see it typed and heard nothing, found or not.
import { useEffect, useRef } from 'react';
import { announce } from '../../stores/announcer.ts';

/** How long the search must stay as typed, answered, before its count is said: not once per key. */
export const SEARCH_SAID_AFTER_MS = 600;

/**
 * Says `saying` (the list's count as shown) for `term` in the list `where` (its channel and state: a search kept as
 * another list is shown is said there too) once its answer is in (`answered`: not the previous search's rows kept on
 * screen while it is read) and it has stayed for `SEARCH_SAID_AFTER_MS`. Said once per term and list (a live change of
 * the count is not said again); an empty term says nothing and forgets, so the same search typed again is said again.
 */
export function useSearchSaid(term: string, where: string, answered: boolean, saying: string): void {
  const said = useRef<string | null>(null);
  useEffect(() => {
    const search = `${where}\n${term}`;
    if (!term) {
      said.current = null;
      return undefined;
    }
    if (!answered || said.current === search) return undefined;
    const timer = setTimeout(() => {
      said.current = search;
      announce(`${saying}.`);
    }, SEARCH_SAID_AFTER_MS);
    return () => clearTimeout(timer);
  }, [term, where, answered, saying]);
}
