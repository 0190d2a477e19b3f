// The Campaigns page: the list (a tab per channel), each channel's builder and one campaign's detail.
import type { ComponentType } from 'react';
import { tabPanelProps } from '../../components/arrow-keys.ts';
import { thenFocus } from '../../components/focus.ts';
import { CampaignBuilder } from './campaign-builder.tsx';
import { CampaignDetailView } from './campaign-detail.tsx';
import { CampaignList, ChannelTabs } from './campaign-list.tsx';
import { EmailCampaignBuilder } from './email-builder.tsx';
import type { CampaignTab } from './queries.ts';
import { RcsCampaignBuilder } from './rcs-builder.tsx';
import { SmsCampaignBuilder } from './sms-builder.tsx';
import { useCampaignsUi } from './view-state.ts';
import './campaigns.css';

const BUILDERS: Record<CampaignTab, { title: string; subtitle: string; Builder: ComponentType<{ onClose(): void; onOpen(id: string): void }> }> = {
  whatsapp: { title: 'New WhatsApp campaign', subtitle: 'Send an approved template to your contacts, a segment or a list, now or at a set time.', Builder: CampaignBuilder },
  sms: { title: 'New SMS campaign', subtitle: 'Send a DLT-approved text to your contacts, a segment or a list, now or at a set time.', Builder: SmsCampaignBuilder },
  rcs: { title: 'New RCS campaign', subtitle: 'Send an approved rich card from your bot; handsets without RCS can get an SMS instead.', Builder: RcsCampaignBuilder },
  email: { title: 'New email campaign', subtitle: 'Send a template from a verified domain to a list or to every subscriber.', Builder: EmailCampaignBuilder },
};

export function CampaignsPage() {
  const { tab, setTab, view, open } = useCampaignsUi();
  // Back on the list, the focus goes to the row of the campaign left (if it is on this page), else to New campaign.
  const toList = () => {
    const from = view.kind === 'detail' ? view.id : null;
    thenFocus(() => open({ kind: 'list' }), () => (from ? document.querySelector<HTMLElement>(`[data-testid="campaign-row"][data-campaign-id="${CSS.escape(from)}"]`) : null)
      ?? document.querySelector<HTMLElement>('[data-testid="new-campaign"]'));
  };
  if (view.kind === 'new') {
    const { title, subtitle, Builder } = BUILDERS[view.channel];
    const channel = view.channel;
    return (
      <div className="page padded campaigns">
        <div className="page-title">
          <div><h1>{title}</h1><p className="muted subtitle">{subtitle}</p></div>
        </div>
        <Builder key={channel} onClose={toList} onOpen={(id) => { setTab(channel); open({ kind: 'detail', channel, id }); }} />
      </div>
    );
  }
  if (view.kind === 'detail') {
    return <div className="page padded campaigns"><CampaignDetailView channel={view.channel} id={view.id} onBack={toList} /></div>;
  }
  const startNew = () => open({ kind: 'new', channel: tab });
  return (
    <div className="page padded campaigns">
      <div className="page-title">
        <div><h1>Campaigns</h1><p className="muted subtitle">Bulk sends with live progress, refunds on cancel and engagement analytics.</p></div>
        <button type="button" className="button primary" onClick={startNew} data-testid="new-campaign">New {BUILDERS[tab].title.replace('New ', '')}</button>
      </div>
      <ChannelTabs tab={tab} onTab={setTab} />
      <div {...tabPanelProps('campaigns', tab)}>
        <CampaignList key={tab} channel={tab} onOpen={(id) => open({ kind: 'detail', channel: tab, id })} onNew={startNew} />
      </div>
    </div>
  );
}
