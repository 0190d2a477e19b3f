// Stopping a long-running command (`serve`, `listen`) on SIGINT or SIGTERM, once: under `npm run`, Ctrl-C
// reaches node twice (from the terminal's process group and forwarded by npm), and a second signal with no
// listener left would kill the process with Node's default handler before its cleanup has finished.
export function onStopSignal(stop: (signal: NodeJS.Signals) => void): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}
