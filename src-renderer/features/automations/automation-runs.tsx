// An automation's recent runs, folded: each with its status, who set it off and every step's outcome; an ended run
// can be rerun from its trigger (the core refuses, 409, while the automation is paused: its reason is shown).
import { useState } from 'react';
import type { Automation, AutomationExecution, NodeCatalog } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { time } from '../../components/format.ts';
import { ShowMore } from '../../components/show-more.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { entryOf } from './draft.ts';
import { outcomeInWords, refusalInWords } from './step-summary.ts';
import { useRerun } from './mutations.ts';
import { useRecentRuns } from './queries.ts';
import { displayAddress } from '../../components/email-address.ts';
import { useContact } from '../contacts/queries.ts';

const ENDED = new Set(['completed', 'failed', 'stopped']);

function Run({ run, catalog, onRerun, rerunning }: { run: AutomationExecution; catalog: NodeCatalog | undefined; onRerun(): void; rerunning: boolean }) {
  // A trigger without an address (a form submitted, a contact created or moved to a stage) names its contact: by name
  // (or address) once loaded, not by its id; the id while it loads or when the contact is gone.
  const contact = useContact(run.trigger.address ? null : run.trigger.contactId);
  const known = contact.data ? contact.data.name || contact.data.email || contact.data.phone : null;
  const who = (run.trigger.address && displayAddress(run.trigger.address)) ?? known ?? run.trigger.contactId ?? '—';
  return (
    <li className="automation-run" data-testid="automation-run" data-status={run.status} data-id={run.id}>
      <div className="automation-run-head">
        <span><span className={`chip run-status is-${run.status}`}>{run.status}</span> {time(run.startedAt)} · {who}
          {run.rerunOf ? <span className="muted"> · rerun</span> : null}
          {run.status === 'waiting' && run.waitingUntil ? <span className="muted"> · until {time(run.waitingUntil)}</span> : null}</span>
        {ENDED.has(run.status) ? (
          <Button type="button" className="button ghost small" onClick={onRerun} disabled={rerunning} data-testid="automation-rerun"
            aria-label={`Rerun the run of ${time(run.startedAt)} from ${who}`}>Rerun</Button>
        ) : null}
      </div>
      {run.error ? <div className="small" data-testid="automation-run-error">{refusalInWords(run.error)}</div> : null}
      {run.steps.length ? (
        <ul>
          {run.steps.map((step, i) => (
            <li key={`${step.stepId}-${i}`} data-testid="automation-run-step" data-status={step.status}>
              <span className={`chip step-status is-${step.status}`}>{step.status}</span> {entryOf(catalog?.nodes, step.type)?.name ?? step.type}{' '}
              <span className="muted">({step.stepId}) {refusalInWords(outcomeInWords(step.detail, time))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function RecentRuns({ automation, catalog }: { automation: Automation; catalog: NodeCatalog | undefined }) {
  const [open, setOpen] = useState(false);
  const runs = useRecentRuns(automation.id, open);
  const rerun = useRerun(automation.id);
  const start = (run: AutomationExecution) => rerun.mutate(run.id, { onSuccess: () => announce(`Rerun of ${automation.name} started.`) });
  return (
    <details className="automation-runs" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="automation-runs">
      <summary>Recent runs ({automation.executionCount.toLocaleString()})</summary>
      {rerun.isError ? <ErrorState error={rerun.error} refused="Not rerun" /> : null}
      {!open ? null : runs.isPending ? <Loading /> : runs.isError && !runs.isFetchNextPageError ? <ErrorState error={runs.error} /> : runs.data.items.length === 0 ? (
        <p className="small muted">No runs yet.</p>
      ) : (
        <ol aria-label={`Recent runs of ${automation.name}`}>
          {runs.data.items.map((run) => <Run key={run.id} run={run} catalog={catalog} rerunning={rerun.isPending} onRerun={() => start(run)} />)}
        </ol>
      )}
      {open && runs.data?.more ? (
        <ShowMore shown={runs.data.items.length} total={runs.data.total} noun="runs" loading={runs.isFetchingNextPage}
          error={runs.isFetchNextPageError ? runs.error : null} onMore={() => void runs.fetchNextPage()} testId="automation-runs-more" />
      ) : null}
    </details>
  );
}
