// The Simulator's Scenarios card: named little stories played on the virtual clock through the simulator's own paths,
// each with its Run button (unavailable, with the reason, where the organization lacks what it needs), and after a
// run what will happen and when.
import { useState } from 'react';
import { plural, type ScenarioRun } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { useRunScenario } from './mutations.ts';
import { useScenarios } from './queries.ts';
import './scenarios.css';

/** "Support rush: 5 steps over 55 s of virtual time, the first now: advance the clock or let it run." */
export function runSummary(name: string, run: ScenarioRun): string {
  const over = run.durationSeconds > 0 ? ` over ${run.durationSeconds} s of virtual time, the first now` : ', now';
  return `${name}: ${plural(run.steps.length, 'step')}${over}: advance the clock or let it run.`;
}

function RunSummary({ name, run }: { name: string; run: ScenarioRun }) {
  return (
    <div className="scenario-ran" data-testid="scenario-ran" data-scenario-id={run.scenarioId}>
      <p className="small">{runSummary(name, run)}</p>
      <ol className="scenario-steps muted small">
        {run.steps.map((step) => <li key={`${step.at} ${step.what}`}><span className="mono">+{step.at} s</span> {step.what}</li>)}
      </ol>
    </div>
  );
}

export function ScenariosCard() {
  const scenarios = useScenarios();
  const runScenario = useRunScenario();
  const [ran, setRan] = useState<{ name: string; run: ScenarioRun } | null>(null);
  const start = (id: string, name: string) => {
    setRan(null);
    runScenario.mutate(id, {
      onSuccess: (run) => {
        setRan({ name, run });
        announce(`${name} is running.`);
      },
    });
  };
  return (
    <section className="card" data-testid="scenarios-card">
      <h2 className="card-title">Scenarios</h2>
      {scenarios.error ? <ErrorState error={scenarios.error} onRetry={() => void scenarios.refetch()} /> : !scenarios.data ? <Loading /> : (
        <ul className="scenario-list">
          {scenarios.data.data.map((s) => (
            <li key={s.id} data-testid="scenario" data-scenario-id={s.id} data-available={s.available}>
              <div className="scenario-text">
                <strong>{s.name}</strong>
                <p className="muted small">{s.description}</p>
                {s.unavailableReason ? <p className="small" id={`scenario-why-${s.id}`} data-testid="scenario-unavailable">Not available. {s.unavailableReason}.</p> : null}
              </div>
              <Button type="button" className="button" disabled={!s.available || runScenario.isPending} onClick={() => start(s.id, s.name)}
                aria-label={`Run ${s.name}`} title={s.unavailableReason} aria-describedby={s.unavailableReason ? `scenario-why-${s.id}` : undefined} data-testid="scenario-run">Run</Button>
            </li>
          ))}
        </ul>
      )}
      {runScenario.isError ? <ErrorState error={runScenario.error} refused="Not run" /> : null}
      {ran ? <RunSummary name={ran.name} run={ran.run} /> : null}
      <p className="muted small">Each step happens on the virtual clock, as customers, phones and mailboxes would: follow them in the Inbox and on the Calls page.</p>
    </section>
  );
}
