// The Channels page: what each channel needs before it can send (templates, sender ids, bots, domains, the
// SMTP server, the Instagram account) and the Shopify store, a tab each; the simulated platforms' reviews update
// live as the virtual clock moves.
import type { ComponentType } from 'react';
import { moveChoice, tabPanelProps, tabProps } from '../../components/arrow-keys.ts';
import { useUi } from '../../stores/ui.ts';
import { EmailTemplates } from './email-templates.tsx';
import { InstagramConnection } from './instagram-connection.tsx';
import { RcsTemplates } from './rcs-templates.tsx';
import { ShopifyConnection } from './shopify-connection.tsx';
import { SmsTemplates } from './sms-templates.tsx';
import { WhatsappTemplates } from './whatsapp-templates.tsx';
import './channels.css';

const TABS: Array<{ id: string; label: string; View: ComponentType }> = [
  { id: 'whatsapp', label: 'WhatsApp', View: WhatsappTemplates },
  { id: 'sms', label: 'SMS', View: SmsTemplates },
  { id: 'rcs', label: 'RCS', View: RcsTemplates },
  { id: 'email', label: 'Email', View: EmailTemplates },
  { id: 'instagram', label: 'Instagram', View: InstagramConnection },
  { id: 'shopify', label: 'Shopify', View: ShopifyConnection },
];

export function ChannelsPage() {
  const tab = useUi((s) => s.channelsTab);
  const setTab = useUi((s) => s.setChannelsTab);
  const View = TABS.find((t) => t.id === tab)?.View ?? WhatsappTemplates;
  return (
    <div className="page padded channels">
      <div className="page-title">
        <div><h1>Channels</h1><p className="muted subtitle">What each channel needs before it can send: templates, sender ids, bots, domains and accounts, reviewed on the virtual clock.</p></div>
      </div>
      <div className="tabs" role="tablist" aria-label="Channel" onKeyDown={moveChoice}>
        {TABS.map((t) => (
          <button key={t.id} type="button" {...tabProps('channels', t.id, tab === t.id)} className={`tab${tab === t.id ? ' active' : ''}`} onClick={() => setTab(t.id)} data-testid={`channels-tab-${t.id}`}>{t.label}</button>
        ))}
      </div>
      <div {...tabPanelProps('channels', tab)}><View /></div>
    </div>
  );
}
