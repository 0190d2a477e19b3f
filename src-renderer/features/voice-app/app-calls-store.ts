// UI state of the Calls page's tabs and of the App calls tab, kept while another page is shown (a presenter dials
// from the Simulator and comes back to the call they had open).
import { create } from 'zustand';

/** The Calls page's tabs: agent calls, app calls, people & bookings. */
export const CALLS_TABS = ['agent', 'app', 'people'] as const;
export type CallsTab = (typeof CALLS_TABS)[number];

type AppCallsUi = {
  /** The Calls page's tab. */
  callsTab: CallsTab;
  setCallsTab(tab: CallsTab): void;
  /** The app call whose detail is open. */
  openAppCallId: string | null;
  openAppCall(callId: string | null): void;
  /** The call the Simulator's phone made last, still shown there after a visit to the Calls page. */
  dialledCallId: string | null;
  setDialled(callId: string): void;
};

export const useAppCallsUi = create<AppCallsUi>((set) => ({
  callsTab: 'agent',
  setCallsTab: (callsTab) => set({ callsTab }),
  openAppCallId: null,
  openAppCall: (openAppCallId) => set({ openAppCallId }),
  dialledCallId: null,
  setDialled: (dialledCallId) => set({ dialledCallId }),
}));
