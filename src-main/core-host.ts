// Runs the service core inside the main process: loopback, a free port, the user-data database, a fresh token.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createServer, type Ready, type ServerOptions } from '../src-core/server.ts';

export const DATABASE_FILE = 'switchboard.db';

export type CoreHost = { ready: Ready; dataFolder: string; dataFile: string; close: () => Promise<void> };

export type StartCoreOptions = { userDataDir: string; consoleDir: string; log: (msg: string) => void };

/** A dashboard token that lives as long as this run of the app: 256 random bits, URL-safe, with the core's `dsh_` prefix. */
export function newDashboardToken(): string {
  return `dsh_${randomBytes(32).toString('base64url')}`;
}

export function coreOptions({ userDataDir, consoleDir, log }: StartCoreOptions, dashboardToken: string): ServerOptions {
  return {
    dataFile: join(userDataDir, DATABASE_FILE), host: '127.0.0.1', port: 0, seed: 'auto', consoleDir, dashboardToken, log,
  };
}

export async function startCore(options: StartCoreOptions): Promise<CoreHost> {
  const serverOptions = coreOptions(options, newDashboardToken());
  const server = await createServer(serverOptions);
  let ready: Ready;
  try {
    ready = await server.listen();
  } catch (error) {
    await server.close().catch(() => undefined);
    throw error;
  }
  return { ready, dataFolder: options.userDataDir, dataFile: serverOptions.dataFile, close: () => server.close() };
}
