// The Templates page: what each channel needs registered before it can send, a tab per channel, with the
// simulated platforms' reviews updating live as the virtual clock moves.
import { useState, type ComponentType } from 'react';
import { EmailTemplates } from './email-templates.tsx';
import { SmsTemplates } from './sms-templates.tsx';
import { WhatsappTemplates } from './whatsapp-templates.tsx';
import './templates.css';

const TABS: Array<{ id: string; label: string; View: ComponentType }> = [
  { id: 'whatsapp', label: 'WhatsApp', View: WhatsappTemplates },
  { id: 'email', label: 'Email', View: EmailTemplates },
  { id: 'sms', label: 'SMS', View: SmsTemplates },
];

export function TemplatesPage() {
  const [tab, setTab] = useState('whatsapp');
  const View = TABS.find((t) => t.id === tab)?.View ?? WhatsappTemplates;
  return (
    <div className="page padded templates">
      <div className="page-title">
        <div><h1>Templates</h1><p className="muted subtitle">What each channel needs approved before it can send, reviewed on the virtual clock.</p></div>
      </div>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} className={`tab${tab === t.id ? ' active' : ''}`} onClick={() => setTab(t.id)} data-testid={`templates-tab-${t.id}`}>{t.label}</button>
        ))}
      </div>
      <View />
    </div>
  );
}
