// The Automations page (read-only): each automation with its status, trigger and steps in the node catalog's words
// (a step the catalog does not know is marked: it is skipped at run time), and its recent runs, folded, with each
// step's outcome. Automations are made and changed through the API (`/v1/automations`).
import { useState } from 'react';
import type { Automation, AutomationExecution, CatalogEntry, NodeCatalog } from '../../../src-core/contract/index.ts';
import { channelLabel, time } from '../../components/format.ts';
import { Pager } from '../../components/pager.tsx';
import { Empty, ErrorState, Loading } from '../../components/states.tsx';
import { useAutomations, useNodeCatalog, useRecentRuns } from './queries.ts';
import './automations.css';

const entryOf = (entries: CatalogEntry[] | undefined, type: string): CatalogEntry | undefined => entries?.find((entry) => entry.type === type);

/** The trigger as a sentence: "Customer message received · WhatsApp · is "price"". */
export function triggerSummary(trigger: Automation['trigger'], catalog: NodeCatalog | undefined): string {
  const name = entryOf(catalog?.triggers, trigger.type)?.name ?? trigger.type;
  const { channel, keyword, contains, source } = trigger.config as Record<string, string | undefined>;
  const parts = [name];
  if (channel) parts.push(channel === 'any' ? 'any channel' : channelLabel(channel));
  if (keyword) parts.push(`is "${keyword}"`);
  if (contains) parts.push(`contains "${contains}"`);
  if (source) parts.push(`from ${source === 'manual' ? 'the dashboard' : channelLabel(source)}`);
  return parts.join(' · ');
}

function Steps({ automation, catalog }: { automation: Automation; catalog: NodeCatalog | undefined }) {
  if (automation.steps.length === 0) return <p className="small muted">No steps.</p>;
  return (
    <ol className="automation-steps" data-testid="automation-steps">
      {automation.steps.map((step) => {
        const entry = entryOf(catalog?.nodes, step.type);
        return (
          <li key={step.id} data-testid="automation-step" className={entry || !catalog ? undefined : 'unknown'}>
            {entry?.name ?? step.type}
            {entry || !catalog ? null : ' (unknown type: does nothing at run time)'}
            {entry?.integration ? <span className="muted"> · needs {entry.integration === 'instagram' ? 'Instagram' : entry.integration}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

function Run({ run }: { run: AutomationExecution }) {
  const who = run.trigger.address ?? run.trigger.contactId ?? '—';
  return (
    <li className="automation-run" data-testid="automation-run" data-status={run.status}>
      <span className={`chip run-status is-${run.status}`}>{run.status}</span> {time(run.startedAt)} · {who}
      {run.rerunOf ? <span className="muted"> · rerun</span> : null}
      {run.status === 'waiting' && run.waitingUntil ? <span className="muted"> · until {time(run.waitingUntil)}</span> : null}
      {run.error ? <div className="small" data-testid="automation-run-error">{run.error}</div> : null}
      {run.steps.length ? (
        <ul>
          {run.steps.map((step, i) => (
            <li key={`${step.stepId}-${i}`} data-testid="automation-run-step" data-status={step.status}>
              <span className={`chip step-status is-${step.status}`}>{step.status}</span> {step.stepId} <span className="muted">{step.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function RecentRuns({ automation }: { automation: Automation }) {
  const [open, setOpen] = useState(false);
  const runs = useRecentRuns(automation.id, open);
  return (
    <details className="automation-runs" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="automation-runs">
      <summary>Recent runs ({automation.executionCount.toLocaleString()})</summary>
      {!open ? null : runs.isPending ? <Loading /> : runs.isError ? <ErrorState error={runs.error} /> : runs.data.data.length === 0 ? (
        <p className="small muted">No runs yet.</p>
      ) : (
        <ol aria-label={`Recent runs of ${automation.name}`}>{runs.data.data.map((run) => <Run key={run.id} run={run} />)}</ol>
      )}
    </details>
  );
}

function AutomationCard({ automation, catalog }: { automation: Automation; catalog: NodeCatalog | undefined }) {
  return (
    <article className="card automation-card" data-testid="automation" data-id={automation.id} aria-label={automation.name}>
      <div className="automation-head">
        <h2 data-testid="automation-name">{automation.name}</h2>
        <span className={`chip automation-status is-${automation.status}`} data-testid="automation-status">{automation.status === 'active' ? 'Active' : 'Paused'}</span>
      </div>
      {automation.description ? <p className="small muted">{automation.description}</p> : null}
      <div className="automation-facts">
        <span data-testid="automation-trigger"><span className="muted">When </span>{triggerSummary(automation.trigger, catalog)}</span>
        <span data-testid="automation-last-run"><span className="muted">Last run </span>{time(automation.lastExecutedAt)}</span>
      </div>
      <Steps automation={automation} catalog={catalog} />
      <RecentRuns automation={automation} />
    </article>
  );
}

export function AutomationsPage() {
  const [page, setPage] = useState(1);
  const automations = useAutomations(page);
  const catalog = useNodeCatalog();
  return (
    <div className="page padded">
      <h1>Automations</h1>
      <p className="small muted">Made and changed through the API (<code>/v1/automations</code>); <code>GET /v1/automations/node-catalog</code> lists every trigger and step with its config.</p>
      {automations.isPending ? <Loading /> : automations.isError ? <ErrorState error={automations.error} /> : automations.data.data.length === 0 ? (
        <Empty title="No automations yet" />
      ) : (
        <>
          <div className="automation-list" data-testid="automations" data-ready={catalog.isPending ? undefined : 'true'}>
            {automations.data.data.map((automation) => <AutomationCard key={automation.id} automation={automation} catalog={catalog.data} />)}
          </div>
          <Pager page={page} totalPages={automations.data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
