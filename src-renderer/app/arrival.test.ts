// How the tab came to its entry: Back or Forward (at load, or since) against a link, an edit or a reload; the
// console's own history writes change nothing.
import { describe, expect, it } from 'vitest';
import { loadedByTraversal, watchArrival } from './arrival.ts';

/** A `navigate` event as the Navigation API gives it. */
const navigate = (navigationType: string, hashChange: boolean) => Object.assign(new Event('navigate'), { navigationType, hashChange });

describe('watchArrival', () => {
  it('says Back or Forward from a traversal until the browser changes the fragment otherwise; pushState and replaceState change nothing', () => {
    const navigation = new EventTarget();
    const arrival = watchArrival(navigation, false);
    expect(arrival.traversed()).toBe(false);
    navigation.dispatchEvent(navigate('traverse', true));
    expect(arrival.traversed()).toBe(true);
    // The console writes its place in (history.replaceState, then a new page by pushState).
    navigation.dispatchEvent(navigate('replace', false));
    navigation.dispatchEvent(navigate('push', false));
    expect(arrival.traversed()).toBe(true);
    // A link pasted over the address bar, or a fragment edited by hand.
    navigation.dispatchEvent(navigate('push', true));
    expect(arrival.traversed()).toBe(false);
    arrival.stop();
    navigation.dispatchEvent(navigate('traverse', true));
    expect(arrival.traversed()).toBe(false);
  });

  it('starts from how the page was loaded, and without the Navigation API keeps that', () => {
    expect(watchArrival(null, true).traversed()).toBe(true);
    expect(loadedByTraversal([{ type: 'back_forward' } as PerformanceNavigationTiming])).toBe(true);
    expect(loadedByTraversal([{ type: 'reload' } as PerformanceNavigationTiming])).toBe(false);
    expect(loadedByTraversal([])).toBe(false);
  });
});
