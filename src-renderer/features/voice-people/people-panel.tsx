// People & bookings: the voice app's booking feature in the console (its identities with their devices, and its
// booking sessions with a call placed within one). Self-contained: it is mounted on the Calls page as it stands.
import { BookingsSection } from './bookings-section.tsx';
import { PeopleSection } from './people-section.tsx';
import './people.css';

export function PeoplePanel() {
  return (
    <section className="card people-panel" aria-labelledby="people-panel-title" data-testid="people-panel">
      <div className="page-title">
        <h2 id="people-panel-title" className="small-heading">People &amp; bookings</h2>
      </div>
      <PeopleSection />
      <BookingsSection />
    </section>
  );
}
