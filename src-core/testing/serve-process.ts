// `switchboard serve` as a child process on a given database and a free port, for tests that kill and
// restart the server (crash tests); resolves with the ready line.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export type ServeReady = { url: string; dashboardToken: string; organizationId: string };
const root = join(import.meta.dirname, '..', '..');

export async function startServeProcess(dataFile: string, extraArgs: string[] = []): Promise<{ child: ChildProcess; ready: ServeReady }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--data', dataFile, '--seed', 'none', '--json', ...extraArgs],
    { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
  const ready = await new Promise<ServeReady>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => resolve(JSON.parse(line) as ServeReady));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  return { child, ready };
}

/** Resolves once `child` has exited (at once if it already has). */
export const exited = (child: ChildProcess): Promise<unknown> =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
