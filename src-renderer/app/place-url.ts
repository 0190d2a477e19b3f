// The URL side of keeping the console's place in its fragment: writes the place as it changes, and follows a
// fragment changed by anyone else (Back, Forward, a link, an edit by hand). The fragment it last wrote or followed
// tells the two apart, so a store update that lands before an edit's popstate follows the edit instead of writing
// the old place back over it. The token the console holds is written back in where an edit dropped it, and over an
// older one in an entry Back or Forward returned to. Given the location, the history and the stores' side, so it is
// tested without a page.
import { hashWithPlace, hashWithToken, isNewPage, placeFromHash, type Place } from './place.ts';

export type PlaceUrlDeps = {
  location: { readonly hash: string; readonly pathname: string; readonly search: string };
  history: { pushState(data: null, unused: string, url: string): void; replaceState(data: null, unused: string, url: string): void };
  /** The console's place now. */
  place(): Place;
  /** Moves the console to the place a fragment names (see `restorePlace`). */
  restore(hash: string): void;
  /** The dashboard token the fragment carries for a reload; null where it carries none (the desktop's bridge gives it). */
  token: string | null;
  /** Whether the tab reached the entry it shows by Back or Forward: an older token there gives way to `token`. */
  traversed(): boolean;
};

export type PlaceUrl = {
  /** The console's place changed (`opening`: the first write, which completes the URL the console was opened with). */
  placeChanged(opening?: boolean): void;
  /** The fragment may have changed outside the console (popstate, hashchange): the console follows it if so. */
  urlChanged(): void;
};

export function createPlaceUrl(deps: PlaceUrlDeps): PlaceUrl {
  const { location, history } = deps;
  /** The fragment last written or followed; null until the first write. */
  let known: string | null = null;
  /** While the console moves to a fragment's place, its own store updates are not written (a half-moved place). */
  let following = false;

  /** Writes the place in: a new page as a history entry (so Back returns), a detail of the same page in place. */
  function write(mayAddEntry: boolean): void {
    const place = deps.place();
    const hash = hashWithToken(hashWithPlace(location.hash, place), deps.token, deps.traversed());
    if (hash !== location.hash) {
      const url = `${location.pathname}${location.search}${hash}`;
      if (mayAddEntry && isNewPage(placeFromHash(location.hash), place)) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
    // As the browser keeps it (it may encode what it was given), so its own write is never taken for someone else's.
    known = location.hash;
  }

  /** Goes to the place the fragment names, then writes it as the console reads it, in the entry the fragment made. */
  function follow(): void {
    following = true;
    try {
      deps.restore(location.hash);
    } finally {
      following = false;
    }
    write(false);
  }

  return {
    placeChanged(opening = false) {
      if (following) return;
      // Someone else changed the fragment since it was last written: it wins over the place the console had.
      if (known !== null && location.hash !== known) follow();
      else write(!opening);
    },
    urlChanged() {
      if (location.hash !== known) follow();
    },
  };
}
