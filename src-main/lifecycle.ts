// Quitting: the core is closed (requests finished, jobs stopped, database closed) before the app exits.
import { app } from 'electron';

export type QuitOptions = {
  closeCore: () => Promise<void>;
  log: (msg: string) => void;
  platform?: NodeJS.Platform;
  /** Where SIGINT and SIGTERM (Ctrl+C in the terminal that ran `npm start`) are heard; they quit the same clean way. */
  onSignal?: (signal: 'SIGINT' | 'SIGTERM', handler: () => void) => void;
};

const processSignal = (signal: 'SIGINT' | 'SIGTERM', handler: () => void): void => void process.on(signal, handler);

export function installQuitHandling({ closeCore, log, platform = process.platform, onSignal = processSignal }: QuitOptions): void {
  let state: 'running' | 'closing' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    closeCore()
      .catch((error: unknown) => log(`error while closing the core: ${String(error)}`))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
  // On macOS the app stays in the dock with its core running; `activate` opens a new window.
  app.on('window-all-closed', () => {
    if (platform !== 'darwin') app.quit();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) onSignal(signal, () => app.quit());
}
