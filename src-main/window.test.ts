// The console window: hardened webPreferences, the preload, navigation locked to the core's origin.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, fakeEvent, resetFakeElectron, shell } from './testing/fake-electron.ts';
import { createMainWindow, windowOptions } from './window.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

const ORIGIN = 'http://127.0.0.1:43123';
const log = vi.fn();

function openWindow(): BrowserWindow {
  createMainWindow({ preloadPath: '/app/out/preload/preload.cjs', consoleUrl: `${ORIGIN}/#token=abc`, origin: ORIGIN, log });
  const window = BrowserWindow.instances[0];
  if (!window) throw new Error('no window was created');
  return window;
}

function navigate(window: BrowserWindow, url: string): boolean {
  const event = fakeEvent({ url });
  window.webContents.emit('will-navigate', event, url);
  return event.defaultPrevented;
}

beforeEach(() => {
  resetFakeElectron();
  log.mockClear();
});

describe('windowOptions', () => {
  it('isolates the console: context isolation, sandbox, no node, web security, the given preload', () => {
    const prefs = windowOptions('/x/preload.cjs').webPreferences;
    expect(prefs).toMatchObject({
      preload: '/x/preload.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false,
      nodeIntegrationInSubFrames: false, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false,
    });
  });
});

describe('createMainWindow', () => {
  it('creates the window with those options, loads the console URL and shows it when ready', () => {
    const window = openWindow();
    expect(window.options).toEqual(windowOptions('/app/out/preload/preload.cjs'));
    expect(window.loadURL).toHaveBeenCalledWith(`${ORIGIN}/#token=abc`);
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
  });

  it('lets the console navigate within its own origin', () => {
    const window = openWindow();
    expect(navigate(window, `${ORIGIN}/inbox?x=1`)).toBe(false);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('refuses navigation to other origins and opens http(s) ones in the browser', () => {
    const window = openWindow();
    expect(navigate(window, 'https://example.com/docs')).toBe(true);
    expect(navigate(window, 'http://127.0.0.1:9999/')).toBe(true);
    expect(shell.openExternal.mock.calls).toEqual([['https://example.com/docs'], ['http://127.0.0.1:9999/']]);
  });

  it('refuses navigation to non-web URLs without opening them anywhere', () => {
    const window = openWindow();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url']) {
      expect(navigate(window, url)).toBe(true);
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(4);
  });

  it('denies every new window, sending http(s) targets to the browser', () => {
    const { webContents } = openWindow();
    const handler = webContents.windowOpenHandler;
    if (!handler) throw new Error('no window open handler');
    expect(handler({ url: 'https://docs.example.com/' })).toEqual({ action: 'deny' });
    expect(handler({ url: `${ORIGIN}/popup` })).toEqual({ action: 'deny' });
    expect(handler({ url: 'file:///tmp/x' })).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://docs.example.com/'], [`${ORIGIN}/popup`]]);
  });

  it('refuses webviews and permissions the console does not need', () => {
    const { webContents } = openWindow();
    const event = fakeEvent({});
    webContents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
    const answers: Record<string, boolean> = {};
    for (const permission of ['notifications', 'media', 'geolocation', 'openExternal', 'clipboard-sanitized-write']) {
      webContents.permissionHandler?.(webContents, permission, (granted) => void (answers[permission] = granted));
    }
    expect(answers).toEqual({ notifications: true, media: false, geolocation: false, openExternal: false, 'clipboard-sanitized-write': true });
  });
});
