// Where the core is and the dashboard token: the desktop preload bridge, else the URL fragment, else the token this
// tab was opened with (kept for the tab, so a fragment edited without it, and a reload of that, stay connected). Back
// and Forward never switch tokens: only a console link opened or pasted in does.
import type { SwitchboardBridge } from '../../src-core/contract/index.ts';
import type { Arrival } from './arrival.ts';

declare global {
  interface Window {
    switchboard?: SwitchboardBridge;
  }
}

/** `fromUrl`: the token goes in the URL fragment (a browser's console link), not given by the desktop's bridge. */
export type Connection = { baseUrl: string; token: string; fromUrl?: boolean };

/** The tab's copy of the token its console link carried (sessionStorage: this tab only, gone with it). */
export const TOKEN_KEY = 'switchboard.token';

type TokenStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The dashboard token a fragment carries; null without one. */
export const tokenIn = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('token') || null;

/**
 * The connection the console starts with. A fragment's token wins (a console link just opened, perhaps of a restarted
 * server) and is kept for the tab; without one, the tab's kept token; with neither, none (the console asks for its link).
 * A page loaded by Back or Forward (`traversed`) keeps the tab's token over its entry's, which may be one since replaced.
 */
export function readConnection(
  traversed: boolean, place: { hash: string; origin: string } = window.location, kept: TokenStore = window.sessionStorage,
  bridge: SwitchboardBridge | null | undefined = window.switchboard,
): Connection | null {
  if (bridge?.token) return { baseUrl: bridge.baseUrl, token: bridge.token };
  const linked = tokenIn(place.hash);
  const held = kept.getItem(TOKEN_KEY);
  const token = traversed && held ? held : linked ?? held;
  if (token) kept.setItem(TOKEN_KEY, token);
  return token ? { baseUrl: place.origin, token, fromUrl: true } : null;
}

/** The tab's kept token was refused (the server makes a new one at every start): the next start asks for the link. */
export const forgetToken = (kept: TokenStore = window.sessionStorage): void => kept.removeItem(TOKEN_KEY);

type LinkTarget = Pick<Window, 'addEventListener' | 'removeEventListener'> & { location: { readonly hash: string } };

/**
 * A console link opened in the running tab (pasted over the address bar, only the fragment changes, so the page is not
 * loaded again): a token other than the one in use is a new link (of a restarted server, say), and the console starts
 * over on it, every query and the live stream too; from the "refused" state as well. A fragment without a token keeps
 * the one in use (place-url.ts writes it back in), and so does Back or Forward to an entry holding an older one
 * (`arrival`; place-url.ts writes the one in use over it). The desktop's bridge gives its own token: links change
 * nothing there. Returns the stop.
 */
export function followConsoleLinks(
  inUse: Connection | null, arrival: Pick<Arrival, 'traversed'>, startOver: () => void = () => window.location.reload(),
  target: LinkTarget = window,
): () => void {
  if (inUse && !inUse.fromUrl) return () => undefined;
  const onHash = () => {
    const linked = tokenIn(target.location.hash);
    // A tab with no token at all (asking for its link) takes one from any entry.
    if (linked && linked !== inUse?.token && !(inUse && arrival.traversed())) startOver();
  };
  target.addEventListener('hashchange', onHash);
  return () => target.removeEventListener('hashchange', onHash);
}
