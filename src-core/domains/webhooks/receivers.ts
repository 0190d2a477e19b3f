// The port for receivers answered in-process (the simulated world's, plugged in by the composition root): a delivery
// to a host one of them handles is answered by it, with no name lookup and no connection.
import type { PostOutcome } from './post.ts';

export type SimulatedReceivers = {
  /** Whether this host (lower case, without brackets) is answered in-process. */
  handles(host: string): boolean;
  /** The answer to one signed POST, as the receiver at `url` would give it. */
  answer(request: { url: URL; headers: Record<string, string>; body: string; timeoutMs: number }): PostOutcome;
};
