// How `npm start` runs: the Electron window when it can, otherwise the headless server, and the commands for each.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const HEADLESS_ENV = 'SWITCHBOARD_HEADLESS';

export const REASONS = {
  noBinary: 'Electron is not available here (its binary was not downloaded); serving the console headless instead.',
  noDisplay: 'Electron cannot open a window here (no DISPLAY or WAYLAND_DISPLAY is set); serving the console headless instead.',
  asked: `${HEADLESS_ENV} is set; serving the console headless instead of opening the Electron window.`,
};

/** The `electron` package exports the binary's path when its postinstall downloaded it, and throws otherwise. */
export function resolveElectronBinary() {
  const electron = createRequire(import.meta.url)('electron');
  if (typeof electron !== 'string') throw new Error('the electron package did not export a binary path');
  return electron;
}

/**
 * @param {{ platform: string, env: Record<string, string | undefined>, resolveElectron?: () => string, exists?: (path: string) => boolean }} context
 * @returns {{ mode: 'electron', electronPath: string } | { mode: 'headless', reason: string }}
 */
export function chooseLaunch({ platform, env, resolveElectron = resolveElectronBinary, exists = existsSync }) {
  if (env[HEADLESS_ENV] && env[HEADLESS_ENV] !== '0') return { mode: 'headless', reason: REASONS.asked };
  let electronPath;
  try {
    electronPath = resolveElectron();
  } catch {
    return { mode: 'headless', reason: REASONS.noBinary };
  }
  if (!exists(electronPath)) return { mode: 'headless', reason: REASONS.noBinary };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { mode: 'headless', reason: REASONS.noDisplay };
  return { mode: 'electron', electronPath };
}

/** What the main and preload bundles are built from; a change in any of them means `electron-vite build` again. */
export const MAIN_SOURCES = ['src-main', 'src-core', 'electron.vite.config.ts', 'package.json'];
export const MAIN_OUTPUTS = [join('out', 'main', 'index.js'), join('out', 'preload', 'preload.cjs')];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return path.endsWith('.test.ts') ? 0 : stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newestMtime(join(path, entry)));
  return latest;
}

/** True when a main/preload bundle is missing or older than a source it is built from. */
export function isMainBuildStale(root) {
  const outputs = MAIN_OUTPUTS.map((path) => join(root, path));
  if (!outputs.every((path) => existsSync(path))) return true;
  const builtAt = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
  const sources = MAIN_SOURCES.map((path) => join(root, path)).filter((path) => existsSync(path));
  return sources.some((path) => newestMtime(path) > builtAt);
}

/** The headless server: `npm run serve`'s own command (this Node with tsx's loader, one process), run from `root`. */
export function headlessCommand(root, userArgs, nodePath = process.execPath) {
  return { command: nodePath, args: ['--import', 'tsx', join(root, 'src-core', 'cli.ts'), 'serve', ...userArgs] };
}

export function buildMainCommand(root, nodePath = process.execPath) {
  return { command: nodePath, args: [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--ignoreConfigWarning'] };
}

/** Electron on the project folder (package.json "main" is out/main/index.js); never as plain Node. */
export function electronCommand(root, electronPath, userArgs, env) {
  const childEnv = { ...env };
  delete childEnv.ELECTRON_RUN_AS_NODE;
  return { command: electronPath, args: [root, ...userArgs], env: childEnv };
}

/** A child's exit as our exit code: its own code, or 128 + the signal number when a signal ended it. */
export function exitCodeOf(code, signal, signalNumbers) {
  if (typeof code === 'number') return code;
  if (signal && signalNumbers[signal] !== undefined) return 128 + signalNumbers[signal];
  return 1;
}
