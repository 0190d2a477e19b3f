// A moment with its date, written as `time` writes it, for a narrow table column: the line breaks only between the
// date and the time of day, so it takes two lines at most ("Nov 25, 2026," / "10:21:33 PM"), never three.
import { time, timeParts } from './format.ts';

export function DateTime({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <>{time(iso)}</>;
  const [day, clock] = timeParts(iso);
  return <time dateTime={iso}><span className="nowrap">{day}</span> <span className="nowrap">{clock}</span></time>;
}
