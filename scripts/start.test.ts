// `npm start` headless, end to end: one line saying why, then the real server with the user's flags, stopped cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADLESS_ENV, REASONS } from './start-decision.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Starts `command args` headless (so a test never opens a window on a machine that has Electron) and reads its ready line. */
async function startHeadless(command: string, args: string[]) {
  const data = mkdtempSync(join(tmpdir(), 'switchboard-start-'));
  folders.push(data);
  const child = spawn(command, [...args, '--port', '0', '--json', '--data', join(data, 'db.sqlite')], {
    cwd: root, env: { ...process.env, [HEADLESS_ENV]: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  const output = { stderr: '' };
  child.stderr.on('data', (chunk: Buffer) => void (output.stderr += chunk.toString()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    child.on('exit', (code) => reject(new Error(`${command} exited early (${code}): ${output.stderr}`)));
  });
  return { child, output, ready: JSON.parse(firstLine) as { ready: boolean; url: string; consoleUrl: string } };
}

describe('scripts/start.mjs', () => {
  it('says why in one line, serves with the passed flags, and exits 0 on SIGTERM', async () => {
    const { child, output, ready } = await startHeadless(process.execPath, [join(root, 'scripts', 'start.mjs')]);
    const stderr = (): string => output.stderr;
    expect(ready.ready).toBe(true);
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stderr()).toBe(`${REASONS.asked}\n`);
    // The console page when out/renderer is built, the core's 503 envelope when it is not: the server answers either way.
    expect([200, 503]).toContain((await fetch(`${ready.url}/`)).status);

    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr().split('\n')[0]).toBe(REASONS.asked);
  });
  it('through `npm start`, SIGTERM to npm stops the server too', async () => {
    // npm passes the signal to its script's process: the script must be the server's launcher itself (exec), not
    // a shell waiting on it, which would leave the server running on its own.
    const { child, ready } = await startHeadless('npm', ['start', '--']);
    expect([200, 503]).toContain((await fetch(`${ready.url}/`)).status);
    const exit = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    child.kill('SIGTERM');
    await exit;
    await expect.poll(() => fetch(`${ready.url}/`).then(() => 'answering', () => 'stopped')).toBe('stopped');
  });
});
