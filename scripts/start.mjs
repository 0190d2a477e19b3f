// `npm start`: opens the desktop console in Electron, or says in one line why it cannot and serves it headless.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildMainCommand, chooseLaunch, electronCommand, exitCodeOf, headlessCommand, isMainBuildStale } from './start-decision.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const userArgs = process.argv.slice(2);

/** Runs a child in this terminal, passes SIGINT/SIGTERM on to it and leaves with its exit code. */
function runInForeground({ command, args, env = process.env }) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('error', (error) => {
    process.stderr.write(`error: could not start ${command}: ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal, constants.signals)));
}

const launch = chooseLaunch({ platform: process.platform, env: process.env });
if (launch.mode === 'headless') {
  process.stderr.write(`${launch.reason}\n`);
  runInForeground(headlessCommand(root, userArgs));
} else {
  if (isMainBuildStale(root)) {
    const build = buildMainCommand(root);
    const result = spawnSync(build.command, build.args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      process.stderr.write('error: building the desktop shell (electron-vite build) failed; see the messages above\n');
      process.exit(result.status ?? 1);
    }
  }
  runInForeground(electronCommand(root, launch.electronPath, userArgs, process.env));
}
