// The preload exposes `window.switchboard` with the base URL, the token and the three shell actions, nothing else.
import { describe, expect, it, vi } from 'vitest';
import { BOOTSTRAP_CHANNEL, SHELL_CHANNELS, type SwitchboardBridge } from './bridge.ts';
import type * as FakeElectronModule from './testing/fake-electron.ts';

vi.mock('electron', () => import('./testing/fake-electron.ts'));

const BOOTSTRAP = { baseUrl: 'http://127.0.0.1:5000', token: 'secret-token' };

type FakeElectron = typeof FakeElectronModule;

/** Runs the preload afresh (the mocked electron module survives `resetModules`) with `answer` as the bootstrap. */
async function runPreload(answer: unknown) {
  vi.resetModules();
  const fake = (await import('electron')) as unknown as FakeElectron;
  fake.resetFakeElectron();
  fake.ipcRenderer.sendSync.mockImplementation((channel: string) => (channel === BOOTSTRAP_CHANNEL ? answer : undefined));
  const loaded = import('./preload.ts');
  return { fake, loaded };
}

async function exposedBridge(): Promise<{ api: SwitchboardBridge; fake: FakeElectron }> {
  const { fake, loaded } = await runPreload(BOOTSTRAP);
  await loaded;
  expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
  const [name, api] = fake.contextBridge.exposeInMainWorld.mock.calls[0] as [string, SwitchboardBridge];
  expect(name).toBe('switchboard');
  return { api, fake };
}

describe('preload', () => {
  it('exposes exactly baseUrl, token, openExternal, revealDataFolder and showNotification', async () => {
    const { api, fake } = await exposedBridge();
    expect(Object.keys(api).sort()).toEqual(['baseUrl', 'openExternal', 'revealDataFolder', 'showNotification', 'token']);
    expect(api.baseUrl).toBe(BOOTSTRAP.baseUrl);
    expect(api.token).toBe(BOOTSTRAP.token);
    expect(fake.ipcRenderer.sendSync).toHaveBeenCalledWith(BOOTSTRAP_CHANNEL);
  });

  it('turns each action into an invoke on its fixed channel, passing only the known fields', async () => {
    const { api, fake } = await exposedBridge();
    await api.openExternal('https://example.com');
    await api.revealDataFolder();
    await api.showNotification({ title: 'New message', body: 'hello', icon: '/etc/passwd' } as { title: string; body: string });
    expect(fake.ipcRenderer.invoke.mock.calls).toEqual([
      [SHELL_CHANNELS.openExternal, 'https://example.com'],
      [SHELL_CHANNELS.revealDataFolder],
      [SHELL_CHANNELS.showNotification, { title: 'New message', body: 'hello' }],
    ]);
  });

  it('exposes nothing when the main process does not answer the bootstrap', async () => {
    for (const answer of [null, undefined, { baseUrl: 'http://x' }, { baseUrl: '', token: 't' }, 'http://x']) {
      const { fake, loaded } = await runPreload(answer);
      await expect(loaded).rejects.toThrow(/did not answer the bootstrap/);
      expect(fake.contextBridge.exposeInMainWorld).not.toHaveBeenCalled();
    }
  });
});
