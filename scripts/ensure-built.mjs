// Builds the console into out/renderer when it is missing or older than its sources. Prints nothing on
// stdout (the ready line of `npm run serve -- --json` must be the first stdout line).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const root = fileURLToPath(new URL('..', import.meta.url));
const target = join(root, 'out', 'renderer', 'index.html');
const sources = ['src-renderer', 'src-core/contract', 'vite.renderer.config.ts'];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const builtAt = existsSync(target) ? statSync(target).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => join(root, s)).filter(existsSync).map(newest));
if (builtAt >= sourcesAt) process.exit(0);

process.stderr.write('building the console (out/renderer)...\n');
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--config', join(root, 'vite.renderer.config.ts'), '--logLevel', 'warn'], {
  cwd: root, stdio: ['ignore', process.stderr, process.stderr],
});
if (result.status !== 0) {
  process.stderr.write('error: the console failed to build; see the messages above\n');
  process.exit(result.status ?? 1);
}
