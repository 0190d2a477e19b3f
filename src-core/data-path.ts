// Where the database lives by default: the same user-data folder the desktop app uses.
import { homedir, platform } from 'node:os';
import { join } from 'node:path';

export function defaultDataFile(env: NodeJS.ProcessEnv = process.env): string {
  const home = homedir();
  const folder =
    platform() === 'win32' ? join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Switchboard')
    : platform() === 'darwin' ? join(home, 'Library', 'Application Support', 'Switchboard')
    : join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Switchboard');
  return join(folder, 'switchboard.db');
}
