// What every channel's campaign builder shares: numbered steps, option cards, the recipients and the name
// and schedule with what they add to the request, the summary card with its blockers, the core's refusals
// shown as sent and the actions, and the requests behind them (a draft, or created and launched at once).
import { useId, useMemo, type FormEvent, type ReactNode } from 'react';
import { minuteTime } from '../../components/format.ts';
import { ErrorState, StillNeeded } from '../../components/states.tsx';
import { useTopUpAction } from '../wallet/top-up-action.ts';
import { useKept } from './builder-draft.ts';
import { LaunchDialog, type LaunchConfirm } from './launch-confirm.tsx';
import type { LaunchFacts } from './launch-words.ts';
import { useCreateCampaign } from './mutations.ts';
import type { CampaignTab } from './queries.ts';
import { checkRecipients, entriesOfText, type RecipientKind } from './recipients.ts';
import type { CsvFile } from './recipients-field.tsx';
import { ScheduleField, type Schedule } from './schedule-field.tsx';
import { useVirtualNow } from '../simulator/queries.ts';
import { browserZone, instantIn, passedAt, scheduleLabel, scheduledAtOf, skippedLocal, timeZones, zoneNamed } from './schedule.ts';

export function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section className="card builder-step" aria-labelledby={`step-${n}`}>
      <h2 id={`step-${n}`}><span className="step-number" aria-hidden>{n}</span>{title}</h2>
      {children}
    </section>
  );
}

/** A radio group of cards (templates, audiences), keyboard navigable like any radio group; picking one hands back its item. */
export function OptionCards<T>({ label, name, options, value, onChange, className = 'template-options' }: {
  label: string; name: string; value: string; onChange(item: T): void; className?: string;
  options: Array<{ value: string; item: T; testId: string; templateName?: string; content: ReactNode }>;
}) {
  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={`template-option${o.value === value ? ' selected' : ''}`} data-testid={o.testId} data-template-name={o.templateName}>
          <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.item)} />
          {o.content}
        </label>
      ))}
    </div>
  );
}

/** The recipients pasted or uploaded, checked, kept under the builder's `key`; `field` is what `RecipientsField` takes. */
export function useRecipients(key: string, kind: RecipientKind = 'phone') {
  const [text, setText] = useKept(`${key}.recipients.text`, '');
  const [csv, setCsv] = useKept<CsvFile | null>(`${key}.recipients.csv`, null);
  const check = useMemo(() => checkRecipients([...entriesOfText(text), ...(csv?.entries ?? [])], kind), [text, csv, kind]);
  return { check, field: { kind, text, onText: setText, csv, onCsv: setCsv, check } };
}

/**
 * The name a campaign left unnamed gets: its template's and the virtual clock's time, written as the console writes
 * times ("Order update card · Nov 26, 2026, 7:09 PM"), not the API's generated "Order update card 2026-11-26 19:09".
 */
export const defaultCampaignName = (template: string, nowIso: string): string => `${template} · ${minuteTime(nowIso)}`;

/**
 * The name and schedule every builder ends with: `field` is what `NameAndSchedule` takes, `blockers` and
 * `input` what they add to the builder's, `sends` the summary's line. A time the virtual clock has passed
 * is a blocker in every builder (the core would refuse it). Where the name is optional, `unnamedFor` (the template's
 * name) gives the default name: shown in the empty field and sent (`name`) when none is typed. Kept under the builder's
 * `key` while the user visits another page (builder-draft.ts).
 */
export function useNameAndSchedule({ key, nameRequired, unnamedFor }: { key: string; nameRequired: boolean; unnamedFor?: string | undefined }) {
  const [name, setName] = useKept(`${key}.name`, '');
  const [schedule, setSchedule] = useKept<Schedule>(`${key}.schedule`, () => ({ enabled: false, localAt: '', zone: browserZone() }));
  const now = useVirtualNow();
  const zones = useMemo(timeZones, []);
  // The zone as typed, once it is one of the list's; null while it is not (a blocker).
  const zone = zoneNamed(schedule.zone, zones);
  const defaultName = !nameRequired && unnamedFor && now ? defaultCampaignName(unnamedFor, now) : null;
  return {
    name: name.trim() || (defaultName ?? ''),
    scheduled: schedule.enabled,
    field: { name, onName: setName, optional: !nameRequired, defaultName, schedule, onSchedule: setSchedule },
    blockers: [
      ...(nameRequired && !name.trim() ? ['a campaign name'] : []),
      ...(schedule.enabled && !schedule.localAt ? ['the date and time of the schedule'] : []),
      ...(schedule.enabled && !zone ? ['a time zone from the list'] : []),
      ...(schedule.enabled && zone && passedAt(schedule.localAt, zone, now) ? ['a schedule time that has not passed'] : []),
      ...(schedule.enabled && zone && skippedLocal(schedule.localAt, zone) ? ['a schedule time that exists in its time zone'] : []),
    ],
    input: schedule.enabled && zone ? { scheduledAt: scheduledAtOf(schedule.localAt), scheduleTimezone: zone } : {},
    sends: schedule.enabled ? sendsAt(schedule, zone) : 'Immediately on launch',
  };
}

/**
 * The summary's "Sends" for a schedule: the time as the campaign's page will write it ("Nov 28, 2026, 6:44 AM
 * (Asia/Kolkata)"), once its zone is one of the list's; the wall time as typed while it is not.
 */
function sendsAt(schedule: Schedule, zone: string | null): string {
  if (!schedule.localAt) return 'Pick a time';
  const at = zone ? instantIn(schedule.localAt, zone) : null;
  return at ? scheduleLabel(at, zone) : `${schedule.localAt.replace('T', ' ')} ${zone ?? schedule.zone}`;
}

/** The last step of every builder: the campaign's name (optional where the core generates one) and its schedule. */
export function NameAndSchedule({ n, name, onName, placeholder, optional = false, defaultName = null, schedule, onSchedule }: {
  n: number; name: string; onName(name: string): void; placeholder: string; optional?: boolean; defaultName?: string | null;
  schedule: Schedule; onSchedule(schedule: Schedule): void;
}) {
  return (
    <Step n={n} title="Name and schedule">
      <label className="field">
        <span>Campaign name{optional ? <> <span className="muted">(optional: the template and the time otherwise)</span></> : null}</span>
        <input className="input" value={name} onChange={(e) => onName(e.target.value)} maxLength={200} placeholder={defaultName ?? placeholder} data-testid="campaign-name" />
      </label>
      <ScheduleField schedule={schedule} onChange={onSchedule} />
    </Step>
  );
}

/** The form's own submit (Enter in a field) does what the summary's first button does: a draft where there is one. */
export const formSubmit = (submit: (andLaunch: boolean) => void) => (event: FormEvent) => {
  event.preventDefault();
  submit(false);
};

/**
 * A draft, or a campaign created and launched in one request (nothing is left behind when the core refuses);
 * either opens the campaign. A channel whose create already dispatches (RCS) passes `launches: false`.
 * `clear` forgets the last refusal: the builders call it when the form changes, so an error never outlives
 * the input it was about.
 */
export function useCreateAndLaunch<Input>(channel: CampaignTab, onOpen: (id: string) => void, launches = true) {
  const create = useCreateCampaign<Input>(channel);
  const launch = useCreateCampaign<Input>(channel, true);
  const busy = create.isPending || launch.isPending;
  function clear() {
    if (busy) return;
    create.reset();
    launch.reset();
  }
  function submit(input: Input, andLaunch: boolean) {
    clear();
    (andLaunch && launches ? launch : create).mutate(input, { onSuccess: (created) => onOpen(created.id) });
  }
  return { submit, clear, create, launch, busy };
}

type Outcome = { isError: boolean; error: Error | null };
type Flow = { create: Outcome; launch: Outcome; busy: boolean };

/**
 * The summary card: facts, what the wallet lacks for the launch (`short`: a WalletShort), what is still missing, the
 * core's errors (a refusal for the wallet's balance or credits with the way to top it up) and the actions. The launch
 * asks first (`confirm`, saying `launch` in words); only its Confirm submits.
 */
export function BuilderSummary({ rows, short, blockers, flow, onClose, onSubmit, draft = true, launchLabel, confirm, launch: facts }: {
  rows: Array<[string, ReactNode]>; short?: ReactNode; blockers: string[]; flow: Flow; onClose(): void;
  onSubmit(andLaunch: boolean): void; draft?: boolean; launchLabel: string; confirm: LaunchConfirm; launch: LaunchFacts;
}) {
  const { create, launch, busy } = flow;
  const createTopUp = useTopUpAction(create.error);
  const launchTopUp = useTopUpAction(launch.error);
  // The buttons name what is still needed as their description while it keeps them off.
  const neededId = useId();
  const describedBy = blockers.length ? neededId : undefined;
  return (
    <div className="card summary-card">
      <dl className="summary">
        {rows.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
      </dl>
      {short}
      <StillNeeded items={blockers} id={neededId} />
      {create.isError ? <ErrorState error={create.error} action={createTopUp} /> : null}
      {launch.isError ? <div data-testid="launch-error"><ErrorState error={launch.error} action={launchTopUp} /></div> : null}
      <div className="builder-actions">
        <button type="button" className="button ghost" onClick={onClose}>Cancel</button>
        {draft ? <button type="submit" className="button" disabled={busy || blockers.length > 0} aria-describedby={describedBy} data-testid="create-draft">Create draft</button> : null}
        <button type="button" className="button primary" disabled={busy || blockers.length > 0} aria-describedby={describedBy} aria-haspopup="dialog"
          onClick={confirm.ask} data-testid="create-launch">
          {busy ? 'Working…' : launchLabel}
        </button>
      </div>
      <LaunchDialog confirm={confirm} facts={facts} onConfirm={() => onSubmit(true)} />
    </div>
  );
}
