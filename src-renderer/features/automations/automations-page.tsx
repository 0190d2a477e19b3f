// The Automations page: "New automation" opens the builder (created paused, as the core always does), and each
// automation is listed as a card (automation-card.tsx) to edit, activate or pause, delete, and follow its runs.
import { useRef, useState } from 'react';
import { thenFocus } from '../../components/focus.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { AutomationCard } from './automation-card.tsx';
import { AutomationForm } from './automation-form.tsx';
import { emptyDraft } from './draft.ts';
import { useCreateAutomation } from './mutations.ts';
import { useAutomations, useConnectedIntegrations, useNodeCatalog } from './queries.ts';
import './automations.css';


export function AutomationsPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const automations = useAutomations(page);
  const catalog = useNodeCatalog();
  const integrations = useConnectedIntegrations();
  const create = useCreateAutomation();
  const closeBuilder = () => thenFocus(() => { setCreating(false); create.reset(); }, () => newButton.current);

  return (
    <div className="page padded automations">
      <div className="page-title">
        <div>
          <h1>Automations</h1>
          <p className="muted subtitle">
            A trigger and a list of steps, run for each customer it matches. New automations start paused: activate one to run it.
            The same automations are on the API (<code>/v1/automations</code>).
          </p>
        </div>
        {creating ? null : (
          <button ref={newButton} type="button" className="button primary" onClick={() => setCreating(true)} disabled={!catalog.data}
            data-testid="new-automation">New automation</button>
        )}
      </div>
      {catalog.isError ? <ErrorState error={catalog.error} /> : null}
      {creating && catalog.data ? (
        <AutomationForm title="New automation" initial={emptyDraft(catalog.data)} catalog={catalog.data} save={create} submitLabel="Create automation"
          testId="new-automation-form" onCancel={closeBuilder}
          onSaved={(created) => { closeBuilder(); setPage(1); announce(`${created.name} created, paused.`); }} />
      ) : null}
      {automations.isPending ? <Loading /> : automations.isError ? <ErrorState error={automations.error} /> : automations.data.data.length === 0 ? (
        <Empty title="No automations yet">New automation sets one up: when a customer writes in or a contact is created, the steps to run.</Empty>
      ) : (
        <>
          <div className="automation-list" data-testid="automations" data-ready={catalog.isPending || !integrations.ready ? undefined : 'true'}>
            {automations.data.data.map((automation) => <AutomationCard key={automation.id} automation={automation} catalog={catalog.data} connected={integrations.connected} />)}
          </div>
          <Pager page={page} totalPages={automations.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
