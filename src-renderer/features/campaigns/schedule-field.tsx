// The optional schedule: a local date and time read in a chosen IANA time zone (the browser's by default), the zone
// typed with suggestions from the browser's list (about 400: a search, not a long menu) and checked against it.
// A time the virtual clock has already passed is said at once, both times in the reader's own format.
import { useId, useMemo, useState } from 'react';
import { useVirtualNow } from '../simulator/queries.ts';
import { passedAt, scheduleLabel, skippedLocal, timeZones, zoneNamed } from './schedule.ts';

/** `zone` is the text of the zone field, as typed: `zoneNamed` says which zone of the list it is, if any. */
export type Schedule = { enabled: boolean; localAt: string; zone: string };

/** The zone field: typing filters the list's suggestions; on leaving it, a name written loosely becomes the zone's own. */
function ZoneField({ id, text, zones, onText }: { id: string; text: string; zones: string[]; onText(text: string): void }) {
  const [typing, setTyping] = useState(false);
  const zone = zoneNamed(text, zones);
  // Said once the field is left (not at every letter typed): a name that is not in the list.
  const wrong = !zone && !typing;
  return (
    <div className="field grow">
      <label htmlFor={`${id}-zone`}>Time zone <span className="muted">(type a city or region to search)</span></label>
      <input id={`${id}-zone`} className="input" list={`${id}-zones`} value={text} autoComplete="off" spellCheck={false} required
        onChange={(e) => onText(e.target.value)} onFocus={() => setTyping(true)}
        onBlur={() => { setTyping(false); if (zone && zone !== text) onText(zone); }}
        aria-invalid={wrong} aria-describedby={wrong ? `${id}-zone-error` : undefined} data-testid="schedule-zone" data-zone={zone ?? ''} />
      <datalist id={`${id}-zones`}>
        {zones.map((name) => <option key={name} value={name}>{name.includes('_') ? name.replace(/_/g, ' ') : undefined}</option>)}
      </datalist>
      {wrong ? (
        <p id={`${id}-zone-error`} className="field-error" role="alert" data-testid="schedule-zone-error">
          {text.trim() ? `“${text.trim()}” is not a time zone the browser knows` : 'Type a time zone'}: type part of a city or region (Kolkata, New York) and pick one of the suggestions.
        </p>
      ) : null}
    </div>
  );
}

export function ScheduleField({ schedule, onChange }: { schedule: Schedule; onChange(schedule: Schedule): void }) {
  const id = useId();
  const zones = useMemo(timeZones, []);
  const now = useVirtualNow();
  const zone = zoneNamed(schedule.zone, zones);
  const passed = schedule.enabled && zone ? passedAt(schedule.localAt, zone, now) : null;
  const skipped = schedule.enabled && zone !== null && skippedLocal(schedule.localAt, zone);
  return (
    <div className="schedule">
      <label className="check">
        <input type="checkbox" checked={schedule.enabled} onChange={(e) => onChange({ ...schedule, enabled: e.target.checked })} data-testid="schedule-toggle" />
        Schedule for later
      </label>
      {schedule.enabled ? (
        <div className="form-row">
          <label className="field" htmlFor={`${id}-at`}>
            <span>Send at</span>
            <input id={`${id}-at`} className="input" type="datetime-local" value={schedule.localAt} onChange={(e) => onChange({ ...schedule, localAt: e.target.value })}
              required data-testid="schedule-at" />
          </label>
          <ZoneField id={id} text={schedule.zone} zones={zones} onText={(text) => onChange({ ...schedule, zone: text })} />
        </div>
      ) : null}
      {skipped ? (
        <p className="field-error" role="alert" data-testid="schedule-error">
          {schedule.localAt.replace('T', ' ')} does not exist in {zone}: its clocks skip that time when daylight saving time starts. Pick another time.
        </p>
      ) : null}
      {passed && now ? (
        <p className="field-error" role="alert" data-testid="schedule-error">
          {scheduleLabel(passed, zone)} has already passed: it is now {scheduleLabel(now, zone)}. Pick a later time.
        </p>
      ) : null}
    </div>
  );
}
