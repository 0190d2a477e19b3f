// The place kept in the URL fragment against a browser's history: a move is written (a new page as an entry), and a
// fragment changed outside the console is followed, winning even over a store update that lands before its popstate;
// the token the console holds is written back into a fragment edited without it.
import { describe, expect, it } from 'vitest';
import { placeFromHash, type Place } from './place.ts';
import { createPlaceUrl, type PlaceUrl } from './place-url.ts';

const inbox: Place = { section: 'inbox', inbox: { channel: 'whatsapp', state: 'open', conversationId: null }, campaigns: { tab: 'whatsapp', view: { kind: 'list' } }, contactId: null, calls: { tab: 'agent', callId: null } };

/** A tab's history (entries of fragments), and a console whose place moves in two store updates, as `restorePlace` moves it. */
function browser(opened: string, token: string | null = 't') {
  const entries = [opened];
  let index = 0;
  /** Whether the entry shown was reached by Back (or Forward), not by an edit or a link. */
  let traversed = false;
  const fragment = (url: string) => url.slice(url.indexOf('#'));
  const location = { get hash() { return entries[index] as string; }, pathname: '/', search: '' };
  const history = {
    pushState(_data: null, _unused: string, url: string) { entries.splice(index + 1, Infinity, fragment(url)); index += 1; },
    replaceState(_data: null, _unused: string, url: string) { entries[index] = fragment(url); },
  };
  let place = inbox;
  const restored: string[] = [];
  const app = {
    place: () => place,
    /** The console's place changes (a click, a live status): its stores tell place sync. */
    move(to: Partial<Place>) { place = { ...place, ...to }; url.placeChanged(); },
  };
  const url: PlaceUrl = createPlaceUrl({
    location, history, place: () => place, token, traversed: () => traversed,
    restore(hash) {
      restored.push(hash);
      const to = placeFromHash(hash);
      if (!to.section) return;
      app.move({ section: to.section });
      if (to.inbox) app.move({ inbox: to.inbox });
      if (to.campaigns) app.move({ campaigns: to.campaigns });
    },
  });
  return {
    url, entries, restored, app, location,
    /** The user types a new fragment: the browser makes it an entry; its popstate and hashchange come later. */
    edit(hash: string) { entries.splice(index + 1, Infinity, hash); index += 1; traversed = false; },
    back() { index -= 1; traversed = true; },
    forward() { index += 1; traversed = true; },
  };
}

describe('the place in the URL fragment, against the history', () => {
  it('completes the URL it was opened with, then writes a new page as an entry and a detail in place', () => {
    const tab = browser('#token=t');
    tab.url.placeChanged(true);
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=whatsapp']);
    tab.app.move({ inbox: { channel: 'sms', state: 'open', conversationId: 'conv_1' } });
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=sms&conversation=conv_1']);
    tab.app.move({ section: 'wallet' });
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=sms&conversation=conv_1', '#token=t&section=wallet']);
  });

  it('writes the inbox\'s Resolved list as an entry, so Back returns to Open (and its thread) and Forward to Resolved', () => {
    const tab = browser('#token=t&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    tab.app.move({ inbox: { channel: 'sms', state: 'open', conversationId: 'conv_1' } });
    // The switch: the list, then the thread cleared (two store updates, the second in the same entry).
    tab.app.move({ inbox: { channel: 'sms', state: 'resolved', conversationId: 'conv_1' } });
    tab.app.move({ inbox: { channel: 'sms', state: 'resolved', conversationId: null } });
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=sms&conversation=conv_1', '#token=t&section=inbox&channel=sms&state=resolved']);
    tab.back();
    tab.url.urlChanged();
    expect(tab.app.place().inbox).toEqual({ channel: 'sms', state: 'open', conversationId: 'conv_1' });
    tab.forward();
    tab.url.urlChanged();
    expect(tab.app.place().inbox).toEqual({ channel: 'sms', state: 'resolved', conversationId: null });
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=sms&conversation=conv_1', '#token=t&section=inbox&channel=sms&state=resolved']);
  });

  it('follows a fragment edited by hand even when a store update lands before its popstate, and writes no old place over it', () => {
    const tab = browser('#token=t&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    tab.edit('#token=t&section=wallet');
    // The live status changes, say: the console's place is still the inbox when its stores tell place sync.
    tab.app.move({});
    expect(tab.restored).toEqual(['#token=t&section=wallet']);
    expect(tab.app.place().section).toBe('wallet');
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=whatsapp', '#token=t&section=wallet']);
    // Then the edit's popstate and hashchange come: it is already followed.
    tab.url.urlChanged();
    tab.url.urlChanged();
    expect(tab.restored).toEqual(['#token=t&section=wallet']);
    // Back returns to the inbox, as before the edit.
    tab.back();
    tab.url.urlChanged();
    expect(tab.app.place().section).toBe('inbox');
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=whatsapp', '#token=t&section=wallet']);
  });

  it('moves to a followed place without writing its half-way steps, then writes it as read, in the same entry', () => {
    const tab = browser('#token=t&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    // A campaign's page, typed in: its section and its view are two store updates; no entry is made between them.
    tab.edit('#token=t&section=campaigns&campaign=cmp_1&tab=sms');
    tab.url.urlChanged();
    expect(tab.app.place()).toMatchObject({ section: 'campaigns', campaigns: { tab: 'sms', view: { kind: 'detail', channel: 'sms', id: 'cmp_1' } } });
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=whatsapp', '#token=t&section=campaigns&tab=sms&campaign=cmp_1']);
  });

  it('keeps the place for a fragment that names none, and writes the place back in', () => {
    const tab = browser('#token=t&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    tab.edit('#token=t&section=admin');
    tab.url.urlChanged();
    expect(tab.app.place()).toEqual(inbox);
    expect(tab.location.hash).toBe('#token=t&section=inbox&channel=whatsapp');
  });
});

describe('the dashboard token in the URL fragment', () => {
  it('is put back, first, in the entry of a fragment edited by hand without it, as the console follows the edit', () => {
    const tab = browser('#token=t&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    tab.edit('#section=wallet');
    tab.url.urlChanged();
    expect(tab.app.place().section).toBe('wallet');
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=whatsapp', '#token=t&section=wallet']);
  });

  it('is written in at the start when the console was opened without it (the tab kept it), and on every move', () => {
    const tab = browser('#section=wallet');
    tab.url.placeChanged(true);
    expect(tab.entries).toEqual(['#token=t&section=inbox&channel=whatsapp']);
    tab.edit('');
    tab.url.urlChanged();
    expect(tab.location.hash).toBe('#token=t&section=inbox&channel=whatsapp');
  });

  it('leaves a token the fragment carries as it is (a console link pasted in), and adds none on the desktop', () => {
    const tab = browser('#token=t&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    tab.edit('#token=new&section=wallet');
    tab.url.urlChanged();
    expect(tab.location.hash).toBe('#token=new&section=wallet');
    const desktop = browser('', null);
    desktop.url.placeChanged(true);
    expect(desktop.location.hash).toBe('#section=inbox&channel=whatsapp');
  });

  it('is written over an older token in an entry Back or Forward returns to, and a reload there opens the one in use', () => {
    // Opened on an old link, then the new one pasted in: the console started over on it (a reload, with `new`).
    const tab = browser('#token=old&section=wallet', 'new');
    tab.edit('#token=new&section=inbox&channel=whatsapp');
    tab.url.placeChanged(true);
    tab.back();
    tab.url.urlChanged();
    expect(tab.app.place().section).toBe('wallet');
    expect(tab.entries).toEqual(['#token=new&section=wallet', '#token=new&section=inbox&channel=whatsapp']);
    tab.forward();
    tab.url.urlChanged();
    expect(tab.app.place().section).toBe('inbox');
    expect(tab.entries).toEqual(['#token=new&section=wallet', '#token=new&section=inbox&channel=whatsapp']);
  });
});
