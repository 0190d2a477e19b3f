// Where the core is and the dashboard token: the desktop preload bridge, else the URL fragment.
import type { SwitchboardBridge } from '../../src-core/contract/index.ts';

declare global {
  interface Window {
    switchboard?: SwitchboardBridge;
  }
}

export type Connection = { baseUrl: string; token: string };

export function readConnection(): Connection | null {
  const bridge = window.switchboard;
  if (bridge?.token) return { baseUrl: bridge.baseUrl, token: bridge.token };
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = params.get('token');
  return token ? { baseUrl: window.location.origin, token } : null;
}
