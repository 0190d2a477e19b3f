// `npm start`'s choice between the Electron window and the headless server, and the commands it runs.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HEADLESS_ENV, MAIN_OUTPUTS, REASONS, buildMainCommand, chooseLaunch, electronCommand, exitCodeOf, headlessCommand, isMainBuildStale,
  resolveElectronBinary,
} from './start-decision.mjs';

const BINARY = '/repo/node_modules/electron/dist/electron';
const present = (): string => BINARY;
const missing = (): string => {
  throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again');
};
const always = (): boolean => true;

describe('chooseLaunch', () => {
  it('opens Electron when the binary is there and Linux has a display (X11 or Wayland)', () => {
    for (const env of [{ DISPLAY: ':0' }, { WAYLAND_DISPLAY: 'wayland-0' }]) {
      expect(chooseLaunch({ platform: 'linux', env, resolveElectron: present, exists: always })).toEqual({ mode: 'electron', electronPath: BINARY });
    }
  });

  it('needs no DISPLAY on macOS and Windows', () => {
    for (const platform of ['darwin', 'win32']) {
      expect(chooseLaunch({ platform, env: {}, resolveElectron: present, exists: always }).mode).toBe('electron');
    }
  });

  it('serves headless when the electron package has no binary', () => {
    expect(chooseLaunch({ platform: 'linux', env: { DISPLAY: ':0' }, resolveElectron: missing, exists: always }))
      .toEqual({ mode: 'headless', reason: REASONS.noBinary });
  });

  it('serves headless when the recorded binary path does not exist', () => {
    expect(chooseLaunch({ platform: 'darwin', env: {}, resolveElectron: present, exists: () => false }))
      .toEqual({ mode: 'headless', reason: REASONS.noBinary });
  });

  it('serves headless on Linux without a display', () => {
    expect(chooseLaunch({ platform: 'linux', env: { DISPLAY: '' }, resolveElectron: present, exists: always }))
      .toEqual({ mode: 'headless', reason: REASONS.noDisplay });
  });

  it(`serves headless when ${HEADLESS_ENV} asks for it (but not when it is 0)`, () => {
    expect(chooseLaunch({ platform: 'darwin', env: { [HEADLESS_ENV]: '1' }, resolveElectron: present, exists: always }))
      .toEqual({ mode: 'headless', reason: REASONS.asked });
    expect(chooseLaunch({ platform: 'darwin', env: { [HEADLESS_ENV]: '0' }, resolveElectron: present, exists: always }).mode).toBe('electron');
  });

  it('each reason is one line that says the console is served headless', () => {
    for (const reason of Object.values(REASONS)) {
      expect(reason).not.toContain('\n');
      expect(reason).toMatch(/headless/);
    }
  });

  it('the default resolver is the electron package: no binary, headless; a binary, Electron', () => {
    let binary: string | null;
    try {
      binary = resolveElectronBinary();
    } catch {
      binary = null;
    }
    const launch = chooseLaunch({ platform: 'darwin', env: {}, exists: always });
    expect(launch).toEqual(binary === null ? { mode: 'headless', reason: REASONS.noBinary } : { mode: 'electron', electronPath: binary });
  });
});

describe('commands', () => {
  it('headless runs `node --import tsx src-core/cli.ts serve` with the user arguments passed through', () => {
    expect(headlessCommand('/repo', ['--port', '0', '--json'], '/usr/bin/node')).toEqual({
      command: '/usr/bin/node',
      args: ['--import', 'tsx', join('/repo', 'src-core', 'cli.ts'), 'serve', '--port', '0', '--json'],
    });
  });

  it('the build runs electron-vite build', () => {
    expect(buildMainCommand('/repo', '/usr/bin/node').args).toEqual([join('/repo', 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build', '--ignoreConfigWarning']);
  });

  it('Electron starts on the project folder and never as plain Node', () => {
    const command = electronCommand('/repo', BINARY, ['--flag'], { PATH: '/bin', ELECTRON_RUN_AS_NODE: '1' });
    expect(command).toEqual({ command: BINARY, args: ['/repo', '--flag'], env: { PATH: '/bin' } });
  });

  it("exits with the child's code, or 128 + the signal number", () => {
    expect(exitCodeOf(0, null, { SIGINT: 2 })).toBe(0);
    expect(exitCodeOf(3, null, { SIGINT: 2 })).toBe(3);
    expect(exitCodeOf(null, 'SIGINT', { SIGINT: 2 })).toBe(130);
    expect(exitCodeOf(null, null, {})).toBe(1);
  });
});

describe('isMainBuildStale', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function project(): string {
    const root = mkdtempSync(join(tmpdir(), 'switchboard-start-'));
    roots.push(root);
    for (const dir of ['src-main', 'src-core/kernel', 'out/main', 'out/preload']) mkdirSync(join(root, dir), { recursive: true });
    const at = (path: string, seconds: number): void => {
      writeFileSync(join(root, path), 'x');
      utimesSync(join(root, path), seconds, seconds);
    };
    at('src-main/index.ts', 1000);
    at('src-core/kernel/db.ts', 1000);
    at('electron.vite.config.ts', 1000);
    for (const output of MAIN_OUTPUTS) at(output, 2000);
    return root;
  }

  const touch = (root: string, path: string, seconds: number): void => {
    writeFileSync(join(root, path), 'y');
    utimesSync(join(root, path), seconds, seconds);
  };

  it('is fresh when both bundles are newer than every source', () => {
    expect(isMainBuildStale(project())).toBe(false);
  });

  it('is stale when a bundle is missing', () => {
    const root = project();
    rmSync(join(root, 'out', 'preload', 'preload.cjs'));
    expect(isMainBuildStale(root)).toBe(true);
  });

  it('is stale when src-main, src-core or the config changed after the build', () => {
    for (const path of ['src-main/window.ts', 'src-core/kernel/db.ts', 'electron.vite.config.ts']) {
      const root = project();
      touch(root, path, 3000);
      expect(isMainBuildStale(root)).toBe(true);
    }
  });

  it('ignores test files, which are not in the bundle', () => {
    const root = project();
    touch(root, 'src-main/window.test.ts', 3000);
    expect(isMainBuildStale(root)).toBe(false);
  });
});
