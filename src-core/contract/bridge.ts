// What the desktop shell's preload exposes to the console as `window.switchboard` (nothing else).
export type ShellAction = 'openExternal' | 'revealDataFolder' | 'showNotification';

export interface SwitchboardBridge {
  baseUrl: string;
  token: string;
  openExternal(url: string): Promise<void>;
  revealDataFolder(): Promise<void>;
  showNotification(notification: { title: string; body: string }): Promise<void>;
}
