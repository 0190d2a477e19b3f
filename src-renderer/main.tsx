// Entry point: returns to the place the URL names (a reload keeps the page), follows how the tab moves through its
// history (for as long as the page lives), then mounts the console.
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { watchArrival } from './app/arrival.ts';
import { restorePlace } from './app/place-sync.ts';
import './styles.css';

restorePlace(window.location.hash);

createRoot(document.getElementById('root') as HTMLElement).render(<App arrival={watchArrival()} />);
