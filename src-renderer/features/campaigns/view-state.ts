// UI state of the campaigns page (zustand, UI only): the channel tab and what is open, kept while the
// user visits another page (e.g. the wallet) and comes back.
import { create } from 'zustand';
import type { CampaignTab } from './queries.ts';

export type CampaignView = { kind: 'list' } | { kind: 'new'; channel: CampaignTab } | { kind: 'detail'; channel: CampaignTab; id: string };

type CampaignsUi = {
  tab: CampaignTab;
  view: CampaignView;
  setTab(tab: CampaignTab): void;
  open(view: CampaignView): void;
};

export const useCampaignsUi = create<CampaignsUi>((set) => ({
  tab: 'whatsapp',
  view: { kind: 'list' },
  setTab: (tab) => set({ tab }),
  open: (view) => set({ view }),
}));
