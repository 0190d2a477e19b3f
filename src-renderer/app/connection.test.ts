// The token the console starts with: a console link's, kept for the tab; else the tab's kept one; else none.
import { describe, expect, it } from 'vitest';
import { forgetToken, readConnection, TOKEN_KEY } from './connection.ts';

function tab() {
  const items = new Map<string, string>();
  return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
}
const at = (hash: string) => ({ hash, origin: 'http://127.0.0.1:4800' });

describe('readConnection', () => {
  it('takes a console link\'s token and keeps it for the tab; a fragment without one then connects with the kept token', () => {
    const kept = tab();
    expect(readConnection(at('#token=dsh_1&section=inbox'), kept, null)).toEqual({ baseUrl: 'http://127.0.0.1:4800', token: 'dsh_1', fromUrl: true });
    expect(kept.items.get(TOKEN_KEY)).toBe('dsh_1');
    expect(readConnection(at('#section=wallet'), kept, null)?.token).toBe('dsh_1');
  });

  it('prefers a new link\'s token to the kept one, and keeps the new one', () => {
    const kept = tab();
    kept.setItem(TOKEN_KEY, 'dsh_old');
    expect(readConnection(at('#token=dsh_new'), kept, null)?.token).toBe('dsh_new');
    expect(kept.items.get(TOKEN_KEY)).toBe('dsh_new');
  });

  it('has none without a token in the fragment or the tab (the console asks for its link), or once the kept one is forgotten', () => {
    const kept = tab();
    expect(readConnection(at('#section=wallet'), kept, null)).toBeNull();
    expect(readConnection(at(''), kept, null)).toBeNull();
    kept.setItem(TOKEN_KEY, 'dsh_1');
    forgetToken(kept);
    expect(readConnection(at('#token='), kept, null)).toBeNull();
  });

  it('takes the desktop bridge\'s token, which the URL never carries', () => {
    const bridge = { baseUrl: 'http://127.0.0.1:4801', token: 'dsh_app' } as Window['switchboard'];
    expect(readConnection(at('#token=dsh_1'), tab(), bridge)).toEqual({ baseUrl: 'http://127.0.0.1:4801', token: 'dsh_app' });
  });
});
