// The selected contact's lifecycle stage: a select of the organization's stages (or none), saved as it changes.
import { ErrorState } from '../../components/states.tsx';
import { useSetContactStage } from './lifecycle-mutations.ts';
import { useLifecycleStages } from './queries.ts';

export function ContactStage({ contactId, stageId }: { contactId: string; stageId: string | null }) {
  const stages = useLifecycleStages();
  const save = useSetContactStage(contactId);
  const current = save.isPending ? save.variables : stageId;
  return (
    <section className="card contact-stage" aria-label="Lifecycle stage">
      <label className="inline">
        <span className="muted">Lifecycle stage</span>
        <select value={current ?? ''} data-testid="contact-stage" disabled={stages.isPending}
          data-ready={stages.isPending || save.isPending ? 'false' : 'true'}
          onChange={(e) => save.mutate(e.target.value || null)}>
          <option value="">No stage</option>
          {(stages.data ?? []).map((stage) => <option key={stage.id} value={stage.id}>{stage.name}</option>)}
        </select>
      </label>
      {stages.isError ? <ErrorState error={stages.error} /> : null}
      {save.isError ? <ErrorState error={save.error} /> : null}
    </section>
  );
}
