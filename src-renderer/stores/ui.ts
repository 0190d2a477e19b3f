// UI state only: theme, the selected contact, where the inbox, the Channels page and the Calls page were, the live connection's status.
import { create } from 'zustand';
import type { Channel, ConversationState, INBOUND_CHANNELS } from '../../src-core/contract/index.ts';
import type { LiveStatus } from '../api/live.ts';
import type { Section } from './sections.ts';

export type { Section };
export type Theme = 'light' | 'dark';
/** Who the Simulator's "Write in as a customer" writes as: a channel customers write in on, and their address (null: an example). */
export type WriteIn = { channel: (typeof INBOUND_CHANNELS)[number]; from: string | null };

const initialTheme = (): Theme => {
  const saved = localStorage.getItem('switchboard.theme');
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
};

type UiState = {
  section: Section;
  /** Another page; the Simulator so opened writes in from its own example (`writeIn` and `topUpAsked` are cleared). */
  go(section: Section): void;
  /** The Wallet page opened to top up (a "Top up the wallet" link): its form's amount takes the focus the link's page lost. */
  topUpAsked: boolean;
  askTopUp(): void;
  /**
   * The Simulator opened from the inbox to write in as a customer: its form starts on `writeIn`'s channel (the inbox
   * tab's, or the conversation's) and sender (the conversation's customer), so the presenter has only the message to type.
   */
  writeIn: WriteIn | null;
  writeInAs(writeIn: WriteIn): void;
  theme: Theme;
  toggleTheme(): void;
  selectedContactId: string | null;
  selectContact(id: string | null): void;
  live: LiveStatus;
  setLive(status: LiveStatus): void;
  /** Where the inbox was: its channel tab and open conversation, kept while another page is shown. */
  inbox: { channel: Channel; conversationId: string | null };
  setInbox(inbox: { channel: Channel; conversationId: string | null }): void;
  /** Which conversations the inbox lists, open (the queue), snoozed or resolved; kept while another page is shown. */
  inboxState: ConversationState;
  setInboxState(state: ConversationState): void;
  /**
   * The conversation opened to reply in (Open conversation, on a contact's panel, in the inbox or on the Contacts page):
   * its thread takes the focus, in its composer, once shown (thread.tsx's `takeFocus`). Any other way of opening one clears it.
   */
  replyFocus: string | null;
  setReplyFocus(conversationId: string | null): void;
  /** Open conversation: the inbox, on the conversation's tab, list (its state's, when given) and thread, its composer to take the focus. */
  openConversation(target: { id: string; channel: Channel; state?: ConversationState | undefined }): void;
  /** The Channels page's tab, kept while another page is shown; a link elsewhere may open one (the email builder's to Email). */
  channelsTab: string;
  setChannelsTab(tab: string): void;
  /** The agent call open on the Calls page, kept while another page is shown (and in the URL fragment). */
  openCallId: string | null;
  openCall(callId: string | null): void;
  /**
   * The agent call whose live transcript is shown (the stream joins its room `call_{callId}` while it is set): the open
   * call while the Calls page's Agent calls tab is shown, null otherwise, so an unmounted page gets no transcript events.
   */
  watchedCallId: string | null;
  watchCall(callId: string | null): void;
};

export const useUi = create<UiState>((set) => ({
  section: 'inbox',
  go: (section) => set({ section, writeIn: null, topUpAsked: false }),
  topUpAsked: false,
  askTopUp: () => set({ section: 'wallet', writeIn: null, topUpAsked: true }),
  writeIn: null,
  writeInAs: (writeIn) => set({ section: 'simulator', writeIn }),
  theme: initialTheme(),
  toggleTheme: () => set((state) => {
    const theme: Theme = state.theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem('switchboard.theme', theme);
    return { theme };
  }),
  selectedContactId: null,
  selectContact: (id) => set({ selectedContactId: id }),
  live: 'connecting',
  setLive: (live) => set({ live }),
  inbox: { channel: 'whatsapp', conversationId: null },
  setInbox: (inbox) => set({ inbox }),
  inboxState: 'open',
  setInboxState: (inboxState) => set({ inboxState }),
  replyFocus: null,
  setReplyFocus: (replyFocus) => set({ replyFocus }),
  openConversation: (target) => set({
    section: 'inbox', inbox: { channel: target.channel, conversationId: target.id }, replyFocus: target.id, ...(target.state ? { inboxState: target.state } : {}),
  }),
  channelsTab: 'whatsapp',
  setChannelsTab: (channelsTab) => set({ channelsTab }),
  openCallId: null,
  openCall: (openCallId) => set({ openCallId }),
  watchedCallId: null,
  watchCall: (watchedCallId) => set({ watchedCallId }),
}));
