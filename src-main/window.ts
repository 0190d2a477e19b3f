// The console window: hardened webPreferences, navigation locked to the core's origin, external links to the browser.
import { BrowserWindow, shell, type BrowserWindowConstructorOptions, type WebContents } from 'electron';
import { isExternalWebUrl, isSameOrigin } from './urls.ts';

/** Permissions the console may be granted; everything else (camera, microphone, location, ...) is refused. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications', 'clipboard-sanitized-write', 'fullscreen']);

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    title: 'Switchboard',
    show: false,
    backgroundColor: '#0f172a',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  };
}

function openOutside(url: string, log: (msg: string) => void): void {
  if (!isExternalWebUrl(url)) {
    log(`refused to open ${url}: only http and https links leave the app`);
    return;
  }
  shell.openExternal(url).catch((error: unknown) => log(`could not open ${url}: ${String(error)}`));
}

/** Keeps the window on `origin`: other navigations and every new window are refused; http(s) targets open in the browser. */
export function lockNavigation(contents: WebContents, origin: string, log: (msg: string) => void): void {
  contents.on('will-navigate', (event) => {
    if (isSameOrigin(event.url, origin)) return;
    event.preventDefault();
    openOutside(event.url, log);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url, log);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
}

export type MainWindowOptions = { preloadPath: string; consoleUrl: string; origin: string; log: (msg: string) => void };

export function createMainWindow({ preloadPath, consoleUrl, origin, log }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow(windowOptions(preloadPath));
  lockNavigation(window.webContents, origin, log);
  window.once('ready-to-show', () => window.show());
  window.loadURL(consoleUrl).catch((error: unknown) => log(`the console did not load: ${String(error)}`));
  return window;
}
