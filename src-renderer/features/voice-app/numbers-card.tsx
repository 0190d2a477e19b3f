// Numbers & settings of the App calls tab: the business numbers with their routing (changed at once), adding one,
// and the phone-calling switch with its recent changes (who changed it, when).
import { useState, type FormEvent } from 'react';
import { ROUTE_TO, type RouteTo } from '../../../src-core/contract/index.ts';
import { Button } from '../../components/button.tsx';
import { time } from '../../components/format.ts';
import { ErrorState, Loading } from '../../components/states.tsx';
import { announce } from '../../stores/announcer.ts';
import { useBusinessNumbers, useNumberActions, useSetPhoneCalling, useVoiceAppSettings } from './queries.ts';
import { DateTime } from '../../components/date-time.tsx';

const ROUTE_LABEL: Record<RouteTo, string> = { app: 'App (the backend connects)', team: 'Team (rings the dashboard)', ai: 'AI (the voice agent answers)' };
const HISTORY_SHOWN = 5;

function RouteSelect({ value, onChange, label, testId }: { value: RouteTo; onChange(routeTo: RouteTo): void; label: string; testId: string }) {
  return (
    <select value={value} onChange={(e) => onChange(e.target.value as RouteTo)} aria-label={label} data-testid={testId}>
      {ROUTE_TO.map((route) => <option key={route} value={route}>{ROUTE_LABEL[route]}</option>)}
    </select>
  );
}

function Numbers() {
  const numbers = useBusinessNumbers();
  const { route, add } = useNumberActions();
  const [number, setNumber] = useState('');
  const [routeTo, setRouteTo] = useState<RouteTo>('app');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ ...(number.trim() ? { number: number.trim() } : {}), routeTo }, {
      onSuccess: (added) => {
        setNumber('');
        announce(`Number ${added.number} added.`);
      },
    });
  };
  if (numbers.isPending) return <Loading label="Loading the numbers…" />;
  if (numbers.isError) return <ErrorState error={numbers.error} onRetry={() => void numbers.refetch()} />;
  return (
    <div className="app-numbers">
      <h3 className="small-heading">Business numbers</h3>
      {numbers.data.data.length === 0 ? <p className="muted small" data-testid="app-numbers-empty">No business number: calls involving a phone need one. Add one below.</p> : (
        <table className="table compact" data-testid="app-numbers">
          <thead><tr><th>Number</th><th>Calls to it go to</th><th>Added</th></tr></thead>
          <tbody>
            {numbers.data.data.map((n) => (
              <tr key={n.number} data-testid="app-number-row" data-number={n.number} data-route={n.routeTo}>
                <td className="mono">{n.number}</td>
                <td><RouteSelect value={n.routeTo} onChange={(next) => route.mutate({ number: n.number, routeTo: next }, { onSuccess: () => announce(`${n.number} now goes to ${next}.`) })}
                  label={`Routing of ${n.number}`} testId="app-number-route" /></td>
                <td className="muted"><DateTime iso={n.createdAt} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {route.isError ? <div className="app-action-error"><ErrorState error={route.error} /></div> : null}
      <form className="inline app-add-number" onSubmit={submit} aria-label="Add a number">
        <input value={number} onChange={(e) => setNumber(e.target.value)} placeholder="+18005550199" aria-label="Number to add (blank: the next free one)" data-testid="app-number-new" />
        <RouteSelect value={routeTo} onChange={setRouteTo} label="Routing of the new number" testId="app-number-new-route" />
        <Button type="submit" className="button" disabled={add.isPending} data-testid="app-number-add">Add number</Button>
      </form>
      {add.isError ? <div className="app-action-error"><ErrorState error={add.error} refused="Not added" /></div> : null}
      <p className="muted small">Leave the number blank to take the simulated carrier&rsquo;s next free one.</p>
      <p className="muted small">A number routed to the app waits 45 s for your backend&rsquo;s connect only while a webhook endpoint listens to <code>voice.app.call.inbound</code>; without one, its calls ring the team.</p>
    </div>
  );
}

function PhoneCalling() {
  const settings = useVoiceAppSettings();
  const set = useSetPhoneCalling();
  if (settings.isPending) return <Loading label="Loading the settings…" />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  const { pstnEnabled, history } = settings.data;
  return (
    <div className="app-phone-calling">
      <h3 className="small-heading">Phone calling</h3>
      <label className="app-switch">
        <input type="checkbox" role="switch" checked={pstnEnabled} disabled={set.isPending} data-testid="app-pstn"
          onChange={(e) => set.mutate(e.target.checked, { onSuccess: (s) => announce(`Phone calling ${s.pstnEnabled ? 'on' : 'off'}.`) })} />
        <span>Calls to and from phones {pstnEnabled ? 'are on' : 'are off: placing, connecting to and dialling in from a phone are refused'}</span>
      </label>
      {set.isError ? <div className="app-action-error"><ErrorState error={set.error} /></div> : null}
      {history.length === 0 ? <p className="muted small">Never changed.</p> : (
        <ol className="app-history" aria-label="Recent changes of phone calling" data-testid="app-pstn-history">
          {history.slice(0, HISTORY_SHOWN).map((change, at) => (
            // Newest first and never reordered: two changes at one instant of a stopped clock differ only by place.
            <li key={`${at}-${change.changedAt}`} className="small" data-testid="app-pstn-change">
              <strong>{change.pstnEnabled ? 'On' : 'Off'}</strong>
              <span className="muted"> · {time(change.changedAt)} · {change.changedVia === 'api' ? `API key ${change.apiKeyId ?? ''}` : 'dashboard'}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function NumbersCard() {
  return (
    <section className="card app-numbers-card" aria-labelledby="app-numbers-title" data-testid="app-numbers-card">
      <h2 id="app-numbers-title" className="card-title">Numbers &amp; settings</h2>
      <div className="app-numbers-grid">
        <Numbers />
        <PhoneCalling />
      </div>
    </section>
  );
}
