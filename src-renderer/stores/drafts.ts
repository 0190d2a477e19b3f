// UI state only: each conversation's unsent reply (its text; a WhatsApp or RCS template chosen, with its values), kept
// while the agent reads another conversation, channel tab or page, and across a reload of the tab, until it is sent (or
// emptied): taken out when its send starts, given back only if the send fails. Kept in the tab's sessionStorage, per organization (drafts-storage.ts): never localStorage, as a draft can
// hold a customer's details and should not outlive the tab's session. Typing writes the storage once per pause
// (`DRAFTS_WRITE_MS`), not per key; a send, a failure given back, a field left, another conversation, the page hidden or
// left write at once, so nothing typed is lost to a reload (the drafts in memory follow every key).
import { useEffect } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { bounded, readDrafts, writeDrafts, type Draft, type Drafts, type TemplateDraft } from './drafts-storage.ts';

export type { Draft, TemplateDraft };

type Storage = Parameters<typeof readDrafts>[0];

type DraftsState = {
  /** The organization the drafts are kept for (null until the console knows it: they are then kept in memory). */
  organizationId: string | null;
  /** The unsent replies by conversation id, the one changed last, last; a conversation without one is absent. */
  drafts: Drafts;
  /** Shows `organizationId`'s drafts: those the tab kept for it, with any written before it was known. */
  openOrganization(organizationId: string): void;
  /**
   * `contactId`: the conversation's contact as the agent types (null: none, or not known yet), kept with a draft begun
   * now; a draft keeps the contact it was begun for until `keepFor`.
   */
  setText(conversationId: string, text: string, contactId?: string | null): void;
  /** The template chosen for a reply, with its values; null: none chosen. `contactId` as `setText`'s. */
  setTemplate(conversationId: string, template: TemplateDraft | null, contactId?: string | null): void;
  /** The agent read the draft written for another contact and keeps it for `contactId`, who has the conversation now. */
  keepFor(conversationId: string, contactId: string): void;
  /** The draft is dropped, text and template alike. */
  discard(conversationId: string): void;
  /**
   * A reply being sent is no draft from then on (a reload before its answer must not bring it back to be sent twice):
   * the draft's text, if it is what is sent (`text`), or its template (`'template'`), is taken out, in the storage too,
   * and returned, to be given back should the send fail.
   */
  takeSending(conversationId: string, sending: { text: string } | 'template'): Draft | undefined;
  /**
   * A send failed: its reply is the draft again. Text typed since is kept after it (nothing is lost); a template chosen
   * since is kept, the one that failed not put over it.
   */
  giveBack(conversationId: string, unsent: Draft): void;
  /**
   * Whether the page is being left (a reload, another address): set on `beforeunload` (the browser cancels the page's
   * requests before `pagehide`) and `pagehide`; cleared on `pageshow`, or the agent's next key or click should the page
   * stay after all. A send the leaving aborts has no answer and is no failure: its reply is not given back (the core may
   * have taken it), so the page that comes next never finds it as a draft to send twice.
   */
  leaving: boolean;
  setLeaving(leaving: boolean): void;
  /** Writes at once what typing left waiting for its pause; nothing waiting, writes nothing (the storage is left as it is). */
  flush(): void;
};

/** How long typing pauses before the drafts are written to the storage: once a pause, not once a key. */
export const DRAFTS_WRITE_MS = 400;

/** The drafts' store, kept in `storage()` (null, or one that throws: in memory only), written `writeAfterMs` after typing pauses. */
export function createDraftsStore(storage: () => Storage, writeAfterMs = DRAFTS_WRITE_MS): UseBoundStore<StoreApi<DraftsState>> {
  const kept = (): Storage => {
    try {
      return storage();
    } catch {
      return null;
    }
  };
  return create<DraftsState>((set, get) => {
    /** The write typing left for its pause, if any. */
    let waiting: ReturnType<typeof setTimeout> | null = null;
    /** Every draft of the organization shown written now, and nothing left waiting. */
    function write(): void {
      if (waiting !== null) clearTimeout(waiting);
      waiting = null;
      const { organizationId, drafts } = get();
      if (organizationId) writeDrafts(kept(), organizationId, drafts);
    }
    /**
     * `conversationId`'s draft changed to `next` (removed when it holds nothing), moved to the end as the latest; written
     * now, or (`typed`) once typing pauses.
     */
    function change(conversationId: string, next: Draft, typed = false, owner?: string | null): void {
      const { [conversationId]: _replaced, ...others } = get().drafts;
      const contactId = next.contactId ?? owner ?? undefined;
      const draft: Draft = {
        ...(next.text ? { text: next.text } : {}), ...(next.template ? { template: next.template } : {}), ...(contactId ? { contactId } : {}),
      };
      set({ drafts: bounded(draft.text || draft.template ? { ...others, [conversationId]: draft } : others) });
      if (!typed) {
        write();
        return;
      }
      if (waiting !== null) clearTimeout(waiting);
      waiting = setTimeout(write, writeAfterMs);
    }
    return {
      leaving: false,
      setLeaving: (leaving) => set({ leaving }),
      flush: () => {
        if (waiting !== null) write();
      },
      organizationId: null,
      drafts: {},
      openOrganization: (organizationId) => {
        const { organizationId: shown, drafts: unkept } = get();
        if (shown === organizationId) return;
        // What was typed for the organization shown until now is its own.
        if (waiting !== null) write();
        // Written before the organization was known (the first moments of a page): this organization's, the latest.
        const drafts = bounded({ ...readDrafts(kept(), organizationId), ...(shown === null ? unkept : {}) });
        set({ organizationId, drafts });
        if (shown === null && Object.keys(unkept).length) writeDrafts(kept(), organizationId, drafts);
      },
      setText: (conversationId, text, contactId) => change(conversationId, { ...get().drafts[conversationId], text }, true, contactId),
      setTemplate: (conversationId, template, contactId) =>
        change(conversationId, { ...get().drafts[conversationId], template: template ?? undefined }, true, contactId),
      keepFor: (conversationId, contactId) => {
        const draft = get().drafts[conversationId];
        if (draft) change(conversationId, { ...draft, contactId });
      },
      discard: (conversationId) => change(conversationId, {}),
      takeSending: (conversationId, sending) => {
        const draft = get().drafts[conversationId];
        if (sending === 'template') {
          if (!draft?.template) return undefined;
          change(conversationId, { ...draft, template: undefined });
          return { template: draft.template, ...(draft.contactId ? { contactId: draft.contactId } : {}) };
        }
        if (!draft?.text || draft.text.trim() !== sending.text) return undefined;
        change(conversationId, { ...draft, text: undefined });
        return { text: draft.text, ...(draft.contactId ? { contactId: draft.contactId } : {}) };
      },
      giveBack: (conversationId, unsent) => {
        if (get().leaving) return;
        const now = get().drafts[conversationId];
        const typed = now?.text?.trim() ? now.text : undefined;
        const text = unsent.text && typed ? `${unsent.text}\n${typed}` : unsent.text ?? now?.text;
        change(conversationId, { text, template: now?.template ?? unsent.template, contactId: now?.contactId ?? unsent.contactId });
      },
    };
  });
}

const sessionStorageOfTheTab = (): Storage => (typeof window === 'undefined' ? null : window.sessionStorage);

export const useDrafts = createDraftsStore(sessionStorageOfTheTab);

if (typeof window !== 'undefined') {
  const flush = () => useDrafts.getState().flush();
  for (const leaving of ['beforeunload', 'pagehide']) {
    window.addEventListener(leaving, () => {
      useDrafts.getState().setLeaving(true);
      flush();
    });
  }
  for (const staying of ['pageshow', 'pointerdown', 'keydown']) {
    window.addEventListener(staying, () => { if (useDrafts.getState().leaving) useDrafts.getState().setLeaving(false); }, { capture: true });
  }
  // A field left (a reply's text, a template's value), and a tab hidden (it may be closed or discarded unseen).
  window.addEventListener('focusout', flush, { capture: true });
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') flush(); });
}

/** Writes what typing left waiting when the conversation's composer goes (another conversation shown, another page). */
function useFlushOnLeaving(conversationId: string): void {
  useEffect(() => () => useDrafts.getState().flush(), [conversationId]);
}

/**
 * The conversation's draft text and its setter (an update of the text as it stands, as React's state setter takes one);
 * `contactId`: the conversation's contact now (null: none, or not read yet), kept with a draft begun.
 */
export function useDraft(conversationId: string, contactId: string | null): [string, (update: (typed: string) => string) => void] {
  useFlushOnLeaving(conversationId);
  const text = useDrafts((state) => state.drafts[conversationId]?.text ?? '');
  const setText = useDrafts((state) => state.setText);
  return [text, (update) => setText(conversationId, update(useDrafts.getState().drafts[conversationId]?.text ?? ''), contactId)];
}

/** The conversation's template draft and its setter; `contactId` as `useDraft`'s. */
export function useTemplateDraft(conversationId: string, contactId: string | null): [TemplateDraft | undefined, (template: TemplateDraft | null) => void] {
  useFlushOnLeaving(conversationId);
  const template = useDrafts((state) => state.drafts[conversationId]?.template);
  const setTemplate = useDrafts((state) => state.setTemplate);
  return [template, (next) => setTemplate(conversationId, next, contactId)];
}
