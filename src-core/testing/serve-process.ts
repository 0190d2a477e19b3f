// `switchboard serve` as a child process on a given database and a free port, as a user runs it: for
// tests that kill and restart the server (crash tests) and for the browser tests; resolves with the
// ready line (a failed start rejects with what the server printed on stderr).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Ready } from '../server.ts';

const root = join(import.meta.dirname, '..', '..');

export async function startServeProcess(
  dataFile: string, options: { seed?: 'demo' | 'none'; args?: string[]; onSpawn?: (child: ChildProcess) => void } = {},
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--host', '127.0.0.1', '--data', dataFile,
    '--seed', options.seed ?? 'none', '--json', ...(options.args ?? [])], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  options.onSpawn?.(child);
  let stderr = '';
  // Read (and keep the end of) stderr, so a chatty server never blocks on a full pipe.
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const ready = await new Promise<Ready>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => resolve(JSON.parse(line) as Ready));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  return { child, ready };
}

/** Resolves once `child` has exited (at once if it already has). */
export const exited = (child: ChildProcess): Promise<unknown> =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

/**
 * A crash test's server on one database, started and restarted on it; `cleanUp` (for afterAll) kills any
 * process left and removes the temporary directory the database is in.
 */
export function crashTestServer(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dataFile = join(dir, 'crash.db');
  const children: ChildProcess[] = [];
  return {
    dataFile,
    async start(): Promise<{ child: ChildProcess; ready: Ready }> {
      const started = await startServeProcess(dataFile);
      children.push(started.child);
      return started;
    },
    cleanUp(): void {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
