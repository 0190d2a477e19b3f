// The Electron main entry (out/main/index.js): starts the shell.
import { startShell } from './shell.ts';

startShell().catch((error: unknown) => {
  process.stderr.write(`Switchboard failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
