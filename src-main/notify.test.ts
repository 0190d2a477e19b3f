// Notifications: shown when the console is not in front, and a click brings it back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { BrowserWindow, Notification, resetFakeElectron } from './testing/fake-electron.ts';
import { notifyIfUnfocused, showNotification } from './notify.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

const MESSAGE = { title: 'WhatsApp: +14155550101', body: 'Is order 1001 on its way?' };

function fakeWindow(state: { focused?: boolean; minimized?: boolean; destroyed?: boolean } = {}) {
  const window = new BrowserWindow({});
  Object.assign(window, state);
  return { fake: window, window: window as unknown as ElectronWindow };
}

beforeEach(() => resetFakeElectron());

describe('notifyIfUnfocused', () => {
  it('stays silent while the console window has focus', () => {
    const { window } = fakeWindow({ focused: true });
    expect(notifyIfUnfocused(window, MESSAGE)).toBe(false);
    expect(Notification.instances).toHaveLength(0);
  });

  it('shows a native notification when the window is in the background', () => {
    const { window } = fakeWindow({ focused: false });
    expect(notifyIfUnfocused(window, MESSAGE)).toBe(true);
    expect(Notification.instances).toHaveLength(1);
    expect(Notification.instances[0]?.options).toEqual(MESSAGE);
    expect(Notification.instances[0]?.show).toHaveBeenCalledOnce();
  });

  it('shows one when there is no window (or it was destroyed)', () => {
    expect(notifyIfUnfocused(null, MESSAGE)).toBe(true);
    expect(notifyIfUnfocused(fakeWindow({ focused: true, destroyed: true }).window, MESSAGE)).toBe(true);
    expect(Notification.instances).toHaveLength(2);
  });

  it('a click restores and focuses the window', () => {
    const { fake, window } = fakeWindow({ focused: false, minimized: true });
    notifyIfUnfocused(window, MESSAGE);
    Notification.instances[0]?.emit('click');
    expect(fake.restore).toHaveBeenCalledOnce();
    expect(fake.show).toHaveBeenCalledOnce();
    expect(fake.focus).toHaveBeenCalledOnce();
  });

  it('does nothing where the platform has no notifications', () => {
    Notification.isSupported.mockImplementation(() => false);
    expect(notifyIfUnfocused(null, MESSAGE)).toBe(false);
    expect(showNotification(null, MESSAGE)).toBe(false);
    expect(Notification.instances).toHaveLength(0);
  });
});

describe('showNotification', () => {
  it('shows even when the window has focus (the console asked for it)', () => {
    expect(showNotification(fakeWindow({ focused: true }).window, MESSAGE)).toBe(true);
    expect(Notification.instances).toHaveLength(1);
  });
});
