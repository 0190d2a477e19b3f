// The bridge's main side: only the fixed channels exist, only the console's top frame may call them, arguments are checked.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOTSTRAP_CHANNEL, SHELL_CHANNELS } from './bridge.ts';
import { fakeEvent, ipcMain, resetFakeElectron, shell } from './testing/fake-electron.ts';
import { registerShellActions, type ShellActionDeps } from './shell-actions.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

const ORIGIN = 'http://127.0.0.1:43123';
const consoleContents = { id: 1 };
const consoleFrame = { url: `${ORIGIN}/#token=t`, parent: null };

function setup(): ShellActionDeps & { openDataFolder: ReturnType<typeof vi.fn>; showNotification: ReturnType<typeof vi.fn> } {
  const deps = {
    origin: ORIGIN,
    bootstrap: { baseUrl: ORIGIN, token: 'tok' },
    isConsoleContents: (contents: unknown) => contents === consoleContents,
    openDataFolder: vi.fn(async () => undefined),
    showNotification: vi.fn(),
  };
  registerShellActions(deps as unknown as ShellActionDeps);
  return deps as unknown as ShellActionDeps & { openDataFolder: ReturnType<typeof vi.fn>; showNotification: ReturnType<typeof vi.fn> };
}

const invoke = (channel: string, ...args: unknown[]) => ipcMain.invoke(channel, { senderFrame: consoleFrame, sender: consoleContents }, ...args);

beforeEach(() => resetFakeElectron());

describe('registerShellActions', () => {
  it('handles exactly the three shell channels; any other channel is rejected', async () => {
    setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(SHELL_CHANNELS).sort());
    await expect(invoke('switchboard:run-command', 'rm -rf /')).rejects.toThrow(/No handler registered/);
  });

  it('openExternal opens http and https URLs in the browser', async () => {
    setup();
    await invoke(SHELL_CHANNELS.openExternal, 'https://example.com/a?b=c');
    await invoke(SHELL_CHANNELS.openExternal, 'http://localhost:3000/');
    expect(shell.openExternal.mock.calls).toEqual([['https://example.com/a?b=c'], ['http://localhost:3000/']]);
  });

  it('openExternal refuses other schemes, non-strings and extra arguments', async () => {
    setup();
    for (const args of [['file:///etc/passwd'], ['javascript:alert(1)'], ['ms-settings:'], ['nope'], [42], [], ['https://a.test', 'extra']]) {
      await expect(invoke(SHELL_CHANNELS.openExternal, ...args)).rejects.toThrow(/openExternal: invalid arguments/);
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('revealDataFolder opens the data folder and takes no arguments', async () => {
    const deps = setup();
    await invoke(SHELL_CHANNELS.revealDataFolder);
    expect(deps.openDataFolder).toHaveBeenCalledOnce();
    await expect(invoke(SHELL_CHANNELS.revealDataFolder, '/etc')).rejects.toThrow(/revealDataFolder: invalid arguments/);
    expect(deps.openDataFolder).toHaveBeenCalledOnce();
  });

  it('showNotification takes exactly {title, body}', async () => {
    const deps = setup();
    await invoke(SHELL_CHANNELS.showNotification, { title: 'New message', body: 'Hi from +14155550101' });
    expect(deps.showNotification).toHaveBeenCalledWith({ title: 'New message', body: 'Hi from +14155550101' });
    const bad = [[], [{ title: 'x' }], [{ title: '', body: 'b' }], [{ title: 't', body: 'b', icon: '/etc/x.png' }], ['t', 'b'], [{ title: 't'.repeat(300), body: '' }]];
    for (const args of bad) await expect(invoke(SHELL_CHANNELS.showNotification, ...args)).rejects.toThrow(/showNotification: invalid arguments/);
    expect(deps.showNotification).toHaveBeenCalledOnce();
  });

  it('refuses callers that are not the console: another origin, a subframe, no frame', async () => {
    const deps = setup();
    const senders = [
      { senderFrame: { url: 'https://evil.test/', parent: null } },
      { senderFrame: { url: `${ORIGIN}/`, parent: consoleFrame } },
      { senderFrame: null },
    ];
    for (const event of senders) {
      await expect(ipcMain.invoke(SHELL_CHANNELS.openExternal, event, 'https://example.com')).rejects.toThrow(/only available to the console/);
      await expect(ipcMain.invoke(SHELL_CHANNELS.revealDataFolder, event)).rejects.toThrow(/only available to the console/);
    }
    expect(shell.openExternal).not.toHaveBeenCalled();
    expect(deps.openDataFolder).not.toHaveBeenCalled();
  });

  it('answers the bootstrap with base URL and token to the console window only', () => {
    setup();
    const fromConsole = fakeEvent({ sender: consoleContents, returnValue: undefined as unknown });
    ipcMain.emit(BOOTSTRAP_CHANNEL, fromConsole);
    expect(fromConsole.returnValue).toEqual({ baseUrl: ORIGIN, token: 'tok' });
    const fromElsewhere = fakeEvent({ sender: { id: 2 }, returnValue: undefined as unknown });
    ipcMain.emit(BOOTSTRAP_CHANNEL, fromElsewhere);
    expect(fromElsewhere.returnValue).toBeNull();
  });

  it('unregisters everything it registered', () => {
    const unregister = registerShellActions({
      origin: ORIGIN, bootstrap: { baseUrl: ORIGIN, token: 't' }, isConsoleContents: () => true,
      openDataFolder: async () => undefined, showNotification: () => undefined,
    });
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
    expect(ipcMain.listenerCount(BOOTSTRAP_CHANNEL)).toBe(0);
  });
});
