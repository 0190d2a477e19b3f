// A second launch focuses the running window and quits itself.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow as ElectronWindow } from 'electron';
import { BrowserWindow, app, resetFakeElectron } from './testing/fake-electron.ts';
import { claimSingleInstance } from './single-instance.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

beforeEach(() => resetFakeElectron());

describe('claimSingleInstance', () => {
  it('quits at once when another instance holds the lock', () => {
    app.requestSingleInstanceLock.mockImplementation(() => false);
    expect(claimSingleInstance(() => null)).toBe(false);
    expect(app.quit).toHaveBeenCalledOnce();
    expect(app.listenerCount('second-instance')).toBe(0);
  });

  it('holding the lock, brings the existing window forward when a second launch happens', () => {
    const fake = new BrowserWindow({});
    fake.minimized = true;
    expect(claimSingleInstance(() => fake as unknown as ElectronWindow)).toBe(true);
    expect(app.quit).not.toHaveBeenCalled();
    app.emit('second-instance', {}, ['switchboard'], '/home/user');
    expect(fake.restore).toHaveBeenCalledOnce();
    expect(fake.show).toHaveBeenCalledOnce();
    expect(fake.focus).toHaveBeenCalledOnce();
  });

  it('ignores a second launch while there is no window yet', () => {
    expect(claimSingleInstance(() => null)).toBe(true);
    expect(() => app.emit('second-instance', {}, [], '/')).not.toThrow();
  });
});
