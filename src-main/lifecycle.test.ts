// Quitting closes the core first, exactly once, and exits even when closing fails.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, fakeEvent, resetFakeElectron } from './testing/fake-electron.ts';
import { installQuitHandling } from './lifecycle.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

function beforeQuit(): boolean {
  const event = fakeEvent({});
  app.emit('before-quit', event);
  return event.defaultPrevented;
}

beforeEach(() => resetFakeElectron());

describe('installQuitHandling', () => {
  it('holds the quit until the core has closed, then quits for real', async () => {
    let finishClose = (): void => undefined;
    const closeCore = vi.fn(() => new Promise<void>((resolve) => void (finishClose = resolve)));
    installQuitHandling({ closeCore, log: vi.fn(), onSignal: vi.fn() });
    expect(beforeQuit()).toBe(true);
    expect(beforeQuit()).toBe(true);
    expect(closeCore).toHaveBeenCalledOnce();
    expect(app.quit).not.toHaveBeenCalled();
    finishClose();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(beforeQuit()).toBe(false);
    expect(closeCore).toHaveBeenCalledOnce();
  });

  it('still quits when closing the core fails, and says why', async () => {
    const log = vi.fn();
    installQuitHandling({ closeCore: async () => Promise.reject(new Error('disk gone')), log, onSignal: vi.fn() });
    beforeQuit();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    expect(log).toHaveBeenCalledWith(expect.stringContaining('disk gone'));
  });

  it('quits when the last window closes, except on macOS', () => {
    installQuitHandling({ closeCore: async () => undefined, log: vi.fn(), platform: 'linux', onSignal: vi.fn() });
    app.emit('window-all-closed');
    expect(app.quit).toHaveBeenCalledOnce();
    resetFakeElectron();
    installQuitHandling({ closeCore: async () => undefined, log: vi.fn(), platform: 'darwin', onSignal: vi.fn() });
    app.emit('window-all-closed');
    expect(app.quit).not.toHaveBeenCalled();
  });

  it('turns SIGINT and SIGTERM into a clean quit', () => {
    const handlers = new Map<string, () => void>();
    installQuitHandling({ closeCore: async () => undefined, log: vi.fn(), onSignal: (signal, handler) => void handlers.set(signal, handler) });
    expect([...handlers.keys()]).toEqual(['SIGINT', 'SIGTERM']);
    handlers.get('SIGTERM')?.();
    expect(app.quit).toHaveBeenCalledOnce();
  });
});
