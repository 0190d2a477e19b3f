// UI state only: the reply each conversation's composer holds, kept while the agent reads another conversation, another
// channel's tab or another page, until it is sent (or emptied). In memory: a reload starts without them.
import { create } from 'zustand';

type DraftsState = {
  /** The unsent reply by conversation id; a conversation without one is absent. */
  drafts: Record<string, string>;
  setDraft(conversationId: string, text: string): void;
};

export const useDrafts = create<DraftsState>((set) => ({
  drafts: {},
  setDraft: (conversationId, text) => set(({ drafts }) => {
    const { [conversationId]: _replaced, ...others } = drafts;
    return { drafts: text ? { ...others, [conversationId]: text } : others };
  }),
}));

/** The conversation's draft and its setter (an update of the text as it stands, as React's state setter takes one). */
export function useDraft(conversationId: string): [string, (update: (typed: string) => string) => void] {
  const text = useDrafts((state) => state.drafts[conversationId] ?? '');
  const setDraft = useDrafts((state) => state.setDraft);
  return [text, (update) => setDraft(conversationId, update(useDrafts.getState().drafts[conversationId] ?? ''))];
}
