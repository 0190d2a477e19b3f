// The main side of the bridge: the bootstrap answer and the three shell-action channels, each checking sender and arguments.
import { ipcMain, shell, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { z } from 'zod';
import { BOOTSTRAP_CHANNEL, SHELL_CHANNELS, type BridgeBootstrap, type ShellAction, type ShellNotification } from './bridge.ts';
import { isExternalWebUrl, isSameOrigin } from './urls.ts';

export type ShellActionDeps = {
  /** The core's origin: only the console's own top frame may call a shell action. */
  origin: string;
  bootstrap: BridgeBootstrap;
  /** True for the console window's web contents (the only one that gets the bootstrap). */
  isConsoleContents: (contents: WebContents) => boolean;
  openDataFolder: () => Promise<void>;
  showNotification: (notification: ShellNotification) => void;
};

const ARGS = {
  openExternal: z.tuple([z.string().max(4096).refine(isExternalWebUrl, 'only http and https URLs may be opened')]),
  revealDataFolder: z.tuple([]),
  showNotification: z.tuple([z.strictObject({ title: z.string().min(1).max(256), body: z.string().max(4096) })]),
} as const satisfies Record<ShellAction, z.ZodType>;

export class ShellActionError extends Error {}

function assertTrustedFrame(event: IpcMainInvokeEvent, origin: string): void {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null || !isSameOrigin(frame.url, origin)) {
    throw new ShellActionError('shell actions are only available to the console');
  }
}

function parseArgs<A extends ShellAction>(action: A, args: unknown[]): z.infer<(typeof ARGS)[A]> {
  const parsed = ARGS[action].safeParse(args);
  if (!parsed.success) throw new ShellActionError(`${action}: invalid arguments (${parsed.error.issues.map((i) => i.message).join('; ')})`);
  return parsed.data as z.infer<(typeof ARGS)[A]>;
}

/** The handlers, by action; exported so tests can call them the way ipcMain would. */
export function shellActionHandlers(deps: ShellActionDeps): Record<ShellAction, (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<void>> {
  return {
    openExternal: async (event, ...args) => {
      assertTrustedFrame(event, deps.origin);
      const [url] = parseArgs('openExternal', args);
      await shell.openExternal(url);
    },
    revealDataFolder: async (event, ...args) => {
      assertTrustedFrame(event, deps.origin);
      parseArgs('revealDataFolder', args);
      await deps.openDataFolder();
    },
    showNotification: async (event, ...args) => {
      assertTrustedFrame(event, deps.origin);
      const [notification] = parseArgs('showNotification', args);
      deps.showNotification(notification);
    },
  };
}

/** Registers the bootstrap and the fixed channels; any other channel has no handler, so invoking it rejects. */
export function registerShellActions(deps: ShellActionDeps): () => void {
  const handlers = shellActionHandlers(deps);
  const actions = Object.keys(SHELL_CHANNELS) as ShellAction[];
  for (const action of actions) ipcMain.handle(SHELL_CHANNELS[action], handlers[action]);
  const bootstrap = (event: IpcMainEvent): void => {
    event.returnValue = deps.isConsoleContents(event.sender) ? deps.bootstrap : null;
  };
  ipcMain.on(BOOTSTRAP_CHANNEL, bootstrap);
  return () => {
    for (const action of actions) ipcMain.removeHandler(SHELL_CHANNELS[action]);
    ipcMain.removeListener(BOOTSTRAP_CHANNEL, bootstrap);
  };
}
