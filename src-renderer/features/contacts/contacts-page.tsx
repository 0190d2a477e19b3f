// The contacts page: search, filters by lifecycle stage and tag, a keyboard-navigable list (each row with its lifecycle stage,
// its tags filtering by a click), pagination, the selected contact's panel, a new contact, the lifecycle stages, CSV import and export.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Contact } from '../../../src-core/contract/index.ts';
import { listStep } from '../../components/arrow-keys.ts';
import { BackToList, useFocusBackOnOpen } from '../../components/back-to-list.tsx';
import { useDebounced } from '../../components/debounce.ts';
import { thenFocus } from '../../components/focus.ts';
import { contactDisplayName, handleOf } from '../../components/format.ts';
import { Avatar, Empty, ErrorState, Loading } from '../../components/states.tsx';
import { Pager } from '../../components/pager.tsx';
import { useUi } from '../../stores/ui.ts';
import { sourceLabel } from './contact-labels.ts';
import { ContactFilters, listedTag } from './contact-filters.tsx';
import { ContactPanel } from './contact-panel.tsx';
import { ContactsCsvActions } from './contacts-csv.tsx';
import { LifecycleStagesButton } from './lifecycle-stages-dialog.tsx';
import { WriteInLink } from '../inbox/write-in-link.tsx';
import { NewContact } from './new-contact.tsx';
import './contacts.css';
import { PAGE_SIZE, useContacts, useContactTags, useLifecycleStages } from './queries.ts';
import { displayAddress } from '../../components/email-address.ts';

/** A row's id, which the list names as its active option (`aria-activedescendant`). */
const optionId = (contactId: string) => `contact-option-${contactId}`;

function ContactRow({ contact, stage, selected, onSelect, onTag }: {
  contact: Contact; stage: string | undefined; selected: boolean; onSelect(): void; onTag(tag: string): void;
}) {
  const display = contactDisplayName(contact);
  // The title stands in for a missing name with the handle, email or phone: that one is not said again under it, and a
  // contact known by that alone has no second line (a phone-only contact read `+1 415…` over `+1 415…`).
  const secondary = [handleOf(contact.username), contact.email && displayAddress(contact.email), contact.phone].filter((part) => part && part !== display).join(' · ');
  // Not focusable itself: the list keeps the focus and points at the selected row, so a click leaves the focus on the list.
  return (
    <li role="option" id={optionId(contact.id)} aria-selected={selected} className={`row contact-row${selected ? ' selected' : ''}`} data-testid="contact-row" data-contact-id={contact.id}
      onClick={onSelect}>
      <Avatar name={display} />
      <div className="row-main">
        <div className="row-title">
          <span className="name">{display}</span>
          {contact.isBlocked ? <span className="badge danger" data-testid="blocked-badge" title={contact.blockedReason?.trim() || 'Blocked, no reason given'}>Blocked</span> : null}
        </div>
        {secondary || contact.name !== null ? <div className="row-sub" data-testid="contact-row-sub">{secondary || '—'}</div> : null}
      </div>
      <div className="row-meta contact-meta">
        {stage ? <span className="chip" data-testid="contact-row-stage" title={`Lifecycle stage: ${stage}`}>{stage}</span> : null}
        <span className="chip source" data-testid="contact-source" title={`Source: ${contact.source}`}>{sourceLabel(contact.source)}</span>
        {/* A click lists the contacts with this tag (the row is not opened): a pointer's shortcut, not a control (a button
            inside the row's option would be nested interactive, axe): from the keyboard and to a screen reader, the Tag filter. */}
        {contact.tags.slice(0, 2).map((tag) => (
          <span key={tag} className="chip subtle tag-chip" data-testid="contact-tag" title={tag}
            onClick={(event) => { event.stopPropagation(); onTag(tag); }}>{tag}</span>
        ))}
      </div>
    </li>
  );
}

/**
 * "3 contacts matching “x”" (" tagged vip" when a tag is chosen, " in Lead" when a stage is), or, when the server corrected the
 * search, that nothing matched as typed.
 */
function countLine(total: number, search: string, fuzzy: boolean, stage: string | undefined, tag: string): string {
  const contacts = total === 1 ? 'contact' : 'contacts';
  const inStage = `${tag ? ` tagged ${tag}` : ''}${stage ? ` in ${stage}` : ''}`;
  if (fuzzy) return `No exact match for “${search}”; ${total.toLocaleString()} similar ${contacts}${inStage}`;
  return `${total.toLocaleString()} ${contacts}${inStage}${search ? ` matching “${search}”` : ''}`;
}

/** What an empty list suggests, for the filter that emptied it. */
function emptyHint(search: string, stage: string, tag: string): ReactNode {
  if (search) return 'Try part of a name, an email or a phone number.';
  if (stage && tag) return 'No contact with this tag is in this lifecycle stage.';
  if (stage) return 'No contact is in this lifecycle stage.';
  if (tag) return 'No contact has this tag.';
  // A new organization's: the three ways one comes, the first a customer writing in, which the Simulator does.
  return (
    <>
      Contacts appear as customers write in on any channel (the <WriteInLink channel="whatsapp" from={null} testId="contacts-empty-simulator">Simulator</WriteInLink> can
      write in as one), or add them with New contact or Import CSV above.
    </>
  );
}

export function ContactsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // A handle typed as the console shows it ("@meera") is searched without its "@" (usernames are stored bare).
  const debounced = useDebounced(search.trim().replace(/^@+/, ''), 200);
  const [stageFilter, setStageFilter] = useState('');
  const [tagFilter, setTagFilter] = useState('');
  const query = useContacts(debounced, page, stageFilter, tagFilter);
  const tags = useContactTags().data?.data ?? [];
  const stages = useLifecycleStages().data ?? [];
  const stageNames = new Map(stages.map((stage) => [stage.id, stage.name]));
  const { selectedContactId, selectContact } = useUi();
  const listRef = useRef<HTMLUListElement>(null);
  const contacts = query.data?.data ?? [];
  const meta = query.data?.meta;
  // At a phone's width a contact opened (a click, Enter, one made or found by New contact) takes the page; browsed with
  // the arrows, or left with Back, the list does (components/back-to-list.tsx).
  const [contactShown, setContactShown] = useState(() => selectedContactId !== null);
  const pageRef = useRef<HTMLDivElement>(null);
  const focusBack = useFocusBackOnOpen(pageRef);
  const openContact = (id: string) => {
    selectContact(id);
    setContactShown(true);
    focusBack();
  };
  /** Back (a phone's width): the list again, focused, the contact that was open its active row, in view. */
  const backToList = () => {
    thenFocus(() => setContactShown(false), () => listRef.current);
    if (selectedContactId) document.getElementById(optionId(selectedContactId))?.scrollIntoView({ block: 'nearest' });
  };

  useEffect(() => {
    setPage(1);
  }, [debounced, stageFilter, tagFilter]);

  /** A contact made here is opened, and listed: the search is cleared and the first page (newest first) shown. */
  function opened(contact: Contact) {
    setSearch('');
    setStageFilter('');
    setTagFilter('');
    setPage(1);
    openContact(contact.id);
  }

  const active = contacts.some((c) => c.id === selectedContactId) ? selectedContactId : null;
  // The list keeps the focus while the arrows move the selection: the selected row is kept in view.
  useEffect(() => {
    if (active) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  /** ↑ and ↓ (Home and End) select the row they land on; a screen reader reads it as the list's active option. */
  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (contacts.length === 0) return;
    const index = contacts.findIndex((c) => c.id === selectedContactId);
    if (event.key === 'Enter') {
      event.preventDefault();
      openContact((contacts[Math.max(index, 0)] as Contact).id);
      return;
    }
    const next = listStep(event.key, index, contacts.length);
    if (next === null) return;
    event.preventDefault();
    selectContact((contacts[next] as Contact).id);
  }

  return (
    <div className="page split" ref={pageRef} data-item-open={selectedContactId && contactShown ? '' : undefined}>
      <section className="pane list-pane">
        <header className="pane-header">
          <div>
            <h1>Contacts</h1>
            <p className="muted" data-testid="contact-count">{meta ? countLine(meta.total, debounced, meta.fuzzy === true, stageNames.get(stageFilter), tagFilter) : ' '}</p>
          </div>
          <div className="contacts-actions">
            <NewContact onCreated={opened} onOpenExisting={openContact} />
            <LifecycleStagesButton />
            <ContactsCsvActions />
          </div>
        </header>
        <div className="search">
          <input type="search" placeholder="Name, @username, email or phone" value={search} data-testid="contact-search" aria-label="Search contacts"
            onChange={(e) => setSearch(e.target.value)} onKeyDown={(e) => { if (e.key === 'ArrowDown') listRef.current?.focus(); }} />
          {query.isFetching ? <span className="spinner small" aria-hidden /> : null}
          <ContactFilters stages={stages} stage={stageFilter} onStage={setStageFilter} tag={tagFilter} onTag={setTagFilter} />
        </div>
        {query.isPending ? <Loading label="Loading contacts…" />
          : query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} />
            : (
              <div className="list-wrap" data-testid="contact-list" data-ready={query.isFetching ? 'false' : 'true'} data-search={debounced} data-stage={stageFilter} data-tag={tagFilter}>
                {contacts.length === 0 ? <Empty title={debounced || stageFilter || tagFilter ? 'No contacts match' : 'No contacts yet'}>{emptyHint(debounced, stageFilter, tagFilter)}</Empty> : (
                  <ul className="rows" role="listbox" aria-label="Contacts" tabIndex={0} ref={listRef} onKeyDown={onKeyDown}
                    aria-activedescendant={active ? optionId(active) : undefined} data-testid="contact-listbox">
                    {contacts.map((contact) => (
                      <ContactRow key={contact.id} contact={contact} stage={contact.lifecycleStageId ? stageNames.get(contact.lifecycleStageId) : undefined} selected={contact.id === selectedContactId} onSelect={() => openContact(contact.id)}
                        onTag={(tag) => setTagFilter(listedTag(tag, tags))} />
                    ))}
                  </ul>
                )}
                {meta ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={setPage} labels={['Previous', 'Next']} detail={`${PAGE_SIZE} per page`} /> : null}
              </div>
            )}
      </section>
      <section className="pane detail-pane">
        {selectedContactId ? <BackToList list="contacts" onBack={backToList} /> : null}
        {selectedContactId ? <ContactPanel key={selectedContactId} contactId={selectedContactId} onOpenContact={openContact} canSend /> : <Empty title="Select a contact">Use ↑ and ↓ in the list, or click a contact, to see details, notes and blocking.</Empty>}
      </section>
    </div>
  );
}
