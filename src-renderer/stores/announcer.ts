// What the console's polite live region says: short sentences about changes a screen reader would otherwise
// miss (a customer's new message in the open thread, a reply of ours that failed, the clock moved, a copy made,
// the connection lost or back). Said once each, never for every live event.
import { create } from 'zustand';

export type Announcement = { id: number; text: string };

/** The last few are kept, so two said in quick succession are both read; older ones leave the region. */
const KEPT = 3;

type AnnouncerState = { said: Announcement[]; announce(text: string): void };

export const useAnnouncer = create<AnnouncerState>((set) => ({
  said: [],
  announce: (text) => set((state) => ({ said: [...state.said, { id: (state.said.at(-1)?.id ?? 0) + 1, text }].slice(-KEPT) })),
}));

/** Says `text` in the live region, from a component or from outside one (a mutation's callback). */
export const announce = (text: string): void => useAnnouncer.getState().announce(text);
