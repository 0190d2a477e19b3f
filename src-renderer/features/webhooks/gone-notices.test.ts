// The 410 notices: the live ones and the core's merged once per endpoint, dismissals kept per organization.
import { describe, expect, it } from 'vitest';
import { dismissedKey, goneNotices, readDismissed, rememberDismissed } from './gone-notices.ts';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
};
const stored = (endpointId: string, url: string) => ({ endpointId, url, eventType: 'contact.created', deliveryId: `whd_${endpointId}`, at: '2026-01-01T00:00:00.000Z' });

describe('goneNotices', () => {
  it('names an endpoint both know once (as the live stream said it), and leaves out the dismissed', () => {
    const live = [{ endpointId: 'whe_a', url: null, eventType: 'webhook.test', deliveryId: 'whd_live' }];
    expect(goneNotices(live, [stored('whe_b', 'https://b.example/h'), stored('whe_a', 'https://a.example/h')], [])).toEqual([
      live[0], { endpointId: 'whe_b', url: 'https://b.example/h', eventType: 'contact.created', deliveryId: 'whd_whe_b' },
    ]);
    expect(goneNotices(live, [stored('whe_b', 'https://b.example/h')], ['whe_a', 'whe_b'])).toEqual([]);
    expect(goneNotices([], [stored('whe_b', 'https://b.example/h'), stored('whe_c', 'https://c.example/h')], ['whe_b']).map((g) => g.endpointId)).toEqual(['whe_c']);
  });
});

describe('dismissals', () => {
  it('are kept per organization, once each, and an unreadable value counts as none', () => {
    const storage = memory();
    rememberDismissed(storage, 'org_a', 'whe_1');
    rememberDismissed(storage, 'org_a', 'whe_2');
    rememberDismissed(storage, 'org_a', 'whe_1');
    expect(readDismissed(storage, 'org_a')).toEqual(['whe_2', 'whe_1']);
    expect(readDismissed(storage, 'org_b')).toEqual([]);
    storage.items.set(dismissedKey('org_b'), '{not json');
    expect(readDismissed(storage, 'org_b')).toEqual([]);
    storage.items.set(dismissedKey('org_b'), '{"a":1}');
    expect(readDismissed(storage, 'org_b')).toEqual([]);
  });
});
