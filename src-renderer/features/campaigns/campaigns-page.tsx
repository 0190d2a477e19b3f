// The Campaigns page: the list (WhatsApp and SMS tabs), the WhatsApp builder and one campaign's detail.
import { CampaignBuilder } from './campaign-builder.tsx';
import { CampaignDetailView } from './campaign-detail.tsx';
import { CampaignList, ChannelTabs } from './campaign-list.tsx';
import { useCampaignsUi } from './view-state.ts';
import './campaigns.css';

export function CampaignsPage() {
  const { tab, setTab, view, open } = useCampaignsUi();
  const toList = () => open({ kind: 'list' });
  if (view.kind === 'new') {
    return (
      <div className="page padded campaigns">
        <div className="page-title">
          <div><h1>New WhatsApp campaign</h1><p className="muted subtitle">Send an approved template to a list of numbers, now or at a set time.</p></div>
        </div>
        <CampaignBuilder onClose={toList} onOpen={(id) => { setTab('whatsapp'); open({ kind: 'detail', channel: 'whatsapp', id }); }} />
      </div>
    );
  }
  if (view.kind === 'detail') {
    return <div className="page padded campaigns"><CampaignDetailView channel={view.channel} id={view.id} onBack={toList} /></div>;
  }
  return (
    <div className="page padded campaigns">
      <div className="page-title">
        <div><h1>Campaigns</h1><p className="muted subtitle">Bulk sends with live progress, refunds on cancel and engagement analytics.</p></div>
        <button type="button" className="button primary" onClick={() => open({ kind: 'new' })} data-testid="new-campaign">New campaign</button>
      </div>
      <ChannelTabs tab={tab} onTab={setTab} />
      <CampaignList key={tab} channel={tab} onOpen={(id) => open({ kind: 'detail', channel: tab, id })} onNew={() => open({ kind: 'new' })} />
    </div>
  );
}
