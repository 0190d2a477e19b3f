// The optional schedule: a local date and time read in a chosen IANA time zone (the browser's by default).
// A time the virtual clock has already passed is said at once, both times in the reader's own format.
import { useId, useMemo } from 'react';
import { useVirtualNow } from '../simulator/queries.ts';
import { passedAt, scheduleLabel, skippedLocal, timeZones } from './schedule.ts';

export type Schedule = { enabled: boolean; localAt: string; zone: string };

export function ScheduleField({ schedule, onChange }: { schedule: Schedule; onChange(schedule: Schedule): void }) {
  const id = useId();
  const zones = useMemo(timeZones, []);
  const now = useVirtualNow();
  const passed = schedule.enabled ? passedAt(schedule.localAt, schedule.zone, now) : null;
  const skipped = schedule.enabled && skippedLocal(schedule.localAt, schedule.zone);
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
          <label className="field grow" htmlFor={`${id}-zone`}>
            <span>Time zone</span>
            <select id={`${id}-zone`} className="input" value={schedule.zone} onChange={(e) => onChange({ ...schedule, zone: e.target.value })} data-testid="schedule-zone">
              {zones.map((zone) => <option key={zone} value={zone}>{zone.replace(/_/g, ' ')}</option>)}
            </select>
          </label>
        </div>
      ) : null}
      {skipped ? (
        <p className="field-error" role="alert" data-testid="schedule-error">
          {schedule.localAt.replace('T', ' ')} does not exist in {schedule.zone}: its clocks skip that time when daylight saving time starts. Pick another time.
        </p>
      ) : null}
      {passed && now ? (
        <p className="field-error" role="alert" data-testid="schedule-error">
          {scheduleLabel(passed, schedule.zone)} has already passed: it is now {scheduleLabel(now, schedule.zone)}. Pick a later time.
        </p>
      ) : null}
    </div>
  );
}
