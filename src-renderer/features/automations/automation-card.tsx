// One automation on the Automations page: its status, trigger and steps in the node catalog's words, each step with what
// it does ("Add tag · vip"; a step of a type the catalog does not know is marked: it is skipped at run time; a trigger or
// step needing an integration that is not connected says so, and nothing while it is), its recent runs, and its actions:
// Edit (the card becomes the builder), Activate or Pause (the core's 409 for an integration not connected is shown), and
// Delete, asked first. The focus goes back to Edit when the builder closes, and to "New automation" once deleted.
import { useRef, useState } from 'react';
import type { Automation, NodeCatalog } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { thenFocus } from '../../components/focus.ts';
import { channelLabel, time } from '../../components/format.ts';
import { ErrorState } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { AutomationForm } from './automation-form.tsx';
import { useReferenced } from './config-fields.tsx';
import { RecentRuns } from './automation-runs.tsx';
import { contactSourceWords, draftOf, entryOf, integrationName } from './draft.ts';
import { useDeleteAutomation, useSetAutomationStatus, useUpdateAutomation } from './mutations.ts';
import { runFailureWords, stepSummary } from './step-summary.ts';
import { useRecentRuns, type ConnectedIntegrations } from './queries.ts';
import { relativeTime } from '../../components/format.ts';
import { useVirtualNow } from '../simulator/queries.ts';

/** The forms and stages a trigger may name, by id (the builder's pickers' records). */
type Referenced = ReturnType<typeof useReferenced>;
const nameIn = (records: Array<{ id: string; name: string }> | undefined, id: string): string => records?.find((record) => record.id === id)?.name ?? id;

/** The trigger as a sentence: "Customer message received · WhatsApp · is "price"", "Form submitted · Festive offer sign-up". */
export function triggerSummary(trigger: Automation['trigger'], catalog: NodeCatalog | undefined, referenced?: Referenced): string {
  const name = entryOf(catalog?.triggers, trigger.type)?.name ?? trigger.type;
  const { channel, keyword, contains, source, formId, stageId } = trigger.config as Record<string, string | undefined>;
  const parts = [name];
  if (channel) parts.push(channel === 'any' ? 'any channel' : channelLabel(channel));
  if (keyword) parts.push(`is "${keyword}"`);
  if (contains) parts.push(`contains "${contains}"`);
  if (source) parts.push(`from ${contactSourceWords(source)}`);
  if (formId) parts.push(nameIn(referenced?.form, formId));
  if (stageId) parts.push(`into ${nameIn(referenced?.lifecycle_stage, stageId)}`);
  return parts.join(' · ');
}

/** " · needs Instagram (not connected)" after a trigger or step whose integration is not connected; nothing once it is. */
function Unmet({ integration, connected }: { integration: string | null | undefined; connected: ConnectedIntegrations }) {
  if (!integration || connected[integration]) return null;
  return <span className="needs-integration" data-testid="automation-needs"> · needs {integrationName(integration)} (not connected)</span>;
}

/** What the step does, after its name: " · vip", " · 1 minute" (nothing where its config says nothing this page reads). */
function Detail({ step }: { step: Automation['steps'][number] }) {
  const summary = stepSummary(step);
  return summary ? <span className="muted" data-testid="automation-step-detail"> · {summary}</span> : null;
}

function Steps({ automation, catalog, connected }: { automation: Automation; catalog: NodeCatalog | undefined; connected: ConnectedIntegrations }) {
  if (automation.steps.length === 0) return <p className="small muted">No steps.</p>;
  return (
    <ol className="automation-steps" data-testid="automation-steps">
      {automation.steps.map((step) => {
        const entry = entryOf(catalog?.nodes, step.type);
        return (
          <li key={step.id} data-testid="automation-step" className={entry || !catalog ? undefined : 'unknown'}>
            {entry?.name ?? step.type}
            {entry || !catalog ? null : ' (unknown type: does nothing at run time)'}
            <Detail step={step} />
            <Unmet integration={entry?.integration} connected={connected} />
          </li>
        );
      })}
    </ol>
  );
}

/** "Last run 2 min ago", or, when it failed, "Last run failed 2 min ago: <its failed step and why, in words>". */
function LastRun({ automation, catalog }: { automation: Automation; catalog: NodeCatalog | undefined }) {
  const runs = useRecentRuns(automation.id, automation.executionCount > 0);
  const now = useVirtualNow();
  const last = runs.data?.items[0];
  const at = last?.startedAt ?? automation.lastExecutedAt;
  const when = at ? relativeTime(at, now) || time(at) : '—';
  const failed = last?.status === 'failed';
  return (
    <span data-testid="automation-last-run" data-status={last?.status ?? ''} title={at ? time(at) : undefined}>
      <span className="muted">Last run </span>
      {failed ? <><span className="neg">failed</span> {when}: {runFailureWords(last, (type) => entryOf(catalog?.nodes, type)?.name ?? type)}</> : when}
    </span>
  );
}

/** Activate or Pause, whichever the automation is not; the refusal under the card's actions. */
function useStatusToggle(automation: Automation) {
  const status = useSetAutomationStatus(automation.id);
  const to = automation.status === 'active' ? 'pause' : 'activate';
  const toggle = () => status.mutate(to, { onSuccess: (changed) => announce(`${changed.name} is ${changed.status === 'active' ? 'active' : 'paused'}.`) });
  return { to, toggle, status };
}

export function AutomationCard({ automation, catalog, connected }: { automation: Automation; catalog: NodeCatalog | undefined; connected: ConnectedIntegrations }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const update = useUpdateAutomation(automation.id);
  const remove = useDeleteAutomation(automation.id);
  const { to, toggle, status } = useStatusToggle(automation);
  const referenced = useReferenced();
  const closeEditor = () => thenFocus(() => { setEditing(false); update.reset(); }, () => editButton.current);

  if (editing && catalog) {
    return (
      <AutomationForm title={`Edit ${automation.name}`} initial={draftOf(automation, catalog)} catalog={catalog} save={update} submitLabel="Save changes"
        testId="edit-automation-form" onCancel={closeEditor}
        onSaved={(saved) => { closeEditor(); announce(`${saved.name} saved.`); }} />
    );
  }
  const deleteIt = () => remove.mutate(undefined, {
    onSuccess: () => {
      announce(`${automation.name} deleted.`);
      document.querySelector<HTMLElement>('[data-testid="new-automation"]')?.focus();
    },
  });
  const refusal = status.error ?? remove.error;
  return (
    <article className="card automation-card" data-testid="automation" data-id={automation.id} aria-label={automation.name}>
      <div className="automation-head">
        <h2 data-testid="automation-name">{automation.name}</h2>
        <span className={`chip automation-status is-${automation.status}`} data-testid="automation-status">{automation.status === 'active' ? 'Active' : 'Paused'}</span>
        <div className="automation-actions">
          <button ref={editButton} type="button" className="button small" onClick={() => setEditing(true)} disabled={!catalog}
            aria-label={`Edit ${automation.name}`} data-testid="automation-edit">Edit</button>
          <Button type="button" className={`button small ${to === 'activate' ? 'primary' : ''}`} onClick={() => { remove.reset(); toggle(); }} disabled={status.isPending}
            aria-label={`${to === 'activate' ? 'Activate' : 'Pause'} ${automation.name}`} data-testid="automation-toggle">{to === 'activate' ? 'Activate' : 'Pause'}</Button>
          <ConfirmButton label="Delete" name={`Delete ${automation.name}`} question={`Delete ${automation.name} and its runs?`} confirmLabel="Delete"
            onConfirm={() => { status.reset(); deleteIt(); }} disabled={remove.isPending} testId="automation-delete" />
        </div>
      </div>
      {refusal ? <ErrorState error={refusal} refused={refusal === status.error ? `Not ${to === 'activate' ? 'activated' : 'paused'}` : 'Not deleted'} /> : null}
      {automation.description ? <p className="small muted">{automation.description}</p> : null}
      <div className="automation-facts">
        <span data-testid="automation-trigger"><span className="muted">When </span>{triggerSummary(automation.trigger, catalog, referenced)}<Unmet integration={entryOf(catalog?.triggers, automation.trigger.type)?.integration} connected={connected} /></span>
        <LastRun automation={automation} catalog={catalog} />
      </div>
      <Steps automation={automation} catalog={catalog} connected={connected} />
      <RecentRuns automation={automation} catalog={catalog} />
    </article>
  );
}
