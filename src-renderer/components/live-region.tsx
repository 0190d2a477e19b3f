// The console's one polite live region, mounted once in the shell: each announcement is a new paragraph, so
// a screen reader reads the new one (additions only, not the whole region), even when its text repeats.
import { useAnnouncer } from '../stores/announcer.ts';

export function LiveRegion() {
  const said = useAnnouncer((state) => state.said);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="false" aria-relevant="additions text" data-testid="announcer">
      {said.map((announcement) => <p key={announcement.id}>{announcement.text}</p>)}
    </div>
  );
}
