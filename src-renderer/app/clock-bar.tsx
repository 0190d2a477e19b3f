// The top bar's virtual clock, on every page, with quick steps forward: a presenter follows a call's transcript, a
// campaign's results or a webhook's retries on their own page while moving the clock, instead of leaving for the Simulator.
import { Button } from '../components/button.tsx';
import { time } from '../components/format.ts';
import { ErrorState } from '../components/states.tsx';
import { useAdvance } from '../features/simulator/mutations.ts';
import { useVirtualNow } from '../features/simulator/queries.ts';

const STEPS: Array<[label: string, seconds: number, name: string]> = [['+10 s', 10, '10 seconds'], ['+1 min', 60, '1 minute']];

export function ClockBar() {
  const now = useVirtualNow();
  const advance = useAdvance();
  if (!now) return null;
  return (
    <div className="clock-bar" role="group" aria-label="Virtual clock">
      <span className="clock" title="Virtual clock (simulator)" data-testid="clock">{time(now)}</span>
      {STEPS.map(([label, seconds, name]) => (
        <Button key={seconds} type="button" className="button ghost small" disabled={advance.isPending} onClick={() => advance.mutate(seconds)}
          aria-label={`${label}: advance the virtual clock ${name}`} title={`Advance the virtual clock ${name}; every job due on the way runs`}
          data-testid={`topbar-advance-${seconds}`}>{label}</Button>
      ))}
      {advance.isError ? <ErrorState error={advance.error} /> : null}
    </div>
  );
}
