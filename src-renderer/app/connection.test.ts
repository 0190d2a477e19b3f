// The token the console starts with: a console link's, kept for the tab; else the tab's kept one; else none. Back and
// Forward keep the token in use; a new link switches to its own.
import { describe, expect, it } from 'vitest';
import { followConsoleLinks, forgetToken, readConnection, TOKEN_KEY } from './connection.ts';

function tab() {
  const items = new Map<string, string>();
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
}
const at = (hash: string) => ({ hash, origin: 'http://127.0.0.1:4800' });

describe('readConnection', () => {
  it('takes a console link\'s token and keeps it for the tab; a fragment without one then connects with the kept token', () => {
    const kept = tab();
    expect(readConnection(false, at('#token=dsh_1&section=inbox'), kept, null)).toEqual({ baseUrl: 'http://127.0.0.1:4800', token: 'dsh_1', fromUrl: true });
    expect(kept.items.get(TOKEN_KEY)).toBe('dsh_1');
    expect(readConnection(false, at('#section=wallet'), kept, null)?.token).toBe('dsh_1');
  });

  it('prefers a new link\'s token to the kept one, and keeps the new one', () => {
    const kept = tab();
    kept.setItem(TOKEN_KEY, 'dsh_old');
    expect(readConnection(false, at('#token=dsh_new'), kept, null)?.token).toBe('dsh_new');
    expect(kept.items.get(TOKEN_KEY)).toBe('dsh_new');
  });

  it('has none without a token in the fragment or the tab (the console asks for its link), or once the kept one is forgotten', () => {
    const kept = tab();
    expect(readConnection(false, at('#section=wallet'), kept, null)).toBeNull();
    expect(readConnection(false, at(''), kept, null)).toBeNull();
    kept.setItem(TOKEN_KEY, 'dsh_1');
    forgetToken(kept);
    expect(readConnection(false, at('#token='), kept, null)).toBeNull();
  });

  it('keeps the tab\'s token on a page loaded by Back or Forward, over an older one its entry holds; takes the entry\'s in a tab without one', () => {
    const kept = tab();
    kept.setItem(TOKEN_KEY, 'dsh_new');
    expect(readConnection(true, at('#token=dsh_old&section=wallet'), kept, null)?.token).toBe('dsh_new');
    expect(kept.items.get(TOKEN_KEY)).toBe('dsh_new');
    expect(readConnection(true, at('#token=dsh_old'), tab(), null)?.token).toBe('dsh_old');
  });

  it('takes the desktop bridge\'s token, which the URL never carries', () => {
    const bridge = { baseUrl: 'http://127.0.0.1:4801', token: 'dsh_app' } as Window['switchboard'];
    expect(readConnection(true, at('#token=dsh_1'), tab(), bridge)).toEqual({ baseUrl: 'http://127.0.0.1:4801', token: 'dsh_app' });
  });
});

describe('followConsoleLinks', () => {
  /** A tab whose fragment changes without a load (hashchange), by a link or by Back; counts the console's starts over. */
  function running(inUse: Parameters<typeof followConsoleLinks>[0]) {
    const target = Object.assign(new EventTarget(), { location: { hash: '#token=dsh_1' } });
    let starts = 0;
    let traversed = false;
    const stop = followConsoleLinks(inUse, { traversed: () => traversed }, () => { starts++; }, target as unknown as Parameters<typeof followConsoleLinks>[3]);
    const move = (hash: string, back: boolean) => {
      traversed = back;
      target.location.hash = hash;
      target.dispatchEvent(new Event('hashchange'));
      return starts;
    };
    return { go: (hash: string) => move(hash, false), back: (hash: string) => move(hash, true), stop };
  }
  const linked = { baseUrl: 'http://127.0.0.1:4800', token: 'dsh_1', fromUrl: true };

  it('starts over on a new link\'s token, not on a fragment without one or with the token in use', () => {
    const tab = running(linked);
    expect(tab.go('#section=wallet')).toBe(0);
    expect(tab.go('#token=dsh_1&section=keys')).toBe(0);
    expect(tab.go('#token=dsh_2&section=keys')).toBe(1);
    tab.stop();
    expect(tab.go('#token=dsh_3')).toBe(1);
  });

  it('does not start over on Back or Forward to an entry holding another token, then does on a new link', () => {
    const tab = running(linked);
    expect(tab.back('#token=dsh_0&section=wallet')).toBe(0);
    expect(tab.back('#token=dsh_2&section=keys')).toBe(0);
    expect(tab.go('#token=dsh_2&section=keys')).toBe(1);
    // With no token at all (the connect state), an entry's token is taken, Back or not.
    expect(running(null).back('#token=dsh_2')).toBe(1);
  });

  it('starts over from the connect state on any link, and never on the desktop (its bridge gives the token)', () => {
    expect(running(null).go('#token=dsh_2')).toBe(1);
    expect(running({ baseUrl: 'http://127.0.0.1:4800', token: 'dsh_1' }).go('#token=dsh_2')).toBe(0);
  });
});
