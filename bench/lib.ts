// Shared pieces of the benchmarks: child servers, a seeded database, load runs and the result table.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import type { Ready } from '../src-core/server.ts';

export const ROOT = join(import.meta.dirname, '..');

export type Row = { name: string; reqPerSec: number; p99Ms: number; non2xx: number; /** Server CPU per request, when measured. */ cpuUsPerReq?: number };
export type Ratio = { name: string; value: number; target: string; pass: boolean };
export type SuiteResult = { suite: string; rows: Row[]; ratios: Ratio[]; notes: string[] };

const children = new Set<ChildProcess>();
export function killAll(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', killAll);

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `switchboard-bench-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a child process and resolves its first stdout line (as JSON). */
export type Child<T> = { ready: T; stop(): Promise<void>; /** CPU time the process has used, in ms (null where /proc is missing). */ cpuMs(): number | null };

export async function startChild<T>(command: string, args: string[], env: Record<string, string> = {}): Promise<Child<T>> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = await new Promise<T>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => resolve(JSON.parse(line) as T));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`)));
  });
  return {
    ready,
    cpuMs: () => cpuMsOf(child.pid),
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => {
        children.delete(child);
        resolve();
      });
      child.kill('SIGTERM');
    }),
  };
}

/** User plus system CPU time of a process (all its threads), from /proc on Linux. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  } catch {
    return null;
  }
}

/** `switchboard serve` as a benchmark's child (killed with the others if the run is interrupted). */
export function startServe(dataFile: string, options: { seed?: 'demo' | 'none' } = {}): Promise<Child<Ready>> {
  return startChild<Ready>(process.execPath, ['--import', 'tsx', 'src-core/cli.ts', 'serve', '--port', '0', '--data', dataFile, '--seed', options.seed ?? 'none', '--json']);
}

/** A caller of the server's dashboard routes (dashboard token): answers the JSON, throws on a status of 300 or more. */
export function dashboardClient(ready: { url: string; dashboardToken: string }) {
  const headers = { authorization: `Bearer ${ready.dashboardToken}`, 'content-type': 'application/json' };
  return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${ready.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
}

/** Distinct client IPs a load cycles through, so the per-(key, IP) rate limit is exercised but never reached
 * (at 60,000 req/s for 8 s, each IP sees about 1,900 requests in the window; the limit is 10,000). */
const CLIENT_IPS = 256;
const clientIp = (n: number): string => `10.0.${(n >> 8) & 255}.${n & 255}`;

export type Load = {
  url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string;
  connections?: number; seconds?: number;
  /** Cycle the x-forwarded-for header through CLIENT_IPS addresses. The requests are built once, before the run, so
   * the load generator (which shares the machine's two cores with the server) spends no more per request than on a
   * fixed request: building each one anew halves what it can send (bare node:http: 34k instead of 65k req/s). */
  rotateIp?: boolean;
  /** The server under load: its CPU time per request is measured too (work it leaves for later is not counted). */
  server?: Pick<Child<unknown>, 'cpuMs'>;
  /** A different path per request (e.g. walking pages), so no answer is served twice. */
  path?: () => string;
};

export async function measure(name: string, load: Load): Promise<Row> {
  const rotated = load.rotateIp ? Array.from({ length: CLIENT_IPS }, (_, n) => ({ headers: { ...load.headers, 'x-forwarded-for': clientIp(n) } })) : [{}];
  const requests = load.path ? rotated.map((request) => ({ ...request, setupRequest: (req: object) => ({ ...req, path: load.path?.() }) })) : rotated;
  const run = (seconds: number) => autocannon({
    url: load.url, method: load.method ?? 'GET', connections: load.connections ?? 10, duration: seconds,
    headers: load.headers, body: load.body, requests,
  });
  await run(2);
  const cpuBefore = load.server?.cpuMs() ?? null;
  const result = await run(load.seconds ?? 6);
  const cpuAfter = load.server?.cpuMs() ?? null;
  const row: Row = { name, reqPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99, non2xx: result.non2xx + result.errors };
  if (cpuBefore !== null && cpuAfter !== null && result.requests.total > 0) row.cpuUsPerReq = Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total);
  return row;
}

export function printSuite(result: SuiteResult): void {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`\n== ${result.suite} ==`);
  if (result.rows.length > 0) out(`${'measurement'.padEnd(58)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)}`);
  for (const row of result.rows) out(`${row.name.padEnd(58)} ${String(row.reqPerSec).padStart(9)} ${String(row.p99Ms).padStart(8)} ${String(row.non2xx).padStart(8)}`);
  for (const ratio of result.ratios) out(`${ratio.pass ? 'PASS' : 'MISS'}  ${ratio.name}: ${ratio.value.toFixed(3)} (target ${ratio.target})`);
  for (const note of result.notes) out(`  ${note}`);
}

/** The median of a suite's rounds by the ratio it is judged on: this machine's speed drifts over minutes, so a ratio
 * is taken within a round (its two sides measured in turn) and the middle round is the result. */
export function medianOf<T>(rounds: T[], ratioOf: (round: T) => number): T {
  const sorted = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
  return sorted[Math.floor(sorted.length / 2)] as T;
}
