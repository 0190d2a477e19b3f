// Wires the desktop shell: single instance, the in-process core, the window, the bridge, the menu, quitting.
import { app, dialog, shell, type BrowserWindow } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCore, type CoreHost } from './core-host.ts';
import { installQuitHandling } from './lifecycle.ts';
import { installMenu } from './menu.ts';
import { showNotification } from './notify.ts';
import { registerShellActions } from './shell-actions.ts';
import { claimSingleInstance } from './single-instance.ts';
import { createMainWindow } from './window.ts';

/** Where the built pieces sit next to the built main (out/main): out/preload and out/renderer. */
export function builtPaths(mainDir: string): { preloadPath: string; consoleDir: string } {
  return { preloadPath: join(mainDir, '..', 'preload', 'preload.cjs'), consoleDir: join(mainDir, '..', 'renderer') };
}

const log = (msg: string): void => void process.stderr.write(`${msg}\n`);

async function openDataFolder(core: CoreHost): Promise<void> {
  const failure = await shell.openPath(core.dataFolder);
  if (failure) throw new Error(`could not open ${core.dataFolder}: ${failure}`);
}

/** Runs the app; resolves once the window is open (or at once when another instance already runs). */
export async function startShell(mainDir: string = dirname(fileURLToPath(import.meta.url))): Promise<void> {
  // The same folder the headless `serve` uses by default (src-core/data-path.ts), whatever package.json calls the app.
  app.setPath('userData', join(app.getPath('appData'), 'Switchboard'));
  let window: BrowserWindow | null = null;
  if (!claimSingleInstance(() => window)) return;
  await app.whenReady();

  const { preloadPath, consoleDir } = builtPaths(mainDir);
  let core: CoreHost;
  try {
    core = await startCore({ userDataDir: app.getPath('userData'), consoleDir, log });
  } catch (error) {
    dialog.showErrorBox('Switchboard could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
    return;
  }
  installQuitHandling({ closeCore: core.close, log });

  const origin = new URL(core.ready.url).origin;
  registerShellActions({
    origin,
    bootstrap: { baseUrl: core.ready.url, token: core.ready.dashboardToken },
    isConsoleContents: (contents) => window !== null && !window.isDestroyed() && window.webContents === contents,
    openDataFolder: () => openDataFolder(core),
    showNotification: (notification) => void showNotification(window, notification),
  });
  installMenu({
    openDataFolder: () => void openDataFolder(core).catch((error: unknown) => log(String(error))),
    openApiDocs: () => void shell.openExternal(`${core.ready.url}/docs`).catch((error: unknown) => log(String(error))),
  });

  const open = (): void => {
    const created = createMainWindow({ preloadPath, consoleUrl: core.ready.consoleUrl, origin, log });
    created.on('closed', () => {
      if (window === created) window = null;
    });
    window = created;
  };
  open();
  app.on('activate', () => {
    if (window === null) open();
  });
}
