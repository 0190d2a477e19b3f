// The sandboxed preload: exposes `window.switchboard` (base URL, token, three shell actions) and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { BOOTSTRAP_CHANNEL, SHELL_CHANNELS, isBridgeBootstrap, type ShellNotification, type SwitchboardBridge } from './bridge.ts';

const bootstrap: unknown = ipcRenderer.sendSync(BOOTSTRAP_CHANNEL);
if (!isBridgeBootstrap(bootstrap)) throw new Error('switchboard preload: the main process did not answer the bootstrap request');

const bridge: SwitchboardBridge = {
  baseUrl: bootstrap.baseUrl,
  token: bootstrap.token,
  openExternal: async (url: string) => {
    await ipcRenderer.invoke(SHELL_CHANNELS.openExternal, url);
  },
  revealDataFolder: async () => {
    await ipcRenderer.invoke(SHELL_CHANNELS.revealDataFolder);
  },
  showNotification: async (notification: ShellNotification) => {
    await ipcRenderer.invoke(SHELL_CHANNELS.showNotification, { title: notification.title, body: notification.body });
  },
};

contextBridge.exposeInMainWorld('switchboard', bridge);
