// A stand-in for the `electron` module in unit tests (`vi.mock('electron', () => import('./testing/fake-electron.ts'))`).
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: never[]) => unknown;

/** An Electron-style event: `preventDefault()` is remembered. */
export function fakeEvent<T extends object>(fields: T): T & { preventDefault: () => void; defaultPrevented: boolean } {
  const event = { ...fields, defaultPrevented: false, preventDefault: () => void (event.defaultPrevented = true) };
  return event;
}

class FakeApp extends EventEmitter {
  paths = new Map<string, string>();
  requestSingleInstanceLock = vi.fn(() => true);
  whenReady = vi.fn(async () => undefined);
  quit = vi.fn();
  exit = vi.fn();
  getPath = vi.fn((name: string) => {
    const path = this.paths.get(name);
    if (path === undefined) throw new Error(`fake app: no path for ${name}`);
    return path;
  });
  setPath = vi.fn((name: string, path: string) => void this.paths.set(name, path));
}

export type PermissionHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
export type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | null = null;
  permissionHandler: PermissionHandler | null = null;
  setWindowOpenHandler = vi.fn((handler: WindowOpenHandler) => void (this.windowOpenHandler = handler));
  session = { setPermissionRequestHandler: vi.fn((handler: PermissionHandler) => void (this.permissionHandler = handler)) };
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  webContents = new FakeWebContents();
  focused = false;
  minimized = false;
  destroyed = false;
  loadURL = vi.fn(async (_url: string) => undefined);
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn(() => void (this.minimized = false));
  isFocused = vi.fn(() => this.focused);
  isMinimized = vi.fn(() => this.minimized);
  isDestroyed = vi.fn(() => this.destroyed);
  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }
}

class FakeIpcMain extends EventEmitter {
  handlers = new Map<string, Listener>();
  handle = vi.fn((channel: string, handler: Listener) => {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  });
  removeHandler = vi.fn((channel: string) => void this.handlers.delete(channel));
  /** What `ipcRenderer.invoke` does on the main side: no handler, a rejection. */
  async invoke(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel) as ((...all: unknown[]) => unknown) | undefined;
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

export class Notification extends EventEmitter {
  static instances: Notification[] = [];
  static isSupported = vi.fn(() => true);
  show = vi.fn();
  constructor(readonly options: { title: string; body: string }) {
    super();
    Notification.instances.push(this);
  }
}

export const app = new FakeApp();
export const ipcMain = new FakeIpcMain();
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  setApplicationMenu: vi.fn(),
};
export const shell = { openExternal: vi.fn(async (_url: string) => undefined), openPath: vi.fn(async (_path: string) => '') };
export const dialog = { showErrorBox: vi.fn() };
export const contextBridge = { exposeInMainWorld: vi.fn() };
export const ipcRenderer = { sendSync: vi.fn((_channel: string): unknown => undefined), invoke: vi.fn(async (..._args: unknown[]) => undefined) };

export function resetFakeElectron(): void {
  vi.clearAllMocks();
  app.removeAllListeners();
  app.paths.clear();
  app.requestSingleInstanceLock.mockImplementation(() => true);
  ipcMain.removeAllListeners();
  ipcMain.handlers.clear();
  BrowserWindow.instances = [];
  Notification.instances = [];
  Notification.isSupported.mockImplementation(() => true);
  shell.openPath.mockImplementation(async () => '');
  ipcRenderer.sendSync.mockImplementation(() => undefined);
}
