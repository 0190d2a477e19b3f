// A message's time: the time of day, with the date too (as `time` writes it) when it is not the virtual clock's
// today (after the clock was advanced by a day, a time alone would be ambiguous).
import { useClock } from '../features/simulator/queries.ts';
import { shortTime, time } from './format.ts';

export function When({ iso }: { iso: string | null | undefined }) {
  const now = useClock().data?.now;
  if (!iso) return null;
  const at = new Date(iso);
  const dated = now !== undefined && at.toDateString() !== new Date(now).toDateString();
  return (
    <time dateTime={iso} data-dated={dated ? 'true' : 'false'}>
      {dated ? time(iso) : shortTime(iso)}
    </time>
  );
}
