// The whole shell, wired: electron faked, the real core on a temp user-data folder.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { BOOTSTRAP_CHANNEL, SHELL_CHANNELS } from './bridge.ts';
import { BrowserWindow, Menu, app, dialog, fakeEvent, ipcMain, resetFakeElectron, shell } from './testing/fake-electron.ts';
import { builtPaths, startShell } from './shell.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

const MAIN_DIR = join('/opt', 'switchboard', 'out', 'main');
let appData = '';
let signalListeners: { SIGINT: unknown[]; SIGTERM: unknown[] };

beforeEach(() => {
  resetFakeElectron();
  appData = mkdtempSync(join(tmpdir(), 'switchboard-shell-'));
  app.paths.set('appData', appData);
  signalListeners = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
});

afterEach(async () => {
  // Quit whatever the test left running, the way the app would.
  if (app.listenerCount('before-quit') > 0) {
    app.emit('before-quit', fakeEvent({}));
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) {
      if (!signalListeners[signal].includes(listener)) process.removeListener(signal, listener);
    }
  }
  rmSync(appData, { recursive: true, force: true });
});

function theWindow(): BrowserWindow {
  expect(BrowserWindow.instances).toHaveLength(1);
  return BrowserWindow.instances[0] as BrowserWindow;
}

function consoleUrl(window: BrowserWindow): URL {
  const loaded = window.loadURL.mock.calls[0]?.[0];
  if (!loaded) throw new Error('the window loaded nothing');
  return new URL(loaded);
}

function menuItem(label: string): MenuItemConstructorOptions {
  const template = Menu.buildFromTemplate.mock.calls[0]?.[0] as MenuItemConstructorOptions[];
  const item = template.flatMap((top) => (Array.isArray(top.submenu) ? top.submenu : [])).find((entry) => entry.label === label);
  if (!item?.click) throw new Error(`no menu item ${label}`);
  return item;
}

describe('builtPaths', () => {
  it('finds the preload and the console next to the built main', () => {
    expect(builtPaths(MAIN_DIR)).toEqual({
      preloadPath: join('/opt', 'switchboard', 'out', 'preload', 'preload.cjs'),
      consoleDir: join('/opt', 'switchboard', 'out', 'renderer'),
    });
  });
});

describe('startShell', () => {
  it('starts the core on 127.0.0.1 with the user-data database and opens the console window on it', async () => {
    await startShell(MAIN_DIR);
    const userData = join(appData, 'Switchboard');
    expect(app.setPath).toHaveBeenCalledWith('userData', userData);
    expect(app.setPath.mock.invocationCallOrder[0]).toBeLessThan(app.requestSingleInstanceLock.mock.invocationCallOrder[0] ?? 0);
    expect(existsSync(join(userData, 'switchboard.db'))).toBe(true);

    const window = theWindow();
    expect(window.options).toMatchObject({ webPreferences: { preload: builtPaths(MAIN_DIR).preloadPath, sandbox: true, contextIsolation: true } });
    const url = consoleUrl(window);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(0);
    const token = url.hash.replace('#token=', '');
    const wallet = await fetch(`${url.origin}/dashboard/wallet`, { headers: { authorization: `Bearer ${token}` } });
    expect(wallet.status).toBe(200);
  });

  it('gives the window the bridge: the bootstrap answers the core URL and token; shell actions are registered', async () => {
    await startShell(MAIN_DIR);
    const window = theWindow();
    const url = consoleUrl(window);
    const event = fakeEvent({ sender: window.webContents, returnValue: undefined as unknown });
    ipcMain.emit(BOOTSTRAP_CHANNEL, event);
    expect(event.returnValue).toEqual({ baseUrl: url.origin, token: url.hash.replace('#token=', '') });
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(SHELL_CHANNELS).sort());

    const frame = { senderFrame: { url: url.href, parent: null } };
    await ipcMain.invoke(SHELL_CHANNELS.revealDataFolder, frame);
    expect(shell.openPath).toHaveBeenCalledWith(join(appData, 'Switchboard'));
    shell.openPath.mockImplementation(async () => 'no file manager');
    await expect(ipcMain.invoke(SHELL_CHANNELS.revealDataFolder, frame)).rejects.toThrow(/no file manager/);
  });

  it('wires the menu: data folder and API docs', async () => {
    await startShell(MAIN_DIR);
    const url = consoleUrl(theWindow());
    (menuItem('Open Data Folder').click as () => void)();
    (menuItem('API Docs').click as () => void)();
    expect(shell.openPath).toHaveBeenCalledWith(join(appData, 'Switchboard'));
    // The API reference the core serves (drawn from its OpenAPI document).
    expect(shell.openExternal).toHaveBeenCalledWith(`${url.origin}/docs`);
  });

  it('closes the core before quitting', async () => {
    await startShell(MAIN_DIR);
    const url = consoleUrl(theWindow());
    const event = fakeEvent({});
    app.emit('before-quit', event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledOnce());
    await expect(fetch(`${url.origin}/dashboard/wallet`)).rejects.toThrow();
  });

  it('reopens a window on activate once the last one has closed', async () => {
    await startShell(MAIN_DIR);
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(1);
    theWindow().emit('closed');
    app.emit('activate');
    expect(BrowserWindow.instances).toHaveLength(2);
  });

  it('as a second instance, starts nothing and quits', async () => {
    app.requestSingleInstanceLock.mockImplementation(() => false);
    await startShell(MAIN_DIR);
    expect(app.quit).toHaveBeenCalledOnce();
    expect(app.whenReady).not.toHaveBeenCalled();
    expect(BrowserWindow.instances).toHaveLength(0);
    expect(existsSync(join(appData, 'Switchboard'))).toBe(false);
  });

  it('says why and exits with 1 when the core cannot start', async () => {
    writeFileSync(join(appData, 'Switchboard'), 'a file where the data folder should be');
    await startShell(MAIN_DIR);
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Switchboard could not start', expect.any(String));
    expect(app.exit).toHaveBeenCalledWith(1);
    expect(BrowserWindow.instances).toHaveLength(0);
  });
});
