// UI state of customers writing in outside the Inbox: the notices shown (app/wrote-in-notices.tsx), and the messages the
// Simulator's own form wrote in, which its confirmation names while the Simulator is shown (app/customers-wrote-in.ts).
import { create } from 'zustand';
import type { WroteInto } from '../app/customers-wrote-in.ts';

/** A notice: the sentence the live region said, and the conversations it is about (one: its Open opens it). */
export type WroteInNotice = { id: number; text: string; conversations: WroteInto[] };

/** The notices shown at once: a campaign's replies are a few sentences, each gathered, and the newest push the oldest out. */
export const NOTICES_KEPT = 3;
/** The Simulator's write-ins remembered: the last few, enough for a presenter typing fast. */
const WRITTEN_KEPT = 20;

type WroteInState = {
  notices: WroteInNotice[];
  /** The next notice's id: never one a closed notice had, so React keeps no closed notice's timer. */
  nextId: number;
  show(notice: Omit<WroteInNotice, 'id'>): void;
  dismiss(id: number): void;
  dismissAll(): void;
  writtenHere: string[];
  noteWrittenHere(messageId: string): void;
};

export const useWroteIn = create<WroteInState>((set) => ({
  notices: [],
  nextId: 1,
  show: (notice) => set((state) => ({ notices: [...state.notices, { ...notice, id: state.nextId }].slice(-NOTICES_KEPT), nextId: state.nextId + 1 })),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  dismissAll: () => set({ notices: [] }),
  writtenHere: [],
  noteWrittenHere: (messageId) => set((state) => ({ writtenHere: [...state.writtenHere, messageId].slice(-WRITTEN_KEPT) })),
}));
