// The preload bridge's shape, its IPC channel names and the bootstrap payload: shared by main and preload.
import type { ShellAction } from '../src-core/contract/bridge.ts';

// The bridge's type lives in the contract, so the console can import it too.
export type { ShellAction, SwitchboardBridge } from '../src-core/contract/bridge.ts';
export type ShellNotification = { title: string; body: string };

/** The only channels the preload may invoke; the main process handles these and nothing else. */
export const SHELL_CHANNELS = {
  openExternal: 'switchboard:open-external',
  revealDataFolder: 'switchboard:reveal-data-folder',
  showNotification: 'switchboard:show-notification',
} as const satisfies Record<ShellAction, string>;

/** Synchronous channel the preload reads its base URL and dashboard token from at start-up. */
export const BOOTSTRAP_CHANNEL = 'switchboard:bootstrap';

export type BridgeBootstrap = { baseUrl: string; token: string };

export function isBridgeBootstrap(value: unknown): value is BridgeBootstrap {
  if (typeof value !== 'object' || value === null) return false;
  const { baseUrl, token } = value as Record<string, unknown>;
  return typeof baseUrl === 'string' && baseUrl.length > 0 && typeof token === 'string' && token.length > 0;
}
