// Native notifications: shown always on request, or only when the console window is not in front.
import { Notification, type BrowserWindow } from 'electron';
import type { ShellNotification } from './bridge.ts';

export function focusWindow(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** Shows a native notification; clicking it brings `window` forward. False when the platform has none. */
export function showNotification(window: BrowserWindow | null, { title, body }: ShellNotification): boolean {
  if (!Notification.isSupported()) return false;
  const notification = new Notification({ title, body });
  notification.on('click', () => focusWindow(window));
  notification.show();
  return true;
}

/** For events the user should not miss (an inbound message): silent while they are looking at the console. */
export function notifyIfUnfocused(window: BrowserWindow | null, notification: ShellNotification): boolean {
  if (window && !window.isDestroyed() && window.isFocused()) return false;
  return showNotification(window, notification);
}
