// How the tab came to the history entry it shows: by Back or Forward (a traversal, to an entry written earlier) or
// otherwise (a link opened, typed or pasted, a reload). An earlier entry's fragment may hold a dashboard token since
// replaced (the server restarted and its new console link was pasted in): Back and Forward keep the token in use, a
// new link switches to its own (connection.ts, place-url.ts). The Navigation API tells the two apart within a page;
// a page loaded by Back or Forward says so in its navigation timing. Where a browser lacks the Navigation API, a
// traversal within the page looks like a new link, and its token is followed as before.

/** The parts of the Navigation API's `navigate` event read here (TypeScript's DOM types do not have it yet). */
type NavigateEvent = Event & { readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse'; readonly hashChange: boolean };

export type Arrival = {
  /** Whether the entry shown was reached by Back or Forward: when the page loaded, or since. */
  traversed(): boolean;
  stop(): void;
};

/** Whether the page was loaded by Back or Forward (its entry's document was gone and is loaded again). */
export function loadedByTraversal(timing: PerformanceEntryList = performance.getEntriesByType('navigation')): boolean {
  return (timing[0] as PerformanceNavigationTiming | undefined)?.type === 'back_forward';
}

/**
 * Follows the tab's moves from entry to entry. The console's own pushState and replaceState navigate too, with no
 * change of fragment by the browser (`hashChange` false): they stay in the entry reached, and change nothing here.
 */
export function watchArrival(
  navigation: EventTarget | null | undefined = (window as Window & { navigation?: EventTarget }).navigation, loaded = loadedByTraversal(),
): Arrival {
  let traversed = loaded;
  const onNavigate = (event: Event) => {
    const { navigationType, hashChange } = event as NavigateEvent;
    if (navigationType === 'traverse' || hashChange) traversed = navigationType === 'traverse';
  };
  navigation?.addEventListener('navigate', onNavigate);
  return { traversed: () => traversed, stop: () => navigation?.removeEventListener('navigate', onNavigate) };
}
