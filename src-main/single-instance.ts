// One Switchboard per user: a second launch brings the running window forward and quits.
import { app, type BrowserWindow } from 'electron';
import { focusWindow } from './notify.ts';

/** True when this process holds the lock and should go on starting; false when it is quitting. */
export function claimSingleInstance(currentWindow: () => BrowserWindow | null): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => focusWindow(currentWindow()));
  return true;
}
