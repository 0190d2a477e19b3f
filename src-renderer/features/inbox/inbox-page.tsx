// The inbox: channel tabs, conversations with unread counts and search, and the selected thread.
import { useState } from 'react';
import type { Channel } from '../../../src-core/contract/index.ts';
import { shortTime } from '../../components/format.ts';
import { Avatar, Empty, ErrorState, Loading } from '../../components/states.tsx';
import { useConversations } from './queries.ts';
import { Thread } from './thread.tsx';

const TABS: Array<{ channel: Channel; label: string }> = [
  { channel: 'whatsapp', label: 'WhatsApp' }, { channel: 'sms', label: 'SMS' }, { channel: 'instagram', label: 'Instagram' }, { channel: 'email', label: 'Email' },
];

export function InboxPage() {
  const [channel, setChannel] = useState<Channel>('whatsapp');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const conversations = useConversations(channel, search.trim());
  const rows = conversations.data?.data ?? [];
  return (
    <div className="page split inbox">
      <section className="pane list-pane">
        <header className="pane-header"><h1>Inbox</h1></header>
        <div className="tabs" role="tablist">
          {TABS.map((tab) => (
            <button key={tab.channel} type="button" role="tab" aria-selected={tab.channel === channel} className={`tab${tab.channel === channel ? ' active' : ''}`}
              data-testid={`tab-${tab.channel}`} onClick={() => { setChannel(tab.channel); setSelected(null); }}>{tab.label}</button>
          ))}
        </div>
        <div className="search">
          <input type="search" placeholder="Search by name or number" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search conversations" data-testid="conversation-search" />
        </div>
        {conversations.isPending ? <Loading label="Loading conversations…" /> : conversations.isError ? <ErrorState error={conversations.error} /> : (
          <div className="list-wrap" data-testid="conversation-list" data-ready={conversations.isFetching ? 'false' : 'true'}>
            {rows.length === 0 ? <Empty title="No conversations">Customers who write in on {channel} appear here (the simulator can write in as one).</Empty> : (
              <ul className="rows" role="listbox" aria-label="Conversations">
                {rows.map((c) => (
                  <li key={c.id} role="option" aria-selected={c.id === selected} className={`row${c.id === selected ? ' selected' : ''}`} onClick={() => setSelected(c.id)}
                    data-testid="conversation-row" data-address={c.address} tabIndex={0} onKeyDown={(e) => { if (e.key === 'Enter') setSelected(c.id); }}>
                    <Avatar name={c.customerName ?? c.address} />
                    <div className="row-main">
                      <div className="row-title"><span className="name">{c.customerName ?? c.address}</span></div>
                      <div className="row-sub">{c.lastMessage ?? ''}</div>
                    </div>
                    <div className="row-meta column">
                      <span className="muted small">{shortTime(c.lastMessageAt)}</span>
                      {c.unreadCount > 0 ? <span className="unread" data-testid="unread">{c.unreadCount}</span> : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <section className="pane detail-pane">
        {selected ? <Thread key={selected} conversationId={selected} /> : <Empty title="Select a conversation">Replies go out through the same services as the API, recorded as MANUAL.</Empty>}
      </section>
    </div>
  );
}
